#pragma once

#include "apireply.h"

#include "domain/ratecounters.h"

#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>

#include <memory>
#include <optional>

namespace boxoffice::web {

// One limit: at most `limit` events per window for one subject (a buyer, a client address). Counts
// live in RateCounters, so several web servers sharing Redis share the limit. Over the limit a
// request gets 429 with Retry-After and the usual error body. When the counters cannot be reached the
// request goes through (logged): a limit is there against floods, and a broken counter store must not
// close the shop.
class RateLimiter
{
public:
    // `what` words the refusal: "carts created", "failed sign-ins". A limit of 0 or less lets all through.
    RateLimiter(std::shared_ptr<RateCounters> counters, QString name, QString what, int limit, int windowSeconds = 60);

    // Counts this event; the 429 to send when it was one too many.
    std::optional<ApiReply> take(const QString &subject) const;
    // The 429 to send when the subject has used its budget already, counting nothing.
    std::optional<ApiReply> refuseIfSpent(const QString &subject) const;
    // Counts an event after the fact (a sign-in that failed).
    void count(const QString &subject) const;

    int limit() const { return m_limit; }
    int windowSeconds() const { return m_windowSeconds; }

private:
    QString key(const QString &subject) const;
    ApiReply tooMany() const;

    std::shared_ptr<RateCounters> m_counters;
    QString m_name;
    QString m_what;
    int m_limit;
    int m_windowSeconds;
};

// The subject a per-address limit counts: the address itself, but a whole /64 for IPv6, since one
// subscriber usually holds all of one (and would otherwise have 2^64 fresh budgets).
QString addressSubject(const QString &clientAddress);

// A proxy whose X-Forwarded-For is believed: one address, or a subnet ("10.0.0.0/8").
using TrustedProxy = QPair<QHostAddress, int>;
// Nothing when `text` is not an address or a subnet.
std::optional<TrustedProxy> parseTrustedProxy(const QString &text);

// Who sent a request: the socket's peer, or the left-most X-Forwarded-For entry when the peer is a
// trusted proxy and that entry is an address (anything else there falls back to the peer: a client
// must not pick its own address). IPv4 written as IPv6 (::ffff:1.2.3.4) becomes plain IPv4, so one
// client has one spelling.
QString resolveClientAddress(const QHostAddress &peer, const QByteArray &forwardedFor,
                             const QList<TrustedProxy> &trustedProxies);

// The web channel's request limits, on one set of counters.
struct RequestLimits
{
    RequestLimits(std::shared_ptr<RateCounters> counters, int cartsPerMinute, int failedSignInsPerMinute,
                  int queueJoinsPerMinute = 0);

    // Another limit per client address on the same counters (the waiting room's queue joins).
    RateLimiter perAddress(const QString &name, const QString &what, int limit, int windowSeconds = 60) const;

    const std::shared_ptr<RateCounters> counters;
    const RateLimiter cartsPerBuyer; // subject: the buyer's id
    // Subject: addressSubject(). Once spent, even a right token is refused until the window ends, so
    // guessing tokens from one address is slow and a right guess cannot be told from a wrong one.
    const RateLimiter failedSignIns;
    // Subject: addressSubject(). Joining a waiting room again and again from one address buys nothing
    // (a visitor keeps one place), but each join costs the shared store a write.
    const RateLimiter queueJoins;
};

} // namespace boxoffice::web
