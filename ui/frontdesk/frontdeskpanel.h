#pragma once

#include "domain/receipt.h"
#include "ui/desk/deskservices.h"

#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTabWidget;
class QTableWidget;
class QSpinBox;

namespace boxoffice {

class ArrivalsAtRiskModel;
class CompensationDialog;
class CompensationReport;
class CounterCheckout;
class GuestProfileDialog;
class GuestProfileFields;
class FolioDialog;
class FolioPanel;
class GroupBlocksTab;
class HotelGridView;
class HotelListsPanel;
class OverbookingHint;
class MoveStayDialog;
class NightAuditPanel;
class PaymentDialog;
class RatesDialog;
class RoomRackPanel;
class ServerClock;
class StayCancelDialog;
class StaySearchModel;

// The hotel front desk: the year's calendar (drag across nights to hold a stay), booking at the desk,
// guests found by name or reference, check-in and check-out, moving a stay, and for a manager the
// arrivals at risk on an overbooked night with their move / upgrade / walk and the compensation report.
class FrontDeskPanel : public QWidget
{
    Q_OBJECT
public:
    FrontDeskPanel(StaffIdentity staff, ServerClock &clock, QWidget *parent = nullptr);

    void setServices(const DeskServices &services);
    // The server out of reach (the desk window's banner says so): nothing is held, booked or changed
    // from here until it is back; the calendar and the guest list stay as last read.
    void setConnected(bool connected);
    bool connected() const { return m_connected; }
    // The calendar and the lists read again after a change anywhere (another desk, the web, this
    // panel's own action): data only. The tab shown, the focus, selections, the grid's scroll and a drag
    // in progress, what is being typed and the message line stay as the clerk left them.
    void refresh();

    // Driven by the grid, the keyboard and the tests alike.
    bool selectHotel(HotelId hotel);
    void holdRange(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut);
    // Nights chosen on the calendar: only remembered and said. Holding them is holdChosenNights().
    void chooseNights(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut);
    void holdChosenNights();
    void book(bool card);
    void bookOnGuarantee();
    void releaseHeldStay();
    void findGuests(const QString &query);
    void showArrivalsAtRisk(const QDate &night);
    void resolveArrival(int row, OverbookingAction action, RoomTypeId target = 0);
    // "3 nights from 12 March, Deluxe King", typed instead of dragged.
    void holdTyped(RoomTypeId roomType, const QDate &checkIn, int nights);
    // A manager's sellable limit for the nights selected on the calendar (may exceed physical rooms).
    void setSellableForSelection(int sellable);
    void loadRefundCases();
    void closeRefundCase(int row);
    int refundCaseCount() const;

    HotelGridView *grid() const { return m_grid; }
    QString message() const;
    StayId heldStay() const { return m_heldStay; }
    ArrivalsAtRiskModel *arrivals() const { return m_arrivals; }
    StaySearchModel *stays() const { return m_stays; }
    CompensationReport *report() const { return m_report; }
    QLineEdit *guestEdit() const { return m_guest; }
    GuestProfileFields *guestFields() const { return m_guestFields; }
    // frontdeskguestprofiles.cpp: the profile of the stay chosen in the Guests tab, or any found by search.
    void openGuestProfile();
    void findGuestProfile();
    GroupBlocksTab *groups() const { return m_groups; }
    HotelListsPanel *lists() const { return m_lists; }
    OverbookingHint *overbookingHint() const { return m_hint; }
    RoomRackPanel *rooms() const { return m_rooms; }
    NightAuditPanel *nightAudit() const { return m_nightAudit; }

    // For tests: called instead of exec() on the payment, compensation, cancel and move dialogs.
    std::function<bool(PaymentDialog &)> paymentHook;
    std::function<bool(CompensationDialog &)> compensationHook;
    std::function<bool(StayCancelDialog &)> cancelHook;
    std::function<bool(MoveStayDialog &)> moveHook;
    // Instead of asking a manager why a guest checks in before the arrival day: the reason, or none to
    // leave the guest waiting.
    std::function<std::optional<QString>(const StayRecord &)> earlyCheckInHook;
    std::function<void(GuestProfileDialog &)> profileHook; // instead of exec() on the guest profile
    // Called instead of exec() on the folio of the chosen stay (frontdeskfolio.cpp).
    std::function<void(FolioDialog &)> folioHook;
    std::function<void(RatesDialog &)> ratesHook; // instead of exec() on the rates dialog

    // A manager's room rates (anyone may look); the calendar reads again after a change.
    void openRates();

signals:
    // A booking paid (or guaranteed) at the desk: the desk window prints its receipt.
    void counterSaleMade(const boxoffice::CounterSale &sale, const boxoffice::CounterPayment &payment);
    // Money moved on a stay (a move's difference charged, a cancellation's or a move's refund): its receipt.
    void stayReceiptDue(const boxoffice::StayMoneyReceipt &stay);

private:
    void buildUi();
    void loadHotels();
    void loadCalendar(bool keepView = false); // keepView: a refresh, not a new hotel
    void reloadStays(); // the last search again, keeping the chosen stay
    void reloadArrivals(); // the night last shown again, keeping the chosen arrival
    void onClockTick(const QDateTime &serverNow);
    void startNewCart();
    // The payment dialog over the server's quote of the held stay; the sale when it went through.
    std::optional<CounterSale> takePayment(PaymentMethod method);
    void actOnSelectedStay(const QString &what);
    // frontdeskcheckin.cpp: on the arrival day; before it, a manager may allow it on record.
    void checkInStay(const StayRecord &stay);
    std::optional<QString> askEarlyCheckInReason(const StayRecord &stay);
    // frontdeskfolio.cpp: the chosen stay's folio, and a check-out that settles it with one payment.
    void openFolio();
    void checkOutWithFolio(const StayRecord &stay);
    // frontdeskstaymoney.cpp: the money of a stay, said before it changes and settled as the role allows.
    void cancelStay(const StayRecord &stay);
    void moveStay(const StayRecord &stay, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut);
    bool askForDifference(const MoveQuote &quote, MoveSettlement &settlement);
    QString walkRefundNote(const StayMoney &money, bool done) const;
    static QString stayLabel(const StayRecord &stay); // the receipt's line: reference and guest
    bool refusedOffline(); // says so and answers true while the server is out of reach
    // The guest details as typed now become the held stay's guest: right before it is paid or guaranteed.
    bool bookInGuestsName();
    // The profile, with the folio of the stay chosen in it below its stays (opened on `stay` if given).
    void showGuestProfile(GuestProfileDialog &dialog, StayId stay = 0);
    // frontdeskfolio.cpp: a folio panel on this desk's services, its departures' receipts printed.
    void wireFolio(FolioPanel *panel);
    void showMessage(const QString &text, bool problem = false);
    qint64 priceOf(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut) const;
    QString currency() const;

    StaffIdentity m_staff;
    ServerClock &m_clock;
    DeskServices m_services;
    CounterCheckout *m_checkout = nullptr;
    HotelId m_hotel = 0;
    RoomTypeId m_chosenRoom = 0; // the nights last chosen on the calendar
    QDate m_chosenCheckIn;
    QDate m_chosenCheckOut;
    QPushButton *m_holdChosen = nullptr;
    QString m_lastQuery; // the guest search last run, which a refresh repeats
    QDate m_arrivalsNight; // the night whose arrivals at risk were last shown
    bool m_connected = true;
    QList<QWidget *> m_changers; // what asks the server to change something: off while it is out of reach
    CartId m_cart;
    StayId m_heldStay = 0;
    QString m_heldLabel;
    qint64 m_heldPrice = 0;
    QDateTime m_heldUntil;

    QComboBox *m_hotels = nullptr;
    HotelGridView *m_grid = nullptr;
    QLineEdit *m_guest = nullptr; // m_guestFields' name
    GuestProfileFields *m_guestFields = nullptr;
    QLabel *m_heldText = nullptr;
    QPushButton *m_cashButton = nullptr;
    QPushButton *m_cardButton = nullptr;
    QPushButton *m_releaseButton = nullptr;
    QPushButton *m_guaranteeButton = nullptr;
    QLineEdit *m_search = nullptr;
    StaySearchModel *m_stays = nullptr;
    QTableView *m_staysView = nullptr;
    QDateEdit *m_night = nullptr;
    ArrivalsAtRiskModel *m_arrivals = nullptr;
    QTableView *m_arrivalsView = nullptr;
    QComboBox *m_target = nullptr;
    CompensationReport *m_report = nullptr;
    QDateEdit *m_typedCheckIn = nullptr;
    QSpinBox *m_typedNights = nullptr;
    QComboBox *m_typedRoom = nullptr;
    QSpinBox *m_sellable = nullptr;
    QTableWidget *m_cases = nullptr;
    QVector<RefundCase> m_openCases;
    QLabel *m_message = nullptr;
    QTabWidget *m_tabs = nullptr;
    GroupBlocksTab *m_groups = nullptr;
    QPushButton *m_ratesButton = nullptr;
    HotelListsPanel *m_lists = nullptr; // the Lists tab: arrivals, departures, in-house, occupancy
    OverbookingHint *m_hint = nullptr; // the suggested sellable limit, beside the manager's
    RoomRackPanel *m_rooms = nullptr; // the Rooms tab: room rack and housekeeping
    NightAuditPanel *m_nightAudit = nullptr;
};

} // namespace boxoffice
