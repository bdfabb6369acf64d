#pragma once

#include "domain/receipt.h"
#include "ui/desk/deskservices.h"

#include <QMainWindow>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QAction;
class QSpinBox;
class QTableView;
class QTabWidget;

namespace boxoffice {

class CartModel;
class ConnectionBanner;
class DatabaseWaitIndicator;
class CounterCheckout;
class PlacesTablesPanel;
class DoorPanel;
class OrderLookupPanel;
class TillPanel;
class PrintService;
class FrontDeskPanel;
class InventoryWatch;
class LiveSeatMap;
class SeatMapLegend;
class SeatMapScene;
class SeatMapView;
class ServerClock;
struct CartEntry;
struct CartQuote;
struct CounterSale;
struct HoldGrant;
struct SeatChange;

// The clerk's window: pick an event, hold seats on the live map (click, select, or best available),
// watch the holds count down, take cash or card, and hand out tickets. Everything goes through the
// domain services; what the server refuses is shown in words a clerk understands.
class DeskWindow : public QMainWindow
{
    Q_OBJECT
public:
    DeskWindow(StaffIdentity staff, ServerClock &clock, InventoryWatch *watch, QWidget *parent = nullptr);
    ~DeskWindow() override;

    // (Re)connects the window to the server's services and reloads what it shows.
    void setServices(const DeskServices &services);
    // Where sold tickets are saved as PDF files (one per order).
    void setTicketFolder(const QString &folder);

    // The parts tests and the screenshot script drive, as a clerk would.
    SeatMapScene *scene() const { return m_scene; }
    SeatMapView *view() const { return m_view; }
    CartModel *cart() const { return m_cart; }
    QComboBox *eventPicker() const { return m_events; }
    FrontDeskPanel *frontDesk() const { return m_frontDesk; }
    DoorPanel *door() const { return m_door; }
    OrderLookupPanel *orders() const { return m_orders; }
    TillPanel *till() const { return m_till; }
    QTabWidget *pages() const { return m_pages; }
    QString message() const;
    QString lastTicketsPdf() const { return m_lastTicketsPdf; }
    ConnectionBanner *connectionBanner() const { return m_banner; }
    // The status bar's sign that a database call takes long (hidden otherwise).
    DatabaseWaitIndicator *databaseWait() const { return m_databaseWait; }
    PlacesTablesPanel *placesTables() const { return m_extras; }
    CartId cartId() const { return m_cartId; }

    bool selectEvent(EventId event);
    void holdUnits(const QVector<UnitId> &units);
    void holdBestAvailable();
    void releaseSelection();
    void extendHolds();
    // Opens the payment dialog for cash or card over the server's quote of the cart, then sells exactly that.
    void sell(bool card);
    // Opens the last sale's tickets in the desktop's PDF viewer (their PDF is always saved too).
    void openLastTickets();

    // deskprinting.cpp: tickets and receipts through the printers chosen for them.
    PrintService *printing() const { return m_printing; }
    void printLastTickets(); // Ctrl+P
    void printLastReceipt(); // Ctrl+Shift+P
    // The Orders tab's "Reprint tickets": the order's tickets as issued, the same codes.
    void reprintOrder(OrderId order);
    void printOrderReceipt(const OrderDetails &order);
    // A refund's or an exchange's receipt from the Orders tab: printed at once when a receipt printer
    // is chosen (as after a sale), else kept for Ctrl+Shift+P.
    void printCounterReceipt(const Receipt &receipt);
    void refreshLiveChanges();

    // deskstaff.cpp: who works at this terminal.
    // Gives back what the current sale holds (after the clerk agrees, when it holds anything), locks the
    // window and asks the owner for a sign-in. False when the clerk keeps working instead.
    bool signOut();
    // After a sign-in: the new clerk's name and role on screen, their front desk, and the window unlocked.
    void setStaff(const StaffIdentity &staff);
    const StaffIdentity &staff() const { return m_staff; }
    bool locked() const { return m_locked; }
    QString staffText() const; // what the status bar says about who is signed in where
    // This computer's name at the desk: QSettings "desk/terminal", else the host name.
    static QString terminalName();

    // For tests: when set, called with the payment dialog instead of exec(); returns "accepted".
    std::function<bool(class PaymentDialog &)> paymentHook;
    // For tests: answers "give back the held seats and sign out?" instead of a message box.
    std::function<bool(const QString &question)> confirmSignOutHook;

    // deskpricing.cpp: price types in the cart, and a manager's house seats.
    // Asks the server to sell a held seat at `type` (a comp asks for the reason first).
    void choosePriceType(UnitId unit, PriceType type);
    // A manager: the seats selected on the map off sale for the house (asks why and for whom).
    void holdForHouse();
    // A manager: the selected house seats back on sale.
    void releaseHouseSeats();
    // A manager: this event's prices per band and type.
    void editPriceTypes();
    QWidget *houseBar() const { return m_houseBar; }
    // For tests: asked for a comp's reason instead of an input dialog; empty cancels.
    std::function<QString(const QString &seatLabel)> compReasonHook;
    // For tests: called with the house hold dialog instead of exec(); returns "accepted".
    std::function<bool(class HouseHoldDialog &)> houseHoldHook;
    // For tests: called with the prices dialog instead of exec(); returns "accepted".
    std::function<bool(class PriceTypesDialog &)> priceTypesHook;

signals:
    // Signed out and locked: the owner closes the connection and shows the sign-in dialog.
    void signInRequested();
    // A call found the server out of reach: the owner reconnects (off this thread) and calls
    // setServices() with a new session; the banner says so meanwhile.
    void connectionTroubled();

protected:
    // Closing while a call is out would pull the window from under its answer: it closes once back.
    void closeEvent(QCloseEvent *event) override;

private:
    void buildUi();
    void buildActions();
    void loadEvents();
    void loadEvent(int comboIndex);
    void onSeatActivated(UnitId unit);
    void onSeatChanged(const SeatChange &change);
    void onClockTick(const QDateTime &serverNow);
    void onQuoteRead(const CartQuote &quote);
    void onConnectionLost(const QString &reason);
    void onConnectionRestored();
    void releaseUnits(const QVector<UnitId> &units);
    void finishSale(const CounterSale &sale, const CounterPayment &payment);
    void buildPrinting();
    void connectFrontDeskReceipts(); // again for each new front desk panel
    QString printAfterSale(); // what the sale's message adds about the paper
    void startNewCart();
    void findSeat();
    void showMessage(const QString &text, bool problem = false);
    // deskextras.cpp: refusals in a clerk's words, standing places and tables in the cart, the banner.
    void showError(const DomainError &error, const QString &words = {});
    void onExtrasHeld(const QVector<CartEntry> &entries, const QString &message);
    void releaseEntries(const QVector<CartEntry> &entries);
    void updateBannerHolds();
    QString noTicketNote(const CounterSale &sale) const;
    void updateCartSummary();
    void updateTitle();
    QVector<CartEntry> entriesFor(const HoldGrant &grant) const;
    void buildStaffBar();
    void setLocked(bool locked);
    void showStaff();
    QWidget *buildHouseBar();
    void loadPriceTypes();
    void updateHouseBar();

    StaffIdentity m_staff;
    ServerClock &m_clock;
    DeskServices m_services;
    CartId m_cartId;
    int m_extensionsLeft = 0;
    QString m_ticketFolder;
    QString m_lastTicketsPdf;
    PrintService *m_printing = nullptr;
    QVector<Ticket> m_lastTickets;
    std::optional<Receipt> m_lastReceipt;
    bool m_connected = true;
    bool m_liveRefreshDue = false; // a change notice came during a database call
    bool m_locked = false;

    QTabWidget *m_pages = nullptr;
    FrontDeskPanel *m_frontDesk = nullptr;
    DoorPanel *m_door = nullptr;
    OrderLookupPanel *m_orders = nullptr;
    TillPanel *m_till = nullptr;
    DatabaseWaitIndicator *m_databaseWait = nullptr;
    SeatMapScene *m_scene = nullptr;
    SeatMapView *m_view = nullptr;
    SeatMapLegend *m_legend = nullptr;
    LiveSeatMap *m_live = nullptr;
    CartModel *m_cart = nullptr;
    CounterCheckout *m_checkout = nullptr;
    QComboBox *m_events = nullptr;
    QLineEdit *m_search = nullptr;
    QSpinBox *m_bestCount = nullptr;
    QComboBox *m_bestSection = nullptr;
    QComboBox *m_bestBand = nullptr;
    QTableView *m_cartView = nullptr;
    QLabel *m_total = nullptr;
    QLabel *m_message = nullptr;
    ConnectionBanner *m_banner = nullptr;
    PlacesTablesPanel *m_extras = nullptr;
    QPushButton *m_holdButton = nullptr;
    QPushButton *m_releaseButton = nullptr;
    QPushButton *m_extendButton = nullptr;
    QPushButton *m_cashButton = nullptr;
    QPushButton *m_cardButton = nullptr;
    QPushButton *m_bestButton = nullptr;
    QLabel *m_staffLabel = nullptr;
    QAction *m_signOutAction = nullptr;
    QWidget *m_houseBar = nullptr;
};

} // namespace boxoffice
