#include "idempotency.h"

namespace boxoffice::fakepay {

IdempotencyStore::Lookup IdempotencyStore::check(const QString &key, const QString &route,
                                                 const QJsonObject &params) const
{
    const auto found = m_records.constFind(key);
    if (found == m_records.cend())
        return {};
    // The lock comes first, as with Stripe: while the first request runs there is nothing to compare.
    if (found->running)
        return {Verdict::InUse, {}};
    if (found->route != route || found->params != params)
        return {Verdict::Mismatch, {}};
    HttpResponse replay = found->response;
    replay.headers.append(qMakePair(QByteArrayLiteral("Idempotent-Replayed"), QByteArrayLiteral("true")));
    return {Verdict::Replay, replay};
}

void IdempotencyStore::begin(const QString &key, const QString &route, const QJsonObject &params)
{
    m_records.insert(key, Record{route, params, true, {}});
}

void IdempotencyStore::finish(const QString &key, const HttpResponse &response)
{
    const auto found = m_records.find(key);
    if (found == m_records.end())
        return;
    found->running = false;
    found->response = response;
}

void IdempotencyStore::forget(const QString &key)
{
    m_records.remove(key);
}

} // namespace boxoffice::fakepay
