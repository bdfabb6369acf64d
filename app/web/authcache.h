#pragma once

#include "domain/buyers.h"

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QString>

#include <atomic>
#include <optional>

namespace boxoffice::web {

// Buyers whose bearer token the database accepted in the last few seconds, so a buyer's burst of
// requests costs one lookup. Only accepted tokens are kept (a wrong token is asked about every
// time), under a keyed hash of the token (never the token itself), and at most `maxEntries` of them.
// The price: a revoked token keeps working until its entry expires. Safe to use from any thread.
class AuthCache
{
public:
    AuthCache(int ttlSeconds, int maxEntries);

    bool enabled() const { return m_ttlMs > 0; }
    std::optional<Buyer> find(const QString &token);
    void remember(const QString &token, const Buyer &buyer);
    // A session that ended here (sign-out): not trusted again from this cache. Another server's cache
    // may still trust it until its entry expires (a few seconds).
    void forget(const QString &token);

    quint64 hits() const { return m_hits.load(); }
    quint64 misses() const { return m_misses.load(); }
    int size() const;

private:
    struct Entry
    {
        Buyer buyer;
        qint64 expiresAtMs = 0;
    };
    QByteArray keyFor(const QString &token) const;
    void makeRoom(qint64 nowMs);

    const qint64 m_ttlMs;
    const int m_maxEntries;
    const QByteArray m_secret; // random per process: the keys mean nothing outside it
    mutable QMutex m_mutex;
    QHash<QByteArray, Entry> m_entries;
    std::atomic<quint64> m_hits{0};
    std::atomic<quint64> m_misses{0};
};

} // namespace boxoffice::web
