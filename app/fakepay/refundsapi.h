#pragma once

#include <QString>

namespace boxoffice::fakepay {

class ApiCall;
class Ledger;
class StripeObjects;
class WebhookDispatcher;

// POST /v1/refunds (of a payment intent's successful charge, or of a charge; never more than remains)
// and GET /v1/refunds/{id}. A refund raises its charge's amount_refunded and sends charge.refunded.
class RefundsApi
{
public:
    RefundsApi(Ledger *ledger, WebhookDispatcher *webhooks, const StripeObjects *objects);

    void create(const ApiCall &call);
    void retrieve(const ApiCall &call, const QString &id) const;

private:
    Ledger *m_ledger;
    WebhookDispatcher *m_webhooks;
    const StripeObjects *m_objects;
};

} // namespace boxoffice::fakepay
