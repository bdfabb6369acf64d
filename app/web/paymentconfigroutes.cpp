// GET /api/v1/payment-config: how the buyer's page names the card a cart is paid with. With a
// publishable key the page sends the card to the provider itself (POST <url>/v1/payment_methods with
// that key, as Stripe.js does) and gives the shop only the payment method's id when it makes the cart,
// so no card number ever reaches this server. Without one, carts name no card.

#include "routes.h"

namespace boxoffice::web {

QVector<Route> paymentConfigRoutes(WebServices &services)
{
    Route config{QStringLiteral("/api/v1/payment-config"), QStringLiteral("/api/v1/payment-config"), 0, {}};
    MethodHandler get{QStringLiteral("GET"), [&services](const ApiCall &, WorkerContext *) {
                          const WebConfig &cfg = services.config;
                          QJsonValue provider; // null: no card step
                          if (!cfg.providerPublishableKey.isEmpty()) {
                              const QUrl url
                                  = cfg.providerPublicUrl.isEmpty() ? cfg.providerUrl : cfg.providerPublicUrl;
                              QString base = url.toString(QUrl::StripTrailingSlash);
                              while (base.endsWith(QLatin1Char('/'))) // the page appends "/v1/..."
                                  base.chop(1);
                              provider = QJsonObject{
                                  {QStringLiteral("name"), cfg.providerName},
                                  {QStringLiteral("url"), base},
                                  {QStringLiteral("publishable_key"), QString::fromLatin1(cfg.providerPublishableKey)}};
                          }
                          ApiReply reply = ApiReply::json(200, {{QStringLiteral("provider"), provider}});
                          reply.addHeader("Cache-Control", "no-cache");
                          return reply;
                      }};
    get.lane = Lane::None;
    config.methods.append(get);
    return {config};
}

} // namespace boxoffice::web
