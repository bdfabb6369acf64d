// How a window calls its session's database thread: the answer comes back as a return value, the
// window's thread keeps running its event loop meanwhile, and a connection refuses statements from a
// thread that did not open it.

#include "testdatabase.h"

#include "sessionthread.h"
#include "storage/preparedstatements.h"
#include "ui/common/databasecalls.h"

#include <QSignalSpy>
#include <QThread>
#include <QTimer>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestDatabaseCalls : public QObject
{
    Q_OBJECT

private slots:
    void aCallRunsOnTheDatabaseThreadAndAnswers();
    void aHandleWithoutThreadRunsInPlace();
    void callsRunInTheOrderMade();
    void theCallersTimersRunWhileItWaits();
    void aLongWaitIsAnnouncedAndEnded();
    void aCallFromTheDatabaseThreadItselfRunsInPlace();
    void aTimerThatCallsMeanwhileIsAnsweredToo();
    void anotherThreadJustWaitsForTheAnswer();
    void aConnectionRefusesAnotherThread();
};

void TestDatabaseCalls::aCallRunsOnTheDatabaseThreadAndAnswers()
{
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("calls test"));
    const DatabaseCalls calls = callsOn(thread);
    QVERIFY(calls.isThreaded());
    QThread *caller = QThread::currentThread();
    const Result<int> answer = calls([&]() -> Result<int> {
        if (QThread::currentThread() == caller)
            return makeError(ErrorCode::Internal, QStringLiteral("ran on the caller's thread"));
        return 42;
    });
    QVERIFY2(answer.ok(), answer.ok() ? "" : qPrintable(answer.error().message));
    QCOMPARE(answer.value(), 42);
    bool ranThere = false;
    calls([&] { ranThere = thread->isCurrent(); }); // a call with no answer waits too
    QVERIFY(ranThere);
}

void TestDatabaseCalls::aHandleWithoutThreadRunsInPlace()
{
    const DatabaseCalls inPlace;
    QVERIFY(!inPlace.isThreaded());
    QThread *caller = QThread::currentThread();
    QCOMPARE(inPlace([&] { return QThread::currentThread() == caller; }), true);
}

void TestDatabaseCalls::callsRunInTheOrderMade()
{
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("calls test"));
    const DatabaseCalls calls = callsOn(thread);
    QVector<int> seen;
    for (int i = 0; i < 20; ++i)
        calls([&, i] { seen << i; });
    QVector<int> expected;
    for (int i = 0; i < 20; ++i)
        expected << i;
    QCOMPARE(seen, expected);
}

void TestDatabaseCalls::theCallersTimersRunWhileItWaits()
{
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("calls test"));
    const DatabaseCalls calls = callsOn(thread);
    int ticks = 0;
    QTimer timer;
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] { ++ticks; });
    timer.start();
    // A call that takes 600 ms on the server's side. A caller blocked in it would see one late tick.
    calls([] { QThread::msleep(600); });
    QVERIFY2(ticks >= 5, qPrintable(QStringLiteral("%1 ticks").arg(ticks)));
}

void TestDatabaseCalls::aLongWaitIsAnnouncedAndEnded()
{
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("calls test"));
    const DatabaseCalls calls = callsOn(thread);
    DatabaseWaits &waits = DatabaseWaits::instance();
    QSignalSpy started(&waits, &DatabaseWaits::longWaitStarted);
    QSignalSpy still(&waits, &DatabaseWaits::stillWaiting);
    QSignalSpy ended(&waits, &DatabaseWaits::waitEnded);
    QSignalSpy idle(&waits, &DatabaseWaits::idle);
    bool waitingDuringCall = false;
    QTimer::singleShot(50, this, [&] { waitingDuringCall = waits.waiting(); });
    calls([] { QThread::msleep(900); });
    QVERIFY(waitingDuringCall);
    QVERIFY(!waits.waiting());
    QCOMPARE(started.count(), 1);
    QVERIFY(still.count() >= 1);
    QVERIFY(still.last().at(0).toInt() >= DatabaseWaits::showAfterMs);
    QCOMPARE(ended.count(), 1);
    QCOMPARE(idle.count(), 1);
    // Every call, long or short, ends with idle: what waited for the window to be free runs then.
    calls([] {});
    QCOMPARE(idle.count(), 2);
    QVERIFY(!waits.waiting());
}

void TestDatabaseCalls::aCallFromTheDatabaseThreadItselfRunsInPlace()
{
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("calls test"));
    const DatabaseCalls calls = callsOn(thread);
    // A use-case on the database thread that goes through the same handle must not wait for itself.
    const int inner = calls([&] { return calls([] { return 7; }) + 1; });
    QCOMPARE(inner, 8);
}

void TestDatabaseCalls::aTimerThatCallsMeanwhileIsAnsweredToo()
{
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("calls test"));
    const DatabaseCalls calls = callsOn(thread);
    QStringList order;
    QTimer::singleShot(100, this, [&] {
        // Made while the first call is out: it queues behind it on the one connection.
        order << calls([] { return QStringLiteral("timer's call"); });
    });
    order << calls([] {
        QThread::msleep(500);
        return QStringLiteral("first call");
    });
    // The timer's call was answered inside the first one's wait, after the first finished on the
    // database thread: both answers are in, neither was lost.
    QCOMPARE(order.size(), 2);
    QVERIFY(order.contains(QStringLiteral("timer's call")));
    QVERIFY(order.contains(QStringLiteral("first call")));
}

void TestDatabaseCalls::anotherThreadJustWaitsForTheAnswer()
{
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("calls test"));
    const DatabaseCalls calls = callsOn(thread);
    QSignalSpy idle(&DatabaseWaits::instance(), &DatabaseWaits::idle);
    QCOMPARE(DatabaseWaits::instance().thread(), QThread::currentThread()); // the application's thread
    // A worker is not the window: it blocks until the answer is in, and the window's waiting sign and
    // counters are left alone.
    int answer = 0;
    bool sawWaiting = false;
    std::unique_ptr<QThread> worker(QThread::create([&] {
        answer = calls([] {
            QThread::msleep(100);
            return 5;
        });
        sawWaiting = DatabaseWaits::instance().waiting();
    }));
    worker->start();
    QVERIFY(worker->wait(10000));
    QCOMPARE(answer, 5);
    QVERIFY(!sawWaiting);
    QCoreApplication::processEvents();
    QCOMPARE(idle.count(), 0);
}

void TestDatabaseCalls::aConnectionRefusesAnotherThread()
{
    TestDatabase db(QStringLiteral("databasecalls"));
    QVERIFY2(db.ok(), qPrintable(db.failure()));
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("calls test"));
    const DatabaseCalls calls = callsOn(thread);
    std::unique_ptr<DatabaseConnection> connection;
    QVERIFY(calls([&] {
        connection = db.connect(QStringLiteral("owned elsewhere"));
        return bool(connection);
    }));
    static constexpr char select[] = "SELECT 1";
    std::unique_ptr<PreparedStatements> statements;
    calls([&] { statements = std::make_unique<PreparedStatements>(connection->database()); });

    // From the thread that opened it: answered.
    QVERIFY(calls([&] { return statements->exec(select, QStringLiteral("test"), {}).ok(); }));
    // From this one: refused before anything reaches the server.
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("database call on the wrong thread")));
    const auto refused = statements->exec(select, QStringLiteral("reading from the wrong thread"), {});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::Internal);
    calls([&] {
        statements.reset();
        connection.reset();
    });
}

QTEST_MAIN(TestDatabaseCalls)
#include "tst_databasecalls.moc"
