#pragma once

#include "ratelimit.h"

#include "storage/connectionsettings.h"

#include <QByteArray>
#include <QHostAddress>
#include <QString>
#include <QUrl>

namespace boxoffice::web {

// Everything boxoffice-web is told on its command line (or by the environment).
struct WebConfig
{
    ConnectionSettings database;
    QHostAddress listen = QHostAddress::LocalHost;
    quint16 port = 8080; // 0: any free port (tests)
    int threads = 4; // database worker pool: one connection per thread
    QUrl providerUrl; // empty: checkout answers 503
    QByteArray providerKey;
    QString providerName = QStringLiteral("fakepay");
    int providerTimeoutMs = 10000;
    QByteArray webhookSecret; // empty: the webhook answers 503
    qint64 maxBodyBytes = 64 * 1024;
    int seatMapMaxAgeMs = 1000; // a seat map snapshot is re-read at most this often
    int maxCartsPerMinute = 30; // per buyer; 0: no limit
    int maxFailedSignInsPerMinute = 20; // per client address (IPv6: per /64); 0: no limit
    QList<TrustedProxy> trustedProxies; // whose X-Forwarded-For names the client
};

} // namespace boxoffice::web
