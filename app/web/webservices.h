#pragma once

#include "ratelimit.h"
#include "seatmapcache.h"
#include "webconfig.h"
#include "webmetrics.h"

#include "domain/payments.h"

#include <functional>
#include <memory>

namespace boxoffice::web {

// What the routes share, whatever thread they run on (each member is safe to use from any thread).
struct WebServices
{
    explicit WebServices(WebConfig webConfig) : config(std::move(webConfig)), seatMaps(config.seatMapMaxAgeMs) { }

    const WebConfig config;
    WebMetrics metrics;
    SeatMapCache seatMaps;
    std::unique_ptr<PaymentProvider> provider; // null when no provider is configured
    std::unique_ptr<RequestLimits> limits; // carts and failed sign-ins per minute, on shared counters
    std::function<int()> poolSize;
    std::function<int()> poolBusy;
};

} // namespace boxoffice::web
