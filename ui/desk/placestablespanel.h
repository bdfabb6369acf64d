#pragma once

#include "domain/domainerror.h"
#include "domain/gapools.h"
#include "domain/ids.h"
#include "domain/timeslots.h"
#include "ui/common/databasecalls.h"
#include "ui/sale/cartmodel.h"

#include <QGroupBox>

class QComboBox;
class QDateEdit;
class QLabel;
class QPushButton;
class QSpinBox;
class QWidget;

namespace boxoffice {

class PoolService;
class SlotService;

// Beside the seat map: standing places of the chosen event and restaurant tables, held into the
// same cart as the seats, so one sale (one payment, one order) covers all three. Holding goes through
// the domain services, as the web's does; what was held is handed to the window's cart.
// Keys: Ctrl+G holds places, Ctrl+T a table; Enter in a number field holds what that row describes.
class PlacesTablesPanel : public QGroupBox
{
    Q_OBJECT
public:
    explicit PlacesTablesPanel(QWidget *parent = nullptr);

    void setServices(PoolService *pools, SlotService *tables, DatabaseCalls calls);
    // The event on the map: its standing pools (the row hides when it has none) and its evening.
    void setEvent(EventId event, const QDateTime &startsAt);
    void setCart(const CartId &cart)
    {
        m_cart = cart;
        updateEnabled();
    }
    // Off while the connection is lost or the desk is locked.
    void setSaleEnabled(bool enabled);
    // Re-reads how many places are left (after a sale, or another channel's change).
    void refreshPools();

    void holdPlaces();
    void holdTable();

    // The parts tests and the screenshot drive, as a clerk would.
    QComboBox *poolPicker() const { return m_pool; }
    QSpinBox *placesCount() const { return m_places; }
    QComboBox *restaurantPicker() const { return m_restaurant; }
    QDateEdit *tableDate() const { return m_date; }
    QComboBox *tableTime() const { return m_time; }
    QSpinBox *partySize() const { return m_party; }
    bool hasStanding() const;

signals:
    void held(const QVector<boxoffice::CartEntry> &entries, const QString &message);
    // `words` is what the clerk reads; the error itself is for the window (a lost connection).
    void refused(const boxoffice::DomainError &error, const QString &words);

private:
    void loadRestaurants();
    void updateEnabled();
    void setStandingVisible(bool visible);
    QDateTime tableStart() const;
    QString poolName(PoolId pool) const;

    PoolService *m_pools = nullptr;
    SlotService *m_slots = nullptr;
    DatabaseCalls m_calls;
    EventId m_event = 0;
    CartId m_cart;
    bool m_saleEnabled = true;
    QVector<PoolSummary> m_poolList;
    QVector<RestaurantSummary> m_restaurants;

    QVector<QWidget *> m_standingWidgets;
    QComboBox *m_pool = nullptr;
    QSpinBox *m_places = nullptr;
    QPushButton *m_holdPlaces = nullptr;
    QComboBox *m_restaurant = nullptr;
    QDateEdit *m_date = nullptr;
    QComboBox *m_time = nullptr;
    QComboBox *m_length = nullptr;
    QSpinBox *m_party = nullptr;
    QPushButton *m_holdTable = nullptr;
};

} // namespace boxoffice
