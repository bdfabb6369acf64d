// boxoffice-deskshots: the README's screenshots of the desk, drawn by the real window on a real
// display (scripts/screenshots.sh runs it under Xvfb). It signs in as the demo clerk on the private
// database, lets "other buyers" hold and buy seats through the same services, holds a block itself, and
// grabs the window once the countdown runs. The front desk's money dialogs are drawn from sample
// figures, without a database (--money-dialogs draws only those).

#include "desksession.h"
#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "domain/inventorywatch.h"
#include "domain/refundservice.h"
#include "storage/databaseconnection.h"
#include "storage/databaselocator.h"
#include "storage/demoseed.h"
#include "storage/migrator.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgcountersales.h"
#include "storage/pgfoliostore.h"
#include "storage/pgfrontdesk.h"
#include "storage/pggroupblockstore.h"
#include "storage/pgguestsstore.h"
#include "storage/pghouseseatstore.h"
#include "storage/pginventory.h"
#include "storage/pgpricetypestore.h"
#include "storage/pgroomstore.h"
#include "storage/pgtillstore.h"
#include "storage/pgunitofwork.h"
#include "ui/common/money.h"
#include "ui/common/translations.h"
#include "ui/desk/connectionbanner.h"
#include "ui/desk/deskwindow.h"
#include "ui/desk/placestablespanel.h"
#include "ui/door/doorpanel.h"
#include "ui/frontdesk/compensationdialog.h"
#include "ui/frontdesk/foliopanel.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/frontdesk/groupblockstab.h"
#include "ui/frontdesk/guestprofiledialog.h"
#include "ui/frontdesk/guestprofilefields.h"
#include "ui/frontdesk/hotellistspanel.h"
#include "ui/frontdesk/movestaydialog.h"
#include "ui/frontdesk/nightauditpanel.h"
#include "ui/frontdesk/ratesdialog.h"
#include "ui/frontdesk/staycanceldialog.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/hotel/roomrackpanel.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/orders/orderlookuppanel.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatmapview.h"
#include "ui/signin/signindialog.h"
#include "ui/till/tillpanel.h"
#include <QDateEdit>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QUuid>

#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDir>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QRadioButton>
#include <QRandomGenerator>
#include <QSpinBox>
#include <QSqlQuery>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>

using namespace boxoffice;

namespace {

void wait(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// Other channels at work: a share of the house sold, some seats held by web carts.
Status fillHouse(PgInventory &inventory, const SeatMap &map, double soldShare, double heldShare)
{
    QRandomGenerator random(20261129);
    SeatHoldService holds(inventory.seats);
    CartService carts(inventory.carts);
    QVector<UnitId> sold;
    QVector<UnitId> held;
    for (const SeatMapSeat &seat : map.seats) {
        if (seat.state != SeatState::Available)
            continue;
        const double draw = random.generateDouble();
        if (draw < soldShare)
            sold << seat.unit;
        else if (draw < soldShare + heldShare)
            held << seat.unit;
    }
    for (int start = 0; start < sold.size(); start += 200) {
        // A cart checks out once: a fresh one for every batch, event and run.
        const CartId cart = QStringLiteral("shots-sold-%1-%2-%3")
                                .arg(map.event.id)
                                .arg(start)
                                .arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
        HoldRequest request{map.event.id, cart, sold.mid(start, 200), std::nullopt};
        if (auto granted = holds.hold(request); !granted)
            return granted.error();
        auto order = carts.createOrder(cart);
        if (!order)
            return order.error();
        if (auto confirmed = carts.confirm(order->id); !confirmed)
            return confirmed.error();
    }
    for (int i = 0; i < held.size(); ++i) {
        HoldRequest request{map.event.id, QStringLiteral("web-shots-%1").arg(i), {held.at(i)}, std::nullopt};
        if (auto granted = holds.hold(request); !granted)
            return granted.error();
    }
    return Done{};
}

QImage grabbed(QDialog &dialog)
{
    dialog.show();
    wait(300);
    return dialog.grab().toImage();
}

// The dialogs a paid stay brings up, side by side with a caption each: a clerk's cancel, a manager's
// cancel keeping a fee, a move to a dearer room, and a walk that says its refund.
bool saveMoneyDialogs(const QDir &out)
{
    const StayRecord stay{7,
                          QStringLiteral("K7PQ2MXA"),
                          1,
                          QStringLiteral("STD"),
                          QDate(2026, 3, 12),
                          QDate(2026, 3, 15),
                          StayState::Booked,
                          QStringLiteral("Ada Byron"),
                          41};
    const QString eur = QStringLiteral("EUR");
    const StayMoney atDesk{7, 41, OrderState::Paid, eur, Money(27000, eur), Money(27000, eur), false, {}};
    const StayMoney online{7, 41, OrderState::Paid, eur, Money(27000, eur), Money(27000, eur), true, {}};
    QVector<QPair<QString, QImage>> shots;
    {
        StayCancelDialog dialog(stay, atDesk, false);
        shots << qMakePair(QStringLiteral("A clerk presses Cancel on a paid stay"), grabbed(dialog));
    }
    {
        StayCancelDialog dialog(stay, atDesk, true);
        dialog.keepFeeButton()->setChecked(true);
        dialog.feeEdit()->setText(QStringLiteral("30"));
        dialog.reasonEdit()->setText(QStringLiteral("late cancellation, 24-hour policy"));
        shots << qMakePair(QStringLiteral("A manager cancels it, keeping a fee"), grabbed(dialog));
    }
    {
        MoveStayDialog dialog(stay, MoveQuote{atDesk, Money(45000, eur), 0, QDate(), QDate()},
                              {QStringLiteral("DLX Deluxe King"), QDate(2026, 3, 12), QDate(2026, 3, 15)}, false);
        shots << qMakePair(QStringLiteral("Move to a dearer room: the difference first"), grabbed(dialog));
    }
    {
        CompensationDialog dialog(QObject::tr("Walk to a partner hotel"), stay.guest, QStringLiteral("EUR"));
        dialog.setRefundNote(QObject::tr("The guest paid €270.00 for this stay. Walking refunds all of it, which %1.")
                                 .arg(refundDestination(online)));
        dialog.amountEdit()->setText(QStringLiteral("120"));
        dialog.reasonEdit()->setText(QStringLiteral("first night at the Harbour View, taxi paid"));
        shots << qMakePair(QStringLiteral("Walk: the refund is said before confirming"), grabbed(dialog));
    }
    const int gap = 24;
    const int caption = 30;
    int cellWidth = 0;
    int rowHeight[2] = {0, 0};
    for (int i = 0; i < shots.size(); ++i) {
        cellWidth = qMax(cellWidth, shots.at(i).second.width());
        rowHeight[i / 2] = qMax(rowHeight[i / 2], shots.at(i).second.height());
    }
    QImage sheet(gap + 2 * (cellWidth + gap), gap + 2 * caption + rowHeight[0] + rowHeight[1] + 2 * gap,
                 QImage::Format_RGB32);
    sheet.fill(QColor(0xe9, 0xec, 0xef));
    QPainter painter(&sheet);
    QFont font = painter.font();
    font.setPointSizeF(font.pointSizeF() * 1.15);
    font.setBold(true);
    painter.setFont(font);
    for (int i = 0; i < shots.size(); ++i) {
        const int x = gap + (i % 2) * (cellWidth + gap);
        const int y = gap + (i / 2) * (caption + rowHeight[0] + gap);
        painter.drawText(QRect(x, y, cellWidth, caption), Qt::AlignLeft | Qt::AlignVCenter, shots.at(i).first);
        painter.drawImage(x, y + caption, shots.at(i).second);
    }
    painter.end();
    return sheet.save(out.filePath(QStringLiteral("desk-frontdesk-money.png")));
}

// The door after a busy minute: two tickets let in at gate 2, then the first one shown again. Sold
// through the counter on the "others" connection, so the scans are the door's first sight of them.
bool saveDoorShot(DeskWindow &window, PgInventory &others, QSqlDatabase database, const QDir &out)
{
    if (window.eventPicker()->count() == 0)
        return false;
    const EventId event = window.eventPicker()->itemData(0).toLongLong();
    if (!window.selectEvent(event))
        return false;
    QVector<UnitId> free;
    for (const SeatMapSeat &seat : window.scene()->seatMap().seats) {
        if (seat.state == SeatState::Available && free.size() < 2)
            free << seat.unit;
    }
    const CartId cart = QStringLiteral("shots-door-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
    if (!SeatHoldService(others.seats).hold(HoldRequest{event, cart, free, std::nullopt}))
        return false;
    PgCounterSales counter(database, others.carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    if (!quote)
        return false;
    CounterPayment cash;
    cash.tendered = Money(quote->total.minor(), quote->currency);
    const auto sale = sales.sell(cart, cash, quote.value());
    if (!sale || sale->tickets.size() < 2)
        return false;
    window.pages()->setCurrentWidget(window.door());
    DoorPanel *door = window.door();
    door->gateEdit()->setText(QStringLiteral("2"));
    door->scan(ticketQrPayload(sale->tickets.at(0)));
    wait(300);
    door->scan(ticketQrPayload(sale->tickets.at(1)));
    wait(300);
    door->scan(QStringLiteral("BOXOFFICE-TICKET:00000000-0000-4000-8000-000000000000"));
    wait(300);
    door->scan(ticketQrPayload(sale->tickets.at(0)));
    door->codeEdit()->setFocus();
    wait(400);
    return window.grab().save(out.filePath(QStringLiteral("desk-door.png")));
}

// The Orders tab after a ticket was scanned into its search: two seats sold by card at the counter
// (on the "others" connection), found by the first ticket's code, with the order's details below.
bool saveOrdersShot(DeskWindow &window, PgInventory &others, QSqlDatabase database, const QDir &out)
{
    if (window.eventPicker()->count() == 0)
        return false;
    const EventId event = window.eventPicker()->itemData(0).toLongLong();
    if (!window.selectEvent(event))
        return false;
    QVector<UnitId> free;
    for (const SeatMapSeat &seat : window.scene()->seatMap().seats) {
        if (seat.state == SeatState::Available && free.size() < 2)
            free << seat.unit;
    }
    const CartId cart = QStringLiteral("shots-orders-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
    if (!SeatHoldService(others.seats).hold(HoldRequest{event, cart, free, std::nullopt}))
        return false;
    PgCounterSales counter(database, others.carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    if (!quote)
        return false;
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = QStringLiteral("TRM-20931-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(4));
    const auto sale = sales.sell(cart, card, quote.value());
    if (!sale || sale->tickets.size() < 2)
        return false;
    window.pages()->setCurrentWidget(window.orders());
    OrderLookupPanel *orders = window.orders();
    orders->searchEdit()->setText(ticketQrPayload(sale->tickets.at(0)));
    orders->search(orders->searchEdit()->text());
    orders->searchEdit()->setFocus();
    wait(400);
    return window.grab().save(out.filePath(QStringLiteral("desk-orders.png")));
}

// A returning guest: three stays booked under one profile (on the "others" connection), then the front
// desk holding new nights while her e-mail is typed (the profile offered), and her profile with its stays.
bool saveGuestShot(DeskWindow &window, const DeskServices &services, PgInventory &others, QSqlDatabase database,
                   const QDir &out)
{
    const auto hotels = HotelService(others.hotels).hotels();
    if (!hotels || hotels->isEmpty())
        return false;
    const HotelSummary hotel = hotels->first();
    PgGuestsStore store(database);
    GuestService guests(store);
    const GuestDetails ingrid{QStringLiteral("Ingrid Solberg"), QStringLiteral("ingrid.solberg@example.no"),
                              QStringLiteral("+47 912 34 567"), QStringLiteral("Storgata 5, 0155 Oslo")};
    // Drawn again on the same database, she is the returning guest she is meant to be, not a twin.
    const auto known = guests.search(ingrid.email);
    GuestId guest = known && !known->isEmpty() ? known->first().id : 0;
    for (int i = 0; i < 3; ++i) {
        const CartId cart
            = QStringLiteral("shots-guest-%1-%2").arg(i).arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
        const RoomTypeSummary &type = hotel.roomTypes.at(i % hotel.roomTypes.size());
        const QDate checkIn = hotel.firstNight.addDays(3 + 9 * i);
        const auto held = HotelService(others.hotels)
                              .holdStay({type.id, cart, checkIn, checkIn.addDays(2 + i), QString(), std::nullopt});
        if (!held)
            return false;
        const auto booked = guests.bookAs(cart, held->id, guest, ingrid);
        if (!booked)
            return false;
        guest = booked.value();
        auto order = CartService(others.carts).createOrder(cart);
        if (!order || !CartService(others.carts).confirm(order->id))
            return false;
    }
    if (!guests.update(guest, ingrid,
                       QStringLiteral("Prefers a quiet room facing the courtyard. Allergic to feathers: "
                                      "synthetic pillows.")))
        return false;

    FrontDeskPanel *desk = window.frontDesk();
    window.pages()->setCurrentWidget(desk);
    desk->selectHotel(hotel.id);
    desk->refresh();
    desk->grid()->scrollToNight(hotel.firstNight);
    desk->chooseNights(hotel.roomTypes.first().id, hotel.firstNight.addDays(40), hotel.firstNight.addDays(43));
    desk->holdChosenNights();
    desk->guestFields()->emailEdit()->setText(QStringLiteral("ingrid.solberg@"));
    desk->guestFields()->lookUp();
    wait(400);
    const bool booking = window.grab().save(out.filePath(QStringLiteral("frontdesk-guest-booking.png")));
    desk->releaseHeldStay();

    // This time she is in house: arrived today, a dinner and parking on her folio.
    const CartId cart = QStringLiteral("shots-guest-today-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
    const auto today = HotelService(others.hotels)
                           .holdStay({hotel.roomTypes.first().id, cart, hotel.firstNight, hotel.firstNight.addDays(2),
                                      QString(), std::nullopt});
    if (!today || !guests.bookAs(cart, today->id, guest, ingrid))
        return false;
    auto order = CartService(others.carts).createOrder(cart);
    if (!order || !CartService(others.carts).confirm(order->id) || !PgFrontDesk(database).checkIn(today->id))
        return false;
    for (const FolioChargeRequest &charge :
         {FolioChargeRequest{today->id, FolioKind::Restaurant, QStringLiteral("Dinner, harbour terrace"),
                             Money(6400, hotel.currency), 1},
          FolioChargeRequest{today->id, FolioKind::Parking, QStringLiteral("Garage, per night"),
                             Money(2500, hotel.currency), 2},
          FolioChargeRequest{today->id, FolioKind::Minibar, QStringLiteral("Sparkling water"),
                             Money(450, hotel.currency), 2}}) {
        if (!services.calls([&] { return services.folio->post(charge); }))
            return false;
    }

    // Opened as the clerk opens it: her stay chosen in the Guests tab, then Guest profile…
    desk->findGuests(QStringLiteral("Ingrid Solberg"));
    for (QTableView *view : desk->findChildren<QTableView *>()) {
        if (view->model() != desk->stays())
            continue;
        for (int row = 0; row < desk->stays()->rowCount(); ++row) {
            if (desk->stays()->stay(row).id == today->id)
                view->selectRow(row);
        }
    }
    bool profile = false;
    desk->profileHook = [&](GuestProfileDialog &dialog) {
        dialog.searchEdit()->setText(QStringLiteral("solberg"));
        dialog.search(QStringLiteral("solberg")); // the profile search beside it, as a clerk would have typed
        dialog.selectStay(today->id);
        dialog.resize(1100, 860);
        dialog.show();
        wait(400);
        profile = dialog.grab().save(out.filePath(QStringLiteral("frontdesk-guest-profile.png")));
    };
    if (auto *button = desk->findChild<QPushButton *>(QStringLiteral("guestProfileButton")))
        button->click();
    desk->profileHook = nullptr;
    return profile && booking;
}

// The front desk's Lists tab (--lists-only): today's arrivals, some checked in already, then occupancy
// and room revenue over the next two weeks with the suggested sellable limit beside the manager's.
bool saveListsShot(DeskWindow &window, PgInventory &others, QSqlDatabase database, const QDir &out)
{
    const auto hotels = HotelService(others.hotels).hotels();
    if (!hotels || hotels->isEmpty())
        return false;
    const HotelSummary hotel = hotels->first();
    const QDate today = QDate::currentDate();
    PgFrontDesk store(database);
    PgCounterSales counter(database, others.carts);
    PgUnitOfWork unit(database);
    FrontDeskService desk(store, counter, unit);
    const QStringList guests{
        QStringLiteral("Ada Byron"),       QStringLiteral("Alan Turing"),    QStringLiteral("Grace Hopper"),
        QStringLiteral("Edsger Dijkstra"), QStringLiteral("Barbara Liskov"), QStringLiteral("Donald Knuth"),
        QStringLiteral("Frances Allen"),   QStringLiteral("John Backus"),    QStringLiteral("Niklaus Wirth"),
        QStringLiteral("Radia Perlman"),   QStringLiteral("Ken Thompson"),   QStringLiteral("Margaret Hamilton")};
    const auto stay = [&](int i, const QDate &checkIn, int nights) -> StayId {
        const RoomTypeSummary &type = hotel.roomTypes.at(i % hotel.roomTypes.size());
        const CartId cart
            = QStringLiteral("shots-lists-%1-%2").arg(i).arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
        StayRequest request{type.id,     cart, checkIn, checkIn.addDays(nights), guests.at(i % guests.size()),
                            std::nullopt};
        const auto held = HotelService(others.hotels).holdStay(request);
        if (!held)
            return 0;
        auto order = CartService(others.carts).createOrder(cart);
        if (!order || !CartService(others.carts).confirm(order->id))
            return 0;
        return held->id;
    };
    for (int i = 0; i < 7; ++i) {
        const StayId arriving = stay(i, today, 1 + i % 3);
        if (arriving && i % 2 == 0)
            (void)desk.checkIn(arriving);
    }
    for (int i = 7; i < 60; ++i)
        (void)stay(i, today.addDays(1 + (i * 7) % 13), 1 + i % 4);

    window.pages()->setCurrentWidget(window.frontDesk());
    window.frontDesk()->selectHotel(hotel.id);
    window.frontDesk()->refresh();
    HotelListsPanel *lists = window.frontDesk()->lists();
    for (QTabWidget *tabs : window.frontDesk()->findChildren<QTabWidget *>()) {
        if (tabs->indexOf(lists) >= 0)
            tabs->setCurrentWidget(lists);
    }
    // The calendar gives the lists most of the window: the lists are the picture.
    for (QSplitter *split : window.frontDesk()->findChildren<QSplitter *>()) {
        if (split->orientation() == Qt::Vertical)
            split->setSizes({260, 600});
    }
    lists->showDay(today);
    lists->showList(HotelList::Arrivals);
    wait(400);
    if (!window.grab().save(out.filePath(QStringLiteral("frontdesk-arrivals.png"))))
        return false;
    lists->showNights(today, 14);
    lists->showOccupancy();
    wait(400);
    return window.grab().save(out.filePath(QStringLiteral("frontdesk-occupancy.png")));
}

void waitIdle(TillPanel *till)
{
    for (int i = 0; i < 100 && till->busy(); ++i)
        wait(50);
    wait(100);
}

// Sold at the counter through the clerk's own session (so at the clerk's terminal, in the open till):
// `seats` free seats of `event`, cash (tendered rounded up to the next 20.00) or card.
OrderId counterSale(DeskServices services, const QVector<UnitId> &units, EventId event, const QString &cardReference)
{
    const CartId cart = QStringLiteral("shots-till-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
    return services.calls([&]() -> OrderId {
        if (!services.holds->hold(HoldRequest{event, cart, units, std::nullopt}))
            return 0;
        const auto quote = services.sales->quote(cart);
        if (!quote)
            return 0;
        CounterPayment payment;
        if (cardReference.isEmpty()) {
            payment.tendered = Money((quote->total.minor() + 1999) / 2000 * 2000, quote->currency);
        } else {
            payment.method = PaymentMethod::Card;
            payment.cardReference = cardReference;
        }
        const auto sale = services.sales->sell(cart, payment, quote.value());
        return sale ? sale->order.id : 0;
    });
}

// The Till tab at the end of an evening: an afternoon till closed balanced, then this till opened with
// a 150.00 float, cash and card sales, a card sale voided on the spot and an afternoon sale refunded by
// a manager at this terminal; the cash counted 2.50 short and the till closed; the day report beside.
bool saveTillShot(DeskWindow &window, DeskServices services, const ConnectionSettings &server, ServerClock &clock,
                  const QDir &out)
{
    if (window.eventPicker()->count() == 0)
        return false;
    const EventId event = window.eventPicker()->itemData(0).toLongLong();
    if (!window.selectEvent(event))
        return false;
    QVector<UnitId> free;
    for (const SeatMapSeat &seat : window.scene()->seatMap().seats) {
        if (seat.state == SeatState::Available)
            free << seat.unit;
    }
    if (free.size() < 12)
        return false;
    int next = 0;
    const auto seats = [&](int count) {
        const QVector<UnitId> taken = free.mid(next, count);
        next += count;
        return taken;
    };
    window.pages()->setCurrentWidget(window.till());
    TillPanel *till = window.till();
    waitIdle(till);
    const auto openTill = [&](const QString &floatText) {
        till->floatEdit()->setText(floatText);
        till->openTill();
        waitIdle(till);
        return till->shownReport() && till->shownReport()->shift.state() == ShiftState::Open;
    };
    const auto closeTill = [&](const QString &counted, const QString &note) {
        till->refresh();
        waitIdle(till);
        till->countedEdit()->setText(counted);
        till->noteEdit()->setText(note);
        till->closeTill();
        waitIdle(till);
        return till->shownReport() && till->shownReport()->shift.state() == ShiftState::Closed;
    };

    // The afternoon: one cash sale, counted exactly.
    if (!openTill(QStringLiteral("100.00")))
        return false;
    const OrderId afternoon = counterSale(services, seats(2), event, QString());
    if (afternoon == 0 || !till->shownReport())
        return false;
    till->refresh();
    waitIdle(till);
    if (!till->shownReport() || !closeTill(till->shownReport()->expectedCash.inputText(), QString()))
        return false;

    // The evening.
    if (!openTill(QStringLiteral("150.00")))
        return false;
    if (!counterSale(services, seats(2), event, QString())
        || !counterSale(services, seats(3), event, QStringLiteral("TRM-4411-0387"))
        || !counterSale(services, seats(1), event, QString()))
        return false;
    const OrderId voided = counterSale(services, seats(2), event, QStringLiteral("TRM-4411-0391"));
    if (!voided || !counterSale(services, seats(1), event, QStringLiteral("TRM-4411-0402")))
        return false;
    {
        // A manager signs in at this terminal to hand money back: the wrong seats, and an afternoon buyer.
        ConnectionSettings manager = server;
        manager.user = QString::fromLatin1(demoManagerLogin);
        manager.password = QString::fromLatin1(demoManagerPassword);
        auto connection = DatabaseConnection::open(manager, QStringLiteral("shots-manager"));
        if (!connection || !PgTillStore::setTerminal(connection.value()->database(), DeskWindow::terminalName()))
            return false;
        PgInventory inventory(connection.value()->database());
        PgCheckoutStore checkout(connection.value()->database(), inventory.carts);
        RefundService refunds(checkout, nullptr);
        if (!refunds.refund(voided, {}, QStringLiteral("wrong performance, sold again")))
            return false;
        if (!refunds.refund(afternoon, {}, QStringLiteral("buyer cannot come")))
            return false;
    }
    till->refresh();
    waitIdle(till);
    if (!till->shownReport())
        return false;
    const Money expected = till->shownReport()->expectedCash;
    if (!closeTill(expected.withMinor(expected.minor() - 250).inputText(),
                   QStringLiteral("2.50 short: change counted twice?")))
        return false;
    till->showDay(QDate::currentDate());
    waitIdle(till);
    till->countedEdit()->clearFocus();
    wait(300);
    if (!window.grab().save(out.filePath(QStringLiteral("desk-till.png"))))
        return false;

    // The manager's desk: both tills waiting for a countersign, the evening's report opened from the list.
    ConnectionSettings managerLogin = server;
    managerLogin.user = QString::fromLatin1(demoManagerLogin);
    managerLogin.password = QString::fromLatin1(demoManagerPassword);
    auto managerSession = DeskSession::open(managerLogin);
    if (!managerSession)
        return false;
    DeskWindow managerWindow(StaffIdentity{managerLogin.user, StaffRole::Manager, server.describe()}, clock, nullptr);
    managerWindow.setServices(managerSession.value()->services());
    managerWindow.resize(window.size());
    managerWindow.pages()->setCurrentWidget(managerWindow.till());
    managerWindow.show();
    TillPanel *office = managerWindow.till();
    wait(300);
    waitIdle(office);
    if (office->awaiting()->rowCount() < 2)
        return false;
    office->awaiting()->selectRow(office->awaiting()->rowCount() - 1);
    if (auto *show = office->findChild<QPushButton *>(QStringLiteral("tillShow")))
        show->click();
    waitIdle(office);
    office->showDay(QDate::currentDate());
    waitIdle(office);
    wait(300);
    return managerWindow.grab().save(out.filePath(QStringLiteral("desk-till-countersign.png")));
}

// One sale of every kind on the theatre night: two seats, two standing places and a table for four
// before the show (desk-mixed-cart.png); then the server goes away and the banner says so on the box
// office (desk-banner.png) and on the front desk (desk-banner-frontdesk.png). What was held is given
// back after.
bool saveMixedShots(DeskWindow &window, InventoryWatch &watch, const DeskServices &services, const QDir &out)
{
    int index = -1;
    for (int i = 0; i < window.eventPicker()->count(); ++i) {
        if (window.eventPicker()->itemText(i).contains(QLatin1String("Demo Theatre")))
            index = i;
    }
    if (index < 0)
        return false;
    window.pages()->setCurrentIndex(0);
    window.eventPicker()->setCurrentIndex(index);
    window.holdBestAvailable();
    PlacesTablesPanel *extras = window.placesTables();
    extras->placesCount()->setValue(2);
    extras->holdPlaces();
    extras->partySize()->setValue(4);
    extras->holdTable();
    if (window.cart()->rowCount() < 4)
        return false;
    wait(2500); // the countdowns have visibly moved
    window.view()->fitAll();
    wait(300);
    if (!window.grab().save(out.filePath(QStringLiteral("desk-mixed-cart.png"))))
        return false;
    emit watch.connectionLost(QStringLiteral("server closed the connection unexpectedly"));
    window.connectionBanner()->attemptFailed(2, QDateTime::currentDateTimeUtc().addSecs(2));
    wait(300);
    bool saved = window.grab().save(out.filePath(QStringLiteral("desk-banner.png")));
    window.pages()->setCurrentWidget(window.frontDesk());
    wait(300);
    saved = saved && window.grab().save(out.filePath(QStringLiteral("desk-banner-frontdesk.png")));
    window.pages()->setCurrentIndex(0);
    window.setServices(services); // back: the banner goes, and the sale is given back
    window.releaseSelection();
    return saved;
}

// The theatre as a manager sees it before curtain up: a cart of four seats at four price types (adult,
// child, concession, a comp with its reason) and house seats (press, a technical kill) shown apart on the
// map. Prices and house seats are set on the "others" connection (the schema's owner, a manager's rights).
bool savePricingShot(DeskWindow &window, const DeskServices &services, PgInventory &others, QSqlDatabase database,
                     const QDir &out)
{
    int theatre = -1;
    for (int i = 0; i < window.eventPicker()->count(); ++i) {
        if (window.eventPicker()->itemText(i).contains(QStringLiteral("Demo Theatre")))
            theatre = i;
    }
    if (theatre < 0)
        return false;
    const EventId event = window.eventPicker()->itemData(theatre).toLongLong();
    if (!window.selectEvent(event))
        return false;
    const SeatMap map = window.scene()->seatMap();
    PgPriceTypeStore prices(database);
    for (const SeatMapBand &band : map.bands) {
        (void)prices.setPrice(event, band.code, PriceType::Child, band.price.withMinor(band.price.minor() / 2));
        (void)prices.setPrice(event, band.code, PriceType::Concession,
                              band.price.withMinor(band.price.minor() * 3 / 4));
    }
    // Press seats and a kill for the sound desk: free seats near the middle of the house.
    QVector<UnitId> free;
    for (const SeatMapSeat &seat : map.seats) {
        if (seat.state == SeatState::Available)
            free << seat.unit;
    }
    if (free.size() < 40)
        return false;
    PgHouseSeatStore house(database);
    const int middle = int(free.size()) / 2;
    (void)house.hold({event, free.mid(middle, 4), HouseKind::Press, QStringLiteral("Evening Post"),
                      QStringLiteral("opening night review")});
    (void)house.hold({event, free.mid(middle + 20, 3), HouseKind::Technical, QStringLiteral("Sound desk"),
                      QStringLiteral("mixing position")});
    window.setServices(services); // reloads the map: the house seats drawn apart
    if (!window.selectEvent(event))
        return false;
    if (auto filled = fillHouse(others, window.scene()->seatMap(), 0.2, 0.04); !filled)
        qWarning("%s", qPrintable(filled.error().message));
    window.refreshLiveChanges();
    window.holdBestAvailable();
    window.holdBestAvailable();
    if (window.cart()->rowCount() < 4)
        return false;
    window.compReasonHook = [](const QString &) { return QStringLiteral("Director's guest"); };
    window.choosePriceType(window.cart()->entries().at(1).unit, PriceType::Child);
    window.choosePriceType(window.cart()->entries().at(2).unit, PriceType::Concession);
    window.choosePriceType(window.cart()->entries().at(3).unit, PriceType::Complimentary);
    window.view()->fitAll();
    wait(1500);
    return window.grab().save(out.filePath(QStringLiteral("desk-pricetypes.png")));
}

// The desk while a call waits for the server: another connection holds the seats table, so "best
// available" waits; the status bar says so with the seconds waited, the window painted all along.
bool saveWaitingShot(DeskWindow &window, QSqlDatabase database, const QDir &out)
{
    int index = -1;
    for (int i = 0; i < window.eventPicker()->count(); ++i) {
        if (window.eventPicker()->itemText(i).contains(QLatin1String("Theatre"), Qt::CaseInsensitive))
            index = i;
    }
    if (index < 0)
        return false;
    window.eventPicker()->setCurrentIndex(index);
    wait(500);
    if (!database.transaction()
        || !QSqlQuery(database).exec(QStringLiteral("LOCK TABLE event_seats IN ACCESS EXCLUSIVE MODE")))
        return false;
    bool saved = false;
    QTimer::singleShot(2400, &window,
                       [&] { saved = window.grab().save(out.filePath(QStringLiteral("desk-waiting.png"))); });
    QTimer::singleShot(2700, &window, [&] { database.rollback(); });
    window.holdBestAvailable(); // returns once the lock is gone
    wait(300);
    window.grab().save(out.filePath(QStringLiteral("desk-waiting-after.png")));
    return saved;
}

// The box office in the clerk's language (run under LANGUAGE=de LANG=de_DE.UTF-8): the theatre a quarter
// sold, the best two seats held with their countdown, and the payment dialog for them.
bool saveLanguageShots(DeskWindow &window, PgInventory &others, const QDir &out, const QString &suffix)
{
    int index = -1;
    for (int i = 0; i < window.eventPicker()->count(); ++i) {
        if (window.eventPicker()->itemText(i).contains(QStringLiteral("Demo Theatre")))
            index = i;
    }
    if (index < 0)
        return false;
    window.eventPicker()->setCurrentIndex(index);
    if (auto filled = fillHouse(others, window.scene()->seatMap(), 0.25, 0.06); !filled) {
        qCritical("%s", qPrintable(filled.error().message));
        return false;
    }
    window.refreshLiveChanges();
    window.holdBestAvailable();
    wait(2500);
    window.view()->fitAll();
    wait(300);
    if (!window.grab().save(out.filePath(QStringLiteral("desk-%1.png").arg(suffix))))
        return false;
    bool paymentShot = false;
    window.paymentHook = [&](PaymentDialog &dialog) {
        dialog.show();
        dialog.tenderedEdit()->setText(Money(20000, QStringLiteral("EUR")).inputText());
        wait(1000);
        paymentShot = dialog.grab().save(out.filePath(QStringLiteral("desk-%1-payment.png").arg(suffix)));
        return false;
    };
    window.sell(false);
    window.paymentHook = nullptr;
    // The other tabs too, for a look at clipped or untranslated text (not in the README).
    for (int i = 1; i < window.pages()->count(); ++i) {
        window.pages()->setCurrentIndex(i);
        wait(300);
        window.grab().save(out.filePath(QStringLiteral("desk-%1-tab%2.png").arg(suffix).arg(i)));
    }
    window.pages()->setCurrentIndex(0);
    return paymentShot;
}

// The front desk's Night audit tab after a manager ran today's audit: under the demo hotel's
// cancellation policy (free until 24 hours before, a first night's fee after and for a no-show), two
// guests on guarantee and one who paid ahead never came, one booked on nothing is cancelled, and one who
// arrived is in house (docs/frontdesk-night-audit.png).
bool saveNightAuditShot(DeskWindow &window, PgInventory &others, QSqlDatabase database, const QDir &out)
{
    const auto hotels = HotelService(others.hotels).hotels();
    if (!hotels || hotels->isEmpty())
        return false;
    const HotelSummary hotel = hotels->first();
    const QDate today = QDate::currentDate();
    QSqlQuery policy(database);
    policy.prepare(
        QStringLiteral("INSERT INTO hotel_cancellation_policies (hotel_id, free_until_hours) VALUES (:h, 24) "
                       "ON CONFLICT (hotel_id) DO NOTHING"));
    policy.bindValue(QStringLiteral(":h"), hotel.id);
    if (!policy.exec())
        return false;
    struct Guest
    {
        QString name;
        int room; // index into the hotel's room types
        int nights;
        std::optional<PaymentMethod> paid; // none: confirmed with nothing taken
        bool arrives;
    };
    const QVector<Guest> guests{{QStringLiteral("Ada Byron"), 0, 3, PaymentMethod::Guarantee, false},
                                {QStringLiteral("Alan Turing"), 1, 2, PaymentMethod::Guarantee, false},
                                {QStringLiteral("Grace Hopper"), 0, 2, PaymentMethod::Cash, false},
                                {QStringLiteral("Edsger Dijkstra"), 0, 1, std::nullopt, false},
                                {QStringLiteral("Barbara Liskov"), 1, 2, PaymentMethod::Card, true},
                                {QStringLiteral("Donald Knuth"), 0, 3, PaymentMethod::Cash, true}};
    PgCounterSales counter(database, others.carts);
    CounterSaleService sales(counter);
    for (const Guest &guest : guests) {
        const CartId cart = QStringLiteral("shots-audit-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
        const RoomTypeSummary room = hotel.roomTypes.value(guest.room % hotel.roomTypes.size());
        StayRequest request{room.id, cart, today, today.addDays(guest.nights), guest.name, std::nullopt};
        const auto held = HotelService(others.hotels).holdStay(request);
        if (!held)
            return false;
        if (guest.paid) {
            const auto quote = sales.quote(cart);
            if (!quote)
                return false;
            CounterPayment payment;
            payment.method = *guest.paid;
            payment.tendered = quote->total; // the nights as priced today: a weekend's rate, say
            payment.cardReference = QStringLiteral("TERM-%1").arg(held->id);
            if (!sales.sell(cart, payment, quote.value()))
                return false;
        } else {
            auto order = CartService(others.carts).createOrder(cart);
            if (!order || !CartService(others.carts).confirm(order->id))
                return false;
        }
        if (guest.arrives) {
            QSqlQuery arrived(database);
            arrived.prepare(QStringLiteral("UPDATE stays SET state = 'CHECKED_IN' WHERE id = :s"));
            arrived.bindValue(QStringLiteral(":s"), held->id);
            if (!arrived.exec())
                return false;
        }
    }
    window.pages()->setCurrentWidget(window.frontDesk());
    window.frontDesk()->selectHotel(hotel.id);
    window.frontDesk()->refresh();
    NightAuditPanel *audit = window.frontDesk()->nightAudit();
    if (auto *tabs = window.frontDesk()->findChild<QTabWidget *>())
        tabs->setCurrentWidget(audit);
    audit->setBusinessDate(today);
    audit->confirmHook = [](const QString &) { return true; };
    audit->runAudit();
    wait(400);
    return audit->report().has_value() && window.grab().save(out.filePath(QStringLiteral("frontdesk-night-audit.png")));
}

int fail(const QString &what)
{
    qCritical("deskshots: %s", qPrintable(what));
    return 1;
}

// A guest in house at the demo hotel on guarantee, with a minibar, a dinner, parking and a voided
// charge: the folio as the clerk sees it before settling (docs/frontdesk-folio.png).
bool saveFolioShot(const DeskServices &services, PgInventory &others, QSqlDatabase database, const QDir &out)
{
    const auto hotels = HotelService(others.hotels).hotels();
    if (!hotels || hotels->isEmpty() || !services.folio)
        return false;
    const HotelSummary hotel = hotels->first();
    const CartId cart = QStringLiteral("shots-folio-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
    const QDate today = QDate::currentDate();
    StayRequest request{hotel.roomTypes.first().id,  cart,        today, today.addDays(3),
                        QStringLiteral("Ada Byron"), std::nullopt};
    const auto held = HotelService(others.hotels).holdStay(request);
    if (!held)
        return false;
    PgCounterSales counter(database, others.carts);
    CounterSaleService sales(counter);
    CounterPayment guarantee;
    guarantee.method = PaymentMethod::Guarantee;
    guarantee.cardReference = QStringLiteral("VISA-4000-EXP-0128");
    const auto quote = sales.quote(cart);
    if (!quote || !sales.sell(cart, guarantee, quote.value()) || !PgFrontDesk(database).checkIn(held->id))
        return false;
    const StayId stay = held->id;
    const QVector<FolioChargeRequest> charges{
        {stay, FolioKind::Minibar, QStringLiteral("Sparkling water"), Money(450, hotel.currency), 2},
        {stay, FolioKind::Restaurant, QStringLiteral("Dinner for two, table 7"), Money(8650, hotel.currency), 1},
        {stay, FolioKind::Parking, QStringLiteral("Garage, per night"), Money(2500, hotel.currency), 3},
        {stay, FolioKind::Minibar, QStringLiteral("Chocolate bar"), Money(350, hotel.currency), 1}};
    FolioChargeId last = 0;
    for (const FolioChargeRequest &charge : charges) {
        auto posted = services.calls([&] { return services.folio->post(charge); });
        if (!posted)
            return false;
        last = posted.value();
    }
    // A manager's void, on the owner's connection (the clerk may not).
    PgFolioStore managerStore(database);
    if (!FolioService(managerStore).voidCharge(last, QStringLiteral("posted to the wrong room")))
        return false;

    FolioPanel panel;
    panel.setWindowTitle(QStringLiteral("Folio"));
    panel.setService(services.folio, services.calls);
    panel.resize(980, 470);
    panel.show();
    panel.setStay(stay);
    panel.chargesTable()->selectRow(1);
    panel.kindBox()->setCurrentIndex(panel.kindBox()->findData(int(FolioKind::Restaurant)));
    panel.descriptionEdit()->setText(QStringLiteral("Breakfast in the room"));
    panel.amountEdit()->setText(Money(1800, QStringLiteral("EUR")).inputText());
    wait(300);
    return panel.grab().save(out.filePath(QStringLiteral("frontdesk-folio.png")));
}

// The demo manager's Rates… dialog over the demo hotel's standard rooms: its weekend, festival and
// festival weekend, and a regatta week being typed, previewed night by night before it is added.
bool saveRatesShot(DeskWindow &window, const QDir &out)
{
    window.pages()->setCurrentWidget(window.frontDesk());
    window.frontDesk()->refresh();
    bool saved = false;
    window.frontDesk()->ratesHook = [&](RatesDialog &dialog) {
        dialog.show();
        dialog.nameEdit()->setText(QStringLiteral("Regatta week"));
        dialog.firstNightEdit()->setDate(QDate::currentDate().addDays(8));
        dialog.lastNightEdit()->setDate(QDate::currentDate().addDays(12));
        dialog.priceEdit()->setText(Money(17500, QStringLiteral("EUR")).inputText());
        wait(400);
        saved = dialog.grab().save(out.filePath(QStringLiteral("frontdesk-rates.png")));
    };
    window.frontDesk()->openRates();
    window.frontDesk()->ratesHook = nullptr;
    return saved;
}

} // namespace

// The front desk's Groups tab as the demo manager sees it (docs/frontdesk-groups.png): a choir's block
// with guests picked up and booked, a company's block whose cut-off has passed (its rooms on sale again),
// and the calendar counting the choir's unpicked rooms as booked.
bool saveGroupsShot(DeskWindow &window, PgInventory &others, QSqlDatabase database, const QDir &out)
{
    const auto hotels = HotelService(others.hotels).hotels();
    if (!hotels || hotels->isEmpty())
        return false;
    const HotelSummary hotel = hotels->first();
    PgGroupBlockStore store(database);
    GroupBlockService blocks(store);
    const QDate arrival = QDate::currentDate().addDays(9);
    const auto choir = blocks.create(
        GroupBlockRequest::constant(hotel.roomTypes.first().id, QStringLiteral("Thomanerchor Leipzig"), arrival,
                                    arrival.addDays(4), 6, QDateTime::currentDateTimeUtc().addDays(4)));
    const auto company = blocks.create(GroupBlockRequest::constant(
        hotel.roomTypes.last().id, QStringLiteral("Kessler AG sales meeting"), arrival.addDays(-6), arrival.addDays(-4),
        3, QDateTime::currentDateTimeUtc().addDays(1)));
    if (!choir || !company) {
        qCritical("%s", qPrintable((!choir ? choir.error() : company.error()).message));
        return false;
    }
    const QStringList singers{QStringLiteral("Johann Sebastian Bach"), QStringLiteral("Anna Magdalena Bach"),
                              QStringLiteral("Carl Philipp Emanuel"), QStringLiteral("Wilhelm Friedemann")};
    for (int i = 0; i < singers.size(); ++i) {
        const CartId cart
            = QStringLiteral("shots-group-%1-%2").arg(i).arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
        if (!blocks.pickUp(
                {choir.value(), cart, arrival.addDays(i == 3 ? 1 : 0), arrival.addDays(i == 2 ? 2 : 4), singers.at(i)}))
            return false;
        auto order = CartService(others.carts).createOrder(cart);
        if (order)
            (void)CartService(others.carts).confirm(order->id);
    }
    QSqlQuery past(database);
    past.prepare(QStringLiteral("UPDATE group_blocks SET cutoff_at = now() - interval '2 hours' WHERE id = :b"));
    past.bindValue(QStringLiteral(":b"), company.value());
    if (!past.exec())
        return false;
    window.pages()->setCurrentWidget(window.frontDesk());
    window.frontDesk()->selectHotel(hotel.id);
    window.frontDesk()->refresh();
    window.frontDesk()->grid()->scrollToNight(arrival.addDays(-8));
    for (QTabWidget *tabs : window.frontDesk()->findChildren<QTabWidget *>()) {
        if (tabs->indexOf(window.frontDesk()->groups()) >= 0)
            tabs->setCurrentWidget(window.frontDesk()->groups());
    }
    GroupBlocksTab *groups = window.frontDesk()->groups();
    groups->selectBlock(choir.value());
    groups->guestEdit()->setText(QStringLiteral("Gottfried Reiche"));
    wait(400);
    return window.grab().save(out.filePath(QStringLiteral("frontdesk-groups.png")));
}

// The front desk's Rooms tab: the demo hotel with guests in house and arriving, rooms in every
// housekeeping state and one out of order for three nights (docs/frontdesk-rooms.png).
bool saveRoomsShot(DeskWindow &window, PgInventory &others, const QSqlDatabase &database, const QDir &out)
{
    const auto hotels = HotelService(others.hotels).hotels();
    if (!hotels || hotels->isEmpty())
        return false;
    const HotelSummary hotel = hotels->first();
    const QDate today = hotel.firstNight;
    PgRoomStore rooms(database);
    PgFrontDesk desk(database);
    QSqlQuery lookup(database);
    const auto roomId = [&](const QString &number) -> RoomId {
        lookup.prepare(QStringLiteral("SELECT id FROM rooms WHERE hotel_id = :h AND number = :n"));
        lookup.bindValue(QStringLiteral(":h"), hotel.id);
        lookup.bindValue(QStringLiteral(":n"), number);
        return lookup.exec() && lookup.next() ? lookup.value(0).toLongLong() : 0;
    };
    struct Guest
    {
        const char *name;
        int type; // index into the hotel's room types
        int from;
        int nights;
        const char *room;
        bool checkIn;
    };
    const Guest guests[] = {
        {"Ada Lovelace", 0, 0, 3, "101", true},     {"Grace Hopper", 0, 0, 2, "102", true},
        {"Alan Turing", 0, 1, 4, "103", false},     {"Katherine Johnson", 0, 2, 5, "101", false},
        {"Edsger Dijkstra", 0, 0, 6, "105", true},  {"Barbara Liskov", 1, 0, 4, "201", true},
        {"Donald Knuth", 1, 3, 3, "202", false},    {"Margaret Hamilton", 2, 1, 5, "301", false},
        {"Tim Berners-Lee", 0, 4, 2, "104", false}, {"Frances Allen", 1, 0, 2, "203", true},
    };
    for (const Guest &guest : guests) {
        const CartId cart = QStringLiteral("shots-rooms-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
        StayRequest request{hotel.roomTypes.at(guest.type).id, cart,
                            today.addDays(guest.from),         today.addDays(guest.from + guest.nights),
                            QString::fromUtf8(guest.name),     std::nullopt};
        const auto held = HotelService(others.hotels).holdStay(request);
        if (!held)
            continue;
        const auto order = others.carts.createOrder(cart);
        if (!order || !others.carts.confirm(order->id))
            continue;
        // A rack staged wrong would be a wrong picture in the README: stop instead.
        if (!rooms.assign(held->id, roomId(QString::fromLatin1(guest.room))))
            return false;
        if (guest.checkIn && !desk.checkIn(held->id))
            return false;
    }
    const bool staged = rooms.setHousekeeping(roomId(QStringLiteral("104")), Housekeeping::Dirty)
        && rooms.setHousekeeping(roomId(QStringLiteral("106")), Housekeeping::Dirty)
        && rooms.setHousekeeping(roomId(QStringLiteral("103")), Housekeeping::Inspected)
        && rooms.setHousekeeping(roomId(QStringLiteral("107")), Housekeeping::Inspected)
        && rooms.outOfOrder(
            {roomId(QStringLiteral("108")), today, today.addDays(3), QStringLiteral("Water leak in the bathroom")});
    if (!staged)
        return false;

    window.pages()->setCurrentWidget(window.frontDesk());
    window.frontDesk()->selectHotel(hotel.id);
    window.frontDesk()->refresh();
    window.frontDesk()->grid()->scrollToNight(today);
    if (auto *tabs = window.frontDesk()->findChild<QTabWidget *>())
        tabs->setCurrentWidget(window.frontDesk()->rooms());
    // the rack gets most of the height: it is what this picture is about
    if (auto *splitter = window.frontDesk()->findChild<QSplitter *>())
        splitter->setSizes({230, 600});
    RoomRackPanel *rack = window.frontDesk()->rooms();
    rack->refresh();
    wait(400);
    return window.grab().save(out.filePath(QStringLiteral("frontdesk-rooms.png")));
}

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice"));
    // The desk's language as the desktop picks it (LANGUAGE=de LANG=de_DE.UTF-8 draws the German desk).
    installTranslations(app);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("out"), QStringLiteral("Folder for the PNG files."), QStringLiteral("folder")});
    parser.addOption(
        {QStringLiteral("money-dialogs"), QStringLiteral("Draw only the front desk's money dialogs (no database).")});
    parser.addOption({QStringLiteral("door-only"), QStringLiteral("Draw only the door view (no stadium).")});
    parser.addOption({QStringLiteral("waiting-only"), QStringLiteral("Draw only the desk waiting for the server.")});
    parser.addOption({QStringLiteral("orders-only"), QStringLiteral("Draw only the Orders tab (no stadium).")});
    parser.addOption({QStringLiteral("lists-only"),
                      QStringLiteral("Draw only the front desk's Lists tab: arrivals and occupancy (no stadium).")});
    parser.addOption({QStringLiteral("till-only"), QStringLiteral("Draw only the Till tab (no stadium).")});
    parser.addOption({QStringLiteral("guest-only"),
                      QStringLiteral("Draw only a returning guest at the front desk and her profile (no stadium).")});
    parser.addOption({QStringLiteral("folio-only"), QStringLiteral("Draw only a guest's folio (no stadium).")});
    parser.addOption({QStringLiteral("groups-only"),
                      QStringLiteral("Draw only the front desk's Groups tab, as the demo manager (no stadium).")});
    parser.addOption(
        {QStringLiteral("rooms-only"),
         QStringLiteral("Draw only the front desk's Rooms tab, as docs/frontdesk-rooms.png (no stadium).")});
    parser.addOption({QStringLiteral("mixed-only"),
                      QStringLiteral("Draw only the mixed cart (seats, standing, a table) and the outage banner.")});
    parser.addOption({QStringLiteral("pricing-only"),
                      QStringLiteral("Draw only price types and house seats, as the demo manager (no stadium).")});
    parser.addOption({QStringLiteral("audit-only"),
                      QStringLiteral("Draw only the front desk's Night audit, run by the demo manager (no stadium).")});
    parser.addOption({QStringLiteral("german-only"),
                      QStringLiteral("Draw only the box office with a sale open, as docs/desk-german.png (no stadium); "
                                     "run with LANGUAGE=de LANG=de_DE.UTF-8.")});
    parser.addOption({QStringLiteral("rates-only"),
                      QStringLiteral("Draw only the front desk's room rates, as the demo manager (no stadium).")});
    parser.process(app);
    const QDir out(parser.value(QStringLiteral("out")).isEmpty() ? QStringLiteral("docs")
                                                                 : parser.value(QStringLiteral("out")));
    if (!saveMoneyDialogs(out))
        return fail(QStringLiteral("the front desk's money dialogs could not be saved"));
    if (parser.isSet(QStringLiteral("money-dialogs")))
        return 0;

    auto choice = locateDatabase(QString());
    if (!choice)
        return fail(choice.error().message);
    {
        auto setup = DatabaseConnection::open(choice->settings, QStringLiteral("shots-setup"));
        if (!setup)
            return fail(setup.error().message);
        if (auto migrated = Migrator(setup.value()->database()).migrate(); !migrated)
            return fail(migrated.error().message);
        DemoSeedOptions options;
        options.stadium = !parser.isSet(QStringLiteral("door-only")) && !parser.isSet(QStringLiteral("orders-only"))
            && !parser.isSet(QStringLiteral("waiting-only")) && !parser.isSet(QStringLiteral("till-only"))
            && !parser.isSet(QStringLiteral("mixed-only")) && !parser.isSet(QStringLiteral("german-only"))
            && !parser.isSet(QStringLiteral("pricing-only")) && !parser.isSet(QStringLiteral("guest-only"))
            && !parser.isSet(QStringLiteral("folio-only")) && !parser.isSet(QStringLiteral("groups-only"))
            && !parser.isSet(QStringLiteral("rates-only")) && !parser.isSet(QStringLiteral("lists-only"))
            && !parser.isSet(QStringLiteral("rooms-only")) && !parser.isSet(QStringLiteral("audit-only"));
        options.demoStaff = choice->privateCluster;
        if (auto seeded = seedDemo(setup.value()->database(), options); !seeded)
            return fail(seeded.error().message);
    }

    ConnectionSettings staff = choice->settings;
    staff.user = QString::fromLatin1(demoClerkLogin);
    staff.password = QString::fromLatin1(demoClerkPassword);
    if (parser.isSet(QStringLiteral("pricing-only")) || parser.isSet(QStringLiteral("groups-only"))
        || parser.isSet(QStringLiteral("rates-only")) || parser.isSet(QStringLiteral("audit-only"))) {
        staff.user = QString::fromLatin1(demoManagerLogin);
        staff.password = QString::fromLatin1(demoManagerPassword);
    }

    // The sign-in dialog, as a clerk first sees it.
    {
        SignInDialog dialog(
            QStringLiteral("your private demo database on this computer (demo sign-in: clerk / clerk-demo-pass)"),
            [](const QString &, const QString &) { return Status(Done{}); });
        dialog.setUser(staff.user);
        dialog.passwordEdit()->setText(QStringLiteral("secret-pass"));
        dialog.show();
        wait(300);
        dialog.grab().save(out.filePath(QStringLiteral("desk-signin.png")));
    }

    // The till's picture names its terminal as a box office would, not after this machine's host name.
    const bool namedTerminal = parser.isSet(QStringLiteral("till-only"))
        && QSettings().value(QStringLiteral("desk/terminal")).toString().isEmpty();
    if (namedTerminal)
        QSettings().setValue(QStringLiteral("desk/terminal"), QStringLiteral("Box office 1"));
    // (and put back as it was when the picture is taken)
    const auto unnameTerminal = [namedTerminal] {
        if (namedTerminal)
            QSettings().remove(QStringLiteral("desk/terminal"));
    };
    auto session = DeskSession::open(staff);
    if (!session) {
        unnameTerminal();
        return fail(session.error().message);
    }
    ServerClock clock;
    if (auto reading = session.value()->readServerClock(); reading)
        clock.calibrate(reading->serverNow, reading->sentAtUtc, reading->receivedAtUtc);
    InventoryWatch outage; // tells the window of a lost connection, for the banner's picture
    DeskWindow window(StaffIdentity{staff.user, session.value()->role(), choice->settings.describe()}, clock, &outage);
    window.setTicketFolder(QDir::temp().filePath(QStringLiteral("boxoffice-shots")));
    window.setServices(session.value()->services());
    window.resize(1600, 960);
    window.show();
    clock.start();

    auto othersConnection = DatabaseConnection::open(choice->settings, QStringLiteral("others"));
    if (!othersConnection)
        return fail(othersConnection.error().message);
    PgInventory others(othersConnection.value()->database());
    if (parser.isSet(QStringLiteral("waiting-only")))
        return saveWaitingShot(window, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the waiting screenshot failed"));
    if (parser.isSet(QStringLiteral("door-only")))
        return saveDoorShot(window, others, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the door screenshot failed"));
    if (parser.isSet(QStringLiteral("till-only"))) {
        const bool saved = saveTillShot(window, session.value()->services(), choice->settings, clock, out);
        unnameTerminal();
        return saved ? 0 : fail(QStringLiteral("the Till screenshot failed"));
    }
    if (parser.isSet(QStringLiteral("pricing-only"))) {
        return savePricingShot(window, session.value()->services(), others, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the price types screenshot failed"));
    }
    if (parser.isSet(QStringLiteral("rates-only")))
        return saveRatesShot(window, out) ? 0 : fail(QStringLiteral("the rates screenshot failed"));
    if (parser.isSet(QStringLiteral("audit-only")))
        return saveNightAuditShot(window, others, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the night audit screenshot failed"));
    if (parser.isSet(QStringLiteral("german-only")))
        return saveLanguageShots(window, others, out, QStringLiteral("german"))
            ? 0
            : fail(QStringLiteral("the German desk screenshot failed"));
    if (parser.isSet(QStringLiteral("folio-only")))
        return saveFolioShot(session.value()->services(), others, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the folio screenshot failed"));
    if (parser.isSet(QStringLiteral("groups-only")))
        return saveGroupsShot(window, others, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the Groups screenshot failed"));
    if (parser.isSet(QStringLiteral("lists-only")))
        return saveListsShot(window, others, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the Lists screenshot failed"));
    if (parser.isSet(QStringLiteral("rooms-only")))
        return saveRoomsShot(window, others, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the Rooms screenshot failed"));
    if (parser.isSet(QStringLiteral("orders-only")))
        return saveOrdersShot(window, others, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the Orders screenshot failed"));
    if (parser.isSet(QStringLiteral("guest-only")))
        return saveGuestShot(window, session.value()->services(), others, othersConnection.value()->database(), out)
            ? 0
            : fail(QStringLiteral("the guest profile screenshot failed"));
    if (parser.isSet(QStringLiteral("mixed-only")))
        return saveMixedShots(window, outage, session.value()->services(), out)
            ? 0
            : fail(QStringLiteral("the mixed cart screenshot failed"));
    const auto shoot = [&](const QString &venue, double sold, double held, const QString &file, bool zoom) -> bool {
        int index = -1;
        for (int i = 0; i < window.eventPicker()->count(); ++i) {
            if (window.eventPicker()->itemText(i).contains(venue))
                index = i;
        }
        if (index < 0)
            return false;
        window.eventPicker()->setCurrentIndex(index);
        if (auto filled = fillHouse(others, window.scene()->seatMap(), sold, held); !filled) {
            qCritical("%s", qPrintable(filled.error().message));
            return false;
        }
        window.refreshLiveChanges();
        window.holdBestAvailable();
        wait(2500); // the countdown has visibly moved
        window.view()->fitAll();
        if (zoom) {
            window.view()->zoomIn();
            window.view()->zoomIn();
            window.view()->zoomIn();
        }
        wait(300);
        return window.grab().save(out.filePath(file));
    };
    if (!shoot(QStringLiteral("Demo Theatre"), 0.25, 0.06, QStringLiteral("desk-theatre.png"), false))
        return fail(QStringLiteral("the theatre screenshot failed"));
    // Taking the money for the theatre seats and two more: the server's lines, total and countdown.
    window.holdBestAvailable();
    // Best available zooms to the block it held, with the rows around it.
    wait(300);
    window.grab().save(out.filePath(QStringLiteral("desk-theatre-best.png")));
    bool paymentShot = false;
    window.paymentHook = [&](PaymentDialog &dialog) {
        dialog.show();
        dialog.tenderedEdit()->setText(QStringLiteral("400"));
        wait(1500);
        paymentShot = dialog.grab().save(out.filePath(QStringLiteral("desk-payment.png")));
        // A letter O typed for a zero: refused in words, and Sell stays off.
        dialog.tenderedEdit()->setText(QStringLiteral("2OO"));
        wait(300);
        paymentShot = paymentShot && dialog.grab().save(out.filePath(QStringLiteral("desk-payment-unreadable.png")));
        return false; // no sale: the seats stay held for the pictures that follow
    };
    window.sell(false);
    window.paymentHook = nullptr;
    if (!paymentShot)
        return fail(QStringLiteral("the payment screenshot failed"));
    if (!shoot(QStringLiteral("Demo Stadium"), 0.30, 0.04, QStringLiteral("desk-stadium.png"), false))
        return fail(QStringLiteral("the stadium screenshot failed"));
    // The whole stadium again with a few seats selected: held and selected seats show as markers.
    for (const SeatMapSeat &seat : window.scene()->seatMap().seats) {
        if (seat.label.startsWith(QLatin1String("117-12-")) && seat.number >= 20 && seat.number < 26)
            window.scene()->seatItem(seat.unit)->setSelected(true);
    }
    wait(300);
    window.grab().save(out.filePath(QStringLiteral("desk-stadium.png")));
    window.scene()->clearSelection();
    // Close up on the block just held: numbers, row labels and the clerk's own seats.
    window.view()->zoomAt(30, window.view()->viewport()->rect().center());
    if (SeatItem *item = window.scene()->seatItem(window.cart()->entries().last().unit))
        window.view()->centerOn(item);
    wait(300);
    window.grab().save(out.filePath(QStringLiteral("desk-stadium-close.png")));

    // The hotel front desk: a night five days out sold one room beyond the physical ones.
    const auto hotels = HotelService(others.hotels).hotels();
    if (!hotels || hotels->isEmpty())
        return fail(QStringLiteral("no demo hotel"));
    const HotelSummary hotel = hotels->first();
    const RoomTypeSummary standard = hotel.roomTypes.first();
    const QDate night = QDate::currentDate().addDays(5);
    const auto today = HotelService(others.hotels).availability(hotel.id, night, night.addDays(1));
    int physical = 0;
    for (const auto &room : today.value())
        if (room.roomType.id == standard.id && !room.nights.isEmpty())
            physical = room.nights.first().physical;
    CapacityChange change{standard.id, night, night.addDays(1), physical + 1, std::nullopt};
    if (auto changed = HotelService(others.hotels).changeCapacity(change); !changed)
        return fail(changed.error().message);
    const QStringList guests{QStringLiteral("Ada Byron"), QStringLiteral("Alan Turing"), QStringLiteral("Grace Hopper"),
                             QStringLiteral("Edsger Dijkstra"), QStringLiteral("Barbara Liskov")};
    for (int i = 0; i < physical + 1; ++i) {
        const CartId cart
            = QStringLiteral("shots-hotel-%1-%2").arg(i).arg(QUuid::createUuid().toString(QUuid::Id128).left(8));
        StayRequest request{
            standard.id, cart, night.addDays(-(i % 3)), night.addDays(1 + (i % 2)), guests.at(i % guests.size()),
            std::nullopt};
        if (!HotelService(others.hotels).holdStay(request))
            break;
        auto order = CartService(others.carts).createOrder(cart);
        if (order)
            (void)CartService(others.carts).confirm(order->id);
    }
    window.pages()->setCurrentWidget(window.frontDesk());
    window.frontDesk()->selectHotel(hotel.id);
    window.frontDesk()->refresh();
    window.frontDesk()->grid()->scrollToNight(QDate::currentDate());
    window.frontDesk()->grid()->setSelection(hotel.roomTypes.last().id, night.addDays(2), night.addDays(5));
    window.frontDesk()->showArrivalsAtRisk(night);
    wait(400);
    window.grab().save(out.filePath(QStringLiteral("desk-frontdesk.png")));
    if (!saveDoorShot(window, others, othersConnection.value()->database(), out))
        return fail(QStringLiteral("the door screenshot failed"));
    if (!saveOrdersShot(window, others, othersConnection.value()->database(), out))
        return fail(QStringLiteral("the Orders screenshot failed"));
    if (!saveMixedShots(window, outage, session.value()->services(), out))
        return fail(QStringLiteral("the mixed cart screenshot failed"));

    // Signed out (Ctrl+L): the held seats go back and the window waits, locked, for the next clerk.
    window.pages()->setCurrentIndex(0);
    window.confirmSignOutHook = [](const QString &) { return true; };
    window.signOut();
    wait(400);
    window.grab().save(out.filePath(QStringLiteral("desk-signedout.png")));
    return 0;
}
