#pragma once

#include "httpserver.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QQueue>
#include <QString>

#include <limits>
#include <optional>

namespace boxoffice::fakepay {

class PaymentMethods;
class WebhookDispatcher;

// An in-memory payment provider with a Stripe-shaped JSON API, and a control API through which a test
// makes it misbehave on purpose: decline, answer late, answer never, answer 500 after or before the
// money moved. Idempotency keys work as Stripe's do, so a test can check that a retried order is
// charged exactly once.
class FakeProvider : public QObject
{
public:
    FakeProvider(QByteArray apiKey, WebhookDispatcher *webhooks, PaymentMethods *paymentMethods,
                 QObject *parent = nullptr);

    void handle(const HttpRequest &request, const HttpResponder &responder);

    // The browser's side, as Stripe.js has it: a page turns a card into a payment method with the
    // publishable key (never the secret one), straight from the buyer's browser, so the card number
    // never reaches the shop. Only POST /v1/payment_methods takes that key, and only from these origins
    // (CORS); empty: no browser access.
    void allowBrowsers(QByteArray publishableKey, QList<QByteArray> origins);

private:
    bool answeredForBrowser(const HttpRequest &request, const HttpResponder &responder);

    enum class Behaviour { Succeed, Decline, Hang, Error500, Error500Before, Slow };
    struct PlannedCharge
    {
        Behaviour behaviour = Behaviour::Succeed;
        QString declineCode; // "decline:insufficient_funds"
        QString name = QStringLiteral("succeed"); // as the control request spelled it
    };
    struct Intent
    {
        QString id;
        QString idempotencyKey;
        qint64 amount = 0;
        qint64 refunded = 0;
        QString currency;
        QString description;
        QString paymentMethod; // "pm_..." when the charge named one
        QJsonObject metadata;
        QString status; // succeeded, requires_payment_method
        QString declineCode;
        qint64 created = 0;
    };
    struct Refund
    {
        QString id;
        QString idempotencyKey;
        QString paymentIntent;
        qint64 amount = 0;
        QString reason;
        qint64 created = 0;
    };
    // GET /v1/payment_intents as Stripe takes it: a created range, a page size and a cursor.
    struct ListQuery
    {
        qint64 createdMin = 0; // inclusive, like created[gte]
        qint64 createdMax = std::numeric_limits<qint64>::max(); // inclusive, like created[lte]
        int limit = 10;
        QString startingAfter;
        QString endingBefore;
        bool expandLatestCharge = false;
    };
    struct IdempotencyRecord
    {
        QString route;
        QJsonObject params;
        bool inFlight = true;
        HttpResponse response;
    };

    void createIntent(const HttpRequest &request, const HttpResponder &responder);
    void listIntents(const HttpRequest &request, const HttpResponder &responder) const;
    // Nothing when the query is fine, else the 400 to send.
    std::optional<HttpResponse> parseListQuery(const HttpRequest &request, ListQuery *query) const;
    QList<qsizetype> pickOlder(const ListQuery &query, bool *hasMore) const;
    QList<qsizetype> pickNewer(const ListQuery &query, bool *hasMore) const;
    void findIntentByKey(const HttpRequest &request, const HttpResponder &responder) const;
    void findIntent(const QString &id, const HttpResponder &responder) const;
    void createRefund(const HttpRequest &request, const HttpResponder &responder);
    void findRefund(const QString &id, const HttpResponder &responder) const;

    void setBehaviour(const HttpRequest &request, const HttpResponder &responder);
    void configureWebhooks(const HttpRequest &request, const HttpResponder &responder);
    void describeState(const HttpResponder &responder) const;

    // True when the key has been seen: the stored answer, a 409 or a 400 has been sent.
    bool answeredFromKey(const QString &key, const QString &route, const QJsonObject &params,
                         const HttpResponder &responder) const;
    void complete(const QString &key, const HttpResponse &response);

    QJsonObject intentJson(const Intent &intent) const;
    QJsonObject chargeJson(const Intent &intent) const;
    QJsonObject refundJson(const Refund &refund) const;
    QJsonObject behaviourJson() const;

    const QByteArray m_apiKey;
    QByteArray m_publishableKey;
    QList<QByteArray> m_browserOrigins;
    WebhookDispatcher *m_webhooks;
    PaymentMethods *m_paymentMethods;

    QList<Intent> m_intents; // in the order they were made
    QHash<QString, qsizetype> m_intentIndex; // by id
    QHash<QString, qsizetype> m_intentByKey;
    QList<Refund> m_refunds;
    QHash<QString, IdempotencyRecord> m_idempotency;

    QQueue<PlannedCharge> m_plan;
    int m_slowMs = 1500;
    int m_hangMs = 30000;
};

} // namespace boxoffice::fakepay
