#include "ratelimit.h"

#include "weblogging.h"

namespace boxoffice::web {

RateLimiter::RateLimiter(std::shared_ptr<RateCounters> counters, QString name, QString what, int limit,
                         int windowSeconds)
    : m_counters(std::move(counters)), m_name(std::move(name)), m_what(std::move(what)), m_limit(limit),
      m_windowSeconds(windowSeconds > 0 ? windowSeconds : 60)
{ }

QString RateLimiter::key(const QString &subject) const
{
    return QStringLiteral("limit:%1:%2").arg(m_name, subject);
}

ApiReply RateLimiter::tooMany() const
{
    // The counters do not say when a window ends (Redis would need another round trip): the window's
    // length is the longest the client can have to wait.
    ApiReply reply
        = ApiReply::error(429, errorCodeName(ErrorCode::LimitReached),
                          QStringLiteral("Too many %1: at most %2 in %3 seconds. Try again later.")
                              .arg(m_what)
                              .arg(m_limit)
                              .arg(m_windowSeconds),
                          {{QStringLiteral("limit"), m_limit}, {QStringLiteral("window_seconds"), m_windowSeconds}});
    reply.addHeader("Retry-After", QByteArray::number(m_windowSeconds));
    return reply;
}

std::optional<ApiReply> RateLimiter::take(const QString &subject) const
{
    if (m_limit <= 0 || !m_counters)
        return std::nullopt;
    const Result<qint64> counted = m_counters->hit(key(subject), m_windowSeconds);
    if (!counted) {
        qCWarning(lcWeb).noquote() << "rate limit" << m_name << "not counted:" << counted.error().message;
        return std::nullopt;
    }
    if (counted.value() > m_limit)
        return tooMany();
    return std::nullopt;
}

std::optional<ApiReply> RateLimiter::refuseIfSpent(const QString &subject) const
{
    if (m_limit <= 0 || !m_counters)
        return std::nullopt;
    const Result<qint64> counted = m_counters->peek(key(subject));
    if (!counted) {
        qCWarning(lcWeb).noquote() << "rate limit" << m_name << "not read:" << counted.error().message;
        return std::nullopt;
    }
    if (counted.value() >= m_limit)
        return tooMany();
    return std::nullopt;
}

void RateLimiter::count(const QString &subject) const
{
    if (m_limit <= 0 || !m_counters)
        return;
    if (const Result<qint64> counted = m_counters->hit(key(subject), m_windowSeconds); !counted)
        qCWarning(lcWeb).noquote() << "rate limit" << m_name << "not counted:" << counted.error().message;
}

QString addressSubject(const QString &clientAddress)
{
    const QHostAddress address(clientAddress);
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return clientAddress;
    Q_IPV6ADDR bytes = address.toIPv6Address();
    for (int i = 8; i < 16; ++i)
        bytes[i] = 0;
    return QHostAddress(bytes).toString() + QStringLiteral("/64");
}

std::optional<TrustedProxy> parseTrustedProxy(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.contains(QLatin1Char('/'))) {
        const TrustedProxy subnet = QHostAddress::parseSubnet(trimmed);
        if (subnet.first.isNull())
            return std::nullopt;
        return subnet;
    }
    const QHostAddress address(trimmed);
    if (address.isNull())
        return std::nullopt;
    return TrustedProxy{address, address.protocol() == QAbstractSocket::IPv4Protocol ? 32 : 128};
}

namespace {

QHostAddress plain(const QHostAddress &address)
{
    bool isIPv4 = false;
    const quint32 ipv4 = address.toIPv4Address(&isIPv4);
    QHostAddress result = isIPv4 ? QHostAddress(ipv4) : address;
    result.setScopeId(QString());
    return result;
}

bool isTrusted(const QHostAddress &peer, const QList<TrustedProxy> &trustedProxies)
{
    for (const TrustedProxy &proxy : trustedProxies) {
        if (peer.isInSubnet(plain(proxy.first), proxy.second))
            return true;
    }
    return false;
}

// "203.0.113.7", "2001:db8::1", "[2001:db8::1]:443" or "203.0.113.7:443"; null for anything else.
QHostAddress forwardedAddress(const QByteArray &forwardedFor)
{
    QString first = QString::fromLatin1(forwardedFor.split(',').first()).trimmed();
    if (first.startsWith(QLatin1Char('['))) {
        first = first.mid(1, first.indexOf(QLatin1Char(']')) - 1);
    } else if (first.count(QLatin1Char(':')) == 1) {
        first = first.section(QLatin1Char(':'), 0, 0);
    }
    if (first.isEmpty() || first.size() > 64)
        return {};
    return QHostAddress(first);
}

} // namespace

QString resolveClientAddress(const QHostAddress &peer, const QByteArray &forwardedFor,
                             const QList<TrustedProxy> &trustedProxies)
{
    const QHostAddress direct = plain(peer);
    if (!forwardedFor.isEmpty() && isTrusted(direct, trustedProxies)) {
        const QHostAddress forwarded = forwardedAddress(forwardedFor);
        if (!forwarded.isNull())
            return plain(forwarded).toString();
    }
    return direct.toString();
}

RequestLimits::RequestLimits(std::shared_ptr<RateCounters> rateCounters, int cartsPerMinute, int failedSignInsPerMinute,
                             int queueJoinsPerMinute)
    : counters(std::move(rateCounters)),
      cartsPerBuyer(counters, QStringLiteral("carts"), QStringLiteral("carts created"), cartsPerMinute),
      failedSignIns(counters, QStringLiteral("signin-failed"), QStringLiteral("failed sign-ins"),
                    failedSignInsPerMinute),
      queueJoins(counters, QStringLiteral("queue-joins"), QStringLiteral("waiting-room joins"), queueJoinsPerMinute)
{ }

RateLimiter RequestLimits::perAddress(const QString &name, const QString &what, int limit, int windowSeconds) const
{
    return RateLimiter(counters, name, what, limit, windowSeconds);
}

} // namespace boxoffice::web
