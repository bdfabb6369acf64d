#include "outcome.h"

namespace boxoffice::bench {

namespace {

AttemptResult classifySqlState(const QString &state, const QString &text)
{
    if (state == QLatin1String("40P01"))
        return {Outcome::Deadlock, {}};
    if (state == QLatin1String("40001"))
        return {Outcome::Serialization, {}};
    if (state == QLatin1String("55P03") || state == QLatin1String("57014"))
        return {Outcome::Timeout, {}};
    return {Outcome::Other, state.isEmpty() ? text : state + QLatin1Char(' ') + text};
}

} // namespace

QString outcomeKey(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Granted:
        return QStringLiteral("granted");
    case Outcome::Lost:
        return QStringLiteral("lost");
    case Outcome::Deadlock:
        return QStringLiteral("deadlock");
    case Outcome::Serialization:
        return QStringLiteral("serialization");
    case Outcome::Timeout:
        return QStringLiteral("timeout");
    case Outcome::Other:
        break;
    }
    return QStringLiteral("other");
}

AttemptResult classifySqlError(const QSqlError &error)
{
    return classifySqlState(error.nativeErrorCode(),
                            error.databaseText().isEmpty() ? error.text() : error.databaseText());
}

AttemptResult classifyDomainError(const DomainError &error)
{
    if (error.code == ErrorCode::Lost)
        return AttemptResult::lost();
    return classifySqlState(error.sqlState, error.detail.isEmpty() ? error.message : error.detail);
}

} // namespace boxoffice::bench
