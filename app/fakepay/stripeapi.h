#pragma once

#include "httpserver.h"
#include "paramschema.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

namespace boxoffice::fakepay {

class ApiCall;
class IdempotencyStore;

// The /v1 front door, in Stripe's order: the key (Bearer or Basic; 401 with Stripe's error object
// otherwise), the route (404 "Unrecognized request URL" for an unknown path or method), the encoding
// (POST bodies form-encoded only, GET parameters in the query string), the idempotency key (POSTs:
// replay, 409 or idempotency_error), then the endpoint's parameter schema, and only then the endpoint.
class StripeApi
{
public:
    using Handler = std::function<void(const ApiCall &call, const QString &id)>;

    StripeApi(QByteArray secretKey, IdempotencyStore *idempotency);

    // `path` is "/v1/payment_intents/{id}/confirm": one {id} segment at most.
    void route(const QByteArray &method, const QString &path, const ParamSchema *schema, Handler handler,
               bool publishableKeyAllowed = false);

    // `responder` already carries the request's Request-Id (requestId). publishableKey: the page's key,
    // honoured only where a route allows it (the caller has checked the browser's origin); empty: not
    // honoured at all.
    void handle(const HttpRequest &request, const HttpResponder &responder, const QString &requestId,
                const QByteArray &publishableKey = {});

private:
    struct Route
    {
        QByteArray method;
        QStringList segments;
        const ParamSchema *schema = nullptr;
        Handler handler;
        bool publishableKeyAllowed = false;
    };
    const Route *match(const QByteArray &method, const QString &path, QString *id) const;

    const QByteArray m_secretKey;
    IdempotencyStore *m_idempotency;
    QList<Route> m_routes;
};

// The key a request carries: "Authorization: Bearer <key>" or Basic with the key as the user name.
QByteArray apiKeyOf(const HttpRequest &request);

} // namespace boxoffice::fakepay
