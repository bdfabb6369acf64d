#include "domain/domainerror.h"

namespace boxoffice {

QString errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadInput:
        return QStringLiteral("bad_input");
    case ErrorCode::NotFound:
        return QStringLiteral("not_found");
    case ErrorCode::Lost:
        return QStringLiteral("lost");
    case ErrorCode::LimitReached:
        return QStringLiteral("limit_reached");
    case ErrorCode::Conflict:
        return QStringLiteral("conflict");
    case ErrorCode::PermissionDenied:
        return QStringLiteral("permission_denied");
    case ErrorCode::Busy:
        return QStringLiteral("busy");
    case ErrorCode::Unavailable:
        return QStringLiteral("unavailable");
    case ErrorCode::SchemaMismatch:
        return QStringLiteral("schema_mismatch");
    case ErrorCode::Internal:
        return QStringLiteral("internal");
    }
    return QStringLiteral("internal");
}

DomainError makeError(ErrorCode code, const QString &message, const QStringList &units)
{
    DomainError error;
    error.code = code;
    error.message = message;
    error.units = units;
    return error;
}

DomainError withReason(DomainError error, const char *reason, const QStringList &args)
{
    error.reason = QLatin1String(reason);
    error.args = args;
    return error;
}

} // namespace boxoffice
