#pragma once

#include <QString>
#include <QStringList>

namespace boxoffice {

// What went wrong, in terms a caller can act on. The storage layer maps database failures onto
// these codes; driver text only ever travels in `detail`, which is for logs, never for a clerk.
enum class ErrorCode {
    BadInput, // the request itself is wrong: fix it and try again
    NotFound, // a referenced event, cart, order or unit does not exist
    Lost, // a unit was not available (taken by someone else); `units` names them
    LimitReached, // a policy limit, e.g. no extensions left
    Conflict, // the target is in a state that does not allow this (order already paid, ...)
    PermissionDenied, // the signed-in role may not do this
    Busy, // a lock timeout, deadlock or serialization failure: safe to try again
    Unavailable, // the database could not be reached or did not answer in time
    SchemaMismatch, // the database schema is newer or older than this program
    Internal // anything else: a bug or an unexpected database answer
};

QString errorCodeName(ErrorCode code);

struct DomainError
{
    ErrorCode code = ErrorCode::Internal;
    QString message; // one sentence a person understands
    QStringList units; // for Lost: the labels of the units that were not available
    QString detail; // technical detail for the log (SQLSTATE, driver text)
    // The database's SQLSTATE when it refused ("23505"): lets a caller tell a retryable deadlock from a
    // timeout or a constraint without reading log text. Empty when the database was not involved.
    QString sqlState;
};

DomainError makeError(ErrorCode code, const QString &message, const QStringList &units = {});

} // namespace boxoffice
