#pragma once

#include "ledger.h"
#include "stripeerror.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace boxoffice::fakepay {

class PaymentMethods;

// The ledger's records as Stripe's API shows them (the fields a client of PaymentIntents, Charges and
// Refunds reads, null where the fake has nothing), with expand[] replacing an id by its object.
class StripeObjects
{
public:
    StripeObjects(const Ledger *ledger, const PaymentMethods *paymentMethods);

    // expand: latest_charge, payment_method
    QJsonObject intent(const PaymentIntent &intent, const QStringList &expand = {}) const;
    // expand: payment_intent
    QJsonObject charge(const Charge &charge, const QStringList &expand = {}) const;
    // expand: charge, payment_intent
    QJsonObject refund(const Refund &refund, const QStringList &expand = {}) const;

    // Nothing when every path is one of `allowed`, else Stripe's 400. A list endpoint's paths start
    // with "data."; listItems() strips that for the objects in it.
    static std::optional<StripeError> checkExpand(const QStringList &expand, const QStringList &allowed);
    static QStringList listItems(const QStringList &expand);

    static QString clientSecretOf(const QString &intentId);

private:
    const Ledger *m_ledger;
    const PaymentMethods *m_paymentMethods;
};

} // namespace boxoffice::fakepay
