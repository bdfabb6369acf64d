#include "authcache.h"

#include <QDateTime>
#include <QMessageAuthenticationCode>
#include <QMutexLocker>
#include <QRandomGenerator>

namespace boxoffice::web {

namespace {
qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QByteArray randomSecret()
{
    QByteArray secret(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(secret.data()), secret.size() / 4);
    return secret;
}
} // namespace

AuthCache::AuthCache(int ttlSeconds, int maxEntries)
    : m_ttlMs(qint64(qMax(0, ttlSeconds)) * 1000), m_maxEntries(qMax(1, maxEntries)), m_secret(randomSecret())
{ }

QByteArray AuthCache::keyFor(const QString &token) const
{
    return QMessageAuthenticationCode::hash(token.toUtf8(), m_secret, QCryptographicHash::Sha256);
}

std::optional<Buyer> AuthCache::find(const QString &token)
{
    if (!enabled() || token.isEmpty())
        return std::nullopt;
    const QByteArray key = keyFor(token);
    QMutexLocker lock(&m_mutex);
    const auto it = m_entries.constFind(key);
    if (it == m_entries.constEnd() || it->expiresAtMs <= nowMs()) {
        ++m_misses;
        return std::nullopt;
    }
    ++m_hits;
    return it->buyer;
}

void AuthCache::remember(const QString &token, const Buyer &buyer)
{
    if (!enabled() || token.isEmpty())
        return;
    const QByteArray key = keyFor(token);
    const qint64 now = nowMs();
    QMutexLocker lock(&m_mutex);
    if (m_entries.size() >= m_maxEntries && !m_entries.contains(key))
        makeRoom(now);
    m_entries.insert(key, Entry{buyer, now + m_ttlMs});
}

void AuthCache::forget(const QString &token)
{
    if (!enabled() || token.isEmpty())
        return;
    const QByteArray key = keyFor(token);
    QMutexLocker lock(&m_mutex);
    m_entries.remove(key);
}

void AuthCache::makeRoom(qint64 now)
{
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        if (it->expiresAtMs <= now)
            it = m_entries.erase(it);
        else
            ++it;
    }
    // Still nearly full of live entries (a flood of distinct buyers): forgetting some only costs their
    // buyers a lookup, while growing without bound would cost the server. An eighth goes at once, so
    // the next inserts do not sweep again.
    const qsizetype keep = m_maxEntries - qMax(1, m_maxEntries / 8);
    while (m_entries.size() > keep)
        m_entries.erase(m_entries.begin());
}

int AuthCache::size() const
{
    QMutexLocker lock(&m_mutex);
    return int(m_entries.size());
}

} // namespace boxoffice::web
