#pragma once

#include "httpserver.h"

#include <QHash>
#include <QJsonObject>
#include <QString>

namespace boxoffice::fakepay {

// Stripe's idempotency layer: the first request under a key runs, and what it answered is kept and
// replayed for the same key, endpoint and parameters, 500s included. A second request while the first
// still runs gets a 409; the key with another endpoint or other parameters is an idempotency_error.
// Requests refused before they ran (bad parameters, a 409, a failure before any work) keep nothing, so
// the key stays free for a corrected retry.
class IdempotencyStore
{
public:
    static constexpr int maxKeyLength = 255;

    enum class Verdict { Fresh, Replay, InUse, Mismatch };
    struct Lookup
    {
        Verdict verdict = Verdict::Fresh;
        HttpResponse saved; // with Idempotent-Replayed: true, for Replay
    };

    Lookup check(const QString &key, const QString &route, const QJsonObject &params) const;
    void begin(const QString &key, const QString &route, const QJsonObject &params);
    void finish(const QString &key, const HttpResponse &response);
    void forget(const QString &key);

private:
    struct Record
    {
        QString route; // "POST /v1/payment_intents/pi_123/confirm"
        QJsonObject params;
        bool running = true;
        HttpResponse response;
    };
    QHash<QString, Record> m_records;
};

} // namespace boxoffice::fakepay
