#include "storage/sqlerrors.h"

#include "domain/roomreasons.h"
#include "storage/logging.h"

namespace boxoffice {

QString sqlState(const QSqlError &error)
{
    return error.nativeErrorCode();
}

DomainError fromSqlError(const QSqlError &error, const QString &context)
{
    const QString state = sqlState(error);
    DomainError mapped;
    mapped.sqlState = state;
    mapped.detail
        = QStringLiteral("%1: SQLSTATE %2: %3 / %4")
              .arg(context, state.isEmpty() ? QStringLiteral("-") : state, error.databaseText(), error.driverText());
    // Lost races and refused conflicts (and a name that exists already, 42710, and a check-in refused
    // for want of a ready room, BXR) are business as usual:
    // the caller turns them into an answer, so they are logged quietly.
    if (state.startsWith(QLatin1String("23")) || state.startsWith(QLatin1String("40"))
        || state == QLatin1String("42710") || state.startsWith(QLatin1String("BXR")))
        qCDebug(lcStorage).noquote() << mapped.detail;
    else
        qCWarning(lcStorage).noquote() << mapped.detail;

    const QString text = error.databaseText() + error.driverText();
    if (state == QLatin1String("28P01") || state == QLatin1String("28000")
        || text.contains(QLatin1String("password authentication failed"))
        || text.contains(QLatin1String("no password supplied"))) {
        mapped.code = ErrorCode::PermissionDenied;
        mapped.reason = QLatin1String(ErrorReason::SignInRefused);
        mapped.message = QStringLiteral("The database refused the user name or password.");
    } else if (error.type() == QSqlError::ConnectionError || state.startsWith(QLatin1String("08"))
               || state == QLatin1String("57P01") || state == QLatin1String("57P02") || state == QLatin1String("57P03")
               || (state.isEmpty() && error.type() != QSqlError::NoError)
               // 25006: this server turned read-only under us (a failover made it a standby); a new
               // connection finds the one that takes writes (target_session_attrs=read-write).
               || state == QLatin1String("25006")) {
        mapped.code = ErrorCode::Unavailable;
        mapped.message
            = QStringLiteral("The database could not be reached while %1. Check the connection and try again.")
                  .arg(context);
    } else if (state == QLatin1String("40P01") || state == QLatin1String("40001") || state == QLatin1String("55P03")
               || state == QLatin1String("57014")) {
        mapped.code = ErrorCode::Busy;
        mapped.message
            = QStringLiteral("The database was busy while %1. Nothing changed; please try again.").arg(context);
    } else if (state == QLatin1String("55006")) {
        // A trigger's refusal to release units pinned to a payment in flight.
        mapped.code = ErrorCode::Conflict;
        mapped.reason = QLatin1String(ErrorReason::PaymentInProgress);
        mapped.message = QStringLiteral("A payment for this is in progress, so nothing was released; try again once "
                                        "the payment has an answer.");
    } else if (state == QLatin1String("BXR01")) {
        // Migration 029's check-in trigger: a guest checks in only with a room.
        mapped.code = ErrorCode::Lost;
        mapped.reason = QLatin1String(ErrorReason::RoomNoneFree);
        mapped.message = QStringLiteral("No clean room of this type is free for the whole stay; the guest was not "
                                        "checked in.");
    } else if (state == QLatin1String("BXR02")) {
        mapped.code = ErrorCode::Conflict;
        mapped.reason = QLatin1String(ErrorReason::RoomNotReady);
        mapped.message = QStringLiteral("The room assigned to this stay is not clean or inspected yet; the guest was "
                                        "not checked in.");
    } else if (state == QLatin1String("42501")) {
        mapped.code = ErrorCode::PermissionDenied;
        mapped.message = QStringLiteral("Your sign-in is not allowed to do this (%1).").arg(context);
    } else if (state == QLatin1String("23514") && text.contains(QLatin1String("needs the guest's name"))) {
        // Migration 030's trigger: a stay is booked only in a guest's name, whichever channel books it.
        mapped.code = ErrorCode::BadInput;
        mapped.reason = QLatin1String(ErrorReason::GuestNameMissing);
        mapped.message = QStringLiteral("A stay is booked in a guest's name: give the guest's name (%1).").arg(context);
    } else if (state.startsWith(QLatin1String("23"))) {
        mapped.code = ErrorCode::Conflict;
        mapped.message
            = QStringLiteral("The change was refused because it conflicts with existing data (%1).").arg(context);
    } else if (state.startsWith(QLatin1String("22"))) {
        mapped.code = ErrorCode::BadInput;
        mapped.message = QStringLiteral("A value was out of range or malformed (%1).").arg(context);
    } else {
        mapped.code = ErrorCode::Internal;
        mapped.message = QStringLiteral("Unexpected database error while %1.").arg(context);
    }
    return mapped;
}

} // namespace boxoffice
