#include "domain/paymentmatching.h"

namespace boxoffice::PaymentMatching {

namespace {

QString moneyContradicts(qint64 amountMinor, const QString &currency, const PaymentRecord &payment)
{
    if (amountMinor != payment.amountMinor)
        return QStringLiteral("amount %1 is not the payment's %2").arg(amountMinor).arg(payment.amountMinor);
    if (currency.compare(payment.currency, Qt::CaseInsensitive) != 0)
        return QStringLiteral("currency \"%1\" is not the payment's %2").arg(currency, payment.currency);
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
    if (QString money = moneyContradicts(event.amountMinor, event.currency, payment); !money.isEmpty())
        return money;
    return intentContradicts(event.providerPaymentId, payment);
}

QString chargeContradicts(const ProviderCharge &charge, const PaymentRecord &payment)
{
    if (QString money = moneyContradicts(charge.amountMinor, charge.currency, payment); !money.isEmpty())
        return money;
    return intentContradicts(charge.providerPaymentId, payment);
}

} // namespace boxoffice::PaymentMatching
