#include "ctlcontext.h"

#include "jsonformat.h"
#include "storage/migrator.h"
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
    auto connection = DatabaseConnection::open(choice->settings, QStringLiteral("ctl"));
    if (!connection)
        return connection.error();
    Migrator migrator(connection.value()->database());
    if (migrate || choice->privateCluster) {
        auto report = migrator.migrate([quiet](const QString &message) {
            if (!quiet)
                TerminalProgress::note(message);
        });
        if (!report)
            return report.error();
    } else if (auto status = migrator.checkCurrent(); !status) {
        return status.error();
    }
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
