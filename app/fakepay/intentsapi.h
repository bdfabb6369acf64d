#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace boxoffice::fakepay {

class ApiCall;
class Confirmer;
class Ledger;
class PaymentMethods;
struct PaymentIntent;
class SearchIndex;
class StripeObjects;

// POST /v1/payment_intents, POST .../{id}/confirm, GET .../{id}, POST .../{id}/cancel: one payment
// intent at a time. (Listing and searching are IntentQueries.)
class IntentsApi
{
public:
    IntentsApi(Ledger *ledger, PaymentMethods *paymentMethods, Confirmer *confirmer, SearchIndex *searchIndex,
               const StripeObjects *objects);

    void create(const ApiCall &call);
    void confirm(const ApiCall &call, const QString &id);
    void retrieve(const ApiCall &call, const QString &id) const;
    void cancel(const ApiCall &call, const QString &id);

private:
    // The intent `call` is about, its expand[] checked and, for an action, its state; nullptr when the
    // call has been refused.
    PaymentIntent *open(const ApiCall &call, const QString &id, const QString &action, QStringList *expand) const;
    // The payment method the call names (a test id made real), `fallback` when it names none, nothing
    // when it names an unknown one (the call is refused).
    std::optional<QString> paymentMethodOf(const ApiCall &call, const QString &fallback) const;

    Ledger *m_ledger;
    PaymentMethods *m_paymentMethods;
    Confirmer *m_confirmer;
    SearchIndex *m_searchIndex;
    const StripeObjects *m_objects;
};

} // namespace boxoffice::fakepay
