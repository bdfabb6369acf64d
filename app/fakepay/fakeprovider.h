#pragma once

#include "browseraccess.h"
#include "chargeplan.h"
#include "chargesapi.h"
#include "confirmer.h"
#include "controlapi.h"
#include "httpserver.h"
#include "idempotency.h"
#include "intentqueries.h"
#include "intentsapi.h"
#include "ledger.h"
#include "refundsapi.h"
#include "searchindex.h"
#include "stripeapi.h"
#include "stripeobjects.h"

#include <QObject>

namespace boxoffice::fakepay {

class PaymentMethods;
class WebhookDispatcher;

// An in-memory payment provider that answers Stripe's v1 API for payment intents, charges, refunds and
// payment methods as Stripe documents it, strictly (form-encoded bodies, unknown parameters refused,
// Stripe's error objects, its idempotency and paging), and a control API through which a test makes it
// misbehave on purpose. This class only puts the parts together and sends each request to its part.
class FakeProvider : public QObject
{
public:
    FakeProvider(QByteArray apiKey, WebhookDispatcher *webhooks, PaymentMethods *paymentMethods, BrowserAccess browsers,
                 QObject *parent = nullptr);

    void handle(const HttpRequest &request, const HttpResponder &responder);

private:
    void addRoutes();

    Ledger m_ledger;
    IdempotencyStore m_idempotency;
    ChargePlan m_plan;
    BrowserAccess m_browsers;
    PaymentMethods *m_paymentMethods;
    SearchIndex *m_searchIndex;
    StripeObjects m_objects;
    Confirmer *m_confirmer;
    IntentsApi m_intents;
    IntentQueries m_intentQueries;
    ChargesApi m_charges;
    RefundsApi m_refunds;
    ControlApi m_control;
    StripeApi m_api;
};

} // namespace boxoffice::fakepay
