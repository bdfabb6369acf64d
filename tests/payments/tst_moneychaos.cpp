// A seeded chaos run over the money and the inventory: worker threads (each with its own connection,
// stores and provider client) and boxoffice-ctl processes hold every shape, check out with every kind
// of provider trouble, click twice, give carts back mid-checkout, get killed at saga steps, refund,
// move and walk stays, while webhooks arrive duplicated, late and out of order. Then everything
// settles and the books must balance: the audit, the provider's own charge list against the payments,
// money per order against what it delivered, no order charged twice, no unit sold twice.
//
//   tst_moneychaos [--seed N] [--ops N] [--workers N] [QtTest options]
//   (or BOXOFFICE_CHAOS_SEED / BOXOFFICE_CHAOS_OPS / BOXOFFICE_CHAOS_WORKERS)
//
// The same seed replays the same mix of operations and choices; thread timing is the machine's, so
// the interleaving (and with it what the database answers) differs from run to run.

#include "chaos/chaosoptions.h"
#include "chaos/chaosstats.h"
#include "chaos/chaosverdict.h"
#include "chaos/chaosworker.h"
#include "chaos/chaosworld.h"
#include "fakepayprocess.h"
#include "testdatabase.h"

#include "storage/staffadmin.h"

#include <QtTest>

#include <thread>

using namespace boxoffice;
using namespace boxoffice::test;

class TestMoneyChaos : public QObject
{
    Q_OBJECT

public:
    explicit TestMoneyChaos(const ChaosOptions &options) : m_options(options) { }

private slots:
    void initTestCase();
    void cleanupTestCase();
    void chaosKeepsTheBooksBalanced();

private:
    QString replay() const;
    void runWorkers();

    const ChaosOptions m_options;
    ChaosStats m_stats;
    std::unique_ptr<TestDatabase> m_db;
    ChaosWorld m_world;
    std::unique_ptr<WebhookThread> m_webhooks;
    std::unique_ptr<FakePayProcess> m_fakepay;
};

QString TestMoneyChaos::replay() const
{
    return QStringLiteral("seed %1, %2 operations, %3 workers (replay: --seed %1 --ops %2 --workers %3)")
        .arg(m_options.seed)
        .arg(m_options.ops)
        .arg(m_options.workers);
}

void TestMoneyChaos::initTestCase()
{
    qInfo().noquote() << "moneychaos:" << replay();
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest (BOXOFFICE_CTL names boxoffice-ctl)");
    m_world.ctlProgram = qEnvironmentVariable("BOXOFFICE_CTL");
    m_db = std::make_unique<TestDatabase>(QStringLiteral("moneychaos"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const QString loaded = m_world.load(*m_db);
    QVERIFY2(loaded.isEmpty(), qPrintable(loaded));

    // A real clerk login for the refusals (logins are server-wide: a name of this run's own).
    m_world.clerkLogin = QStringLiteral("chaos_clerk_%1").arg(QCoreApplication::applicationPid());
    m_world.clerkPassword = QStringLiteral("chaos-clerk-password");
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_world.clerkLogin, m_world.clerkPassword, StaffRole::Clerk).ok());

    m_webhooks = std::make_unique<WebhookThread>(m_world, m_stats);
    QString error;
    const QString receiver = m_webhooks->startListening(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_fakepay = std::make_unique<FakePayProcess>();
    const QString failure
        = m_fakepay->start(QString::fromUtf8(BOXOFFICE_FAKEPAY), QString::fromUtf8(ChaosWorld::apiKey), receiver,
                           QString::fromUtf8(ChaosWorld::webhookSecret));
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    m_world.fakepay = m_fakepay.get();
    m_world.providerUrl = m_fakepay->baseUrl();
}

void TestMoneyChaos::cleanupTestCase()
{
    if (m_webhooks) {
        m_webhooks->quit();
        m_webhooks->wait(30000);
    }
    m_fakepay.reset();
    m_webhooks.reset();
    if (m_db && !m_world.clerkLogin.isEmpty())
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_world.clerkLogin)); // letters, digits, _ only
}

void TestMoneyChaos::runWorkers()
{
    ChaosProgress progress(m_stats, m_options.ops);
    std::vector<std::unique_ptr<ChaosWorker>> workers;
    for (int i = 0; i < m_options.workers; ++i) {
        const int quota = m_options.ops / m_options.workers + (i < m_options.ops % m_options.workers ? 1 : 0);
        workers.push_back(std::make_unique<ChaosWorker>(m_world, m_stats, progress, i, m_options.seed, quota));
    }
    std::vector<std::thread> threads;
    for (auto &worker : workers)
        threads.emplace_back([&worker] { worker->run(); });
    for (std::thread &thread : threads)
        thread.join();
}

void TestMoneyChaos::chaosKeepsTheBooksBalanced()
{
    QElapsedTimer clock;
    clock.start();
    runWorkers();
    const qint64 chaosMs = clock.elapsed();

    ChaosVerdict verdict(m_world, m_db->database(), m_stats);
    const QStringList unsettled = verdict.settle();
    const QString audit = m_db->auditFailure();
    const QStringList broken = verdict.check();

    qInfo().noquote() << QStringLiteral("moneychaos: %1; chaos %2 s, settled and checked after %3 s")
                             .arg(replay())
                             .arg(chaosMs / 1000.0, 0, 'f', 1)
                             .arg(clock.elapsed() / 1000.0, 0, 'f', 1);
    for (const QString &line : m_stats.summaryLines() + verdict.summary())
        qInfo().noquote() << line;
    qInfo().noquote() << "audit:" << (audit.isEmpty() ? QStringLiteral("passed") : audit);

    QStringList problems = m_stats.failureLines() + unsettled + broken;
    if (!audit.isEmpty())
        problems << QStringLiteral("audit: ") + audit;
    for (const QString &problem : std::as_const(problems))
        qWarning().noquote() << QStringLiteral("moneychaos (seed %1):").arg(m_options.seed) << problem;
    QVERIFY2(
        problems.isEmpty(),
        qPrintable(
            QStringLiteral("%1 problem(s) with %2; first: %3").arg(problems.size()).arg(replay(), problems.value(0))));
}

int main(int argc, char *argv[])
{
    QString error;
    // Before the application sees argv, so QtTest never meets an option it does not know.
    const std::optional<ChaosOptions> options = ChaosOptions::take(argc, argv, &error);
    if (!options) {
        std::fprintf(stderr, "tst_moneychaos: %s\n", qPrintable(error));
        return 2;
    }
    // QtTest stops a test function after five minutes unless told otherwise; a long run needs longer
    // (each operation is bounded by its own timeouts, so this is a ceiling, not an estimate).
    if (!qEnvironmentVariableIsSet("QTEST_FUNCTION_TIMEOUT"))
        qputenv("QTEST_FUNCTION_TIMEOUT", QByteArray::number(qMax(qint64(900000), qint64(options->ops) * 200)));
    QCoreApplication app(argc, argv);
    // The product warns about every timeout, 500 and refused release, which chaos makes by the
    // thousand; what matters is collected with its operation. BOXOFFICE_CHAOS_VERBOSE=1 shows it all.
    if (qEnvironmentVariableIsEmpty("BOXOFFICE_CHAOS_VERBOSE"))
        QLoggingCategory::setFilterRules(QStringLiteral("boxoffice.payments.warning=false\n"
                                                        "boxoffice.storage.warning=false"));
    TestMoneyChaos test(*options);
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_moneychaos.moc"
