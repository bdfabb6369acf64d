#pragma once

#include "domain/jsonvocabulary.h"

#include "domain/cartitems.h"
#include "domain/domainerror.h"
#include "domain/seatholds.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>

namespace boxoffice::web {

// An answer before it becomes an HTTP response: plain data, so a worker thread can build it and the
// server thread can write it.
struct ApiReply
{
    int status = 200;
    QByteArray body;
    QByteArray contentType = "application/json";
    QList<QPair<QByteArray, QByteArray>> headers;
    QString errorDetail; // for the log line only (500s)
    bool connectionLost = false; // the database went away: the worker reconnects before its next job
    bool later = false; // not an answer: the handler answers through ApiCall::answerLater instead

    // What a handler returns when its answer comes later, from another thread.
    static ApiReply answeredLater()
    {
        ApiReply reply;
        reply.later = true;
        return reply;
    }

    void addHeader(const QByteArray &name, const QByteArray &value) { headers.append(qMakePair(name, value)); }

    static ApiReply json(int status, const QJsonObject &object);
    // {"error":{"code":"...","message":"...", ...extra}}
    static ApiReply error(int status, const QString &code, const QString &message, const QJsonObject &extra = {});
    // The domain's error mapped onto a status; 500s keep a generic message (details go to the log).
    static ApiReply fromDomainError(const DomainError &error);
};

int httpStatusFor(ErrorCode code);

// JSON helpers shared by the routes.
QJsonObject cartItemJson(const CartItem &item);
QJsonObject orderLineJson(const OrderLine &line);
QJsonObject orderJson(const OrderSummary &order);

// A file compiled into the program (":/web/..."), answered with its type and caching; 404 when absent.
ApiReply compiledFile(const QString &resource, const QByteArray &contentType, const QByteArray &cacheControl);

} // namespace boxoffice::web
