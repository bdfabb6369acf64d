// The approval queue against the real database: a clerk files a refund for a manager; the database
// refuses a clerk's decision (42501) and a clerk's own refund; a manager's approval carries the refund
// out in the same transaction as the decision, once (approving again does nothing more); a declined
// request moves nothing. An exchange waits in the queue the same way.

#include "aftersaleswiring.h"
#include "domain/seatholdservice.h"
#include "moneycompare.h"
#include "storage/pgtillstore.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"
#include "ui/desk/deskwindow.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

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

class TestApprovals : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aClerksOwnRefundIsRefused();
    void aClerkCannotApprove();
    void aManagerApprovesAndTheRefundIsDoneOnce();
    void aDeclinedRequestMovesNothing();
    void oneWaitingRequestPerOrder();
    void anExchangeWaitsForItsManagerToo();
    void approvedMoneyPassesTheRequestingClerksTill();
    void aManagerOnTheSpotHandsBackFromTheClerksTill();
    void aClerkCannotBookMoneyIntoAnotherTill();

private:
    qint64 openTill(const QString &terminal);
    bool closeTill(qint64 shift);
    QVariant refundColumn(OrderId order, const char *column) const;
    CounterSale sell(const QString &cart, const QVector<UnitId> &units);
    std::unique_ptr<StaffDesk> openDesk(const QString &login, StaffRole role);
    QString orderState(OrderId order) const;
    qint64 refundsOf(OrderId order) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgCounterSales> m_counter;
    std::unique_ptr<CounterSaleService> m_sales;
    std::unique_ptr<SeatHoldService> m_holds;
    std::unique_ptr<StaffDesk> m_manager;
    std::unique_ptr<StaffDesk> m_clerk;
    QString m_clerkLogin;
    QString m_managerLogin;
    QStringList m_logins;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
};

std::unique_ptr<StaffDesk> TestApprovals::openDesk(const QString &login, StaffRole role)
{
    const QString password = QStringLiteral("approval-pass-1234");
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

void TestApprovals::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("approvals"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Approval Hall"), 2, 10, 600, 1, 4000);
    m_units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_counter = std::make_unique<PgCounterSales>(m_db->database(), m_inventory->carts);
    m_sales = std::make_unique<CounterSaleService>(*m_counter);
    m_holds = std::make_unique<SeatHoldService>(m_inventory->seats);
    const qint64 pid = QCoreApplication::applicationPid();
    m_managerLogin = QStringLiteral("apprmanager_%1").arg(pid);
    m_clerkLogin = QStringLiteral("apprclerk_%1").arg(pid);
    m_manager = openDesk(m_managerLogin, StaffRole::Manager);
    QVERIFY(m_manager);
    m_clerk = openDesk(m_clerkLogin, StaffRole::Clerk);
    QVERIFY(m_clerk);
}

void TestApprovals::cleanupTestCase()
{
    m_manager.reset();
    m_clerk.reset();
    for (const QString &login : std::as_const(m_logins)) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

CounterSale TestApprovals::sell(const QString &cart, const QVector<UnitId> &units)
{
    if (!m_holds->hold(HoldRequest{m_hall.eventId, cart, units, std::nullopt}).ok())
        qWarning("hold failed");
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(100000, QStringLiteral("EUR"));
    const auto sale = m_sales->sell(cart, cash, m_sales->quote(cart).value());
    return sale ? sale.value() : CounterSale{};
}

QString TestApprovals::orderState(OrderId order) const
{
    return m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), order}})
        .toString();
}

qint64 TestApprovals::refundsOf(OrderId order) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT COALESCE(sum(amount_minor), 0) FROM refunds WHERE order_id = :o"),
                 {{QStringLiteral("o"), order}})
        .toLongLong();
}

void TestApprovals::aClerksOwnRefundIsRefused()
{
    const CounterSale sale = sell(QStringLiteral("appr-0"), {m_units.at(0)});
    QVERIFY(sale.order.id > 0);
    const auto refused = m_clerk->services().refunds->refund(sale.order.id, {}, QStringLiteral("the clerk alone"));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    QCOMPARE(refused.error().sqlState, QStringLiteral("42501"));
    QCOMPARE(orderState(sale.order.id), QStringLiteral("PAID"));
    QCOMPARE(refundsOf(sale.order.id), 0);
}

void TestApprovals::aClerkCannotApprove()
{
    const CounterSale sale = sell(QStringLiteral("appr-1"), {m_units.at(1), m_units.at(2)});
    const auto filed
        = m_clerk->services().approvals->requestRefund(sale.order.id, {OrderItemRef{ItemKind::Seat, m_units.at(1)}},
                                                       QStringLiteral("cannot come"), QStringLiteral("desk 1"));
    QVERIFY2(filed.ok(), filed.ok() ? "" : qPrintable(filed.error().message));
    const auto pending = m_clerk->services().approvals->pending();
    QVERIFY(pending.ok());
    QCOMPARE(pending->size(), 1);
    QCOMPARE(pending->first().requestedBy, m_clerkLogin); // the database's word, not the desk's
    QCOMPARE(pending->first().terminal, QStringLiteral("desk 1"));
    QCOMPARE(pending->first().items.size(), 1);

    const auto refused = m_clerk->services().approvals->approve(filed.value());
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    QCOMPARE(refused.error().sqlState, QStringLiteral("42501"));
    QCOMPARE(m_clerk->services().approvals->decline(filed.value()).error().sqlState, QStringLiteral("42501"));
    // A clerk cannot write the decision by hand either.
    QSqlQuery byHand(m_clerk->connection->database());
    QVERIFY(!byHand.exec(QStringLiteral("UPDATE approval_requests SET state = 'DONE'")));
    QCOMPARE(byHand.lastError().nativeErrorCode(), QStringLiteral("42501"));
    QCOMPARE(orderState(sale.order.id), QStringLiteral("PAID"));
    QCOMPARE(refundsOf(sale.order.id), 0);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM approval_requests WHERE id = :id"),
                          {{QStringLiteral("id"), filed.value()}})
                 .toString(),
             QStringLiteral("PENDING"));
}

void TestApprovals::aManagerApprovesAndTheRefundIsDoneOnce()
{
    const auto pending = m_manager->services().approvals->pending();
    QVERIFY(pending.ok());
    QCOMPARE(pending->size(), 1); // the request the clerk filed above
    const ApprovalRequest request = pending->first();
    const auto approved = m_manager->services().approvals->approve(request.id);
    QVERIFY2(approved.ok(),
             approved.ok() ? "" : qPrintable(approved.error().message + QLatin1Char(' ') + approved.error().detail));
    QVERIFY(approved->carriedOut);
    QCOMPARE(approved->state, ApprovalState::Done);
    QVERIFY(approved->refund.has_value());
    QCOMPARE(approved->refund->amount, Money(4000, QStringLiteral("EUR")));
    QCOMPARE(approved->refund->method, MoneyBack::Cash);
    QVERIFY(approved->refund->moneyReturned);
    QCOMPARE(approved->refund->units.size(), 1);
    QCOMPARE(refundsOf(request.order), 4000);
    QCOMPARE(orderState(request.order), QStringLiteral("PAID")); // one seat is left
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT decided_by FROM approval_requests WHERE id = :id"),
                          {{QStringLiteral("id"), request.id}})
                 .toString(),
             m_managerLogin);

    // Approving again (a double click, a second manager) does nothing more.
    const auto again = m_manager->services().approvals->approve(request.id);
    QVERIFY(again.ok());
    QVERIFY(!again->carriedOut);
    QCOMPARE(again->state, ApprovalState::Done);
    QCOMPARE(refundsOf(request.order), 4000);
    QVERIFY(m_manager->services().approvals->pending()->isEmpty());
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestApprovals::aDeclinedRequestMovesNothing()
{
    const CounterSale sale = sell(QStringLiteral("appr-2"), {m_units.at(3)});
    const auto filed = m_clerk->services().approvals->requestRefund(sale.order.id, {}, QStringLiteral("changed mind"),
                                                                    QStringLiteral("desk 1"));
    QVERIFY(filed.ok());
    const auto declined = m_manager->services().approvals->decline(filed.value());
    QVERIFY(declined.ok());
    QCOMPARE(declined->state, ApprovalState::Declined);
    QVERIFY(!declined->carriedOut);
    const auto late = m_manager->services().approvals->approve(filed.value());
    QVERIFY(late.ok());
    QVERIFY(!late->carriedOut);
    QCOMPARE(late->state, ApprovalState::Declined);
    QCOMPARE(orderState(sale.order.id), QStringLiteral("PAID"));
    QCOMPARE(refundsOf(sale.order.id), 0);
}

void TestApprovals::oneWaitingRequestPerOrder()
{
    const CounterSale sale = sell(QStringLiteral("appr-3"), {m_units.at(4)});
    QVERIFY(m_clerk->services().approvals->requestRefund(sale.order.id, {}, QStringLiteral("ill"), {}).ok());
    const auto twice = m_clerk->services().approvals->requestRefund(sale.order.id, {}, QStringLiteral("ill"), {});
    QVERIFY(!twice.ok());
    QCOMPARE(twice.error().code, ErrorCode::Conflict);
    // An approval that cannot be carried out (the order was refunded meanwhile) leaves it waiting.
    QVERIFY(m_manager->services().refunds->refund(sale.order.id, {}, QStringLiteral("refunded directly")).ok());
    const auto pending = m_manager->services().approvals->pending();
    QVERIFY(pending.ok());
    QCOMPARE(pending->size(), 1);
    const auto failed = m_manager->services().approvals->approve(pending->first().id);
    QVERIFY(!failed.ok());
    QCOMPARE(failed.error().code, ErrorCode::Conflict);
    QCOMPARE(m_manager->services().approvals->pending()->size(), 1);
    QVERIFY(m_manager->services().approvals->decline(pending->first().id).ok());
}

void TestApprovals::anExchangeWaitsForItsManagerToo()
{
    const CounterSale sale = sell(QStringLiteral("appr-4"), {m_units.at(5)});
    QVERIFY(m_holds
                ->hold(HoldRequest{
                    m_hall.eventId, QStringLiteral("appr-4-new"), {m_units.at(6), m_units.at(7)}, std::nullopt})
                .ok());
    ExchangeRequest exchange;
    exchange.order = sale.order.id;
    exchange.giveBack = {OrderItemRef{ItemKind::Seat, m_units.at(5)}};
    exchange.cart = QStringLiteral("appr-4-new");
    exchange.seen = m_sales->quote(exchange.cart).value();
    exchange.payment.method = PaymentMethod::Card;
    exchange.payment.cardReference = QStringLiteral("TRM-4410");
    exchange.reason = QStringLiteral("a friend comes along");
    QCOMPARE(m_clerk->services().exchanges->exchange(exchange).error().code, ErrorCode::PermissionDenied);
    const auto filed = m_clerk->services().approvals->requestExchange(exchange, QStringLiteral("desk 2"));
    QVERIFY2(filed.ok(), filed.ok() ? "" : qPrintable(filed.error().message));
    const auto approved = m_manager->services().approvals->approve(filed.value());
    QVERIFY2(approved.ok(),
             approved.ok() ? "" : qPrintable(approved.error().message + QLatin1Char(' ') + approved.error().detail));
    QVERIFY(approved->carriedOut);
    QVERIFY(approved->exchange.has_value());
    QCOMPARE(approved->exchange->charged.minor(), 4000);
    QCOMPARE(approved->exchange->chargeReference, QStringLiteral("TRM-4410"));
    QCOMPARE(approved->exchange->tickets.size(), 2);
    QCOMPARE(orderState(sale.order.id), QStringLiteral("REFUNDED"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT request_id FROM order_exchanges WHERE from_order = :o"),
                          {{QStringLiteral("o"), sale.order.id}})
                 .toLongLong(),
             filed.value());
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

qint64 TestApprovals::openTill(const QString &terminal)
{
    if (!PgTillStore::setTerminal(m_clerk->connection->database(), terminal).ok())
        return 0;
    QSqlQuery open(m_clerk->connection->database());
    if (!open.exec(QStringLiteral("SELECT shift_id FROM boxoffice_open_shift(10000, 'EUR')")) || !open.next())
        return 0;
    return open.value(0).toLongLong();
}

bool TestApprovals::closeTill(qint64 shift)
{
    QSqlQuery close(m_clerk->connection->database());
    return close.exec(QStringLiteral("SELECT boxoffice_close_shift(%1, 0, 'test over')").arg(shift));
}

QVariant TestApprovals::refundColumn(OrderId order, const char *column) const
{
    return m_db->scalar(QStringLiteral("SELECT %1 FROM refunds WHERE order_id = :o").arg(QLatin1String(column)),
                        {{QStringLiteral("o"), order}});
}

// The clerk files the refund at counter 3 with their till open; a manager approves from the back office.
// The cash leaves the clerk's drawer, so it belongs to the clerk's till at counter 3, not to the
// manager's terminal (where no till is open) and not outside every till.
void TestApprovals::approvedMoneyPassesTheRequestingClerksTill()
{
    const qint64 shift = openTill(QStringLiteral("Counter 3"));
    QVERIFY(shift > 0);
    QVERIFY(PgTillStore::setTerminal(m_manager->connection->database(), QStringLiteral("Back office")).ok());
    const CounterSale sale = sell(QStringLiteral("appr-till"), {m_units.at(15)});
    QVERIFY(sale.order.id > 0);
    const auto filed = m_clerk->services().approvals->requestRefund(sale.order.id, {}, QStringLiteral("cannot come"),
                                                                    QStringLiteral("Counter 3"));
    QVERIFY(filed.ok());
    const auto approved = m_manager->services().approvals->approve(filed.value());
    QVERIFY2(approved.ok(), approved.ok() ? "" : qPrintable(approved.error().message));
    QVERIFY(approved->carriedOut);
    QCOMPARE(refundColumn(sale.order.id, "terminal").toString(), QStringLiteral("Counter 3"));
    QCOMPARE(refundColumn(sale.order.id, "shift_id").toLongLong(), shift);
    QCOMPARE(refundColumn(sale.order.id, "created_by").toString(), m_managerLogin); // who decided stays on record
    // The request's terminal and clerk held for that transaction only: the manager's desk is its own again.
    QSqlQuery after(m_manager->connection->database());
    QVERIFY(after.exec(QStringLiteral("SELECT boxoffice_terminal(), boxoffice_till_owner()")) && after.next());
    QCOMPARE(after.value(0).toString(), QStringLiteral("Back office"));
    QCOMPARE(after.value(1).toString(), m_managerLogin);
    QVERIFY(closeTill(shift));
}

// A manager typing their password at the clerk's desk: the refund runs on the manager's own connection,
// which names this desk's terminal and the signed-in clerk, so the cash comes out of the clerk's till.
void TestApprovals::aManagerOnTheSpotHandsBackFromTheClerksTill()
{
    const QString terminal = DeskWindow::terminalName();
    const qint64 shift = openTill(terminal);
    QVERIFY(shift > 0);
    const CounterSale sale = sell(QStringLiteral("appr-spot"), {m_units.at(16)});
    QVERIFY(sale.order.id > 0);
    ConnectionSettings desk = m_db->settings();
    desk.user = m_clerkLogin;
    auto manager = ManagerConnection::open(desk, m_managerLogin, QStringLiteral("approval-pass-1234"));
    QVERIFY2(manager.ok(), manager.ok() ? "" : qPrintable(manager.error().message));
    const auto refunded = manager.value()->services().refunds->refund(sale.order.id, {}, QStringLiteral("wrong day"));
    QVERIFY2(refunded.ok(), refunded.ok() ? "" : qPrintable(refunded.error().message));
    QCOMPARE(refundColumn(sale.order.id, "terminal").toString(), terminal.trimmed().left(64));
    QCOMPARE(refundColumn(sale.order.id, "shift_id").toLongLong(), shift);
    QVERIFY(closeTill(shift));
}

// Naming someone else's till is a manager's act only: a clerk who sets boxoffice.on_behalf_of still
// books into their own till.
void TestApprovals::aClerkCannotBookMoneyIntoAnotherTill()
{
    QSqlQuery query(m_clerk->connection->database());
    QVERIFY(query.exec(QStringLiteral("SELECT set_config('boxoffice.on_behalf_of', '%1', false)").arg(m_managerLogin)));
    QVERIFY(query.exec(QStringLiteral("SELECT boxoffice_till_owner()")) && query.next());
    QCOMPARE(query.value(0).toString(), m_clerkLogin);
}

QTEST_GUILESS_MAIN(TestApprovals)
#include "tst_approvals.moc"
