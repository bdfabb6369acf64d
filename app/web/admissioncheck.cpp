#include "admissioncheck.h"

#include "admissionservices.h"
#include "webservices.h"

#include <QDateTime>

namespace boxoffice::web {

namespace {

std::optional<ApiReply> check(WebServices &services, const ApiCall &call, const std::optional<OnSale> &sale)
{
    if (!sale)
        return std::nullopt;
    const auto refusal = services.admission->signer().verifyToken(call.header("x-admission-token"), sale->event,
                                                                  call.buyerId(), QDateTime::currentMSecsSinceEpoch());
    if (!refusal)
        return std::nullopt;
    return ApiReply::error(403, admissionRefusalCode(*refusal), admissionRefusalMessage(*refusal),
                           {{QStringLiteral("event"), sale->event},
                            {QStringLiteral("queue"), QStringLiteral("/queue/%1").arg(sale->event)}});
}

} // namespace

std::optional<ApiReply> admissionRefused(WebServices &services, const ApiCall &call, EventId event)
{
    return check(services, call, services.admission->onSales().forEvent(event));
}

std::optional<ApiReply> admissionRefusedForPool(WebServices &services, const ApiCall &call, qint64 pool)
{
    return check(services, call, services.admission->onSales().forPool(pool));
}

} // namespace boxoffice::web
