#pragma once

#include "domain/groupblocks.h"
#include "domain/receipt.h"
#include "ui/desk/deskservices.h"

#include <QWidget>

#include <functional>

class QComboBox;
class QDateEdit;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace boxoffice {

class CounterCheckout;
class PaymentDialog;
class ServerClock;

// The front desk's "Groups" tab: the hotel's group blocks with what each night has picked up and what
// remains; picking a guest of the group up by name and booking the room at once (cash, card or on
// guarantee, through the counter's checkout); and for a manager, holding rooms for a group, shrinking a
// block or letting it go. The database decides every one of them; this tab only asks and says.
class GroupBlocksTab : public QWidget
{
    Q_OBJECT
public:
    GroupBlocksTab(StaffIdentity staff, ServerClock &clock, QWidget *parent = nullptr);

    void setServices(const DeskServices &services);
    void setConnected(bool connected);
    // The hotel shown on the calendar. Re-reads the blocks (data only: the selection, what is typed and
    // the message stay), so the panel calls it on every calendar read, live refreshes included.
    void setHotel(const HotelSummary &hotel);

    // Driven by the buttons and by the tests alike.
    bool selectBlock(GroupBlockId block);
    void createBlock();
    void pickUp();
    void shrinkSelected();
    void releaseSelected();

    GroupBlockId selectedBlock() const;
    const QVector<GroupBlock> &blocks() const { return m_blocks; }
    QString message() const;
    QLineEdit *groupNameEdit() const { return m_groupName; }
    QLineEdit *guestEdit() const { return m_guest; }
    QSpinBox *roomsSpin() const { return m_rooms; }
    QSpinBox *nightsSpin() const { return m_nights; }
    QDateEdit *firstNightEdit() const { return m_firstNight; }
    QDateTimeEdit *cutoffEdit() const { return m_cutoff; }
    QComboBox *methodBox() const { return m_method; }
    QSpinBox *shrinkSpin() const { return m_shrinkTo; }
    QPushButton *createButton() const { return m_create; }
    QPushButton *pickUpButton() const { return m_pickUpButton; }
    QTableWidget *blockTable() const { return m_table; }
    QTableWidget *nightTable() const { return m_nightsTable; }

    // For tests: called with the payment dialog instead of exec(); returns "accepted".
    std::function<bool(PaymentDialog &)> paymentHook;

signals:
    // Rooms changed hands: the calendar reads again.
    void changed();
    void counterSaleMade(const boxoffice::CounterSale &sale, const boxoffice::CounterPayment &payment);

private:
    void buildUi();
    void reload();
    void showBlocks();
    void showNights();
    bool refusedOffline();
    void showMessage(const QString &text, bool problem = false);
    const GroupBlock *selected() const;

    StaffIdentity m_staff;
    ServerClock &m_clock;
    DeskServices m_services;
    CounterCheckout *m_checkout = nullptr;
    HotelSummary m_hotel;
    QVector<GroupBlock> m_blocks;
    bool m_connected = true;
    QList<QWidget *> m_changers;
    QList<QWidget *> m_managerOnly;

    QTableWidget *m_table = nullptr;
    QTableWidget *m_nightsTable = nullptr;
    QLineEdit *m_guest = nullptr;
    QDateEdit *m_pickFrom = nullptr;
    QDateEdit *m_pickUntil = nullptr;
    QComboBox *m_method = nullptr;
    QPushButton *m_pickUpButton = nullptr;
    QLineEdit *m_groupName = nullptr;
    QComboBox *m_roomType = nullptr;
    QDateEdit *m_firstNight = nullptr;
    QSpinBox *m_nights = nullptr;
    QSpinBox *m_rooms = nullptr;
    QDateTimeEdit *m_cutoff = nullptr;
    QPushButton *m_create = nullptr;
    QSpinBox *m_shrinkTo = nullptr;
    QPushButton *m_shrink = nullptr;
    QPushButton *m_release = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace boxoffice
