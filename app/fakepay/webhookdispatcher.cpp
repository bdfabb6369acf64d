#include "webhookdispatcher.h"

#include "domain/payments.h"
#include "fakepaylogging.h"
#include "ids.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QTimer>

#include <algorithm>

namespace boxoffice::fakepay {

namespace {

constexpr int maxDuplicate = 20;
constexpr int maxDelayMs = 10 * 60 * 1000;
constexpr int attemptTimeoutMs = 10000;

} // namespace

WebhookDispatcher::WebhookDispatcher(QUrl url, QByteArray secret, QObject *parent)
    : QObject(parent), m_url(std::move(url)), m_secret(std::move(secret)), m_network(new QNetworkAccessManager(this)),
      m_pumpTimer(new QTimer(this))
{
    m_pumpTimer->setSingleShot(true);
    connect(m_pumpTimer, &QTimer::timeout, this, &WebhookDispatcher::pump);
}

void WebhookDispatcher::publish(const QString &type, const QJsonObject &object, const QString &requestId,
                                const QString &idempotencyKey)
{
    const QString eventId = randomId(QStringLiteral("evt_"));
    const auto textOrNull
        = [](const QString &text) { return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text); };
    const QJsonObject event{
        {QStringLiteral("id"), eventId},
        {QStringLiteral("object"), QStringLiteral("event")},
        {QStringLiteral("api_version"), QLatin1String(apiVersion)},
        {QStringLiteral("created"), QDateTime::currentSecsSinceEpoch()},
        {QStringLiteral("data"), QJsonObject{{QStringLiteral("object"), object}}},
        {QStringLiteral("livemode"), false},
        {QStringLiteral("pending_webhooks"), m_url.isEmpty() ? 0 : 1},
        {QStringLiteral("request"),
         QJsonObject{{QStringLiteral("id"), textOrNull(requestId)},
                     {QStringLiteral("idempotency_key"), textOrNull(idempotencyKey)}}},
        {QStringLiteral("type"), type},
    };
    // The body is fixed once: a redelivery sends the very same bytes (only the signature's time moves).
    const QByteArray body = QJsonDocument(event).toJson(QJsonDocument::Compact);
    qCInfo(lcFakepay).noquote() << "event" << eventId << type;
    if (m_url.isEmpty())
        return;
    if (m_paused || m_reorder)
        m_held.append({eventId, body});
    else
        enqueue(eventId, body);
}

QString WebhookDispatcher::configure(const QJsonObject &settings)
{
    const QJsonValue duplicate = settings.value(QStringLiteral("duplicate"));
    const QJsonValue delay = settings.value(QStringLiteral("delay_ms"));
    const QJsonValue reorder = settings.value(QStringLiteral("reorder"));
    const QJsonValue paused = settings.value(QStringLiteral("paused"));
    if (!duplicate.isUndefined() && (duplicate.toInteger(-1) < 0 || duplicate.toInteger() > maxDuplicate))
        return QStringLiteral("duplicate must be a whole number from 0 to %1").arg(maxDuplicate);
    if (!delay.isUndefined() && (delay.toInteger(-1) < 0 || delay.toInteger() > maxDelayMs))
        return QStringLiteral("delay_ms must be a whole number from 0 to %1").arg(maxDelayMs);
    if ((!reorder.isUndefined() && !reorder.isBool()) || (!paused.isUndefined() && !paused.isBool()))
        return QStringLiteral("reorder and paused are true or false");

    if (!duplicate.isUndefined())
        m_duplicate = int(duplicate.toInteger());
    if (!delay.isUndefined())
        m_delayMs = int(delay.toInteger());
    if (!reorder.isUndefined())
        m_reorder = reorder.toBool();
    if (!paused.isUndefined())
        m_paused = paused.toBool();
    // Nothing holds events back any more: what was held goes out in the order it happened.
    if (!m_paused && !m_reorder)
        releaseHeld(false);
    return {};
}

QJsonObject WebhookDispatcher::settings() const
{
    return {
        {QStringLiteral("duplicate"), m_duplicate},
        {QStringLiteral("delay_ms"), m_delayMs},
        {QStringLiteral("reorder"), m_reorder},
        {QStringLiteral("paused"), m_paused},
    };
}

void WebhookDispatcher::flush()
{
    releaseHeld(m_reorder);
}

QJsonObject WebhookDispatcher::counters() const
{
    return {
        {QStringLiteral("attempted"), m_attempted},
        {QStringLiteral("succeeded"), m_succeeded},
        {QStringLiteral("failed"), m_failed},
        {QStringLiteral("held"), int(m_held.size())},
        {QStringLiteral("queued"), int(m_queue.size())},
    };
}

void WebhookDispatcher::releaseHeld(bool shuffle)
{
    QList<QPair<QString, QByteArray>> events;
    events.swap(m_held);
    if (shuffle && events.size() > 1) {
        const QList<QPair<QString, QByteArray>> original = events;
        std::shuffle(events.begin(), events.end(), *QRandomGenerator::global());
        // A shuffle that happens to keep the order would make "reorder" a coin toss for a test.
        if (events == original)
            std::reverse(events.begin(), events.end());
    }
    for (const auto &[eventId, body] : events)
        enqueue(eventId, body);
}

void WebhookDispatcher::enqueue(const QString &eventId, const QByteArray &body)
{
    const qint64 notBefore = QDateTime::currentMSecsSinceEpoch() + m_delayMs;
    for (int copy = 0; copy <= m_duplicate; ++copy)
        m_queue.enqueue({eventId, body, notBefore, 0});
    pump();
}

void WebhookDispatcher::pump()
{
    if (m_firstAttemptRunning || m_queue.isEmpty())
        return;
    const qint64 wait = m_queue.head().notBeforeMs - QDateTime::currentMSecsSinceEpoch();
    if (wait > 0) {
        m_pumpTimer->start(int(wait));
        return;
    }
    m_firstAttemptRunning = true;
    attempt(m_queue.dequeue());
}

void WebhookDispatcher::attempt(Delivery delivery)
{
    ++delivery.attempt;
    ++m_attempted;
    QNetworkRequest request(m_url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json; charset=utf-8"));
    request.setHeader(QNetworkRequest::UserAgentHeader,
                      QByteArrayLiteral("Stripe/1.0 (+https://stripe.com/docs/webhooks) boxoffice-fakepay"));
    // Signed at send time, as Stripe does, so a late retry is not refused as stale.
    request.setRawHeader("Stripe-Signature",
                         WebhookSignature::sign(delivery.body, m_secret, QDateTime::currentSecsSinceEpoch()));
    request.setTransferTimeout(attemptTimeoutMs);
    QNetworkReply *reply = m_network->post(request, delivery.body);

    connect(reply, &QNetworkReply::finished, this, [this, reply, delivery] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const bool delivered = reply->error() == QNetworkReply::NoError && status >= 200 && status < 300;
        if (delivered) {
            ++m_succeeded;
            qCInfo(lcFakepay).noquote() << "delivered" << delivery.eventId << "attempt" << delivery.attempt;
        } else if (delivery.attempt < maxAttempts) {
            const int backoff = firstRetryMs << (delivery.attempt - 1);
            qCInfo(lcFakepay).noquote() << "delivery of" << delivery.eventId << "failed (" << status
                                        << reply->errorString() << "), retry in" << backoff << "ms";
            QTimer::singleShot(backoff, this, [this, delivery] { attempt(delivery); });
        } else {
            ++m_failed;
            qCWarning(lcFakepay).noquote() << "gave up on" << delivery.eventId << "after" << maxAttempts << "attempts";
        }
        if (delivery.attempt == 1) {
            m_firstAttemptRunning = false;
            pump();
        }
    });
}

} // namespace boxoffice::fakepay
