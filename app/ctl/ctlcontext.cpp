#include "ctlcontext.h"

#include "jsonformat.h"
#include "terminalprogress.h"

#include <QJsonDocument>
#include <QTextStream>

namespace boxoffice::ctl {

int exitCodeFor(const DomainError &error)
{
    switch (error.code) {
    case ErrorCode::Lost:
        return ExitLost;
    case ErrorCode::BadInput:
    case ErrorCode::NotFound:
        return ExitBadInput;
    default:
        return ExitFailure;
    }
}

CtlContext::CtlContext(const QCommandLineParser &parser) : m_parser(parser) { }

bool CtlContext::json() const
{
    return m_parser.isSet(QStringLiteral("json"));
}

Result<std::unique_ptr<DatabaseConnection>> CtlContext::connect(bool migrate)
{
    const bool quiet = json();
    auto choice = locateDatabase(m_parser.value(QStringLiteral("db")), [quiet](const QString &message) {
        if (!quiet)
            TerminalProgress::note(message);
    });
    if (!choice)
        return choice.error();
    m_privateCluster = choice->privateCluster;
    auto connection = DatabaseConnection::open(choice->settings, QStringLiteral("ctl"));
    if (!connection)
        return connection.error();
    if (auto schema = prepareSchema(choice.value(), connection.value()->database(), migrate,
                                    [quiet](const QString &message) {
                                        if (!quiet)
                                            TerminalProgress::note(message);
                                    });
        !schema)
        return schema.error();
    return connection;
}

int CtlContext::succeed(const QJsonObject &json, const QString &text) const
{
    QTextStream out(stdout);
    if (this->json())
        out << QJsonDocument(json).toJson(QJsonDocument::Compact) << '\n';
    else if (!text.isEmpty())
        out << text << (text.endsWith(QLatin1Char('\n')) ? "" : "\n");
    return ExitDone;
}

int CtlContext::fail(const DomainError &error) const
{
    return fail(error, {});
}

int CtlContext::fail(const DomainError &error, const QJsonObject &extra) const
{
    if (json()) {
        QJsonObject object = errorToJson(error);
        for (auto it = extra.begin(); it != extra.end(); ++it)
            object.insert(it.key(), it.value());
        QTextStream(stdout) << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
    } else {
        QTextStream(stderr) << "boxoffice-ctl: " << error.message << '\n';
    }
    return exitCodeFor(error);
}

int CtlContext::failUsage(const QString &message) const
{
    return fail(makeError(ErrorCode::BadInput, message));
}

Result<qint64> CtlContext::requireId(const QString &option) const
{
    if (!m_parser.isSet(option))
        return makeError(ErrorCode::BadInput, QStringLiteral("--%1 is required.").arg(option));
    bool ok = false;
    const qint64 id = m_parser.value(option).toLongLong(&ok);
    if (!ok || id <= 0)
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("--%1 must be a positive number, not \"%2\".").arg(option, m_parser.value(option)));
    return id;
}

Result<QString> CtlContext::requireText(const QString &option) const
{
    const QString value = m_parser.value(option).trimmed();
    if (!m_parser.isSet(option) || value.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("--%1 is required.").arg(option));
    return value;
}

} // namespace boxoffice::ctl

namespace boxoffice::ctl {

Result<InventorySession> CtlContext::openInventory()
{
    auto connection = connect();
    if (!connection)
        return connection.error();
    InventorySession session;
    session.connection = std::move(connection.value());
    session.inventory = std::make_unique<PgInventory>(session.connection->database());
    return session;
}

Result<int> CtlContext::requireNumber(const QString &option, int minimum) const
{
    if (!m_parser.isSet(option))
        return makeError(ErrorCode::BadInput, QStringLiteral("--%1 is required.").arg(option));
    bool ok = false;
    const int value = m_parser.value(option).toInt(&ok);
    if (!ok || value < minimum)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("--%1 must be a whole number of at least %2, not \"%3\".")
                             .arg(option)
                             .arg(minimum)
                             .arg(m_parser.value(option)));
    return value;
}

std::optional<int> CtlContext::optionalNumber(const QString &option, bool *ok) const
{
    *ok = true;
    if (!m_parser.isSet(option))
        return std::nullopt;
    const int value = m_parser.value(option).toInt(ok);
    return value;
}

Result<QDate> CtlContext::requireDate(const QString &option) const
{
    const QDate date = QDate::fromString(m_parser.value(option), Qt::ISODate);
    if (!m_parser.isSet(option) || !date.isValid())
        return makeError(ErrorCode::BadInput, QStringLiteral("--%1 needs a date like 2026-03-12.").arg(option));
    return date;
}

Result<QDateTime> CtlContext::requireTime(const QString &option) const
{
    QDateTime time = QDateTime::fromString(m_parser.value(option), Qt::ISODate);
    if (!m_parser.isSet(option) || !time.isValid())
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("--%1 needs a time like 2026-03-12T19:00 (local) or 2026-03-12T19:00Z.").arg(option));
    return time;
}

} // namespace boxoffice::ctl
