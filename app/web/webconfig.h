#pragma once

#include "ratelimit.h"

#include "storage/connectionsettings.h"

#include <QByteArray>
#include <QHostAddress>
#include <QString>
#include <QThread>
#include <QUrl>

#include <optional>

namespace boxoffice::web {

// Everything boxoffice-web is told on its command line (or by the environment).
struct WebConfig
{
    ConnectionSettings database;
    QHostAddress listen = QHostAddress::LocalHost;
    quint16 port = 8080; // 0: any free port (tests)
    // The claim lane: connections for claims and every other write (0: twice the cores). `threads` is
    // its older name, used when claimConnections is 0.
    int claimConnections = 0;
    int threads = 0;
    int readConnections = 2; // the read lane: reads and /healthz
    // The browse lane: what buyers look at before holding, on read-only connections of its own. Set, to
    // a server that may lag behind (a streaming standby); unset, to `database`. While the browse server
    // cannot be reached, the lane reads from `database` and tries the browse server again now and then.
    std::optional<ConnectionSettings> browseDatabase;
    int browseConnections = 2;
    int providerThreads = 32; // the provider lane: checkout's provider calls, no connection
    // How many requests may wait in each lane before it answers 503 with Retry-After at once.
    int claimQueueLimit = 1000;
    int readQueueLimit = 500;
    int browseQueueLimit = 500;
    int providerQueueLimit = 256;
    int queueThreads = 4; // the queue lane: waiting-room joins and polls, no connection
    int queueQueueLimit = 5000;
    int authCacheSeconds = 5; // an accepted token is trusted this long without the database (0: off)
    int authCacheEntries = 100000;
    QUrl providerUrl; // empty: checkout answers 503
    QByteArray providerKey;
    QString providerName = QStringLiteral("fakepay");
    int providerTimeoutMs = 10000;
    QByteArray webhookSecret; // empty: the webhook answers 503
    // The provider as the buyer's browser reaches it, and the public key the page may use there to
    // turn a card into a payment method (Stripe.js's way): the card number never reaches this server.
    // Empty key: the page names no card and checkout charges as the provider decides.
    QUrl providerPublicUrl;
    QByteArray providerPublishableKey;
    qint64 maxBodyBytes = 64 * 1024;
    int seatMapMaxAgeMs = 1000; // a seat map snapshot is re-read at most this often
    QUrl redis; // empty: the waiting room, counters and hold filter stay in this server's memory
    QByteArray admissionSecret; // signs admission tokens and queue tickets; empty: a random one (one server only)
    int onSaleRefreshMs = 2000; // the on-sales are re-read this often, off the request path

    int claimConnectionCount() const
    {
        if (claimConnections > 0)
            return claimConnections;
        if (threads > 0)
            return threads;
        return 2 * qMax(1, QThread::idealThreadCount());
    }
    // Threads that parse requests and write answers, sharing the port (0: the cores, at most 4).
    int httpThreads = 0;
    int httpThreadCount() const { return httpThreads > 0 ? httpThreads : qBound(1, QThread::idealThreadCount(), 4); }
    int maxCartsPerMinute = 30; // per buyer; 0: no limit
    bool seatBatching = true; // web seat holds sent together are claimed together (SeatHoldBatcher)
    int holdFilterMs = 3000; // with Redis: how long a seat claim's mark keeps other carts off it
    int maxQueueJoinsPerMinute = 600; // waiting-room joins per client address (an office behind one NAT); 0: no limit
    int maxFailedSignInsPerMinute = 20; // per client address (IPv6: per /64); 0: no limit
    QList<TrustedProxy> trustedProxies; // whose X-Forwarded-For names the client
    // The shop as buyers reach it (through nginx: its https address): the base of the links in account
    // mails. Never taken from a request's Host header, which a client chooses. Empty: this server's own.
    QUrl publicUrl;
    QString shopName = QStringLiteral("Box office"); // how account mails sign
};

} // namespace boxoffice::web
