#pragma once

#include "httpserver.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

namespace boxoffice::fakepay {

// Cards as a real provider keeps them: each card number given becomes a payment method ("pm_..."), and
// every payment method of one card carries the same fingerprint however its number was typed (spaces,
// dashes, zero-width characters). The fingerprint is an HMAC of the digits under a secret only the
// provider holds, so a shop can compare cards without ever seeing or computing one.
class PaymentMethods
{
public:
    explicit PaymentMethods(QByteArray fingerprintSecret);

    // POST /v1/payment_methods {"type": "card", "card": {"number", "exp_month", "exp_year"}}.
    void create(const HttpRequest &request, const HttpResponder &responder);
    // GET /v1/payment_methods/<id>; 404 resource_missing when the id is unknown.
    void find(const QString &id, const HttpResponder &responder) const;
    bool exists(const QString &id) const { return m_cards.contains(id); }

    // The card number's digits (Unicode digits as ASCII), with spaces, dashes, dots, slashes and
    // invisible formatting dropped; empty when anything else is in it.
    static QString digitsOf(const QString &number);
    static bool passesLuhn(const QString &digits);
    QString fingerprintOf(const QString &digits) const;

private:
    struct Card
    {
        QString id;
        QString fingerprint;
        QString last4;
        QString brand;
        int expMonth = 0;
        int expYear = 0;
        qint64 created = 0;
    };

    QJsonObject cardJson(const Card &card) const;

    const QByteArray m_secret;
    QHash<QString, Card> m_cards; // by id
};

} // namespace boxoffice::fakepay
