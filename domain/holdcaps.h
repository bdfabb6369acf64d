#pragma once

#include "domain/buyercapstore.h"
#include "domain/unitofwork.h"

#include <type_traits>

namespace boxoffice {

// A web buyer's claim, of any shape, under the caps of its scope (see CapAsk). One unit of work:
// every cap checked (BuyerCapStore::checkCaps: buyer, card or unknown-card budget, address, each
// locked then counted; one call on PostgreSQL), then the claim. The
// order is the same for every shape (buyer, then card, then the units the claim statement locks), so
// two claims never wait on each other in a circle, and a count cannot go stale before its claim. A
// failure anywhere, the claim's included, undoes all of it.
// Built on the connection the stores claim on, so the claim joins the unit (PgUnitOfWork).
class HoldCaps
{
public:
    HoldCaps(BuyerCapStore &store, UnitOfWork &unit);

    // Staff (request.buyer 0) claim as they always did, uncapped. A buyer's claim goes through
    // `caps`; without them it is refused, never claimed uncapped.
    template<typename Request, typename Claim>
    static auto claim(HoldCaps *caps, const Request &request, Claim &&claim) -> std::invoke_result_t<Claim &>
    {
        using Outcome = std::invoke_result_t<Claim &>;
        if (request.buyer == 0)
            return claim();
        if (!caps)
            return notWired();
        const CapAsk ask(request);
        return caps->m_unit.run(QStringLiteral("holding for a web buyer"), [&]() -> Outcome {
            if (auto status = caps->check(ask); !status)
                return status.error();
            return claim();
        });
    }

    // A web buyer's seats, by id or by label, claimed with every cap in ONE database call and one
    // transaction of its own (cart owner, labels, locks, counts, claim), where the store can; the
    // refusal worded here from the figures the database decided with.
    bool claimsSeatsInOneCall() const;
    Result<HoldGrant> holdSeats(const HoldRequest &request, const QStringList &labels);
    // The same for GA places (the claim, retry and spread over rows as PgPoolStore's).
    bool claimsPlacesInOneCall() const;
    Result<PoolHold> holdPlaces(const PoolHoldRequest &request);

private:
    static DomainError notWired();
    static DomainError refused(const CapRefusal &refusal, const CapAsk &ask);
    Status check(const CapAsk &ask);

    BuyerCapStore &m_store;
    UnitOfWork &m_unit;
};

} // namespace boxoffice
