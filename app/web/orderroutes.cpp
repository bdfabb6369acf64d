// GET /api/v1/orders/{id}: the buyer's own orders only (another buyer's id is 404).

#include "jsonbody.h"
#include "routes.h"
#include "workerpool.h"

namespace boxoffice::web {

QVector<Route> orderRoutes(WebServices &)
{
    Route order{QStringLiteral("/api/v1/orders/<arg>"), QStringLiteral("/api/v1/orders/{id}"), 1, {}};
    MethodHandler get{QStringLiteral("GET"), [](const ApiCall &call, WorkerContext *context) {
                          auto id = pathId(call.args.value(0), QStringLiteral("The order id"));
                          if (!id)
                              return ApiReply::error(404, QStringLiteral("not_found"), QStringLiteral("No such order."));
                          if (auto owner = context->buyers->checkOrderOwner(call.buyerId(), id.value()); !owner)
                              return ApiReply::fromDomainError(owner.error());
                          auto summary = context->carts->order(id.value());
                          if (!summary)
                              return ApiReply::fromDomainError(summary.error());
                          return ApiReply::json(200, orderJson(summary.value()));
                      }};
    get.auth = true;
    get.lane = Lane::Read;
    order.methods.append(get);
    return {order};
}

} // namespace boxoffice::web
