#pragma once

#include "admissionservices.h"
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
    explicit WebServices(WebConfig webConfig)
        : config(std::move(webConfig)), seatMaps(config.seatMapMaxAgeMs),
          admission(std::make_unique<AdmissionServices>(config.admissionSecret))
    { }

    const WebConfig config;
    WebMetrics metrics;
    SeatMapCache seatMaps;
    std::unique_ptr<PaymentProvider> provider; // null when no provider is configured
    std::function<int()> poolSize;
    std::function<int()> poolBusy;
    // The waiting room: in memory unless given a shared store (Redis). Stopped before the pool goes.
    std::unique_ptr<AdmissionServices> admission;
};

} // namespace boxoffice::web
