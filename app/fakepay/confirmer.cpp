#include "confirmer.h"

#include "apicall.h"
#include "fakepaylogging.h"
#include "ids.h"
#include "ledger.h"
#include "paymentmethods.h"
#include "searchindex.h"
#include "stripeobjects.h"
#include "webhookdispatcher.h"

#include <QDateTime>
#include <QTimer>

namespace boxoffice::fakepay {

namespace {

StripeError apiError(const QString &message, const QByteArray &shouldRetry)
{
    StripeError error;
    error.status = 500;
    error.type = QStringLiteral("api_error");
    error.message = message;
    error.shouldRetry = shouldRetry;
    return error;
}

} // namespace

Confirmer::Confirmer(Ledger *ledger, PaymentMethods *paymentMethods, ChargePlan *plan, WebhookDispatcher *webhooks,
                     SearchIndex *searchIndex, const StripeObjects *objects, QObject *parent)
    : QObject(parent), m_ledger(ledger), m_paymentMethods(paymentMethods), m_plan(plan), m_webhooks(webhooks),
      m_searchIndex(searchIndex), m_objects(objects)
{ }

std::optional<ChargePlan::Step> Confirmer::draw(const ApiCall &call)
{
    const ChargePlan::Step step = m_plan->next();
    if (step.behaviour == ChargePlan::Behaviour::RateLimit) {
        StripeError error = StripeError::invalid(
            QStringLiteral(
                "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits."),
            {}, QStringLiteral("rate_limit"));
        error.status = 429;
        error.shouldRetry = "true";
        call.refuse(error);
        return std::nullopt;
    }
    if (step.behaviour == ChargePlan::Behaviour::Error500Before) {
        // Nothing happened and nothing is kept under the key: a retry runs afresh.
        call.refuse(apiError(QStringLiteral("An error occurred with our connection to the card network. Please try "
                                            "your request again."),
                             "true"));
        return std::nullopt;
    }
    return step;
}

void Confirmer::charge(const ApiCall &call, const QString &intentId, const QStringList &expand,
                       const ChargePlan::Step &step)
{
    PaymentIntent &intent = *m_ledger->intent(intentId);
    const PaymentMethods::Card *card = m_paymentMethods->find(intent.paymentMethod);
    const bool planned = step.behaviour == ChargePlan::Behaviour::Decline;
    const QString declineCode = planned ? step.declineCode : (card ? card->declineCode : QString());

    Charge charge;
    charge.id = randomId(QStringLiteral("ch_"));
    charge.paymentIntent = intent.id;
    charge.paymentMethod = intent.paymentMethod;
    charge.amount = intent.amount;
    charge.currency = intent.currency;
    charge.description = intent.description;
    charge.metadata = intent.metadata;
    charge.receiptEmail = intent.receiptEmail;
    charge.succeeded = declineCode.isEmpty();
    charge.failureCode = charge.succeeded ? QString() : QStringLiteral("card_declined");
    charge.declineCode = declineCode;
    charge.created = QDateTime::currentSecsSinceEpoch();
    m_ledger->addCharge(charge);

    intent.latestCharge = charge.id;
    intent.lastPaymentError = {};
    StripeError declined;
    if (charge.succeeded) {
        intent.status = QStringLiteral("succeeded");
    } else {
        declined = StripeError::invalid(QStringLiteral("Your card was declined."), {}, QStringLiteral("card_declined"));
        declined.status = 402;
        declined.type = QStringLiteral("card_error");
        declined.declineCode = declineCode;
        declined.extra.insert(QStringLiteral("charge"), charge.id);
        if (card)
            declined.extra.insert(QStringLiteral("payment_method"), PaymentMethods::cardJson(*card));
        QJsonObject lastError = declined.extra;
        lastError.insert(QStringLiteral("type"), declined.type);
        lastError.insert(QStringLiteral("code"), declined.code);
        lastError.insert(QStringLiteral("decline_code"), declineCode);
        lastError.insert(QStringLiteral("message"), declined.message);
        lastError.insert(QStringLiteral("doc_url"),
                         QStringLiteral("https://stripe.com/docs/error-codes/card-declined"));
        intent.lastPaymentError = lastError;
        // As with Stripe, the failed card is detached; it lives on in last_payment_error.
        intent.status = QStringLiteral("requires_payment_method");
        intent.paymentMethod.clear();
        declined.extra.insert(QStringLiteral("payment_intent"), m_objects->intent(intent));
    }
    qCInfo(lcFakepay).noquote() << "charge" << charge.id << "of" << intent.id << "key" << call.idempotencyKey()
                                << intent.amount << intent.currency << step.name << declineCode;

    const QJsonObject rendered = m_objects->intent(intent);
    m_searchIndex->update(rendered);
    m_webhooks->publish(charge.succeeded ? QStringLiteral("payment_intent.succeeded")
                                         : QStringLiteral("payment_intent.payment_failed"),
                        rendered, call.requestId(), call.idempotencyKey());
    const HttpResponse response
        = charge.succeeded ? jsonResponse(200, m_objects->intent(intent, expand)) : declined.response();

    switch (step.behaviour) {
    case ChargePlan::Behaviour::Error500:
        // The money moved, and the 500 is what the key keeps: a retry with the key gets this 500 again
        // (Stripe-Should-Retry: false), and only a lookup finds the charge.
        call.answer(
            apiError(QStringLiteral("An unknown error occurred while processing your request."), "false").response());
        break;
    case ChargePlan::Behaviour::Slow:
    case ChargePlan::Behaviour::Hang: {
        // The request counts as running until its answer is due, whether or not the client still waits.
        const int holdMs = step.behaviour == ChargePlan::Behaviour::Slow ? m_plan->slowMs() : m_plan->hangMs();
        QTimer::singleShot(holdMs, this, [call, response] { call.answer(response); });
        break;
    }
    default:
        call.answer(response);
        break;
    }
}

} // namespace boxoffice::fakepay
