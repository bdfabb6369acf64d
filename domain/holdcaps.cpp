#include "domain/holdcaps.h"

#include "domain/holdcaprules.h"

#include <QLoggingCategory>

namespace boxoffice {

namespace {
// Refusals at info: a buyer meeting a cap is policy at work, not a fault, but support asks about it.
Q_LOGGING_CATEGORY(lcCaps, "boxoffice.caps", QtWarningMsg)
} // namespace

HoldCaps::HoldCaps(BuyerCapStore &store, UnitOfWork &unit) : m_store(store), m_unit(unit) { }

DomainError HoldCaps::notWired()
{
    return makeError(ErrorCode::Internal, QStringLiteral("A buyer's hold needs the buyer caps; none were given."));
}

Status HoldCaps::checkHolder(CapHolder holder, const Result<CapUsage> &usage, const CapAsk &ask)
{
    if (!usage)
        return usage.error();
    auto status = HoldCapRules::check(*usage, HoldCapRules::unitsAsked(ask), HoldCapRules::scopeOf(ask), holder);
    if (!status)
        qCInfo(lcCaps) << "buyer" << HoldCapRules::buyerOf(ask) << "cart" << HoldCapRules::cartOf(ask)
                       << (holder == CapHolder::Buyer ? "at the buyer's cap" : "at the card's cap") << usage->held
                       << "of" << usage->cap.value_or(0);
    return status;
}

Status HoldCaps::check(const CapAsk &ask)
{
    const BuyerId buyer = HoldCapRules::buyerOf(ask);
    if (auto locked = m_store.lockBuyer(buyer); !locked)
        return locked;
    if (auto status = checkHolder(CapHolder::Buyer, m_store.buyerUsage(buyer, ask), ask); !status)
        return status;
    auto card = m_store.cartInstrument(HoldCapRules::cartOf(ask));
    if (!card)
        return card.error();
    if (card->isEmpty())
        return Done{}; // no card named yet: only the buyer's cap applies
    if (auto locked = m_store.lockInstrument(card.value()); !locked)
        return locked;
    return checkHolder(CapHolder::Instrument, m_store.instrumentUsage(card.value(), ask), ask);
}

} // namespace boxoffice
