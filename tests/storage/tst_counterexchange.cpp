// Exchanges at the counter against the real database, on a manager's own connection as the desk opens
// one: the new units are claimed first, the old ones go back through the return path, the credit moves
// from the old order to the new one in the ledger and only the difference moves money. A refusal (a new
// unit lost meanwhile, the order changed, a clerk's connection) changes nothing; old tickets stop
// admitting; the money audit balances after each.

#include "aftersaleswiring.h"
#include "domain/door.h"
#include "domain/seatholdservice.h"
#include "domain/ticketreprints.h"
#include "moneycompare.h"
#include "storage/inventoryauditor.h"
#include "storage/pgdoorstore.h"
#include "storage/pgticketreprints.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

// One staff login's connection with the desk's after-sales wiring on it.
struct StaffDesk
{
    std::unique_ptr<DatabaseConnection> connection;
    std::unique_ptr<PgInventory> inventory;
    std::unique_ptr<PgCounterSales> counter;
    std::unique_ptr<PgOrderLookup> orders;
    std::unique_ptr<PgUnitOfWork> unit;
    std::unique_ptr<AfterSalesWiring> wiring;

    AfterSalesServices services() { return wiring->services(); }
};

} // namespace

class TestCounterExchange : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void dearerExchangeChargesTheDifference();
    void cheaperExchangeRefundsTheDifferenceToTheCard();
    void aNewUnitLostMeanwhileChangesNothing();
    void anOrderChangedMeanwhileChangesNothing();
    void aClerksConnectionCannotExchange();
    void aReprintLeavesOutWhatNoLongerAdmits();
    void theMoneyAuditBalances();
    void theAuditFindsACreditWithoutAnExchange();

private:
    CounterSale sell(EventId event, const QString &cart, const QVector<UnitId> &units, const CounterPayment &payment);
    CartQuote holdNew(EventId event, const QString &cart, const QVector<UnitId> &units);
    std::unique_ptr<StaffDesk> openDesk(const QString &login, StaffRole role);
    QString seatState(UnitId unit) const;
    qint64 count(const QString &sql, const QVariantMap &bindings = {}) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgCounterSales> m_counter;
    std::unique_ptr<CounterSaleService> m_sales;
    std::unique_ptr<SeatHoldService> m_holds;
    std::unique_ptr<StaffDesk> m_manager;
    std::unique_ptr<StaffDesk> m_clerk;
    QStringList m_logins;
    LoadedVenue m_cheap; // 3000 a seat
    LoadedVenue m_dear; // 5000 a seat
    QVector<UnitId> m_cheapUnits;
    QVector<UnitId> m_dearUnits;
};

std::unique_ptr<StaffDesk> TestCounterExchange::openDesk(const QString &login, StaffRole role)
{
    const QString password = QStringLiteral("exchange-pass-1234");
    if (!StaffAdmin(m_db->database()).addStaff(login, password, role).ok())
        return nullptr;
    m_logins << login;
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = password;
    auto connection = DatabaseConnection::open(settings, login);
    if (!connection)
        return nullptr;
    auto desk = std::make_unique<StaffDesk>();
    desk->connection = std::move(connection.value());
    QSqlDatabase db = desk->connection->database();
    desk->inventory = std::make_unique<PgInventory>(db);
    desk->counter = std::make_unique<PgCounterSales>(db, desk->inventory->carts);
    desk->orders = std::make_unique<PgOrderLookup>(db);
    desk->unit = std::make_unique<PgUnitOfWork>(db);
    desk->wiring
        = std::make_unique<AfterSalesWiring>(db, desk->inventory->carts, *desk->counter, *desk->orders, *desk->unit);
    return desk;
}

void TestCounterExchange::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("counterexchange"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_cheap = m_db->loadHall(QStringLiteral("Matinee"), 2, 10, 600, 1, 3000);
    m_dear = m_db->loadHall(QStringLiteral("Premiere"), 2, 10, 600, 1, 5000);
    m_cheapUnits = m_db->units(m_cheap.eventId);
    m_dearUnits = m_db->units(m_dear.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_counter = std::make_unique<PgCounterSales>(m_db->database(), m_inventory->carts);
    m_sales = std::make_unique<CounterSaleService>(*m_counter);
    m_holds = std::make_unique<SeatHoldService>(m_inventory->seats);
    const qint64 pid = QCoreApplication::applicationPid();
    m_manager = openDesk(QStringLiteral("exchmanager_%1").arg(pid), StaffRole::Manager);
    QVERIFY(m_manager);
    m_clerk = openDesk(QStringLiteral("exchclerk_%1").arg(pid), StaffRole::Clerk);
    QVERIFY(m_clerk);
}

void TestCounterExchange::cleanupTestCase()
{
    m_manager.reset();
    m_clerk.reset();
    for (const QString &login : std::as_const(m_logins)) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

CounterSale TestCounterExchange::sell(EventId event, const QString &cart, const QVector<UnitId> &units,
                                      const CounterPayment &payment)
{
    const auto held = m_holds->hold(HoldRequest{event, cart, units, std::nullopt});
    if (!held)
        qWarning("hold: %s", qPrintable(held.error().message));
    const auto quote = m_sales->quote(cart);
    const auto sale = m_sales->sell(cart, payment, quote.value());
    if (!sale)
        qWarning("sale: %s", qPrintable(sale.error().message));
    return sale ? sale.value() : CounterSale{};
}

CartQuote TestCounterExchange::holdNew(EventId event, const QString &cart, const QVector<UnitId> &units)
{
    const auto held = m_holds->hold(HoldRequest{event, cart, units, std::nullopt});
    if (!held)
        qWarning("hold: %s", qPrintable(held.error().message));
    const auto quote = m_sales->quote(cart);
    return quote ? quote.value() : CartQuote{};
}

QString TestCounterExchange::seatState(UnitId unit) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :u"), {{QStringLiteral("u"), unit}})
        .toString();
}

qint64 TestCounterExchange::count(const QString &sql, const QVariantMap &bindings) const
{
    return m_db->scalar(sql, bindings).toLongLong();
}

void TestCounterExchange::dearerExchangeChargesTheDifference()
{
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(6000, QStringLiteral("EUR"));
    const CounterSale old
        = sell(m_cheap.eventId, QStringLiteral("old-1"), {m_cheapUnits.at(0), m_cheapUnits.at(1)}, cash);
    QCOMPARE(old.tickets.size(), 2);
    const CartQuote seen = holdNew(m_dear.eventId, QStringLiteral("new-1"), {m_dearUnits.at(0), m_dearUnits.at(1)});
    QCOMPARE(seen.total.minor(), 10000);

    ExchangeRequest request;
    request.order = old.order.id;
    request.giveBack
        = {OrderItemRef{ItemKind::Seat, m_cheapUnits.at(0)}, OrderItemRef{ItemKind::Seat, m_cheapUnits.at(1)}};
    request.cart = QStringLiteral("new-1");
    request.seen = seen;
    request.payment.method = PaymentMethod::Cash;
    request.payment.tendered = Money(5000, seen.currency);
    request.reason = QStringLiteral("wants the premiere");
    const auto done = m_manager->services().exchanges->exchange(request);
    QVERIFY2(done.ok(), done.ok() ? "" : qPrintable(done.error().message + QLatin1Char(' ') + done.error().detail));
    QCOMPARE(done->returnedTotal, Money(6000, QStringLiteral("EUR")));
    QCOMPARE(done->newTotal, Money(10000, QStringLiteral("EUR")));
    QCOMPARE(done->credit, Money(6000, QStringLiteral("EUR")));
    QCOMPARE(done->difference, Money(4000, QStringLiteral("EUR")));
    QCOMPARE(done->charged, Money(4000, QStringLiteral("EUR")));
    QCOMPARE(done->change, Money(1000, QStringLiteral("EUR")));
    QVERIFY(done->refunded.isZero());
    QCOMPARE(done->returned.size(), 2);
    QCOMPARE(done->sold.size(), 2);
    QCOMPARE(done->tickets.size(), 2);
    QVERIFY(done->newOrder != old.order.id);

    QCOMPARE(seatState(m_cheapUnits.at(0)), QStringLiteral("AVAILABLE"));
    QCOMPARE(seatState(m_dearUnits.at(1)), QStringLiteral("SOLD"));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), old.order.id}})
            .toString(),
        QStringLiteral("REFUNDED"));
    // The difference is the new order's one capture; the credit is a pair of ledger rows.
    QCOMPARE(count(QStringLiteral("SELECT amount_minor FROM counter_payments WHERE order_id = :o"),
                   {{QStringLiteral("o"), done->newOrder}}),
             4000);
    QCOMPARE(
        count(QStringLiteral("SELECT sum(amount_minor) FROM order_ledger WHERE order_id = :o AND entry = 'CREDIT_IN'"),
              {{QStringLiteral("o"), done->newOrder}}),
        6000);
    QCOMPARE(
        count(QStringLiteral("SELECT sum(amount_minor) FROM order_ledger WHERE order_id = :o AND entry = 'CREDIT_OUT'"),
              {{QStringLiteral("o"), old.order.id}}),
        6000);
    QCOMPARE(count(QStringLiteral("SELECT count(*) FROM refunds WHERE order_id = :o"),
                   {{QStringLiteral("o"), old.order.id}}),
             0);

    // The old tickets no longer admit; the new ones do.
    PgDoorStore doorStore(m_db->database());
    DoorService door(doorStore);
    const auto oldScan = door.check(old.tickets.first().code);
    QVERIFY(oldScan.ok());
    QCOMPARE(oldScan->outcome, DoorOutcome::NotValid);
    QCOMPARE(oldScan->refusal, DoorRefusal::Exchanged); // not "refunded": the buyer holds the new ticket
    const auto newScan = door.check(done->tickets.first().code);
    QVERIFY(newScan.ok());
    QCOMPARE(newScan->outcome, DoorOutcome::Valid);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestCounterExchange::cheaperExchangeRefundsTheDifferenceToTheCard()
{
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = QStringLiteral("TRM-7781");
    const CounterSale old = sell(m_dear.eventId, QStringLiteral("old-2"), {m_dearUnits.at(2), m_dearUnits.at(3)}, card);
    QCOMPARE(old.charged.minor(), qint64(10000));
    const CartQuote seen = holdNew(m_cheap.eventId, QStringLiteral("new-2"), {m_cheapUnits.at(2)});

    ExchangeRequest request;
    request.order = old.order.id;
    request.giveBack = {OrderItemRef{ItemKind::Seat, m_dearUnits.at(2)}};
    request.cart = QStringLiteral("new-2");
    request.seen = seen;
    request.reason = QStringLiteral("a cheaper day suits better");
    const auto done = m_manager->services().exchanges->exchange(request);
    QVERIFY2(done.ok(), done.ok() ? "" : qPrintable(done.error().message + QLatin1Char(' ') + done.error().detail));
    QCOMPARE(done->difference, Money(-2000, QStringLiteral("EUR")));
    QCOMPARE(done->credit, Money(3000, QStringLiteral("EUR")));
    QVERIFY(done->charged.isZero());
    QCOMPARE(done->refunded, Money(2000, QStringLiteral("EUR")));
    QCOMPARE(done->refundMethod, MoneyBack::Card);
    QCOMPARE(done->refundReference, QStringLiteral("TRM-7781"));
    QVERIFY(done->refundReturned);

    // The old order keeps its other seat and stays paid; the difference is a refund done at the counter.
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), old.order.id}})
            .toString(),
        QStringLiteral("PAID"));
    QCOMPARE(seatState(m_dearUnits.at(3)), QStringLiteral("SOLD"));
    QCOMPARE(seatState(m_dearUnits.at(2)), QStringLiteral("AVAILABLE"));
    QCOMPARE(count(QStringLiteral("SELECT sum(amount_minor) FROM refunds WHERE order_id = :o AND state = 'SUCCEEDED'"),
                   {{QStringLiteral("o"), old.order.id}}),
             2000);
    QCOMPARE(count(QStringLiteral("SELECT count(*) FROM counter_payments WHERE order_id = :o"),
                   {{QStringLiteral("o"), done->newOrder}}),
             0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestCounterExchange::aNewUnitLostMeanwhileChangesNothing()
{
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(3000, QStringLiteral("EUR"));
    const CounterSale old = sell(m_cheap.eventId, QStringLiteral("old-3"), {m_cheapUnits.at(3)}, cash);
    const CartQuote seen = holdNew(m_dear.eventId, QStringLiteral("new-3"), {m_dearUnits.at(4), m_dearUnits.at(5)});
    QCOMPARE(seen.lines.size(), 2);
    // One of the new seats: its hold runs out and another buyer takes it.
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), QStringLiteral("new-3"), 3600));
    QVERIFY(
        m_holds->hold(HoldRequest{m_dear.eventId, QStringLiteral("someone-else"), {m_dearUnits.at(5)}, std::nullopt})
            .ok());
    QVERIFY(
        m_holds->hold(HoldRequest{m_dear.eventId, QStringLiteral("new-3"), {m_dearUnits.at(4)}, std::nullopt}).ok());
    const qint64 ledgerBefore = count(QStringLiteral("SELECT count(*) FROM order_ledger"));
    const qint64 ordersBefore = count(QStringLiteral("SELECT count(*) FROM orders"));

    ExchangeRequest request;
    request.order = old.order.id;
    request.giveBack = {OrderItemRef{ItemKind::Seat, m_cheapUnits.at(3)}};
    request.cart = QStringLiteral("new-3");
    request.seen = seen;
    request.payment.method = PaymentMethod::Cash;
    request.payment.tendered = Money(10000, seen.currency);
    request.reason = QStringLiteral("two seats together");
    const auto refused = m_manager->services().exchanges->exchange(request);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Lost);
    QVERIFY2(refused.error().message.contains(QStringLiteral("went to another buyer")),
             qPrintable(refused.error().message));

    QCOMPARE(seatState(m_cheapUnits.at(3)), QStringLiteral("SOLD"));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), old.order.id}})
            .toString(),
        QStringLiteral("PAID"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT cart_id FROM event_seats WHERE id = :u"),
                          {{QStringLiteral("u"), m_dearUnits.at(4)}})
                 .toString(),
             QStringLiteral("new-3")); // the hold that was still there is kept
    QCOMPARE(seatState(m_dearUnits.at(4)), QStringLiteral("HELD"));
    QCOMPARE(count(QStringLiteral("SELECT count(*) FROM order_ledger")), ledgerBefore);
    QCOMPARE(count(QStringLiteral("SELECT count(*) FROM orders")), ordersBefore);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestCounterExchange::anOrderChangedMeanwhileChangesNothing()
{
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(6000, QStringLiteral("EUR"));
    const CounterSale old
        = sell(m_cheap.eventId, QStringLiteral("old-4"), {m_cheapUnits.at(4), m_cheapUnits.at(5)}, cash);
    // Another desk's manager refunds one seat after this clerk chose it.
    QVERIFY(m_manager->services()
                .refunds
                ->refund(old.order.id, {OrderItemRef{ItemKind::Seat, m_cheapUnits.at(4)}},
                         QStringLiteral("refunded elsewhere"))
                .ok());
    const CartQuote seen = holdNew(m_dear.eventId, QStringLiteral("new-4"), {m_dearUnits.at(6)});
    ExchangeRequest request;
    request.order = old.order.id;
    request.giveBack = {OrderItemRef{ItemKind::Seat, m_cheapUnits.at(4)}};
    request.cart = QStringLiteral("new-4");
    request.seen = seen;
    request.payment.method = PaymentMethod::Cash;
    request.payment.tendered = Money(5000, seen.currency);
    request.reason = QStringLiteral("a better seat");
    const auto refused = m_manager->services().exchanges->exchange(request);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Conflict);
    QCOMPARE(seatState(m_dearUnits.at(6)), QStringLiteral("HELD"));
    QCOMPARE(seatState(m_cheapUnits.at(5)), QStringLiteral("SOLD"));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestCounterExchange::aClerksConnectionCannotExchange()
{
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(3000, QStringLiteral("EUR"));
    const CounterSale old = sell(m_cheap.eventId, QStringLiteral("old-5"), {m_cheapUnits.at(6)}, cash);
    const CartQuote seen = holdNew(m_cheap.eventId, QStringLiteral("new-5"), {m_cheapUnits.at(7)});
    ExchangeRequest request;
    request.order = old.order.id;
    request.giveBack = {OrderItemRef{ItemKind::Seat, m_cheapUnits.at(6)}};
    request.cart = QStringLiteral("new-5");
    request.seen = seen;
    request.reason = QStringLiteral("the clerk tries alone");
    const auto refused = m_clerk->services().exchanges->exchange(request);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    QCOMPARE(refused.error().sqlState, QStringLiteral("42501"));
    QCOMPARE(seatState(m_cheapUnits.at(6)), QStringLiteral("SOLD"));
    QCOMPARE(seatState(m_cheapUnits.at(7)), QStringLiteral("HELD"));
    // A manager's connection carries out the very same exchange (same price: no money moves).
    const auto done = m_manager->services().exchanges->exchange(request);
    QVERIFY2(done.ok(), done.ok() ? "" : qPrintable(done.error().message));
    QCOMPARE(done->difference, Money(0, QStringLiteral("EUR")));
    QCOMPARE(done->credit, Money(3000, QStringLiteral("EUR")));
}

void TestCounterExchange::aReprintLeavesOutWhatNoLongerAdmits()
{
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(9000, QStringLiteral("EUR"));
    const QVector<UnitId> seats{m_cheapUnits.at(10), m_cheapUnits.at(11), m_cheapUnits.at(12)};
    const CounterSale sale = sell(m_cheap.eventId, QStringLiteral("reprint-1"), seats, cash);
    QCOMPARE(sale.tickets.size(), 3);
    QString refundedCode;
    for (const Ticket &ticket : sale.tickets) {
        if (ticket.seatLabel
            == m_db->scalar(QStringLiteral("SELECT s.label FROM event_seats es JOIN seats s ON "
                                           "s.id = es.seat_id WHERE es.id = :u"),
                            {{QStringLiteral("u"), seats.at(1)}})
                   .toString())
            refundedCode = ticket.code;
    }
    QVERIFY(!refundedCode.isEmpty());
    QVERIFY(
        m_manager->services()
            .refunds->refund(sale.order.id, {OrderItemRef{ItemKind::Seat, seats.at(1)}}, QStringLiteral("cannot come"))
            .ok());

    PgTicketReprints reprintStore(m_manager->connection->database());
    TicketReprintService reprints(reprintStore, *m_manager->counter);
    const auto reprint = reprints.reprint(sale.order.id, QStringLiteral("Box office 2"));
    QVERIFY2(reprint.ok(), reprint.ok() ? "" : qPrintable(reprint.error().message));
    // The refunded seat's ticket is not handed out again (the door would refuse it anyway), and the
    // database counts what was printed.
    QCOMPARE(reprint->tickets.size(), 2);
    for (const Ticket &ticket : reprint->tickets)
        QVERIFY(ticket.code != refundedCode);
    QCOMPARE(reprint->record.tickets, 2);
    // The order's full record still lists every ticket it was ever issued.
    QCOMPARE(m_counter->tickets(sale.order.id).value().size(), 3);

    // Nothing left that admits: nothing to reprint, and nothing recorded.
    QVERIFY(m_manager->services()
                .refunds
                ->refund(sale.order.id,
                         {OrderItemRef{ItemKind::Seat, seats.at(0)}, OrderItemRef{ItemKind::Seat, seats.at(2)}},
                         QStringLiteral("cannot come either"))
                .ok());
    const qint64 recorded = count(QStringLiteral("SELECT count(*) FROM ticket_reprints WHERE order_id = :o"),
                                  {{QStringLiteral("o"), sale.order.id}});
    const auto none = reprints.reprint(sale.order.id, QStringLiteral("Box office 2"));
    QVERIFY(!none.ok());
    QCOMPARE(none.error().code, ErrorCode::NotFound);
    QCOMPARE(count(QStringLiteral("SELECT count(*) FROM ticket_reprints WHERE order_id = :o"),
                   {{QStringLiteral("o"), sale.order.id}}),
             recorded);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestCounterExchange::theMoneyAuditBalances()
{
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
    // Every credit out has its credit in, and both equal the exchanges' credits.
    QCOMPARE(
        count(QStringLiteral("SELECT COALESCE(sum(amount_minor), 0) FROM order_ledger WHERE entry = 'CREDIT_OUT'")),
        count(QStringLiteral("SELECT COALESCE(sum(credit_minor), 0) FROM order_exchanges")));
    QCOMPARE(count(QStringLiteral("SELECT COALESCE(sum(amount_minor), 0) FROM order_ledger WHERE entry = 'CREDIT_IN'")),
             count(QStringLiteral("SELECT COALESCE(sum(credit_minor), 0) FROM order_exchanges")));
}

// Planted once, inside a transaction rolled back after (the ledger is append-only): value moved between
// two orders with no exchange behind it. The audit must name it.
void TestCounterExchange::theAuditFindsACreditWithoutAnExchange()
{
    const OrderId from = count(QStringLiteral("SELECT min(from_order) FROM order_exchanges"));
    const OrderId to = count(QStringLiteral("SELECT min(to_order) FROM order_exchanges"));
    QVERIFY(from > 0 && to > 0);
    QSqlDatabase db = m_db->database();
    QVERIFY(db.transaction());
    QVERIFY(m_db->exec(
        QStringLiteral("INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, reason) "
                       "SELECT id, 'CREDIT_IN', 700, currency, 'counter', 'planted' FROM orders WHERE id = :o"),
        {{QStringLiteral("o"), to}}));
    const auto report = InventoryAuditor(db).run();
    db.rollback();
    QVERIFY(report.ok());
    QStringList failed;
    for (const AuditFinding &finding : report->findings)
        failed << finding.check;
    QVERIFY2(failed.contains(QStringLiteral("exchange-credits-match-exchanges")),
             qPrintable(failed.join(QStringLiteral(", "))));
    QVERIFY2(failed.contains(QStringLiteral("money-balances-per-order")),
             qPrintable(failed.join(QStringLiteral(", "))));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

QTEST_GUILESS_MAIN(TestCounterExchange)
#include "tst_counterexchange.moc"
