#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

namespace boxoffice {

struct HttpExchange
{
    QByteArray method = "GET";
    QUrl url;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body; // sent as application/json when not empty
    int timeoutMs = 10000; // for the whole exchange, not per read
};

struct HttpAnswer
{
    int status = 0; // the HTTP status; 0 when no complete answer arrived (timeout, refused, reset)
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    bool timedOut = false;
    QString networkError; // why there is no answer, for logs

    QByteArray header(const QByteArray &name) const; // case-insensitive; empty when absent
};

// One HTTP request that blocks the calling thread until it is answered or `timeoutMs` passes. It brings
// its own network access manager and event loop, so it works from any thread that has none running
// (a pool thread, a worker) as well as from the main thread, where other events keep being delivered.
HttpAnswer exchangeBlocking(const HttpExchange &exchange);

} // namespace boxoffice
