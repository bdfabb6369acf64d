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

namespace {

const char *holderWords(CapHolder holder)
{
    switch (holder) {
    case CapHolder::Buyer:
        return "at the buyer's cap";
    case CapHolder::Instrument:
        return "at the card's cap";
    case CapHolder::UnknownCard:
        return "at the unknown-card budget";
    case CapHolder::Address:
        return "at the address's cap";
    }
    return "at a cap";
}

} // namespace

DomainError HoldCaps::refused(const CapRefusal &refusal, const CapAsk &ask)
{
    qCInfo(lcCaps) << "buyer" << HoldCapRules::buyerOf(ask) << "cart" << HoldCapRules::cartOf(ask)
                   << holderWords(refusal.holder) << refusal.held << "of" << refusal.cap;
    return HoldCapRules::refusal(refusal, HoldCapRules::unitsAsked(ask), HoldCapRules::scopeOf(ask));
}

Status HoldCaps::check(const CapAsk &ask)
{
    auto verdict = m_store.checkCaps(ask);
    if (!verdict)
        return verdict.error();
    if (verdict->has_value())
        return refused(**verdict, ask);
    return Done{};
}

bool HoldCaps::claimsSeatsInOneCall() const
{
    return m_store.claimsSeatsInOneCall();
}

Result<HoldGrant> HoldCaps::holdSeats(const HoldRequest &request, const QStringList &labels)
{
    auto claimed = m_store.holdSeats(request, labels);
    if (!claimed)
        return claimed.error();
    if (claimed->refusal) {
        HoldRequest asked = request;
        if (asked.units.isEmpty()) // by labels: each label is one seat
            asked.units.resize(labels.size());
        return refused(*claimed->refusal, CapAsk(asked));
    }
    return claimed->grant;
}

bool HoldCaps::claimsPlacesInOneCall() const
{
    return m_store.claimsPlacesInOneCall();
}

Result<PoolHold> HoldCaps::holdPlaces(const PoolHoldRequest &request)
{
    auto claimed = m_store.holdPlaces(request);
    if (!claimed)
        return claimed.error();
    if (claimed->refusal)
        return refused(*claimed->refusal, CapAsk(request));
    return claimed->hold;
}

} // namespace boxoffice
