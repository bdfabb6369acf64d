#include "jsonlineswriter.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace boxoffice::bench {

namespace {

// QJsonObject sorts its keys; the contract's order is kept by writing the object by hand, with
// QJsonDocument only escaping the one string.
QByteArray jsonString(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

QByteArray jsonNumber(double value, int decimals)
{
    return QByteArray::number(value, 'f', decimals);
}

} // namespace

Status JsonLinesWriter::open(const QString &path)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        return makeError(ErrorCode::BadInput, QStringLiteral("Cannot write %1: %2").arg(path, m_file.errorString()));
    return Done{};
}

Status JsonLinesWriter::write(const CellResult &result)
{
    if (!m_file.isOpen())
        return Done{};
    if (m_file.write(line(result) + '\n') < 0 || !m_file.flush())
        return makeError(ErrorCode::Internal,
                         QStringLiteral("Cannot write %1: %2").arg(m_file.fileName(), m_file.errorString()));
    return Done{};
}

QByteArray JsonLinesWriter::line(const CellResult &result)
{
    QByteArray errors;
    for (Outcome outcome :
         {Outcome::Lost, Outcome::Deadlock, Outcome::Serialization, Outcome::Timeout, Outcome::Other}) {
        if (!errors.isEmpty())
            errors += ", ";
        errors += jsonString(outcomeKey(outcome)) + ": " + QByteArray::number(result.count(outcome));
    }
    return "{\"scenario\": " + jsonString(result.scenario) + ", \"clients\": " + QByteArray::number(result.clients)
        + ", \"round\": " + QByteArray::number(result.round) + ", \"attempts_per_s\": "
        + jsonNumber(result.attemptsPerSecond(), 1) + ", \"granted_per_s\": " + jsonNumber(result.grantedPerSecond(), 1)
        + ", \"p50_ms\": " + jsonNumber(result.latency.p50Ms, 3) + ", \"p95_ms\": "
        + jsonNumber(result.latency.p95Ms, 3) + ", \"p99_ms\": " + jsonNumber(result.latency.p99Ms, 3)
        + ", \"errors\": {" + errors + "}, \"double_sold\": " + QByteArray::number(result.doubleSold)
        + ", \"audit_ok\": " + (result.auditOk ? "true" : "false") + '}';
}

} // namespace boxoffice::bench
