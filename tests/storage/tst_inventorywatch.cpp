// The live-update channel: claims never NOTIFY, one watcher relays the audit trail as notifications,
// another takes over when it goes, and a watcher whose connection dies says so and comes back.

#include "domain/seatholdservice.h"
#include "storage/pginventorywatch.h"
#include "storage/pgseatstore.h"
#include "testdatabase.h"

#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

// Counts a watch's signals in the test's thread (the watch lives in its own).
struct WatchCounter : QObject
{
    explicit WatchCounter(InventoryWatch *watch)
    {
        connect(
            watch, &InventoryWatch::inventoryChanged, this, [this] { ++changed; }, Qt::QueuedConnection);
        connect(
            watch, &InventoryWatch::connectionLost, this, [this] { ++lost; }, Qt::QueuedConnection);
        connect(
            watch, &InventoryWatch::connectionRestored, this, [this] { ++restored; }, Qt::QueuedConnection);
    }
    int changed = 0;
    int lost = 0;
    int restored = 0;
};

// Only notifications can bring "changed" in these tests: the fallback tick is ten minutes away.
InventoryWatchTiming notificationsOnly()
{
    InventoryWatchTiming timing;
    timing.relayMs = 100;
    timing.fallbackMs = 600000;
    timing.leadRetryMs = 200;
    timing.reconnectMs = 200;
    return timing;
}

} // namespace

class TestInventoryWatch : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void aHoldElsewhereArrivesAsANotification();
    void anotherWatcherTakesOverTheRelay();

private:
    bool holdFromElsewhere(int seat);
    int relayHolders() const;

    std::unique_ptr<TestDatabase> m_db;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
};

void TestInventoryWatch::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("inventorywatch"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Watch Hall"), 2, 10);
    m_units = m_db->units(m_hall.eventId);
}

bool TestInventoryWatch::holdFromElsewhere(int seat)
{
    auto other = m_db->connect(QStringLiteral("elsewhere"));
    PgSeatStore store(other->database());
    HoldRequest request;
    request.event = m_hall.eventId;
    request.cart = QStringLiteral("elsewhere-%1").arg(seat);
    request.units = {m_units.at(seat)};
    return store.hold(request).ok();
}

int TestInventoryWatch::relayHolders() const
{
    return m_db
        ->scalar(QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                                "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"))
        .toInt();
}

void TestInventoryWatch::aHoldElsewhereArrivesAsANotification()
{
    InventoryWatchThread watch(m_db->settings(), notificationsOnly());
    WatchCounter counter(watch.watch());
    watch.start();
    // The relay announces where the trail stands as soon as it leads.
    QTRY_VERIFY_WITH_TIMEOUT(counter.changed > 0, 10000);
    QCOMPARE(relayHolders(), 1);
    QTest::qWait(300);
    counter.changed = 0;
    QVERIFY(holdFromElsewhere(0));
    QTRY_VERIFY_WITH_TIMEOUT(counter.changed > 0, 10000);
    // Nothing more happens while nothing changes.
    const int after = counter.changed;
    QTest::qWait(500);
    QCOMPARE(counter.changed, after);
    QCOMPARE(counter.lost, 0);
}

void TestInventoryWatch::anotherWatcherTakesOverTheRelay()
{
    InventoryWatchThread first(m_db->settings(), notificationsOnly());
    InventoryWatchThread second(m_db->settings(), notificationsOnly());
    WatchCounter one(first.watch());
    WatchCounter two(second.watch());
    first.start();
    second.start();
    QTRY_VERIFY_WITH_TIMEOUT(one.changed > 0 && two.changed > 0, 10000);
    QCOMPARE(relayHolders(), 1); // one relay for any number of terminals

    // The relaying terminal's connection dies (a crash, a cable, a server-side kill).
    QVERIFY(m_db->exec(
        QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                       "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")));
    QTRY_VERIFY_WITH_TIMEOUT(one.lost + two.lost == 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(one.restored + two.restored == 1, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(relayHolders(), 1, 10000);

    QTest::qWait(300);
    one.changed = 0;
    two.changed = 0;
    QVERIFY(holdFromElsewhere(1));
    QTRY_VERIFY_WITH_TIMEOUT(one.changed > 0 && two.changed > 0, 10000);
}

QTEST_MAIN(TestInventoryWatch)
#include "tst_inventorywatch.moc"
