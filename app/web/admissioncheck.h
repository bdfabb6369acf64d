#pragma once

#include "apicall.h"
#include "apireply.h"

#include "domain/ids.h"

#include <optional>

namespace boxoffice::web {

struct WebServices;

// The admission check of every hold, one line in each handler: empty when the hold may go on (the
// event has no on-sale, or the request carries a valid X-Admission-Token for this event and buyer);
// else the 403 to answer, naming why. Memory only: no database round trip.
std::optional<ApiReply> admissionRefused(WebServices &services, const ApiCall &call, EventId event);
// The same for a general-admission pool, whose event the on-sales know.
std::optional<ApiReply> admissionRefusedForPool(WebServices &services, const ApiCall &call, qint64 pool);

} // namespace boxoffice::web
