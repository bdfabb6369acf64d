#include "domain/ids.h"

#include <QRegularExpression>

namespace boxoffice {

bool isValidCartId(const QString &cartId)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$"));
    return pattern.match(cartId).hasMatch();
}

} // namespace boxoffice
