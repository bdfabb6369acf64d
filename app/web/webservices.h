#pragma once

#include "admissionservices.h"
#include "authcache.h"
#include "ratelimit.h"
#include "seatmapcache.h"
#include "webconfig.h"
#include "webmetrics.h"

#include "domain/buyeraccounts.h"
#include "domain/holdfilter.h"
#include "domain/payments.h"
#include "domain/poolholdbatcher.h"
#include "domain/ratecounters.h"
#include "domain/seatbatch.h"
#include "domain/waitingroom.h"

#include <functional>
#include <memory>

namespace boxoffice::web {

class WebLanes;

// What several web servers share when they are given one Redis (`--redis`): the waiting room, the
// request counters and the hold filter. Left empty, a server keeps the first two in its own memory and
// goes without the filter.
struct SharedState
{
    std::shared_ptr<WaitingRoomStore> waitingRoom;
    std::shared_ptr<RateCounters> rateCounters;
    std::shared_ptr<HoldFilter> holdFilter;
};

// What the routes share, whatever thread they run on (each member is safe to use from any thread).
struct WebServices
{
    WebServices(WebConfig webConfig, SharedState sharedState)
        : config(std::move(webConfig)), shared(std::move(sharedState)), seatMaps(config.seatMapMaxAgeMs),
          auth(config.authCacheSeconds, config.authCacheEntries),
          admission(std::make_unique<AdmissionServices>(config.admissionSecret, shared.waitingRoom.get()))
    { }

    const WebConfig config;
    // "https://pay.example.com" when the page turns cards into payment methods at the provider
    // (--provider-publishable-key): the one other origin its Content-Security-Policy lets it call.
    QByteArray browserProviderOrigin;
    const SharedState shared; // kept alive here: the members below use them
    WebMetrics metrics;
    SeatMapCache seatMaps;
    std::unique_ptr<PaymentProvider> provider; // null when no provider is configured
    AuthCache auth;
    WebLanes *lanes = nullptr; // the server's; set before the first request
    // The waiting room: in memory unless given a shared store (Redis). Stopped before the lanes go.
    std::unique_ptr<AdmissionServices> admission;
    std::unique_ptr<RequestLimits> limits; // carts and failed sign-ins per minute, on shared counters
    HoldFilter *holdFilter() const { return shared.holdFilter.get(); } // null: every claim goes to the database
    // Gathers buyers' holds on a batched GA pool into one claim (issue 15); no thread waits for a batch.
    std::unique_ptr<PoolHoldBatcher> poolBatcher;
    // And web buyers' seat holds on one event into one claim (migration 044); off: one claim each.
    std::unique_ptr<SeatHoldBatcher> seatBatcher;
    // The shop's accounts: sign-up, sign-in sessions (a cookie), password reset. Hashing runs on the
    // calling thread; the rows on the lane's connection (or the claim lane's, from a thread with none).
    std::unique_ptr<PasswordHasher> passwords;
    std::unique_ptr<AccountService> accounts;
};

} // namespace boxoffice::web
