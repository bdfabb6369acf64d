#include "storage/databaseconnection.h"

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
    QStringList options{QStringLiteral("connect_timeout=10")};
    // The program's own name ("boxoffice-ctl", "boxoffice-web"): the audit trail records it as the
    // channel of every change, next to the signed-in user.
    const QString program = QFileInfo(QCoreApplication::applicationFilePath()).fileName();
    const QString application = program.isEmpty() ? QStringLiteral("boxoffice") : program;
    options << QStringLiteral("application_name=%1").arg(application);
    if (!settings.options.isEmpty())
        options << settings.options;
    database.setConnectOptions(options.join(QLatin1Char(';')));

    if (!database.open()) {
        DomainError error
            = fromSqlError(database.lastError(), QStringLiteral("connecting to %1").arg(settings.describe()));
        database = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
        return error;
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
    QSqlQuery query(database);
    if (!query.exec(sql))
        return fromSqlError(query.lastError(), context);
    return Done{};
}

} // namespace boxoffice
