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
    QByteArray body;
    QByteArray contentType = "application/x-www-form-urlencoded"; // sent with a non-empty body
    int timeoutMs = 10000; // for the whole exchange, not per read
};

struct HttpAnswer
{
    int status = 0; // the HTTP status; 0 when no complete answer arrived (timeout, refused, reset)
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    bool timedOut = false;
    // Nothing was sent: the server refused the connection. (Any other failure may have come after the
    // request arrived.)
    bool connectionRefused = false;
    QString networkError; // why there is no answer, for logs

    QByteArray header(const QByteArray &name) const; // case-insensitive; empty when absent
};

// One HTTP request that blocks the calling thread until it is answered or `timeoutMs` passes. It runs
// its own event loop, so it works from any thread that has none running (a pool thread, a worker) as
// well as from the main thread, where other events keep being delivered. Each thread keeps one network
// access manager for all its requests, so connections (and TLS sessions) are reused, not opened per call.
// It lives until its thread finishes (the main thread's: until the application object goes).
HttpAnswer exchangeBlocking(const HttpExchange &exchange);

} // namespace boxoffice
