#include "databaselink.h"

namespace boxoffice {

namespace {
const QString theDatabase = QStringLiteral("the database");
} // namespace

DatabaseConnection *DatabaseLink::get()
{
    if (m_connection)
        return m_connection.get();
    if (!m_backoff.due())
        return nullptr;
    auto opened = DatabaseConnection::open(m_settings, QString(m_role).replace(QLatin1Char(' '), QLatin1Char('-')));
    if (!opened) {
        m_backoff.failed(theDatabase, opened.error().message);
        return nullptr;
    }
    m_connection = std::move(opened).value();
    m_backoff.succeeded(theDatabase);
    return m_connection.get();
}

void DatabaseLink::drop(const DomainError &error)
{
    m_connection.reset();
    m_backoff.failed(theDatabase, error.message);
}

} // namespace boxoffice
