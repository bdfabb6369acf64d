#include "domain/paymentmatching.h"

namespace boxoffice::PaymentMatching {

namespace {

QString moneyContradicts(const Money &seen, const PaymentRecord &payment)
{
    if (seen.minor() != payment.amount.minor())
        return QStringLiteral("amount %1 is not the payment's %2").arg(seen.minor()).arg(payment.amount.minor());
    if (!seen.sameCurrency(payment.amount))
        return QStringLiteral("currency \"%1\" is not the payment's %2")
            .arg(seen.currency(), payment.amount.currency());
    return {};
}

QString intentContradicts(const QString &intent, const PaymentRecord &payment)
{
    if (intent.isEmpty())
        return QStringLiteral("no payment intent is named");
    // Before the provider's answer was recorded the payment knows no intent yet: the first one that
    // agrees on the money is adopted (and from then on, by the unique index, belongs to it alone).
    if (!payment.providerPaymentId.isEmpty() && intent != payment.providerPaymentId)
        return QStringLiteral("intent %1 is not the payment's %2").arg(intent, payment.providerPaymentId);
    return {};
}

} // namespace

QString eventContradicts(const PaymentEvent &event, const PaymentRecord &payment)
{
    if (QString money = moneyContradicts(event.amount, payment); !money.isEmpty())
        return money;
    return intentContradicts(event.providerPaymentId, payment);
}

QString chargeContradicts(const ProviderCharge &charge, const PaymentRecord &payment)
{
    if (QString money = moneyContradicts(charge.amount, payment); !money.isEmpty())
        return money;
    return intentContradicts(charge.providerPaymentId, payment);
}

} // namespace boxoffice::PaymentMatching
