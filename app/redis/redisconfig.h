#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QString>
#include <QUrl>

namespace boxoffice::redis {

// Where Redis is and how long to wait for it. A web server must never hang on a missing Redis: the
// callers fall back (the hold filter is skipped, admission answers 503), so the timeouts are short.
struct RedisConfig
{
    QString host = QStringLiteral("127.0.0.1");
    int port = 6379;
    int database = 0;
    QString user; // Redis 6 ACL user; empty: the default user
    QByteArray password; // empty: no AUTH
    int connectTimeoutMs = 1000;
    int commandTimeoutMs = 1000;
    // After a failed connect, calls answer Unavailable at once for this long instead of each waiting
    // out its own connect timeout against a Redis that is away. 0: try every time.
    int retryAfterMs = 200;
    QByteArray keyPrefix = "boxoffice:"; // so one Redis can serve several deployments or test suites
    int maxIdleConnections = 32;

    QString address() const { return QStringLiteral("%1:%2").arg(host).arg(port); }
};

// Reads `redis://[user][:password@]host[:port][/db][?connect_timeout_ms=N&timeout_ms=N&retry_after_ms=N&prefix=P]`.
// BOXOFFICE_REDIS_PASSWORD, when set, is the password: a secret on the command line is visible to
// every user of the machine.
Result<RedisConfig> parseRedisUrl(const QUrl &url);

} // namespace boxoffice::redis
