// The door against PostgreSQL, scanned by a real clerk login: the first scan admits and the second
// says when and at which gate; a refunded ticket (by a manager, through the refund path) never admits,
// and a refund after the admission shows at the next scan; sixteen gates scanning one ticket at the
// same moment admit it once; clerks record and read admissions but cannot change them.

#include "domain/countersale.h"
#include "domain/door.h"
#include "domain/poolservice.h"
#include "domain/refundservice.h"
#include "domain/seatholdservice.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgcountersales.h"
#include "storage/pgdoorstore.h"
#include "storage/pginventory.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QCoreApplication>
#include <QSemaphore>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace boxoffice;
using namespace boxoffice::test;

class TestDoor : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void firstScanAdmitsSecondSaysWhenAndWhere();
    void aLookRecordsNothing();
    void aCodeNeverIssuedIsUnknown();
    void aRefundedTicketNeverAdmits();
    void aRefundAfterAdmissionShowsAtTheNextScan();
    void sixteenGatesAtOnceAdmitOnce();
    void clerksCannotChangeAnAdmission();
    void aStandingPlaceIsAdmittedOnceAndOnlyAtItsEvent();

private:
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;
    // Sold at the counter over a fresh cart: one ticket per unit, in unit order.
    QVector<Ticket> sell(const QVector<UnitId> &units);
    // `quantity` standing places of `pool` sold at the counter over a fresh cart.
    QVector<Ticket> sellPlaces(PoolId pool, int quantity);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgCounterSales> m_counter;
    std::unique_ptr<DatabaseConnection> m_clerkConnection;
    std::unique_ptr<PgDoorStore> m_store;
    std::unique_ptr<DoorService> m_door;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    QString m_clerk;
    QString m_manager;
    const QString m_password = QStringLiteral("door-pass-1234");
    int m_carts = 0;
};

void TestDoor::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("door"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Door Hall"), 2, 10, 600, 1, 4500);
    m_units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_counter = std::make_unique<PgCounterSales>(m_db->database(), m_inventory->carts);
    // Logins are server-wide: unique names per run, dropped again at the end.
    m_clerk = QStringLiteral("doorclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("doormanager_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    m_clerkConnection = signIn(m_clerk);
    QVERIFY(m_clerkConnection);
    m_store = std::make_unique<PgDoorStore>(m_clerkConnection->database());
    m_door = std::make_unique<DoorService>(*m_store);
}

void TestDoor::cleanupTestCase()
{
    m_door.reset();
    m_store.reset();
    m_clerkConnection.reset();
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<DatabaseConnection> TestDoor::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, QStringLiteral("door"));
    if (!connection)
        qWarning("sign-in failed: %s", qPrintable(connection.error().message));
    return connection ? std::move(connection.value()) : nullptr;
}

QVector<Ticket> TestDoor::sell(const QVector<UnitId> &units)
{
    const CartId cart = QStringLiteral("door-%1").arg(++m_carts);
    if (!SeatHoldService(m_inventory->seats).hold(HoldRequest{m_hall.eventId, cart, units, std::nullopt}))
        return {};
    CounterSaleService sales(*m_counter);
    const auto quote = sales.quote(cart);
    if (!quote)
        return {};
    CounterPayment cash;
    cash.tendered = Money(quote->total.minor(), quote->currency);
    const auto sale = sales.sell(cart, cash, quote.value());
    return sale ? sale->tickets : QVector<Ticket>{};
}

QVector<Ticket> TestDoor::sellPlaces(PoolId pool, int quantity)
{
    const CartId cart = QStringLiteral("door-%1").arg(++m_carts);
    if (!PoolService(m_inventory->pools).hold({pool, cart, quantity, {}}))
        return {};
    CounterSaleService sales(*m_counter);
    const auto quote = sales.quote(cart);
    if (!quote)
        return {};
    CounterPayment cash;
    cash.tendered = Money(quote->total.minor(), quote->currency);
    const auto sale = sales.sell(cart, cash, quote.value());
    return sale ? sale->tickets : QVector<Ticket>{};
}

void TestDoor::firstScanAdmitsSecondSaysWhenAndWhere()
{
    const QVector<Ticket> tickets = sell({m_units.at(0)});
    QCOMPARE(tickets.size(), 1);
    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-5);
    const auto first = m_door->admit(ticketQrPayload(tickets.first()), QStringLiteral("Gate 2"));
    QVERIFY2(first.ok(), first.ok() ? "" : qPrintable(first.error().message));
    QCOMPARE(first->outcome, DoorOutcome::Admitted);
    QCOMPARE(first->ticket.seatLabel, QStringLiteral("A-1-1"));
    QCOMPARE(first->admission.gate, QStringLiteral("Gate 2"));
    QCOMPARE(first->admission.by, m_clerk);
    QVERIFY(first->admission.terminal.contains(QLatin1Char('@')));
    QVERIFY(first->admission.at >= before && first->admission.at <= QDateTime::currentDateTimeUtc().addSecs(5));

    // Typed by hand at another gate a moment later: refused, with the first gate and time.
    const auto second = m_door->admit(tickets.first().code.toUpper(), QStringLiteral("Gate 5"));
    QVERIFY(second.ok());
    QCOMPARE(second->outcome, DoorOutcome::AlreadyAdmitted);
    QCOMPARE(second->admission.gate, QStringLiteral("Gate 2"));
    QCOMPARE(second->admission.at, first->admission.at);
    const QString said = DoorRules::summary(second.value(), QDateTime::currentDateTime());
    QVERIFY2(said.contains(QStringLiteral("already admitted at %1, gate Gate 2")
                               .arg(first->admission.at.toLocalTime().toString(QStringLiteral("HH:mm")))),
             qPrintable(said));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM admissions WHERE ticket_code = CAST(:c AS uuid)"),
                          {{QStringLiteral("c"), tickets.first().code}})
                 .toInt(),
             1);
}

void TestDoor::aLookRecordsNothing()
{
    const QVector<Ticket> tickets = sell({m_units.at(1)});
    QCOMPARE(tickets.size(), 1);
    const auto look = m_door->check(ticketQrPayload(tickets.first()));
    QVERIFY(look.ok());
    QCOMPARE(look->outcome, DoorOutcome::Valid);
    QVERIFY(look->admission.isNull());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM admissions WHERE ticket_code = CAST(:c AS uuid)"),
                          {{QStringLiteral("c"), tickets.first().code}})
                 .toInt(),
             0);
    QCOMPARE(m_door->admit(tickets.first().code, QStringLiteral("1"))->outcome, DoorOutcome::Admitted);
    QCOMPARE(m_door->check(tickets.first().code)->outcome, DoorOutcome::AlreadyAdmitted);
}

void TestDoor::aCodeNeverIssuedIsUnknown()
{
    const auto scan = m_door->admit(QStringLiteral("00000000-0000-4000-8000-000000000000"), QStringLiteral("1"));
    QVERIFY(scan.ok());
    QCOMPARE(scan->outcome, DoorOutcome::Unknown);
    QCOMPARE(m_door->admit(QStringLiteral("BOXOFFICE-TICKET:nonsense"), QStringLiteral("1")).error().code,
             ErrorCode::BadInput);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM admissions WHERE ticket_code = "
                                         "'00000000-0000-4000-8000-000000000000'"))
                 .toInt(),
             0);
}

void TestDoor::aRefundedTicketNeverAdmits()
{
    const QVector<Ticket> tickets = sell({m_units.at(2), m_units.at(3)});
    QCOMPARE(tickets.size(), 2);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    PgInventory managerInventory(manager->database());
    PgCheckoutStore checkout(manager->database(), managerInventory.carts);
    // One seat of the two given back: its ticket is refunded, the other still admits.
    const auto refund = RefundService(checkout, nullptr)
                            .refund(tickets.first().order, {OrderItemRef{ItemKind::Seat, m_units.at(2)}},
                                    QStringLiteral("buyer cannot come"));
    QVERIFY2(refund.ok(), refund.ok() ? "" : qPrintable(refund.error().message));

    const auto refused = m_door->admit(ticketQrPayload(tickets.first()), QStringLiteral("Gate 1"));
    QVERIFY(refused.ok());
    QCOMPARE(refused->outcome, DoorOutcome::NotValid);
    QCOMPARE(refused->refusal, DoorRefusal::Refunded);
    QVERIFY(refused->admission.isNull());
    QCOMPARE(m_door->admit(ticketQrPayload(tickets.first()), QStringLiteral("Gate 1"))->outcome,
             DoorOutcome::NotValid); // and again: a refusal records nothing
    QCOMPARE(m_door->admit(ticketQrPayload(tickets.last()), QStringLiteral("Gate 1"))->outcome, DoorOutcome::Admitted);

    // The seat sold again to someone else: the old paper still never admits, the new one does.
    const QVector<Ticket> resold = sell({m_units.at(2)});
    QCOMPARE(resold.size(), 1);
    QCOMPARE(m_door->admit(ticketQrPayload(tickets.first()), QStringLiteral("Gate 1"))->outcome, DoorOutcome::NotValid);
    QCOMPARE(m_door->admit(ticketQrPayload(resold.first()), QStringLiteral("Gate 1"))->outcome, DoorOutcome::Admitted);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM admissions WHERE ticket_code = CAST(:c AS uuid)"),
                          {{QStringLiteral("c"), tickets.first().code}})
                 .toInt(),
             0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestDoor::aRefundAfterAdmissionShowsAtTheNextScan()
{
    const QVector<Ticket> tickets = sell({m_units.at(4)});
    QCOMPARE(tickets.size(), 1);
    QCOMPARE(m_door->admit(tickets.first().code, QStringLiteral("Gate 3"))->outcome, DoorOutcome::Admitted);
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    PgInventory managerInventory(manager->database());
    PgCheckoutStore checkout(manager->database(), managerInventory.carts);
    QVERIFY(RefundService(checkout, nullptr).refund(tickets.first().order, {}, QStringLiteral("left early")).ok());

    const auto scan = m_door->admit(tickets.first().code, QStringLiteral("Gate 3"));
    QVERIFY(scan.ok());
    QCOMPARE(scan->outcome, DoorOutcome::NotValid);
    QCOMPARE(scan->refusal, DoorRefusal::Refunded);
    QCOMPARE(scan->admission.gate, QStringLiteral("Gate 3")); // the admission stays on record
    QVERIFY(DoorRules::summary(scan.value(), QDateTime::currentDateTime())
                .startsWith(QStringLiteral("NOT VALID (refunded (it was already admitted at ")));
}

void TestDoor::sixteenGatesAtOnceAdmitOnce()
{
    constexpr int gates = 16;
    for (int round = 0; round < 3; ++round) {
        const QVector<Ticket> tickets = sell({m_units.at(10 + round)});
        QCOMPARE(tickets.size(), 1);
        const QString code = ticketQrPayload(tickets.first());
        std::atomic<int> admitted{0};
        std::atomic<int> already{0};
        std::atomic<int> failed{0};
        QSemaphore ready;
        QSemaphore go;
        QVector<QString> seenGates(gates);
        QVector<QThread *> threads;
        for (int i = 0; i < gates; ++i) {
            threads << QThread::create([&, i] {
                auto connection = signIn(m_clerk);
                ready.release();
                go.acquire();
                if (!connection) {
                    ++failed;
                    return;
                }
                PgDoorStore store(connection->database());
                const auto scan = DoorService(store).admit(code, QStringLiteral("Gate %1").arg(i));
                if (!scan) {
                    qWarning("gate %d: %s", i, qPrintable(scan.error().message));
                    ++failed;
                } else if (scan->outcome == DoorOutcome::Admitted) {
                    ++admitted;
                    seenGates[i] = scan->admission.gate;
                } else if (scan->outcome == DoorOutcome::AlreadyAdmitted) {
                    ++already;
                    seenGates[i] = scan->admission.gate;
                } else {
                    ++failed;
                }
            });
        }
        for (QThread *thread : threads)
            thread->start();
        ready.acquire(gates); // every gate signed in, then all scan together
        go.release(gates);
        for (QThread *thread : threads) {
            thread->wait();
            delete thread;
        }
        QCOMPARE(failed.load(), 0);
        QCOMPARE(admitted.load(), 1);
        QCOMPARE(already.load(), gates - 1);
        // Every loser was told the winner's gate, not its own.
        const QString winner
            = m_db->scalar(QStringLiteral("SELECT gate FROM admissions WHERE ticket_code = CAST(:c AS uuid)"),
                           {{QStringLiteral("c"), tickets.first().code}})
                  .toString();
        QVERIFY(!winner.isEmpty());
        for (const QString &gate : seenGates)
            QCOMPARE(gate, winner);
    }
}

void TestDoor::clerksCannotChangeAnAdmission()
{
    const QVector<Ticket> tickets = sell({m_units.at(5)});
    QCOMPARE(tickets.size(), 1);
    QCOMPARE(m_door->admit(tickets.first().code, QStringLiteral("Gate 4"))->outcome, DoorOutcome::Admitted);
    const auto sqlState = [this](const QString &sql) {
        QSqlQuery query(m_clerkConnection->database());
        return query.exec(sql) ? QStringLiteral("ok") : query.lastError().nativeErrorCode();
    };
    QCOMPARE(sqlState(QStringLiteral("UPDATE admissions SET gate = 'Gate 9'")), QStringLiteral("42501"));
    QCOMPARE(sqlState(QStringLiteral("DELETE FROM admissions")), QStringLiteral("42501"));
    QCOMPARE(sqlState(QStringLiteral("SELECT count(*) FROM admissions")), QStringLiteral("ok"));
    // A gate the rules refuse is refused by the table too, whoever writes it.
    QCOMPARE(sqlState(QStringLiteral("INSERT INTO admissions (ticket_code, gate) VALUES ('%1', E'Gate\\n4')")
                          .arg(tickets.first().code)),
             QStringLiteral("23514"));
}

// A standing place's ticket (migration 047) at the door: once, at its own event; a second scan says
// when and where, and the door of another event refuses it without recording anything. Each place of
// a line is a ticket of its own.
void TestDoor::aStandingPlaceIsAdmittedOnceAndOnlyAtItsEvent()
{
    PoolSpec spec;
    spec.event = m_hall.eventId;
    spec.code = QStringLiteral("FLOOR");
    spec.name = QStringLiteral("Floor");
    spec.capacity = 20;
    spec.price = Money(2000, QStringLiteral("EUR"));
    const auto pool = PoolService(m_inventory->pools).createPool(spec);
    QVERIFY2(pool.ok(), pool.ok() ? "" : qPrintable(pool.error().message));
    const LoadedVenue other = m_db->loadHall(QStringLiteral("Other Hall"), 1, 5, 600, 1, 3000);

    const QVector<Ticket> tickets = sellPlaces(pool->id, 2);
    QCOMPARE(tickets.size(), 2);
    QVERIFY(tickets.at(0).isStandingPlace() && tickets.at(1).isStandingPlace());
    QVERIFY(tickets.at(0).code != tickets.at(1).code);
    const QString first = ticketQrPayload(tickets.at(0));
    const auto admissions = [this](const Ticket &ticket) {
        return m_db
            ->scalar(QStringLiteral("SELECT count(*) FROM admissions WHERE ticket_code = CAST(:c AS uuid)"),
                     {{QStringLiteral("c"), ticket.code}})
            .toInt();
    };

    const auto elsewhere = m_door->admit(first, QStringLiteral("Gate 1"), other.eventId);
    QVERIFY2(elsewhere.ok(), elsewhere.ok() ? "" : qPrintable(elsewhere.error().message));
    QCOMPARE(elsewhere->outcome, DoorOutcome::NotValid);
    QCOMPARE(elsewhere->refusal, DoorRefusal::OtherEvent);
    QCOMPARE(admissions(tickets.at(0)), 0);

    const auto admitted = m_door->admit(first, QStringLiteral("Gate 1"), m_hall.eventId);
    QVERIFY2(admitted.ok(), admitted.ok() ? "" : qPrintable(admitted.error().message));
    QCOMPARE(admitted->outcome, DoorOutcome::Admitted);
    QCOMPARE(admitted->ticket.sectionName, QStringLiteral("Floor"));
    QCOMPARE(admitted->ticket.event, m_hall.eventId);
    const QString said = DoorRules::summary(admitted.value(), QDateTime::currentDateTime());
    QVERIFY2(said.contains(QStringLiteral("Standing \u2014 Floor")), qPrintable(said));

    const auto again = m_door->admit(first, QStringLiteral("Gate 3"));
    QVERIFY(again.ok());
    QCOMPARE(again->outcome, DoorOutcome::AlreadyAdmitted);
    QCOMPARE(again->admission.gate, QStringLiteral("Gate 1"));
    const auto laterElsewhere = m_door->admit(first, QStringLiteral("Gate 1"), other.eventId);
    QVERIFY(laterElsewhere.ok());
    QCOMPARE(laterElsewhere->outcome, DoorOutcome::NotValid);
    QCOMPARE(laterElsewhere->refusal, DoorRefusal::OtherEvent);
    QCOMPARE(admissions(tickets.at(0)), 1);

    // The other place of the line admits on its own.
    QCOMPARE(m_door->admit(ticketQrPayload(tickets.at(1)), QStringLiteral("Gate 1"))->outcome, DoorOutcome::Admitted);
    QCOMPARE(admissions(tickets.at(1)), 1);
}

QTEST_GUILESS_MAIN(TestDoor)
#include "tst_door.moc"
