#pragma once

#include "domain/result.h"

#include <QString>

namespace boxoffice {

// Where the broker is and how to sign in, from an amqp:// URL (RabbitMQ's URI spec):
// amqp://USER:PASSWORD@HOST:PORT/VHOST?heartbeat=SECONDS&connection_timeout=MS. The one place such a
// URL is read; nothing else takes it apart.
struct AmqpUrl
{
    QString host;
    quint16 port = 5672;
    QString user = QStringLiteral("guest"); // RabbitMQ's default, which it admits on loopback only
    QString password = QStringLiteral("guest");
    bool passwordGiven = false; // the URL itself carried one (refused on a command line)
    QString vhost = QStringLiteral("/");
    int heartbeatSeconds = 30; // 0: none; the broker may lower it
    int timeoutMs = 10000; // connecting, signing in, every reply, every confirm

    static Result<AmqpUrl> parse(const QString &text);
    // For logs and output: never the password.
    QString redacted() const;
};

} // namespace boxoffice
