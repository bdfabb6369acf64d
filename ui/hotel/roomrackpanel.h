#pragma once

#include "domain/frontdeskservice.h"
#include "domain/roomservice.h"
#include "ui/common/databasecalls.h"

#include <QWidget>

class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace boxoffice {

class RoomRackModel;

// The Rooms tab of the front desk: the room rack (rooms down, nights across, housekeeping state in
// colour and words) and what a clerk or a housekeeper does with it: give a booked stay a room, move a
// guest in house to another room, mark a room dirty / clean / inspected, take it out of order for some
// nights with a reason and bring it back into service.
class RoomRackPanel : public QWidget
{
    Q_OBJECT
public:
    explicit RoomRackPanel(QWidget *parent = nullptr);

    void setServices(RoomService *rooms, FrontDeskService *frontDesk, const DatabaseCalls &calls);
    void setHotel(HotelId hotel);
    void setConnected(bool connected);
    // Reads the rack again: data only; the room selected, the stay chosen and the scroll stay.
    void refresh();

    // Driven by the buttons and by the tests alike.
    void findStays(const QString &query);
    bool chooseStay(const QString &reference);
    bool selectRoom(const QString &number);
    void assignRoom(); // the chosen stay gets the selected room
    void moveGuest(); // the chosen guest in house moves to the selected room
    void setHousekeeping(Housekeeping state);
    void markOutOfOrder(const QDate &from, const QDate &until, const QString &reason);
    void bringBackInService();

    RoomRackModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QString message() const;

signals:
    // Out-of-order nights changed the physical count: the calendar and arrivals at risk read again.
    void physicalChanged();

protected:
    void showEvent(QShowEvent *event) override; // the tab opened: the rack as it is now

private:
    void buildUi();
    void load(bool keepMessage);
    const Room *selectedRoom() const;
    StayRecord chosenStay() const;
    bool refusedOffline();
    void answer(const Status &status, const QString &done, bool physical = false);
    void showMessage(const QString &text, bool problem = false);

    RoomService *m_rooms = nullptr;
    FrontDeskService *m_frontDesk = nullptr;
    DatabaseCalls m_calls;
    HotelId m_hotel = 0;
    bool m_connected = false;
    QVector<StayRecord> m_found;
    QList<QWidget *> m_changers;

    RoomRackModel *m_model = nullptr;
    QTableView *m_view = nullptr;
    QDateEdit *m_from = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_stays = nullptr;
    QDateEdit *m_outFrom = nullptr;
    QDateEdit *m_outUntil = nullptr;
    QLineEdit *m_outReason = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace boxoffice
