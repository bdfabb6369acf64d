// The unit of work on PostgreSQL: store methods that guard their own transactions join an outer unit
// instead of committing half of it, an inner unit is a savepoint, and nothing is visible to another
// connection before the outermost commit.

#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "storage/pginventory.h"
#include "storage/pgunitofwork.h"
#include "storage/transactionguard.h"
#include "testdatabase.h"

#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestUnitOfWork : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void outerFailureUndoesWhatEveryStoreWrote();
    void innerFailureUndoesOnlyTheInnerPart();
    void innerSqlErrorLeavesTheOuterUnitUsable();
    void nothingIsVisibleBeforeTheOutermostCommit();
    void resultsPassThroughAndDepthReturnsToZero();

private:
    Status holdSeat(const QString &cart, int index);
    Result<PoolHold> holdPlaces(const QString &cart, int quantity);
    QString seatState(int index) const;
    int placesHeldBy(const QString &cart) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgUnitOfWork> m_unit;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    PoolId m_pool = 0;
};

void TestUnitOfWork::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("unitofwork"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Unit Hall"), 2, 5);
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), 10);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_unit = std::make_unique<PgUnitOfWork>(m_db->database());
    // Split over rows and claimed pessimistically: the pool store guards a transaction of its own.
    auto pool = PoolService(m_inventory->pools)
                    .createPool({m_hall.eventId, QStringLiteral("FLOOR"), QStringLiteral("Floor"), 40,
                                 Money(2000, QStringLiteral("EUR")), 4, ClaimStrategy::Pessimistic});
    QVERIFY2(pool.ok(), pool ? "" : qPrintable(pool.error().message));
    m_pool = pool->id;
}

void TestUnitOfWork::init()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                      "hold_expires_at = NULL, order_id = NULL, extensions_used = 0")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM ga_holds")));
    QCOMPARE(TransactionGuard::depth(m_db->database()), 0);
}

Status TestUnitOfWork::holdSeat(const QString &cart, int index)
{
    HoldRequest request;
    request.event = m_hall.eventId;
    request.cart = cart;
    request.units = {m_units.at(index)};
    auto held = SeatHoldService(m_inventory->seats).hold(request);
    if (!held)
        return held.error();
    return Done{};
}

Result<PoolHold> TestUnitOfWork::holdPlaces(const QString &cart, int quantity)
{
    PoolHoldRequest request;
    request.pool = m_pool;
    request.cart = cart;
    request.quantity = quantity;
    return PoolService(m_inventory->pools).hold(request);
}

QString TestUnitOfWork::seatState(int index) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :id"),
                 {{QStringLiteral("id"), m_units.at(index)}})
        .toString();
}

int TestUnitOfWork::placesHeldBy(const QString &cart) const
{
    return m_db
        ->scalar(
            QStringLiteral("SELECT coalesce(sum(quantity), 0) FROM ga_holds WHERE cart_id = :cart AND state = 'HELD'"),
            {{QStringLiteral("cart"), cart}})
        .toInt();
}

void TestUnitOfWork::outerFailureUndoesWhatEveryStoreWrote()
{
    const QString cart = QStringLiteral("uow-outer-fail");
    const Status outcome = m_unit->run(QStringLiteral("testing"), [&]() -> Status {
        if (auto held = holdSeat(cart, 0); !held)
            return held;
        if (auto places = holdPlaces(cart, 6); !places)
            return places.error();
        // Both stores wrote, the pool store inside a transaction guard of its own: neither committed.
        return makeError(ErrorCode::Conflict, QStringLiteral("the use-case changed its mind"));
    });
    QVERIFY(!outcome);
    QCOMPARE(outcome.error().code, ErrorCode::Conflict);
    QCOMPARE(seatState(0), QStringLiteral("AVAILABLE"));
    QCOMPARE(placesHeldBy(cart), 0);
    QCOMPARE(TransactionGuard::depth(m_db->database()), 0);
}

void TestUnitOfWork::innerFailureUndoesOnlyTheInnerPart()
{
    const QString cart = QStringLiteral("uow-inner-fail");
    const Status outcome = m_unit->run(QStringLiteral("testing"), [&]() -> Status {
        if (auto held = holdSeat(cart, 1); !held)
            return held;
        const Status inner = m_unit->run(QStringLiteral("testing inside"), [&]() -> Status {
            if (auto places = holdPlaces(cart, 5); !places)
                return places.error();
            if (auto held = holdSeat(cart, 2); !held)
                return held;
            return makeError(ErrorCode::LimitReached, QStringLiteral("over the cap"));
        });
        if (inner || inner.error().code != ErrorCode::LimitReached)
            return makeError(ErrorCode::Internal, QStringLiteral("the inner unit did not fail as it should"));
        return Done{}; // the outer use-case carries on without the inner part
    });
    QVERIFY2(outcome.ok(), outcome ? "" : qPrintable(outcome.error().message));
    QCOMPARE(seatState(1), QStringLiteral("HELD"));
    QCOMPARE(seatState(2), QStringLiteral("AVAILABLE"));
    QCOMPARE(placesHeldBy(cart), 0);
    QCOMPARE(TransactionGuard::depth(m_db->database()), 0);
}

void TestUnitOfWork::innerSqlErrorLeavesTheOuterUnitUsable()
{
    const QString cart = QStringLiteral("uow-sql-error");
    const Status outcome = m_unit->run(QStringLiteral("testing"), [&]() -> Status {
        const Status broken = m_unit->run(QStringLiteral("a statement the database refuses"), [&]() -> Status {
            return execStatement(m_db->database(), QStringLiteral("SELECT 1 / 0"), QStringLiteral("dividing by zero"));
        });
        if (broken)
            return makeError(ErrorCode::Internal, QStringLiteral("division by zero succeeded"));
        // Without the savepoint the transaction would now refuse everything (25P02).
        return holdSeat(cart, 3);
    });
    QVERIFY2(outcome.ok(), outcome ? "" : qPrintable(outcome.error().message));
    QCOMPARE(seatState(3), QStringLiteral("HELD"));
}

void TestUnitOfWork::nothingIsVisibleBeforeTheOutermostCommit()
{
    const QString cart = QStringLiteral("uow-visibility");
    auto other = m_db->connect(QStringLiteral("onlooker"));
    QVERIFY(other);
    auto stateSeenByOther = [&] {
        QSqlQuery query(other->database());
        query.prepare(QStringLiteral("SELECT state FROM event_seats WHERE id = :id"));
        query.bindValue(QStringLiteral(":id"), m_units.at(4));
        return query.exec() && query.next() ? query.value(0).toString() : QString();
    };
    QString seenInside;
    const Status outcome = m_unit->run(QStringLiteral("testing"), [&]() -> Status {
        const Status inner = m_unit->run(QStringLiteral("testing inside"), [&] { return holdSeat(cart, 4); });
        if (!inner)
            return inner;
        seenInside = stateSeenByOther(); // the inner unit "committed": only its savepoint was released
        return Done{};
    });
    QVERIFY(outcome.ok());
    QCOMPARE(seenInside, QStringLiteral("AVAILABLE"));
    QCOMPARE(stateSeenByOther(), QStringLiteral("HELD"));
}

void TestUnitOfWork::resultsPassThroughAndDepthReturnsToZero()
{
    const QString cart = QStringLiteral("uow-result");
    auto places = m_unit->run(QStringLiteral("testing"), [&]() -> Result<PoolHold> {
        if (TransactionGuard::depth(m_db->database()) != 1)
            return makeError(ErrorCode::Internal, QStringLiteral("the unit is not a transaction"));
        return holdPlaces(cart, 3);
    });
    QVERIFY2(places.ok(), places ? "" : qPrintable(places.error().message));
    QCOMPARE(places->quantity, 3);
    QCOMPARE(placesHeldBy(cart), 3);
    QCOMPARE(TransactionGuard::depth(m_db->database()), 0);
}

QTEST_GUILESS_MAIN(TestUnitOfWork)
#include "tst_unitofwork.moc"
