#include "domain/cancellationpolicy.h"

#include <algorithm>

namespace boxoffice::CancellationPolicy {

Money fee(const PolicyFee &fee, const Money &stayPrice, int nights)
{
    const qint64 stayPriceMinor = stayPrice.minor();
    qint64 amount = 0;
    switch (fee.kind) {
    case PolicyFeeKind::FirstNight:
        amount = stayPriceMinor / std::max(nights, 1);
        break;
    case PolicyFeeKind::Percent:
        amount = stayPriceMinor * fee.value / 100;
        break;
    case PolicyFeeKind::Fixed:
        amount = fee.value;
        break;
    case PolicyFeeKind::None:
        break;
    }
    return stayPrice.withMinor(std::max<qint64>(0, std::min(amount, stayPriceMinor)));
}

QString kindName(PolicyFeeKind kind)
{
    switch (kind) {
    case PolicyFeeKind::FirstNight:
        return QStringLiteral("FIRST_NIGHT");
    case PolicyFeeKind::Percent:
        return QStringLiteral("PERCENT");
    case PolicyFeeKind::Fixed:
        return QStringLiteral("FIXED");
    case PolicyFeeKind::None:
        break;
    }
    return QStringLiteral("NONE");
}

std::optional<PolicyFeeKind> kindFromName(const QString &name)
{
    const QString wanted = name.trimmed().toUpper().replace(u'-', u'_');
    for (PolicyFeeKind kind :
         {PolicyFeeKind::None, PolicyFeeKind::FirstNight, PolicyFeeKind::Percent, PolicyFeeKind::Fixed}) {
        if (kindName(kind) == wanted)
            return kind;
    }
    return std::nullopt;
}

} // namespace boxoffice::CancellationPolicy
