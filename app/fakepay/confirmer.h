#pragma once

#include "chargeplan.h"

#include <QObject>
#include <QStringList>

#include <optional>

namespace boxoffice::fakepay {

class ApiCall;
class Ledger;
class PaymentMethods;
class SearchIndex;
class StripeObjects;
class WebhookDispatcher;

// Where the money moves: confirming a payment intent makes a charge (succeeded or failed), moves the
// intent on, tells the webhook endpoint, and answers as the plan says, at once, late, never in time,
// or with a 500 although the charge went through.
class Confirmer : public QObject
{
public:
    Confirmer(Ledger *ledger, PaymentMethods *paymentMethods, ChargePlan *plan, WebhookDispatcher *webhooks,
              SearchIndex *searchIndex, const StripeObjects *objects, QObject *parent = nullptr);

    // The plan's next step, or nothing when it turns the request away before anything happens (429,
    // a 500 before the charge): then `call` has been answered and no key keeps anything.
    std::optional<ChargePlan::Step> draw(const ApiCall &call);

    // Charges the intent (its payment method, or the account's default card when it has none) and
    // answers `call`: the intent (expanded as asked) or Stripe's 402 card_error.
    void charge(const ApiCall &call, const QString &intentId, const QStringList &expand, const ChargePlan::Step &step);

private:
    Ledger *m_ledger;
    PaymentMethods *m_paymentMethods;
    ChargePlan *m_plan;
    WebhookDispatcher *m_webhooks;
    SearchIndex *m_searchIndex;
    const StripeObjects *m_objects;
};

} // namespace boxoffice::fakepay
