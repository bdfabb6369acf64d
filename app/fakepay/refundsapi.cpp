#include "refundsapi.h"

#include "apicall.h"
#include "fakepaylogging.h"
#include "ids.h"
#include "ledger.h"
#include "paramschema.h"
#include "stripeobjects.h"
#include "webhookdispatcher.h"

#include <QDateTime>

namespace boxoffice::fakepay {

namespace {

const QStringList expandable{QStringLiteral("charge"), QStringLiteral("payment_intent")};

// 404 rather than Stripe's 400 for an unknown id in the body: the shop's client has always told "the
// provider does not know this payment" by it, and a refund of nothing must never look retryable.
StripeError unknown(const QString &what, const QString &id, const QString &param)
{
    return StripeError::notFound(what, id, param);
}

} // namespace

RefundsApi::RefundsApi(Ledger *ledger, WebhookDispatcher *webhooks, const StripeObjects *objects)
    : m_ledger(ledger), m_webhooks(webhooks), m_objects(objects)
{ }

void RefundsApi::create(const ApiCall &call)
{
    const QStringList expand = listParam(call.params(), QStringLiteral("expand"));
    if (auto refused = StripeObjects::checkExpand(expand, expandable))
        return call.refuse(*refused);
    const QString intentId = call.param(QStringLiteral("payment_intent"));
    QString chargeId = call.param(QStringLiteral("charge"));
    if (intentId.isEmpty() && chargeId.isEmpty())
        return call.refuse(StripeError::invalid(
            QStringLiteral(
                "One of the following params should be provided for this request: payment_intent or charge."),
            QStringLiteral("payment_intent"), QStringLiteral("parameter_missing")));
    if (!intentId.isEmpty()) {
        const PaymentIntent *intent = m_ledger->intent(intentId);
        if (!intent)
            return call.refuse(unknown(QStringLiteral("payment_intent"), intentId, QStringLiteral("payment_intent")));
        if (intent->status != QLatin1String("succeeded"))
            return call.refuse(StripeError::invalid(
                QStringLiteral("This PaymentIntent (%1) does not have a successful charge to refund.").arg(intent->id),
                QStringLiteral("payment_intent"), QStringLiteral("charge_not_refundable")));
        if (!chargeId.isEmpty() && chargeId != intent->latestCharge)
            return call.refuse(
                StripeError::invalid(QStringLiteral("The charge %1 does not belong to the PaymentIntent %2.")
                                         .arg(chargeId.left(200), intent->id),
                                     QStringLiteral("charge")));
        chargeId = intent->latestCharge;
    }
    Charge *charge = m_ledger->charge(chargeId);
    if (!charge)
        return call.refuse(unknown(QStringLiteral("charge"), chargeId, QStringLiteral("charge")));
    if (!charge->succeeded)
        return call.refuse(
            StripeError::invalid(QStringLiteral("Charge %1 has failed and cannot be refunded.").arg(charge->id),
                                 QStringLiteral("charge"), QStringLiteral("charge_not_refundable")));
    const qint64 remaining = charge->amount - charge->amountRefunded;
    if (remaining == 0)
        return call.refuse(StripeError::invalid(QStringLiteral("Charge %1 has already been refunded.").arg(charge->id),
                                                {}, QStringLiteral("charge_already_refunded")));
    const qint64 amount = integerParam(call.params(), QStringLiteral("amount"), remaining);
    if (amount > remaining)
        return call.refuse(StripeError::invalid(QStringLiteral("Refund amount (%1) is greater than unrefunded amount "
                                                               "on charge (%2)")
                                                    .arg(amount)
                                                    .arg(remaining),
                                                QStringLiteral("amount"), QStringLiteral("amount_too_large")));

    Refund refund;
    refund.id = randomId(QStringLiteral("re_"));
    refund.idempotencyKey = call.idempotencyKey();
    refund.charge = charge->id;
    refund.paymentIntent = charge->paymentIntent;
    refund.amount = amount;
    refund.currency = charge->currency;
    refund.reason = call.param(QStringLiteral("reason"));
    refund.metadata = metadataParam(call.params());
    refund.created = QDateTime::currentSecsSinceEpoch();
    charge->amountRefunded += amount;
    const Refund &made = m_ledger->addRefund(refund);
    qCInfo(lcFakepay).noquote() << "refund" << made.id << "of" << made.paymentIntent << amount;

    m_webhooks->publish(QStringLiteral("charge.refunded"), m_objects->charge(*m_ledger->charge(made.charge)),
                        call.requestId(), call.idempotencyKey());
    call.answer(jsonResponse(200, m_objects->refund(made, expand)));
}

void RefundsApi::retrieve(const ApiCall &call, const QString &id) const
{
    const Refund *refund = m_ledger->refund(id);
    if (!refund)
        return call.refuse(StripeError::notFound(QStringLiteral("refund"), id));
    const QStringList expand = listParam(call.params(), QStringLiteral("expand"));
    if (auto refused = StripeObjects::checkExpand(expand, expandable))
        return call.refuse(*refused);
    call.answer(jsonResponse(200, m_objects->refund(*refund, expand)));
}

} // namespace boxoffice::fakepay
