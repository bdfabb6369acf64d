#pragma once

#include "admissionservices.h"
#include "authcache.h"
#include "ratelimit.h"
#include "seatmapcache.h"
#include "webconfig.h"
#include "webmetrics.h"

#include "domain/payments.h"

#include <functional>
#include <memory>

namespace boxoffice::web {

class WebLanes;

// What the routes share, whatever thread they run on (each member is safe to use from any thread).
struct WebServices
{
    explicit WebServices(WebConfig webConfig)
        : config(std::move(webConfig)),
          seatMaps(config.seatMapMaxAgeMs),
          auth(config.authCacheSeconds, config.authCacheEntries),
          admission(std::make_unique<AdmissionServices>(config.admissionSecret))
    { }

    const WebConfig config;
    WebMetrics metrics;
    SeatMapCache seatMaps;
    std::unique_ptr<PaymentProvider> provider; // null when no provider is configured
    AuthCache auth;
    WebLanes *lanes = nullptr; // the server's; set before the first request
    // The waiting room: in memory unless given a shared store (Redis). Stopped before the lanes go.
    std::unique_ptr<AdmissionServices> admission;
    std::unique_ptr<RequestLimits> limits; // carts and failed sign-ins per minute, on shared counters
};

} // namespace boxoffice::web
