#include "domain/holdcaprules.h"

namespace boxoffice::HoldCapRules {

namespace {

QString unitsWords(CapScope scope, int count)
{
    const bool one = count == 1;
    switch (scope) {
    case CapScope::Event:
        return one ? QStringLiteral("ticket for this event") : QStringLiteral("tickets for this event");
    case CapScope::Hotel:
        return one ? QStringLiteral("stay at this hotel") : QStringLiteral("stays at this hotel");
    case CapScope::Restaurant:
        return one ? QStringLiteral("table booking at this restaurant")
                   : QStringLiteral("table bookings at this restaurant");
    }
    return {};
}

} // namespace

BuyerId buyerOf(const CapAsk &ask)
{
    return std::visit([](const auto &request) { return request.buyer; }, ask);
}

CartId cartOf(const CapAsk &ask)
{
    return std::visit([](const auto &request) { return request.cart; }, ask);
}

CapScope scopeOf(const CapAsk &ask)
{
    if (std::holds_alternative<StayRequest>(ask))
        return CapScope::Hotel;
    if (std::holds_alternative<SlotRequest>(ask) || std::holds_alternative<TableSearch>(ask))
        return CapScope::Restaurant;
    return CapScope::Event;
}

int unitsAsked(const CapAsk &ask)
{
    if (const auto *seats = std::get_if<HoldRequest>(&ask))
        return int(seats->units.size());
    if (const auto *places = std::get_if<PoolHoldRequest>(&ask))
        return places->quantity;
    return 1;
}

Status check(const CapUsage &usage, int asking, CapScope scope, CapHolder holder)
{
    if (!usage.cap || usage.held + asking <= *usage.cap)
        return Done{};
    return refusal(CapRefusal{holder, *usage.cap, usage.held}, asking, scope);
}

DomainError refusal(const CapRefusal &refused, int asking, CapScope scope)
{
    const int cap = refused.cap;
    const QString units = unitsWords(scope, cap);
    // The held figure says why a small ask is refused; with nothing held the ask itself is too big.
    QString message;
    QString already;
    switch (refused.holder) {
    case CapHolder::Buyer:
        message = QStringLiteral("You can hold at most %1 %2 at once; ").arg(cap).arg(units);
        already = QStringLiteral("you already hold %1.");
        break;
    case CapHolder::Instrument:
        message = QStringLiteral("At most %1 %2 can be held at once with one payment card; ").arg(cap).arg(units);
        already = QStringLiteral("this card already holds %1.");
        break;
    case CapHolder::UnknownCard:
        message
            = QStringLiteral("At most %1 %2 can be held at once without naming a payment card; ").arg(cap).arg(units);
        already = QStringLiteral("carts without a card already hold %1. Name your card to hold more.");
        break;
    case CapHolder::Address:
        message = QStringLiteral("At most %1 %2 can be held at once from one network address; ").arg(cap).arg(units);
        already = QStringLiteral("%1 are already held from yours.");
        break;
    }
    message += refused.held > 0 ? already.arg(refused.held) : QStringLiteral("you asked for %1.").arg(asking);
    return makeError(ErrorCode::LimitReached, message);
}

} // namespace boxoffice::HoldCapRules
