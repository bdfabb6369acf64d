#pragma once

#include "domain/buyercapstore.h"

namespace boxoffice::HoldCapRules {

BuyerId buyerOf(const CapAsk &ask);
CartId cartOf(const CapAsk &ask);
CapScope scopeOf(const CapAsk &ask);
// The units the ask would hold once granted: seats named, places wanted, one stay, one booking.
int unitsAsked(const CapAsk &ask);

// Within the cap when what is held beyond the ask, plus the ask, does not pass it. LimitReached in
// words a buyer understands otherwise ("You can hold at most 6 tickets for this event at once; you
// already hold 4.").
Status check(const CapUsage &usage, int asking, CapScope scope, CapHolder holder);
// The same words for a refusal the database decided (CapRefusal: the holder, its cap, what it holds).
DomainError refusal(const CapRefusal &refused, int asking, CapScope scope);

} // namespace boxoffice::HoldCapRules
