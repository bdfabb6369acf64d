#pragma once

#include "httprequest.h"

#include <QByteArray>
#include <QString>

namespace boxoffice::web::http {

// An answer as a handler gives it. The connection adds the framing itself (Content-Length,
// Connection), drops any such field set here, and drops fields whose name or value could split the
// response (CR, LF, NUL). A HEAD request's answer is given as its GET's; the connection drops the body.
struct HttpResponse
{
    int status = 200;
    QByteArray contentType; // empty: no Content-Type field
    HttpHeaders headers; // sent in this order after the status line
    QByteArray body;

    HttpResponse() = default;
    HttpResponse(int status, QByteArray body = {}, QByteArray contentType = {});

    static HttpResponse json(int status, QByteArray json);
    // The error shape of the whole API: {"error":{"code":"...","message":"..."}}.
    static HttpResponse error(int status, QByteArrayView code, const QString &message);

    void addHeader(QByteArray name, QByteArray value);
};

} // namespace boxoffice::web::http
