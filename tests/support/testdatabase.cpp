#include "testdatabase.h"

#include "storage/inventoryauditor.h"
#include "storage/migrator.h"
#include "storage/privatecluster.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSqlError>
#include <QTest>

namespace boxoffice::test {

Result<ConnectionSettings> TestDatabase::clusterSettings(const QString &database)
{
    const QString directory = qEnvironmentVariable("BOXOFFICE_TEST_CLUSTER_DIR");
    if (directory.isEmpty())
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("BOXOFFICE_TEST_CLUSTER_DIR is not set: run the suites through ctest, which "
                                        "starts the test cluster."));
    return PrivateCluster({directory}).connectionSettings(database);
}

TestDatabase::TestDatabase(const QString &suite)
{
    m_name = QStringLiteral("t_%1_%2")
                 .arg(suite.toLower().remove(QRegularExpression(QStringLiteral("[^a-z0-9_]"))))
                 .arg(QCoreApplication::applicationPid());
    auto admin = clusterSettings(QStringLiteral("postgres"));
    if (!admin) {
        m_failure = admin.error().message;
        return;
    }
    {
        auto connection = DatabaseConnection::open(admin.value(), QStringLiteral("test-admin"));
        if (!connection) {
            m_failure = connection.error().message + QLatin1Char(' ') + connection.error().detail;
            return;
        }
        // Database names cannot be bound; this one is built from [a-z0-9_] only.
        QSqlQuery query(connection.value()->database());
        query.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name));
        if (!query.exec(QStringLiteral("CREATE DATABASE %1").arg(m_name))) {
            m_failure = query.lastError().text();
            return;
        }
    }
    m_settings = admin.value();
    m_settings.database = m_name;
    auto connection = DatabaseConnection::open(m_settings, QStringLiteral("test-main"));
    if (!connection) {
        m_failure = connection.error().message;
        return;
    }
    m_connection = std::move(connection.value());
    auto migrated = Migrator(m_connection->database()).migrate();
    if (!migrated) {
        m_failure = migrated.error().message + QLatin1Char(' ') + migrated.error().detail;
        return;
    }
    m_ok = true;
}

TestDatabase::TestDatabase(const ConnectionSettings &existing) : m_settings(existing), m_owned(false)
{
    if (!reconnect())
        return;
    auto migrated = Migrator(m_connection->database()).migrate();
    if (!migrated) {
        m_failure = migrated.error().message + QLatin1Char(' ') + migrated.error().detail;
        return;
    }
    m_ok = true;
}

bool TestDatabase::reconnect()
{
    m_connection.reset();
    auto connection = DatabaseConnection::open(m_settings, QStringLiteral("test-main"));
    if (!connection) {
        m_failure = connection.error().message;
        return false;
    }
    m_connection = std::move(connection.value());
    return true;
}

TestDatabase::~TestDatabase()
{
    m_connection.reset();
    if (!m_owned)
        return;
    auto admin = clusterSettings(QStringLiteral("postgres"));
    if (!admin || m_name.isEmpty())
        return;
    auto connection = DatabaseConnection::open(admin.value(), QStringLiteral("test-admin"));
    if (connection) {
        QSqlQuery query(connection.value()->database());
        query.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name));
    }
}

std::unique_ptr<DatabaseConnection> TestDatabase::connect(const QString &purpose) const
{
    // A crowd suite opens hundreds of connections at once while other suites load the same two cores
    // (CI once saw 12 of 300 give up after connect_timeout): a connection that could not be made in
    // time is tried again, since the suites test what the sessions do, not the speed of fork().
    constexpr int attempts = 3;
    for (int attempt = 1;; ++attempt) {
        auto connection = DatabaseConnection::open(m_settings, purpose);
        if (connection)
            return std::move(connection.value());
        if (attempt == attempts || connection.error().code != ErrorCode::Unavailable) {
            qWarning("test connection failed: %s", qPrintable(connection.error().message));
            return nullptr;
        }
        qInfo("test connection %d of %d failed, trying again: %s", attempt, attempts,
              qPrintable(connection.error().message));
    }
}

VenueSpec TestDatabase::hallSpec(const QString &name, int rows, int seatsPerRow, int holdSeconds, int maxExtensions,
                                 qint64 priceMinor)
{
    VenueSpec spec;
    spec.name = name;
    spec.currency = QStringLiteral("EUR");
    spec.bands << PriceBandSpec{QStringLiteral("S"), QStringLiteral("Standard"), Money(priceMinor, spec.currency)};
    SectionSpec section;
    section.code = QStringLiteral("A");
    section.name = QStringLiteral("Hall");
    section.rows = rows;
    section.seatsPerRow = seatsPerRow;
    section.bands << RowBandSpec{1, rows, QStringLiteral("S")};
    spec.sections << section;
    spec.event.name = name + QStringLiteral(" night");
    spec.event.holdSeconds = holdSeconds;
    spec.event.maxExtensions = maxExtensions;
    return spec;
}

LoadedVenue TestDatabase::loadHall(const QString &name, int rows, int seatsPerRow, int holdSeconds, int maxExtensions,
                                   qint64 priceMinor)
{
    auto loaded
        = VenueLoader(database()).load(hallSpec(name, rows, seatsPerRow, holdSeconds, maxExtensions, priceMinor));
    if (!loaded) {
        qWarning("loading hall failed: %s %s", qPrintable(loaded.error().message), qPrintable(loaded.error().detail));
        return {};
    }
    return loaded.value();
}

QVector<UnitId> TestDatabase::units(EventId event) const
{
    QSqlQuery query(database());
    query.prepare(QStringLiteral("SELECT s.id FROM event_seats s JOIN seats st ON st.id = s.seat_id "
                                 "WHERE s.event_id = :event ORDER BY st.row_number, st.seat_number"));
    query.bindValue(QStringLiteral(":event"), event);
    QVector<UnitId> units;
    if (!query.exec())
        qWarning("units query failed: %s", qPrintable(query.lastError().text()));
    while (query.next())
        units << query.value(0).toLongLong();
    return units;
}

namespace {

// QPSQL prepares on the server, and PostgreSQL cannot PREPARE DDL: statements without bindings run as
// they are.
bool run(QSqlQuery &query, const QString &sql, const QVariantMap &bindings)
{
    if (bindings.isEmpty())
        return query.exec(sql);
    query.prepare(sql);
    for (auto it = bindings.begin(); it != bindings.end(); ++it)
        query.bindValue(QLatin1Char(':') + it.key(), it.value());
    return query.exec();
}

} // namespace

QVariant TestDatabase::scalar(const QString &sql, const QVariantMap &bindings) const
{
    QSqlQuery query(database());
    if (!run(query, sql, bindings) || !query.next()) {
        qWarning("scalar query failed: %s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
        return {};
    }
    return query.value(0);
}

bool TestDatabase::exec(const QString &sql, const QVariantMap &bindings, QString *error) const
{
    QSqlQuery query(database());
    const bool ok = run(query, sql, bindings);
    if (!ok && error)
        *error = query.lastError().nativeErrorCode() + QLatin1Char(' ') + query.lastError().databaseText();
    return ok;
}

QString TestDatabase::auditFailure() const
{
    const auto report = InventoryAuditor(database()).run();
    if (!report)
        return report.error().message + QLatin1Char(' ') + report.error().detail;
    if (report->ok())
        return {};
    const AuditFinding &finding = report->findings.first();
    return finding.check + QStringLiteral(": ") + finding.examples.join(QStringLiteral(", "));
}

bool TestDatabase::backdateHolds(const QString &table, const QString &cart, int seconds) const
{
    // Table names cannot be bound; these four are the only ones accepted.
    static const QHash<QString, QString> expiryColumn{
        {QStringLiteral("event_seats"), QStringLiteral("hold_expires_at")},
        {QStringLiteral("ga_holds"), QStringLiteral("expires_at")},
        {QStringLiteral("stays"), QStringLiteral("expires_at")},
        {QStringLiteral("slot_bookings"), QStringLiteral("expires_at")}};
    const QString column = expiryColumn.value(table);
    if (column.isEmpty())
        return false;
    return exec(QStringLiteral("UPDATE %1 SET held_since = held_since - make_interval(secs => :s), "
                               "%2 = %2 - make_interval(secs => :s2) WHERE cart_id = :cart AND state = 'HELD'")
                    .arg(table, column),
                {{QStringLiteral("s"), seconds}, {QStringLiteral("s2"), seconds}, {QStringLiteral("cart"), cart}});
}

QProcessEnvironment clientEnvironment(const ConnectionSettings &target)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("PGHOST"), target.host);
    environment.insert(QStringLiteral("PGPORT"), QString::number(target.port));
    environment.insert(QStringLiteral("PGUSER"), target.user);
    environment.insert(QStringLiteral("PGPASSWORD"), target.password);
    environment.insert(QStringLiteral("PGDATABASE"), target.database);
    return environment;
}

} // namespace boxoffice::test
