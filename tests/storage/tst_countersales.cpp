// Selling at the counter and following the audit trail: the storage side of the desk.

#include "domain/countersale.h"
#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"
#include "moneycompare.h"
#include "statenames.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/pgseatmapstore.h"
#include "storage/propertyloader.h"
#include "testdatabase.h"

#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

Money eur(qint64 minor)
{
    return Money(minor, QStringLiteral("EUR"));
}

} // namespace

class TestCounterSales : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cashSaleSellsPaysAndIssuesTickets();
    void shortCashChangesNothing();
    void aSeatRetakenAfterItsHoldRanOutIsNotCharged();
    void nothingLeftToSellTakesNoMoney();
    void oneSettlementPerOrder();
    void theDoorChecksTicketsAgainstTheDatabase();
    void seatMapLoadsEverySeatWithItsState();
    void changesSinceTheCursorNameTheTouchedSeats();
    void saleRefusesWhenTheCartChangedAfterTheQuote();
    void quoteListsEveryUnitTheServerWillCharge();

private:
    HoldRequest request(const QString &cart, const QVector<UnitId> &units) const;
    // What the clerk is shown before taking the money.
    CartQuote quoteOf(const QString &cart) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgCounterSales> m_counter;
    std::unique_ptr<PgSeatMapStore> m_maps;
    std::unique_ptr<SeatHoldService> m_holds;
    std::unique_ptr<CounterSaleService> m_sales;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
};

void TestCounterSales::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("countersales"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Counter Hall"), 4, 10, 600, 1, 4500);
    m_units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_counter = std::make_unique<PgCounterSales>(m_db->database(), m_inventory->carts);
    m_maps = std::make_unique<PgSeatMapStore>(m_db->database());
    m_holds = std::make_unique<SeatHoldService>(m_inventory->seats);
    m_sales = std::make_unique<CounterSaleService>(*m_counter);
}

CartQuote TestCounterSales::quoteOf(const QString &cart) const
{
    const auto quote = m_sales->quote(cart);
    if (!quote)
        qWarning("quote of %s: %s", qPrintable(cart), qPrintable(quote.error().message));
    return quote ? quote.value() : CartQuote{};
}

HoldRequest TestCounterSales::request(const QString &cart, const QVector<UnitId> &units) const
{
    HoldRequest hold;
    hold.event = m_hall.eventId;
    hold.cart = cart;
    hold.units = units;
    return hold;
}

void TestCounterSales::cashSaleSellsPaysAndIssuesTickets()
{
    QVERIFY(m_holds->hold(request(QStringLiteral("cash-1"), {m_units.at(0), m_units.at(1)})).ok());
    CounterPayment cash;
    cash.tendered = eur(10000);
    const CartQuote quote = quoteOf(QStringLiteral("cash-1"));
    QCOMPARE(quote.total, eur(9000));
    const auto sale = m_sales->sell(QStringLiteral("cash-1"), cash, quote);
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    QCOMPARE(sale->charged, eur(9000));
    QCOMPARE(sale->change, eur(1000));
    QCOMPARE(sale->order.state, OrderState::Paid);
    QCOMPARE(sale->tickets.size(), 2);
    QCOMPARE(sale->tickets.first().seatLabel, QStringLiteral("A-1-1"));
    QCOMPARE(sale->tickets.first().price, eur(4500));
    QCOMPARE(sale->tickets.first().eventName.isEmpty(), false);
    QVERIFY(!sale->tickets.first().code.isEmpty());
    QVERIFY(sale->tickets.first().code != sale->tickets.last().code);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE order_id = :o AND state = 'SOLD'"),
                          {{QStringLiteral("o"), sale->order.id}})
                 .toInt(),
             2);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT method || ':' || amount_minor || ':' || tendered_minor "
                                         "FROM counter_payments WHERE order_id = :o"),
                          {{QStringLiteral("o"), sale->order.id}})
                 .toString(),
             QStringLiteral("cash:9000:10000"));
    const auto again = m_sales->tickets(sale->order.id);
    QVERIFY(again.ok());
    QCOMPARE(again->size(), 2);
    QCOMPARE(again->first().code, sale->tickets.first().code);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestCounterSales::shortCashChangesNothing()
{
    QVERIFY(m_holds->hold(request(QStringLiteral("short-1"), {m_units.at(2)})).ok());
    CounterPayment cash;
    cash.tendered = eur(4000);
    CartQuote quote = quoteOf(QStringLiteral("short-1"));
    // The rule catches it before anything is sent...
    QCOMPARE(m_sales->sell(QStringLiteral("short-1"), cash, quote).error().code, ErrorCode::BadInput);
    // ...and the store refuses it too, when a caller understates what is due.
    quote.lines.first().amount = eur(4000);
    quote.total = eur(4000);
    const auto sale = m_counter->sellAtCounter(QStringLiteral("short-1"), cash, quote);
    QVERIFY(!sale.ok());
    QCOMPARE(sale.error().code, ErrorCode::Conflict);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :u"),
                          {{QStringLiteral("u"), m_units.at(2)}})
                 .toString(),
             QStringLiteral("HELD"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM orders WHERE cart_id = 'short-1'")).toInt(), 0);
    QVERIFY(m_inventory->carts.releaseCart(QStringLiteral("short-1")).ok());
}

void TestCounterSales::aSeatRetakenAfterItsHoldRanOutIsNotCharged()
{
    QVERIFY(m_holds->hold(request(QStringLiteral("late-1"), {m_units.at(3), m_units.at(4)})).ok());
    const CartQuote shown = quoteOf(QStringLiteral("late-1"));
    QCOMPARE(shown.total.minor(), 9000);
    // A-1-5's hold runs out (an hour ago) and a web buyer takes it; A-1-4 is still held.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET held_since = held_since - interval '1 hour', "
                                      "hold_expires_at = now() - interval '1 minute' WHERE id = :u"),
                       {{QStringLiteral("u"), m_units.at(4)}}));
    QVERIFY(m_holds->hold(request(QStringLiteral("quick-1"), {m_units.at(4)})).ok());
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = QStringLiteral("  TRM-1  ");
    // What the clerk was shown is no longer what the cart holds: nothing is charged...
    const auto refused = m_sales->sell(QStringLiteral("late-1"), card, shown);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Conflict);
    QVERIFY2(refused.error().message.contains(QLatin1String("A-1-5")), qPrintable(refused.error().message));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM orders WHERE cart_id = 'late-1'")).toInt(), 0);
    // ...and the new quote, without the lost seat, sells A-1-4 alone.
    const CartQuote fresh = quoteOf(QStringLiteral("late-1"));
    QCOMPARE(fresh.lines.size(), 1);
    QCOMPARE(fresh.total.minor(), 4500);
    const auto sale = m_sales->sell(QStringLiteral("late-1"), card, fresh);
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    QCOMPARE(sale->charged, eur(4500));
    QCOMPARE(sale->tickets.size(), 1);
    QCOMPARE(sale->tickets.first().seatLabel, QStringLiteral("A-1-4"));
    QCOMPARE(m_db->scalar(QStringLiteral(
                              "SELECT reference || ':' || amount_minor FROM counter_payments WHERE order_id = :o"),
                          {{QStringLiteral("o"), sale->order.id}})
                 .toString(),
             QStringLiteral("TRM-1:4500"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT cart_id FROM event_seats WHERE id = :u"),
                          {{QStringLiteral("u"), m_units.at(4)}})
                 .toString(),
             QStringLiteral("quick-1"));
    QVERIFY(m_inventory->carts.releaseCart(QStringLiteral("quick-1")).ok());
}

void TestCounterSales::nothingLeftToSellTakesNoMoney()
{
    QVERIFY(m_holds->hold(request(QStringLiteral("gone-1"), {m_units.at(5)})).ok());
    const CartQuote shown = quoteOf(QStringLiteral("gone-1"));
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), QStringLiteral("gone-1"), 3600));
    QVERIFY(m_holds->hold(request(QStringLiteral("taker-1"), {m_units.at(5)})).ok());
    CounterPayment cash;
    cash.tendered = eur(4500);
    const auto sale = m_sales->sell(QStringLiteral("gone-1"), cash, shown);
    QVERIFY(!sale.ok());
    QCOMPARE(sale.error().code, ErrorCode::Lost);
    QVERIFY2(sale.error().message.contains(QLatin1String("take no payment")), qPrintable(sale.error().message));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM orders WHERE cart_id = 'gone-1'")).toInt(), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT cart_id FROM event_seats WHERE id = :u"),
                          {{QStringLiteral("u"), m_units.at(5)}})
                 .toString(),
             QStringLiteral("taker-1"));
    QVERIFY(m_inventory->carts.releaseCart(QStringLiteral("taker-1")).ok());
}

void TestCounterSales::oneSettlementPerOrder()
{
    // The database refuses a second payment row for one order, whatever a client does.
    QVERIFY(m_holds->hold(request(QStringLiteral("twice-1"), {m_units.at(6)})).ok());
    CounterPayment cash;
    cash.tendered = eur(4500);
    const CartQuote quote = quoteOf(QStringLiteral("twice-1"));
    const auto sale = m_sales->sell(QStringLiteral("twice-1"), cash, quote);
    QVERIFY(sale.ok());
    QString error;
    QVERIFY(!m_db->exec(QStringLiteral("INSERT INTO counter_payments (order_id, method, amount_minor, tendered_minor) "
                                       "VALUES (:o, 'cash', 4500, 4500)"),
                        {{QStringLiteral("o"), sale->order.id}}, &error));
    QVERIFY2(error.contains(QLatin1String("counter_payments_one_per_order")), qPrintable(error));
    // A second sell of the same (now empty) cart has nothing to sell.
    QCOMPARE(m_sales->sell(QStringLiteral("twice-1"), cash, quote).error().code, ErrorCode::Lost);
}

void TestCounterSales::theDoorChecksTicketsAgainstTheDatabase()
{
    QVERIFY(m_holds->hold(request(QStringLiteral("door-1"), {m_units.at(10), m_units.at(11)})).ok());
    CounterPayment cash;
    cash.tendered = eur(9000);
    const auto sale = m_sales->sell(QStringLiteral("door-1"), cash, quoteOf(QStringLiteral("door-1")));
    QVERIFY(sale.ok());
    const Ticket first = sale->tickets.first();

    const auto scanned = m_sales->checkTicket(ticketQrPayload(first));
    QVERIFY(scanned.ok());
    QVERIFY(scanned->admits);
    QCOMPARE(scanned->ticket.seatLabel, first.seatLabel);
    QCOMPARE(scanned->ticket.order, sale->order.id);
    QVERIFY(m_sales->checkTicket(first.code.toUpper())->admits); // typed by hand

    QCOMPARE(m_sales->checkTicket(QStringLiteral("BOXOFFICE-TICKET:not-a-code")).error().code, ErrorCode::BadInput);
    QCOMPARE(m_sales->checkTicket(QStringLiteral("'; DROP TABLE tickets; --")).error().code, ErrorCode::BadInput);
    QCOMPARE(m_sales->checkTicket(QStringLiteral("00000000-0000-4000-8000-000000000000")).error().code,
             ErrorCode::NotFound);

    // A refunded order's tickets no longer admit, though the paper still scans.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE orders SET state = 'REFUNDED' WHERE id = :o"),
                       {{QStringLiteral("o"), sale->order.id}}));
    const auto refunded = m_sales->checkTicket(ticketQrPayload(first));
    QVERIFY(refunded.ok());
    QVERIFY(!refunded->admits);
    QCOMPARE(refunded->reason, QStringLiteral("the order is refunded"));
    // A refund by hand leaves its seats sold: paid again, so the audit of later tests holds.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE orders SET state = 'PAID' WHERE id = :o"),
                       {{QStringLiteral("o"), sale->order.id}}));
}

void TestCounterSales::seatMapLoadsEverySeatWithItsState()
{
    QVERIFY(m_holds->hold(request(QStringLiteral("map-1"), {m_units.at(20)})).ok());
    const auto map = m_maps->seatMap(m_hall.eventId);
    QVERIFY2(map.ok(), map.ok() ? "" : qPrintable(map.error().message));
    QCOMPARE(map->seats.size(), 40);
    QCOMPARE(map->sections.size(), 1);
    QCOMPARE(map->bands.size(), 1);
    QCOMPARE(map->bands.first().price, eur(4500));
    const SeatMapSeat &held = map->seats.at(20);
    QCOMPARE(held.unit, m_units.at(20));
    QCOMPARE(held.state, SeatState::Held);
    QCOMPARE(held.cart, QStringLiteral("map-1"));
    QVERIFY(held.holdExpiresAt > QDateTime::currentDateTimeUtc().addSecs(500));
    QCOMPARE(map->seats.at(0).state, SeatState::Sold);
    // The cursor stops before the first missing id (a rolled-back sale above left one): reading on
    // from there repeats some lines, and never misses one.
    QVERIFY(map->auditCursor > 0);
    QVERIFY(map->auditCursor <= m_db->scalar(QStringLiteral("SELECT max(id) FROM inventory_audit")).toLongLong());
    QCOMPARE(map->auditCursor + 1,
             m_db->scalar(QStringLiteral("SELECT min(a.id + 1) FROM inventory_audit a WHERE NOT EXISTS "
                                         "(SELECT 1 FROM inventory_audit b WHERE b.id = a.id + 1)"))
                 .toLongLong());
    QCOMPARE(m_maps->seatMap(987654).error().code, ErrorCode::NotFound);
    QVERIFY(m_inventory->carts.releaseCart(QStringLiteral("map-1")).ok());
}

void TestCounterSales::changesSinceTheCursorNameTheTouchedSeats()
{
    const qint64 cursor = m_db->scalar(QStringLiteral("SELECT COALESCE(max(id), 0) FROM inventory_audit")).toLongLong();
    QVERIFY(m_holds->hold(request(QStringLiteral("live-1"), {m_units.at(30), m_units.at(31)})).ok());
    QVERIFY(m_holds->release(QStringLiteral("live-1"), {m_units.at(31)}).ok());
    auto batch = m_maps->seatChangesSince(m_hall.eventId, cursor, 100);
    QVERIFY(batch.ok());
    QCOMPARE(batch->auditIds.size(), 3); // two holds, one release
    QCOMPARE(batch->changes.size(), 2); // once per seat, as it is now
    QCOMPARE(batch->changes.at(0).unit, m_units.at(30));
    QCOMPARE(batch->changes.at(0).state, SeatState::Held);
    QCOMPARE(batch->changes.at(1).unit, m_units.at(31));
    QCOMPARE(batch->changes.at(1).state, SeatState::Available);
    // The limit bounds a read; another event's reader sees the ids but no seats of its own.
    QCOMPARE(m_maps->seatChangesSince(m_hall.eventId, cursor, 1)->auditIds.size(), 1);
    QCOMPARE(m_maps->seatChangesSince(m_hall.eventId + 1000, cursor, 100)->changes.size(), 0);
    const auto now = m_maps->serverNow();
    QVERIFY(now.ok());
    QVERIFY(qAbs(now->msecsTo(QDateTime::currentDateTimeUtc())) < 60000);
    QVERIFY(m_inventory->carts.releaseCart(QStringLiteral("live-1")).ok());
}

void TestCounterSales::saleRefusesWhenTheCartChangedAfterTheQuote()
{
    QVERIFY(m_holds->hold(request(QStringLiteral("changed-1"), {m_units.at(12), m_units.at(13)})).ok());
    const CartQuote shown = quoteOf(QStringLiteral("changed-1"));
    QCOMPARE(shown.lines.size(), 2);
    QCOMPARE(shown.total.minor(), 9000);
    // Another terminal holds a seat into this cart after the clerk read the total to the buyer.
    auto other = m_db->connect(QStringLiteral("other-terminal"));
    PgInventory otherInventory(other->database());
    QVERIFY(SeatHoldService(otherInventory.seats).hold(request(QStringLiteral("changed-1"), {m_units.at(14)})).ok());

    CounterPayment cash;
    cash.tendered = eur(20000);
    const auto sale = m_sales->sell(QStringLiteral("changed-1"), cash, shown);
    QVERIFY2(!sale.ok(),
             sale.ok() ? qPrintable(QStringLiteral("charged %1 after showing 9000").arg(sale->charged.minor())) : "");
    QCOMPARE(sale.error().code, ErrorCode::Conflict);
    QVERIFY2(sale.error().message.contains(QLatin1String("A-2-5")), qPrintable(sale.error().message));
    // Nothing charged, nothing sold, every hold still there.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM orders WHERE cart_id = 'changed-1'")).toInt(), 0);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = 'changed-1' AND state = 'HELD' "
                                    "AND hold_expires_at > now()"))
            .toInt(),
        3);

    // The clerk shows the buyer the new total; that one sells, for exactly that.
    const CartQuote fresh = quoteOf(QStringLiteral("changed-1"));
    QCOMPARE(fresh.lines.size(), 3);
    QCOMPARE(fresh.total.minor(), 13500);
    const auto sold = m_sales->sell(QStringLiteral("changed-1"), cash, fresh);
    QVERIFY2(sold.ok(), sold.ok() ? "" : qPrintable(sold.error().message));
    QCOMPARE(sold->charged.minor(), fresh.total.minor());
    QCOMPARE(sold->change, eur(6500));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestCounterSales::quoteListsEveryUnitTheServerWillCharge()
{
    // A seat, two standing places, two nights and a table: every shape a cart can hold.
    auto pool = PoolService(m_inventory->pools)
                    .createPool({m_hall.eventId, QStringLiteral("GA"), QStringLiteral("Standing"), 50, eur(1500), 2,
                                 ClaimStrategy::Atomic});
    QVERIFY(pool.ok());
    PropertyLoader properties(m_db->database());
    QVERIFY(properties
                .loadHotel(R"({"name": "Inn", "currency": "EUR", "hold_seconds": 900, "max_extensions": 2, "nights": 30,
        "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 5}]})")
                .ok());
    QVERIFY(properties
                .loadRestaurant(R"({"name": "Cafe", "currency": "EUR", "deposit_minor": 500, "hold_seconds": 300,
        "max_extensions": 0, "tables": [{"code": "T1", "seats": 4}]})")
                .ok());
    const CartId cart = QStringLiteral("every-1");
    QVERIFY(m_holds->hold(request(cart, {m_units.at(15)})).ok());
    QVERIFY(PoolService(m_inventory->pools).hold({pool->id, cart, 2, {}}).ok());
    const RoomTypeId room = m_inventory->hotels.hotels()->first().roomTypes.first().id;
    const QDate checkIn = QDate::currentDate().addDays(6);
    QVERIFY(HotelService(m_inventory->hotels)
                .holdStay({room, cart, checkIn, checkIn.addDays(2), QStringLiteral("G"), {}})
                .ok());
    const ResourceId table = m_inventory->timeSlots.restaurants()->first().tables.first().id;
    const QDateTime dinner(QDate::currentDate().addDays(2), QTime(19, 0), Qt::UTC);
    QVERIFY(SlotService(m_inventory->timeSlots).holdSlot({table, cart, 2, dinner, dinner.addSecs(5400), {}}).ok());

    const auto quote = m_sales->quote(cart);
    QVERIFY2(quote.ok(), quote.ok() ? "" : qPrintable(quote.error().message));
    QCOMPARE(quote->cart, cart);
    QCOMPARE(quote->currency, QStringLiteral("EUR"));
    QCOMPARE(quote->lines.size(), 4);
    QCOMPARE(quote->total.minor(), qint64(4500 + 2 * 1500 + 2 * 9000 + 500));
    QStringList labels;
    for (const QuoteLine &line : quote->lines) {
        labels << line.label;
        QVERIFY2(line.expiresAt > QDateTime::currentDateTimeUtc().addSecs(200), qPrintable(line.label));
    }
    QCOMPARE(labels.first(), QStringLiteral("A-2-6"));
    QCOMPARE(labels.at(1), QStringLiteral("Standing x2"));
    QVERIFY2(labels.at(2).startsWith(QLatin1String("STD ")), qPrintable(labels.at(2)));
    QVERIFY2(labels.at(3).startsWith(QLatin1String("T1 ")), qPrintable(labels.at(3)));
    // The table's hold (five minutes) runs out first.
    QCOMPARE(quote->earliestExpiry(), quote->lines.at(3).expiresAt);

    // The sale charges exactly the quote: the same units, each at the quoted amount.
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = QStringLiteral("TRM-EVERY");
    const auto sale = m_sales->sell(cart, card, quote.value());
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    QCOMPARE(sale->charged.minor(), quote->total.minor());
    QCOMPARE(sale->order.lines.size(), quote->lines.size());
    for (int i = 0; i < quote->lines.size(); ++i) {
        QCOMPARE(sale->order.lines.at(i).kind, quote->lines.at(i).kind);
        QCOMPARE(sale->order.lines.at(i).id, quote->lines.at(i).id);
        QCOMPARE(sale->order.lines.at(i).label, quote->lines.at(i).label);
        QCOMPARE(sale->order.lines.at(i).amount.minor(), quote->lines.at(i).amount.minor());
        QCOMPARE(sale->order.lines.at(i).state, LineState::Sold);
    }
    // An empty cart quotes nothing, which is not an error.
    const auto empty = m_sales->quote(cart);
    QVERIFY(empty.ok());
    QVERIFY(empty->lines.isEmpty());
    QCOMPARE(m_sales->quote(QStringLiteral("bad cart\n")).error().code, ErrorCode::BadInput);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

QTEST_MAIN(TestCounterSales)
#include "tst_countersales.moc"
