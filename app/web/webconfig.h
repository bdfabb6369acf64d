#pragma once

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
    QUrl redis; // empty: the waiting room, counters and hold filter stay in this server's memory
    QByteArray admissionSecret; // signs admission tokens and queue tickets; empty: a random one (one server only)
    int onSaleRefreshMs = 2000; // the on-sales are re-read this often, off the request path
};

} // namespace boxoffice::web
