#include "domain/pricetypes.h"

namespace boxoffice {

namespace PriceTypeRules {

Status checkPrice(PriceType type, const Money &amount)
{
    if (type == PriceType::Complimentary)
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("A complimentary seat is always free; it has no price to set.")),
                          ErrorReason::PriceCompFree);
    if (amount.isNegative())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A price cannot be negative.")),
                          ErrorReason::PriceNegative);
    return Done{};
}

Status checkChoice(const PriceTypeChoice &choice)
{
    if (choice.cart.isEmpty() || choice.unit <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a seat of this sale first.")),
                          ErrorReason::PriceSeatNotChosen);
    if (choice.type == PriceType::Complimentary && choice.compReason.trimmed().isEmpty())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A complimentary seat needs a reason.")),
                          ErrorReason::CompReasonMissing);
    return Done{};
}

} // namespace PriceTypeRules

PriceTypeService::PriceTypeService(PriceTypeStore &store) : m_store(store) { }

Result<QVector<TypePrice>> PriceTypeService::prices(EventId event)
{
    return m_store.prices(event);
}

Status PriceTypeService::setPrice(EventId event, const QString &bandCode, PriceType type, const Money &amount)
{
    if (auto status = PriceTypeRules::checkPrice(type, amount); !status)
        return status;
    auto status = m_store.setPrice(event, bandCode.trimmed(), type, amount);
    if (!status && status.error().code == ErrorCode::PermissionDenied) {
        DomainError error = status.error();
        error.message = QStringLiteral("Only a manager may set prices.");
        return withReason(error, ErrorReason::PriceManagerOnly);
    }
    return status;
}

Result<Money> PriceTypeService::choose(const PriceTypeChoice &choice)
{
    if (auto status = PriceTypeRules::checkChoice(choice); !status)
        return status.error();
    auto amount = m_store.choose(choice);
    if (!amount && amount.error().code == ErrorCode::PermissionDenied && choice.type == PriceType::Complimentary) {
        DomainError error = amount.error();
        error.message = QStringLiteral("A complimentary seat needs a manager: ask a manager to sign in.");
        return withReason(error, ErrorReason::CompNeedsManager);
    }
    return amount;
}

QVector<TypePrice> pricesOfBand(const QVector<TypePrice> &prices, const QString &bandCode)
{
    QVector<TypePrice> band;
    for (const TypePrice &price : prices) {
        if (price.bandCode == bandCode)
            band << price;
    }
    return band;
}

} // namespace boxoffice
