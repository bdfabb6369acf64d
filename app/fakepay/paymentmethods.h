#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

namespace boxoffice::fakepay {

class ApiCall;

// Cards as a real provider keeps them: each card number given becomes a payment method ("pm_..."), and
// every payment method of one card carries the same fingerprint however its number was typed (spaces,
// dashes, zero-width characters). The fingerprint is an HMAC of the digits under a secret only the
// provider holds, so a shop can compare cards without ever seeing or computing one.
//
// Stripe's test cards behave as Stripe's do: 4000000000000002 declines (generic_decline),
// 4000000000009995 declines for insufficient_funds, and the test ids pm_card_visa, pm_card_mastercard,
// pm_card_chargeDeclined and pm_card_chargeDeclinedInsufficientFunds stand for a fresh payment method
// of such a card wherever a payment_method is taken.
class PaymentMethods
{
public:
    struct Card
    {
        QString id;
        QString fingerprint;
        QString last4;
        QString brand;
        int expMonth = 0;
        int expYear = 0;
        qint64 created = 0;
        QString declineCode; // set for the test cards that always decline
        QJsonObject billingDetails;
        QJsonObject metadata;
    };

    explicit PaymentMethods(QByteArray fingerprintSecret);

    // POST /v1/payment_methods, its parameters checked against Schemas::createPaymentMethod().
    void create(const ApiCall &call);
    // GET /v1/payment_methods/<id>; 404 resource_missing when the id is unknown.
    void retrieve(const ApiCall &call, const QString &id) const;

    const Card *find(const QString &id) const;
    // The id a payment_method parameter names: itself when known, a new payment method for a test id,
    // or empty when neither.
    QString resolve(const QString &id);

    static QJsonObject cardJson(const Card &card);

    // The card number's digits (Unicode digits as ASCII), with spaces, dashes, dots, slashes and
    // invisible formatting dropped; empty when anything else is in it.
    static QString digitsOf(const QString &number);
    static bool passesLuhn(const QString &digits);
    QString fingerprintOf(const QString &digits) const;

private:
    Card &add(const QString &digits, int expMonth, int expYear);

    const QByteArray m_secret;
    QHash<QString, Card> m_cards; // by id
};

} // namespace boxoffice::fakepay
