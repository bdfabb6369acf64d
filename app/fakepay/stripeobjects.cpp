#include "stripeobjects.h"

#include "paymentmethods.h"

#include <QCryptographicHash>
#include <QJsonArray>

namespace boxoffice::fakepay {

namespace {

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonObject outcomeOf(const Charge &charge)
{
    if (charge.succeeded)
        return {{QStringLiteral("network_status"), QStringLiteral("approved_by_network")},
                {QStringLiteral("reason"), QJsonValue::Null},
                {QStringLiteral("risk_level"), QStringLiteral("normal")},
                {QStringLiteral("seller_message"), QStringLiteral("Payment complete.")},
                {QStringLiteral("type"), QStringLiteral("authorized")}};
    return {{QStringLiteral("network_status"), QStringLiteral("declined_by_network")},
            {QStringLiteral("reason"), textOrNull(charge.declineCode)},
            {QStringLiteral("risk_level"), QStringLiteral("normal")},
            {QStringLiteral("seller_message"),
             QStringLiteral("The bank did not return any further details with this decline.")},
            {QStringLiteral("type"), QStringLiteral("issuer_declined")}};
}

} // namespace

StripeObjects::StripeObjects(const Ledger *ledger, const PaymentMethods *paymentMethods)
    : m_ledger(ledger), m_paymentMethods(paymentMethods)
{ }

QString StripeObjects::clientSecretOf(const QString &intentId)
{
    const QByteArray digest = QCryptographicHash::hash(intentId.toUtf8(), QCryptographicHash::Sha256).toHex();
    return intentId + QStringLiteral("_secret_") + QString::fromLatin1(digest.left(25));
}

QJsonObject StripeObjects::intent(const PaymentIntent &intent, const QStringList &expand) const
{
    const bool succeeded = intent.status == QLatin1String("succeeded");
    QJsonValue latestCharge = textOrNull(intent.latestCharge);
    if (expand.contains(QStringLiteral("latest_charge"))) {
        if (const Charge *found = m_ledger->charge(intent.latestCharge))
            latestCharge = charge(*found);
    }
    QJsonValue paymentMethod = textOrNull(intent.paymentMethod);
    if (expand.contains(QStringLiteral("payment_method"))) {
        if (const PaymentMethods::Card *card = m_paymentMethods->find(intent.paymentMethod))
            paymentMethod = PaymentMethods::cardJson(*card);
    }
    QJsonValue automatic = QJsonValue::Null;
    if (intent.automaticPaymentMethods)
        automatic = QJsonObject{{QStringLiteral("enabled"), true}};
    return {
        {QStringLiteral("id"), intent.id},
        {QStringLiteral("object"), QStringLiteral("payment_intent")},
        {QStringLiteral("amount"), intent.amount},
        {QStringLiteral("amount_capturable"), 0},
        {QStringLiteral("amount_received"), succeeded ? intent.amount : 0},
        {QStringLiteral("automatic_payment_methods"), automatic},
        {QStringLiteral("canceled_at"), intent.canceledAt > 0 ? QJsonValue(intent.canceledAt) : QJsonValue::Null},
        {QStringLiteral("cancellation_reason"), textOrNull(intent.cancellationReason)},
        {QStringLiteral("capture_method"), QStringLiteral("automatic")},
        {QStringLiteral("client_secret"), clientSecretOf(intent.id)},
        {QStringLiteral("confirmation_method"), QStringLiteral("automatic")},
        {QStringLiteral("created"), intent.created},
        {QStringLiteral("currency"), intent.currency},
        {QStringLiteral("customer"), QJsonValue::Null},
        {QStringLiteral("description"), textOrNull(intent.description)},
        {QStringLiteral("last_payment_error"),
         intent.lastPaymentError.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(intent.lastPaymentError)},
        {QStringLiteral("latest_charge"), latestCharge},
        {QStringLiteral("livemode"), false},
        {QStringLiteral("metadata"), intent.metadata},
        {QStringLiteral("next_action"), QJsonValue::Null},
        {QStringLiteral("payment_method"), paymentMethod},
        {QStringLiteral("payment_method_types"), QJsonArray::fromStringList(intent.paymentMethodTypes)},
        {QStringLiteral("receipt_email"), textOrNull(intent.receiptEmail)},
        {QStringLiteral("status"), intent.status},
    };
}

QJsonObject StripeObjects::charge(const Charge &charge, const QStringList &expand) const
{
    QJsonValue paymentIntent = charge.paymentIntent;
    if (expand.contains(QStringLiteral("payment_intent"))) {
        if (const PaymentIntent *found = m_ledger->intent(charge.paymentIntent))
            paymentIntent = intent(*found);
    }
    QJsonValue details = QJsonValue::Null;
    if (const PaymentMethods::Card *card = m_paymentMethods->find(charge.paymentMethod)) {
        details = QJsonObject{{QStringLiteral("type"), QStringLiteral("card")},
                              {QStringLiteral("card"), PaymentMethods::cardJson(*card).value(QStringLiteral("card"))}};
    }
    return {
        {QStringLiteral("id"), charge.id},
        {QStringLiteral("object"), QStringLiteral("charge")},
        {QStringLiteral("amount"), charge.amount},
        {QStringLiteral("amount_captured"), charge.succeeded ? charge.amount : 0},
        {QStringLiteral("amount_refunded"), charge.amountRefunded},
        {QStringLiteral("balance_transaction"), QJsonValue::Null},
        {QStringLiteral("captured"), charge.succeeded},
        {QStringLiteral("created"), charge.created},
        {QStringLiteral("currency"), charge.currency},
        {QStringLiteral("customer"), QJsonValue::Null},
        {QStringLiteral("description"), textOrNull(charge.description)},
        {QStringLiteral("failure_code"), textOrNull(charge.failureCode)},
        {QStringLiteral("failure_message"),
         charge.succeeded ? QJsonValue(QJsonValue::Null) : QJsonValue(QStringLiteral("Your card was declined."))},
        {QStringLiteral("livemode"), false},
        {QStringLiteral("metadata"), charge.metadata},
        {QStringLiteral("outcome"), outcomeOf(charge)},
        {QStringLiteral("paid"), charge.succeeded},
        {QStringLiteral("payment_intent"), paymentIntent},
        {QStringLiteral("payment_method"), textOrNull(charge.paymentMethod)},
        {QStringLiteral("payment_method_details"), details},
        {QStringLiteral("receipt_email"), textOrNull(charge.receiptEmail)},
        {QStringLiteral("refunded"), charge.succeeded && charge.amountRefunded == charge.amount},
        {QStringLiteral("status"), charge.succeeded ? QStringLiteral("succeeded") : QStringLiteral("failed")},
    };
}

QJsonObject StripeObjects::refund(const Refund &refund, const QStringList &expand) const
{
    QJsonValue chargeValue = refund.charge;
    if (expand.contains(QStringLiteral("charge"))) {
        if (const Charge *found = m_ledger->charge(refund.charge))
            chargeValue = charge(*found);
    }
    QJsonValue intentValue = refund.paymentIntent;
    if (expand.contains(QStringLiteral("payment_intent"))) {
        if (const PaymentIntent *found = m_ledger->intent(refund.paymentIntent))
            intentValue = intent(*found);
    }
    return {
        {QStringLiteral("id"), refund.id},
        {QStringLiteral("object"), QStringLiteral("refund")},
        {QStringLiteral("amount"), refund.amount},
        {QStringLiteral("balance_transaction"), QJsonValue::Null},
        {QStringLiteral("charge"), chargeValue},
        {QStringLiteral("created"), refund.created},
        {QStringLiteral("currency"), refund.currency},
        {QStringLiteral("metadata"), refund.metadata},
        {QStringLiteral("payment_intent"), intentValue},
        {QStringLiteral("reason"), textOrNull(refund.reason)},
        {QStringLiteral("status"), QStringLiteral("succeeded")},
    };
}

std::optional<StripeError> StripeObjects::checkExpand(const QStringList &expand, const QStringList &allowed)
{
    for (const QString &path : expand) {
        if (!allowed.contains(path))
            return StripeError::invalid(QStringLiteral("This property cannot be expanded (%1).").arg(path.left(100)),
                                        QStringLiteral("expand"));
    }
    return std::nullopt;
}

QStringList StripeObjects::listItems(const QStringList &expand)
{
    QStringList items;
    for (const QString &path : expand) {
        if (path.startsWith(QLatin1String("data.")))
            items.append(path.mid(5));
    }
    return items;
}

} // namespace boxoffice::fakepay
