#include "domain/buyercapstore.h"

#include "domain/holdcaprules.h"

namespace boxoffice {

namespace {

// The refusal of one holder's usage, or none.
std::optional<CapRefusal> refusalOf(CapHolder holder, const CapUsage &usage, int asking)
{
    if (!usage.cap || usage.held + asking <= *usage.cap)
        return std::nullopt;
    return CapRefusal{holder, *usage.cap, usage.held};
}

} // namespace

Result<std::optional<CapRefusal>> BuyerCapStore::checkCaps(const CapAsk &ask)
{
    const BuyerId buyer = HoldCapRules::buyerOf(ask);
    const int asking = HoldCapRules::unitsAsked(ask);
    if (auto locked = lockBuyer(buyer); !locked)
        return locked.error();
    auto usage = buyerUsage(buyer, ask);
    if (!usage)
        return usage.error();
    if (auto refused = refusalOf(CapHolder::Buyer, *usage, asking))
        return refused;
    auto card = cartInstrument(HoldCapRules::cartOf(ask));
    if (!card)
        return card.error();
    if (card->isEmpty())
        return std::optional<CapRefusal>(); // no card named yet: only the buyer's cap applies here
    if (auto locked = lockInstrument(card.value()); !locked)
        return locked.error();
    auto cardUsage = instrumentUsage(card.value(), ask);
    if (!cardUsage)
        return cardUsage.error();
    return refusalOf(CapHolder::Instrument, *cardUsage, asking);
}

Result<CappedSeatClaim> BuyerCapStore::holdSeats(const HoldRequest &, const QStringList &)
{
    return makeError(ErrorCode::Internal, QStringLiteral("This store cannot claim a buyer's seats in one call."));
}

Result<CappedPlacesClaim> BuyerCapStore::holdPlaces(const PoolHoldRequest &)
{
    return makeError(ErrorCode::Internal, QStringLiteral("This store cannot claim a buyer's places in one call."));
}

} // namespace boxoffice
