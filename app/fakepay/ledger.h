#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace boxoffice::fakepay {

struct PaymentIntent
{
    QString id;
    QString idempotencyKey; // of the request that made it: /control/state shows it to tests
    qint64 amount = 0;
    QString currency; // lower case
    QString description;
    QJsonObject metadata;
    QString paymentMethod; // "pm_..." or empty
    QStringList paymentMethodTypes{QStringLiteral("card")};
    bool automaticPaymentMethods = false;
    QString receiptEmail;
    // requires_payment_method, requires_confirmation, succeeded, canceled
    QString status = QStringLiteral("requires_payment_method");
    QString latestCharge; // "ch_..." of the last attempt
    QJsonObject lastPaymentError; // the card_error of the last declined attempt
    QString cancellationReason;
    qint64 canceledAt = 0;
    qint64 created = 0;
};

// One attempt to take the money: succeeded or failed, as Stripe keeps a failed charge too.
struct Charge
{
    QString id;
    QString paymentIntent;
    QString paymentMethod;
    qint64 amount = 0;
    qint64 amountRefunded = 0;
    QString currency;
    QString description;
    QJsonObject metadata; // the intent's, copied when the charge was made
    QString receiptEmail;
    bool succeeded = false;
    QString failureCode; // card_declined
    QString declineCode; // insufficient_funds, generic_decline
    qint64 created = 0;
};

struct Refund
{
    QString id;
    QString idempotencyKey;
    QString charge;
    QString paymentIntent;
    qint64 amount = 0;
    QString currency;
    QString reason;
    QJsonObject metadata;
    qint64 created = 0;
};

// The money side of the fake, in memory: intents, their charges and refunds, each list in the order
// made (the lists page from there) with an index by id. No HTTP in here.
class Ledger
{
public:
    PaymentIntent &addIntent(const PaymentIntent &intent);
    Charge &addCharge(const Charge &charge);
    Refund &addRefund(const Refund &refund);

    PaymentIntent *intent(const QString &id);
    const PaymentIntent *intent(const QString &id) const;
    Charge *charge(const QString &id);
    const Charge *charge(const QString &id) const;
    const Refund *refund(const QString &id) const;

    const QList<PaymentIntent> &intents() const { return m_intents; }
    const QList<Charge> &charges() const { return m_charges; }
    const QList<Refund> &refunds() const { return m_refunds; }
    // Position in intents()/charges(), or -1.
    qsizetype intentPosition(const QString &id) const { return m_intentIndex.value(id, -1); }
    qsizetype chargePosition(const QString &id) const { return m_chargeIndex.value(id, -1); }

private:
    QList<PaymentIntent> m_intents;
    QHash<QString, qsizetype> m_intentIndex;
    QList<Charge> m_charges;
    QHash<QString, qsizetype> m_chargeIndex;
    QList<Refund> m_refunds;
    QHash<QString, qsizetype> m_refundIndex;
};

} // namespace boxoffice::fakepay
