#include "domain/cardfingerprint.h"

#include "domain/textrules.h"

#include <algorithm>

namespace boxoffice {

namespace {

constexpr int minLength = 4;
constexpr int maxLength = 64;

bool allowed(QChar c)
{
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
        || (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('_') || c == QLatin1Char('-');
}

} // namespace

Result<QString> cardFingerprint(const QString &fromProvider)
{
    if (hasUnshowableCharacters(fromProvider))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("A card fingerprint has no control or invisible characters."));
    if (fromProvider.size() < minLength || fromProvider.size() > maxLength
        || !std::all_of(fromProvider.cbegin(), fromProvider.cend(), allowed))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("A card fingerprint is %1 to %2 letters, digits, '_' or '-'.")
                             .arg(minLength)
                             .arg(maxLength));
    return fromProvider;
}

} // namespace boxoffice
