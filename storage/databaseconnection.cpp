#include "storage/databaseconnection.h"

#include "storage/connectionthread.h"
#include "storage/logging.h"
#include "storage/sqlerrors.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSqlQuery>

#include <atomic>

namespace boxoffice {

namespace {

QString uniqueConnectionName(const QString &purpose)
{
    static std::atomic<quint64> counter{0};
    return QStringLiteral("boxoffice-%1-%2").arg(purpose).arg(++counter);
}

// Session settings, not startup options: a connection pooler in front of the server passes a SET
// through but may refuse the "options" startup parameter.
Status applySessionLimits(QSqlDatabase database, const ConnectionLimits &limits)
{
    const std::pair<const char *, int> settings[]
        = {{"statement_timeout", limits.statementTimeoutMs}, {"lock_timeout", limits.lockTimeoutMs}};
    for (const auto &[name, milliseconds] : settings) {
        if (milliseconds <= 0)
            continue;
        QSqlQuery query(database);
        query.prepare(QStringLiteral("SELECT set_config(:name, :value, false)"));
        query.bindValue(QStringLiteral(":name"), QString::fromLatin1(name));
        query.bindValue(QStringLiteral(":value"), QString::number(milliseconds));
        if (!query.exec())
            return fromSqlError(query.lastError(), QStringLiteral("setting the connection's time limits"));
    }
    return Done{};
}

} // namespace

Result<std::unique_ptr<DatabaseConnection>> DatabaseConnection::open(const ConnectionSettings &settings,
                                                                     const QString &purpose)
{
    const QString name = uniqueConnectionName(purpose);
    QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    if (!database.isValid()) {
        QSqlDatabase::removeDatabase(name);
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("The PostgreSQL driver for Qt is missing (install libqt6sql6-psql)."));
    }
    database.setHostName(settings.host);
    if (settings.port > 0)
        database.setPort(settings.port);
    database.setDatabaseName(settings.database);
    database.setUserName(settings.user);
    database.setPassword(settings.password);
    QStringList options;
    if (const QString keywords = settings.connectOptions(); !keywords.isEmpty())
        options << keywords;
    // The program's own name ("boxoffice-ctl", "boxoffice-web"): the audit trail records it as the
    // channel of every change, next to the signed-in user.
    const QString program = QFileInfo(QCoreApplication::applicationFilePath()).fileName();
    const QString application = program.isEmpty() ? QStringLiteral("boxoffice") : program;
    options << QStringLiteral("application_name=%1").arg(application);
    database.setConnectOptions(options.join(QLatin1Char(';')));

    if (!database.open()) {
        DomainError error
            = fromSqlError(database.lastError(), QStringLiteral("connecting to %1").arg(settings.describe()));
        database = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
        return error;
    }
    if (auto limited = applySessionLimits(database, settings.limits); !limited) {
        database.close();
        database = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
        return limited.error();
    }
    return std::unique_ptr<DatabaseConnection>(new DatabaseConnection(database, settings));
}

DatabaseConnection::DatabaseConnection(QSqlDatabase database, ConnectionSettings settings)
    : m_database(std::move(database)), m_settings(std::move(settings))
{ }

DatabaseConnection::~DatabaseConnection()
{
    const QString name = m_database.connectionName();
    m_database.close();
    m_database = QSqlDatabase();
    QSqlDatabase::removeDatabase(name);
}

Status execStatement(QSqlDatabase database, const QString &sql, const QString &context)
{
    if (auto status = checkConnectionThread(database, context); !status)
        return status;
    QSqlQuery query(database);
    if (!query.exec(sql))
        return fromSqlError(query.lastError(), context);
    return Done{};
}

} // namespace boxoffice
