#pragma once

#include "seatmapcache.h"
#include "webconfig.h"
#include "webmetrics.h"

#include "domain/payments.h"
#include "domain/poolbatch.h"

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
    std::function<int()> poolSize;
    std::function<int()> poolBusy;
    // Gathers the worker threads' holds on a batched GA pool into one claim (issue 15).
    PoolBatcher poolBatcher;
};

} // namespace boxoffice::web
