// The product's private database: created on first use, socket-only, password-protected, reused on a
// second start and stopped on request. Runs real initdb/pg_ctl in a scratch folder.

#include "storage/databaseconnection.h"
#include "storage/databaselocator.h"
#include "storage/privatecluster.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace boxoffice;

class TestPrivateCluster : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void firstStartCreatesASocketOnlyPasswordCluster();
    void secondStartReusesTheRunningServer();
    void wrongPasswordIsRefused();
    void stopAndStartAgain();
    void locatorUsesThePrivateClusterWhenNothingIsConfigured();
    void twoProgramsStartingAtOnceShareOneCluster();
    void aFolderRunsOnlyUnderTheVersionThatMadeIt();

private:
    static QVariant scalar(const ConnectionSettings &settings, const QString &sql);

    QTemporaryDir m_scratch{QStringLiteral("/tmp/boxoffice-cluster-test-XXXXXX")};
    std::unique_ptr<PrivateCluster> m_cluster;
    QVariant m_startTime;
};

void TestPrivateCluster::aFolderRunsOnlyUnderTheVersionThatMadeIt()
{
    // The running cluster's folder names its own version, and that one is what runs it.
    QFile own(m_scratch.path() + QStringLiteral("/pg/pg/data/PG_VERSION"));
    QVERIFY(own.open(QIODevice::ReadOnly));
    const QString made = QString::fromLatin1(own.readAll()).trimmed();
    QVERIFY(scalar(m_cluster->connectionSettings().value(), QStringLiteral("SHOW server_version"))
                .toString()
                .startsWith(made));

    // A folder made by a PostgreSQL that is not installed is refused with what to install, not handed
    // to whichever server happens to be newest.
    QTemporaryDir foreign(QStringLiteral("/tmp/boxoffice-cluster-test-XXXXXX"));
    const QString folder = foreign.path() + QStringLiteral("/pg");
    QVERIFY(QDir().mkpath(folder + QStringLiteral("/pg/data")));
    QFile version(folder + QStringLiteral("/pg/data/PG_VERSION"));
    QVERIFY(version.open(QIODevice::WriteOnly));
    version.write("99\n");
    version.close();
    QFile credentials(folder + QStringLiteral("/credentials.ini"));
    QVERIFY(credentials.open(QIODevice::WriteOnly));
    credentials.write("[General]\nuser=boxoffice\npassword=x\nsocket=/nonexistent\n");
    credentials.close();
    const auto started = PrivateCluster({folder}).start();
    QVERIFY(!started.ok());
    QVERIFY2(started.error().message.contains(QStringLiteral("PostgreSQL 99")), qPrintable(started.error().message));
    QVERIFY2(started.error().message.contains(QStringLiteral("postgresql-99")), qPrintable(started.error().message));
}

QVariant TestPrivateCluster::scalar(const ConnectionSettings &settings, const QString &sql)
{
    auto connection = DatabaseConnection::open(settings, QStringLiteral("cluster-test"));
    if (!connection)
        return QStringLiteral("connect failed: ") + connection.error().message;
    QSqlQuery query(connection.value()->database());
    if (!query.exec(sql) || !query.next())
        return {};
    return query.value(0);
}

void TestPrivateCluster::initTestCase()
{
    QVERIFY(m_scratch.isValid());
    m_cluster
        = std::make_unique<PrivateCluster>(PrivateClusterOptions{m_scratch.path() + QStringLiteral("/pg"), 20, false});
}

void TestPrivateCluster::cleanupTestCase()
{
    if (m_cluster)
        QVERIFY(m_cluster->destroy().ok());
}

void TestPrivateCluster::firstStartCreatesASocketOnlyPasswordCluster()
{
    QVERIFY(!m_cluster->exists());
    const auto settings = m_cluster->start();
    QVERIFY2(settings.ok(), settings.ok() ? "" : qPrintable(settings.error().message));
    QVERIFY(m_cluster->exists());
    QVERIFY(settings->host.startsWith(m_scratch.path()));
    QCOMPARE(settings->database, PrivateCluster::databaseName());

    QCOMPARE(scalar(settings.value(), QStringLiteral("SHOW listen_addresses")).toString(), QString()); // no TCP at all
    QCOMPARE(
        scalar(settings.value(), QStringLiteral("SELECT string_agg(DISTINCT auth_method, ',') FROM pg_hba_file_rules"))
            .toString(),
        QStringLiteral("scram-sha-256"));
    QCOMPARE(scalar(settings.value(), QStringLiteral("SELECT current_database()")).toString(),
             QStringLiteral("boxoffice"));

    const QFileInfo credentials(m_scratch.path() + QStringLiteral("/pg/credentials.ini"));
    QVERIFY(credentials.exists());
    QCOMPARE(credentials.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
             QFile::Permissions());
    m_startTime = scalar(settings.value(), QStringLiteral("SELECT pg_postmaster_start_time()::text"));
    QVERIFY(!m_startTime.toString().isEmpty());
}

void TestPrivateCluster::secondStartReusesTheRunningServer()
{
    const auto settings = m_cluster->start();
    QVERIFY(settings.ok());
    QCOMPARE(scalar(settings.value(), QStringLiteral("SELECT pg_postmaster_start_time()::text")), m_startTime);
}

void TestPrivateCluster::wrongPasswordIsRefused()
{
    auto settings = m_cluster->connectionSettings();
    QVERIFY(settings.ok());
    ConnectionSettings wrong = settings.value();
    wrong.password = QStringLiteral("not-the-password");
    const auto connection = DatabaseConnection::open(wrong, QStringLiteral("cluster-test"));
    QVERIFY(!connection.ok());
    QCOMPARE(connection.error().code, ErrorCode::PermissionDenied);
    QVERIFY(!connection.error().message.contains(QStringLiteral("not-the-password")));
}

void TestPrivateCluster::stopAndStartAgain()
{
    QVERIFY(m_cluster->stop().ok());
    QCOMPARE(m_cluster->isRunning().value(), false);
    QVERIFY(m_cluster->stop().ok()); // stopping a stopped cluster is fine
    const auto settings = m_cluster->start();
    QVERIFY(settings.ok());
    QCOMPARE(m_cluster->isRunning().value(), true);
    QVERIFY(scalar(settings.value(), QStringLiteral("SELECT pg_postmaster_start_time()::text")) != m_startTime);
}

void TestPrivateCluster::locatorUsesThePrivateClusterWhenNothingIsConfigured()
{
    const QString dataHome = m_scratch.path() + QStringLiteral("/xdg");
    qputenv("XDG_DATA_HOME", dataHome.toLocal8Bit());
    for (const char *name : {"PGHOST", "PGHOSTADDR", "PGDATABASE", "PGUSER", "PGSERVICE", "PGPORT"})
        qunsetenv(name);
    QCoreApplication::setOrganizationName(QStringLiteral("bt"));
    QCoreApplication::setApplicationName(QStringLiteral("ct"));

    const auto choice = locateDatabase(QString());
    QVERIFY2(choice.ok(), choice.ok() ? "" : qPrintable(choice.error().message));
    QVERIFY(choice->privateCluster);
    QVERIFY2(choice->settings.host.startsWith(dataHome), qPrintable(choice->settings.host));
    QVERIFY(PrivateCluster({PrivateCluster::defaultDirectory()}).destroy().ok());

    // --db wins over everything and starts nothing.
    const auto explicitChoice = locateDatabase(QStringLiteral("postgresql://u@example.invalid/x"));
    QVERIFY(explicitChoice.ok());
    QVERIFY(!explicitChoice->privateCluster);
    QCOMPARE(explicitChoice->source, QStringLiteral("--db"));
}

void TestPrivateCluster::twoProgramsStartingAtOnceShareOneCluster()
{
    const PrivateClusterOptions options{m_scratch.path() + QStringLiteral("/race"), 20, false};
    Result<ConnectionSettings> first = makeError(ErrorCode::Internal, QString());
    Result<ConnectionSettings> second = makeError(ErrorCode::Internal, QString());
    QThread *other = QThread::create([&] { second = PrivateCluster(options).start(); });
    other->start();
    first = PrivateCluster(options).start();
    other->wait();
    delete other;
    QVERIFY2(first.ok(), first.ok() ? "" : qPrintable(first.error().message));
    QVERIFY2(second.ok(), second.ok() ? "" : qPrintable(second.error().message));
    QCOMPARE(first->password, second->password);
    QCOMPARE(scalar(first.value(), QStringLiteral("SELECT 1")).toInt(), 1);
    QVERIFY(PrivateCluster(options).destroy().ok());
}

QTEST_GUILESS_MAIN(TestPrivateCluster)
#include "tst_privatecluster.moc"
