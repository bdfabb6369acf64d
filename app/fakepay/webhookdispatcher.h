#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QQueue>
#include <QString>
#include <QUrl>

class QNetworkAccessManager;
class QTimer;

namespace boxoffice::fakepay {

// Sends the fake's events to one endpoint the way Stripe does: signed, retried with backoff until a
// 2xx comes back, and - when told to - twice, late, held back or out of order, so a receiver can be
// tested against all of that.
class WebhookDispatcher : public QObject
{
public:
    static constexpr int maxAttempts = 8;
    static constexpr int firstRetryMs = 250;

    WebhookDispatcher(QUrl url, QByteArray secret, QObject *parent = nullptr);

    // The API version events are rendered with, as a Stripe account has one.
    static constexpr const char *apiVersion = "2026-10-28.endive";

    // Builds the event around `object` (a payment intent, a charge) and sends it, or holds it. The
    // request that caused it is named in the event as Stripe names it (id and idempotency key).
    void publish(const QString &type, const QJsonObject &object, const QString &requestId = {},
                 const QString &idempotencyKey = {});

    // {"duplicate":N,"delay_ms":n,"reorder":bool,"paused":bool}; fields left out stay as they were.
    // Returns an error message, empty when the settings were applied.
    QString configure(const QJsonObject &settings);
    QJsonObject settings() const;
    // Sends every held event now, shuffled when reordering is on.
    void flush();
    QJsonObject counters() const; // attempted, succeeded, failed, held, queued

private:
    struct Delivery
    {
        QString eventId;
        QByteArray body;
        qint64 notBeforeMs = 0;
        int attempt = 0;
    };

    void enqueue(const QString &eventId, const QByteArray &body);
    void pump();
    void attempt(Delivery delivery);
    void releaseHeld(bool shuffle);

    const QUrl m_url;
    const QByteArray m_secret;
    QNetworkAccessManager *m_network;
    QTimer *m_pumpTimer;

    int m_duplicate = 0;
    int m_delayMs = 0;
    bool m_reorder = false;
    bool m_paused = false;

    QList<QPair<QString, QByteArray>> m_held; // event id, body
    // First attempts go out one after another, so the order a receiver sees is the order chosen here;
    // retries run on their own timers and never hold up the queue.
    QQueue<Delivery> m_queue;
    bool m_firstAttemptRunning = false;

    int m_attempted = 0;
    int m_succeeded = 0;
    int m_failed = 0;
};

} // namespace boxoffice::fakepay
