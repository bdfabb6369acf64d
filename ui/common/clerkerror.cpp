#include "ui/common/clerkerror.h"

#include "ui/common/errortext.h"

#include <QRegularExpression>

namespace boxoffice {

namespace {

QString wordsFor(ErrorCode code)
{
    switch (code) {
    case ErrorCode::Unavailable:
        return ClerkError::tr("The box-office server did not answer, so nothing was changed. Try again when the "
                              "connection is back (the banner at the top says when).");
    case ErrorCode::Busy:
        return ClerkError::tr("The server is busy (another counter is working on the same seats); nothing was "
                              "changed. Try again in a moment.");
    case ErrorCode::Lost:
        return ClerkError::tr("Those were just sold at another counter or on the web; choose others.");
    case ErrorCode::NotFound:
        return ClerkError::tr("That is no longer held or no longer exists (a hold may have run out); nothing was "
                              "changed.");
    case ErrorCode::LimitReached:
        return ClerkError::tr("A limit was reached (for example, no more extensions); nothing was changed.");
    case ErrorCode::Conflict:
        return ClerkError::tr("That cannot be done in the sale's present state; nothing was changed.");
    case ErrorCode::BadInput:
        return ClerkError::tr("The server could not accept that request; check what you entered.");
    case ErrorCode::PermissionDenied:
        return ClerkError::tr("Your sign-in is not allowed to do this; ask a manager.");
    case ErrorCode::SchemaMismatch:
        return ClerkError::tr("This program does not match the server's version; call the supervisor.");
    case ErrorCode::Internal:
        break;
    }
    return ClerkError::tr("Something went wrong on the server and nothing was changed. Try again; if it happens "
                          "again, call the supervisor.");
}

} // namespace

bool ClerkError::leaksInternals(const QString &text)
{
    // Cart ids as the desk and the web make them, uuids, SQL words and the database's own phrasing.
    static const QRegularExpression internals(
        QStringLiteral("\\b(desk|web)-[A-Za-z0-9_.:-]{4,}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-|"
                       "SQLSTATE|\\bSQL\\b|\\b[Cc]art id\\b|\\b[Cc]art [A-Za-z0-9_.:]*[-_0-9][A-Za-z0-9_.:-]* |"
                       "QPSQL|\\bERROR:|\\b[Uu]nit id|\\bSeat id|\\bpostgres(ql)?:"));
    return internals.match(text).hasMatch();
}

bool ClerkError::meansConnectionLost(const DomainError &error)
{
    return error.code == ErrorCode::Unavailable;
}

QString ClerkError::text(const DomainError &error)
{
    // In a translated desk every refusal is worded from its code and reason key, never the domain's
    // English sentence.
    if (errorsAreTranslated())
        return errorText(error);
    switch (error.code) {
    case ErrorCode::Unavailable:
    case ErrorCode::Busy:
    case ErrorCode::Internal:
    case ErrorCode::SchemaMismatch:
    case ErrorCode::PermissionDenied:
        // The database's words for these ("while holding seats", driver text) are the log's.
        return wordsFor(error.code);
    default:
        break;
    }
    // The domain's sentence (once translations word errors by their reason, that wording goes here).
    const QString message = error.message.trimmed();
    if (message.isEmpty() || leaksInternals(message))
        return wordsFor(error.code);
    return message;
}

} // namespace boxoffice
