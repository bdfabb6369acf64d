// POST /api/v1/webhooks/payments: the provider's signed deliveries (no buyer token: the signature is
// the authentication).

#include "routes.h"
#include "workerpool.h"

#include "domain/reconciler.h"

namespace boxoffice::web {

namespace {
QString inboxOutcomeName(InboxOutcome outcome)
{
    switch (outcome) {
    case InboxOutcome::Applied:
        return QStringLiteral("applied");
    case InboxOutcome::Duplicate:
        return QStringLiteral("duplicate");
    case InboxOutcome::Rejected:
        return QStringLiteral("rejected");
    case InboxOutcome::Ignored:
        break;
    }
    return QStringLiteral("ignored");
}
} // namespace

QVector<Route> webhookRoutes(WebServices &services)
{
    Route webhook{QStringLiteral("/api/v1/webhooks/payments"), QStringLiteral("/api/v1/webhooks/payments"), 0, {}};
    webhook.methods.append(
        {QStringLiteral("POST"), [&services](const ApiCall &call, WorkerContext *context) {
             if (services.config.webhookSecret.isEmpty())
                 return ApiReply::error(503, QStringLiteral("unavailable"),
                                        QStringLiteral("Payment webhooks are not configured on this server."));
             PaymentWebhooks webhooks(*context->checkout, services.config.providerName, services.config.webhookSecret);
             const WebhookDelivery delivery{call.body, call.header("stripe-signature")};
             auto handled = webhooks.handle(delivery, QDateTime::currentDateTimeUtc());
             if (!handled) {
                 const int status = httpStatusFor(handled.error().code);
                 // Trouble on our side (5xx) makes the provider deliver again; anything else is the
                 // delivery's fault (bad or stale signature, not a payment event) and changed nothing.
                 if (status >= 500)
                     return ApiReply::fromDomainError(handled.error());
                 return ApiReply::error(400, QStringLiteral("bad_webhook"), handled.error().message);
             }
             if (handled.value() == InboxOutcome::Rejected)
                 // Signed, but it contradicts the payment (amount, currency or intent): changed nothing,
                 // kept in the inbox for the audit and staff.
                 return ApiReply::error(
                     422, QStringLiteral("webhook_rejected"),
                     QStringLiteral("The event does not match the payment it names; nothing was changed."));
             return ApiReply::json(
                 200,
                 {{QStringLiteral("received"), true}, {QStringLiteral("outcome"), inboxOutcomeName(handled.value())}});
         }});
    return {webhook};
}

} // namespace boxoffice::web
