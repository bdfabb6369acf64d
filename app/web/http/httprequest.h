#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>

namespace boxoffice::web::http {

using HttpHeader = QPair<QByteArray, QByteArray>;
using HttpHeaders = QList<HttpHeader>;

// One request as the parser accepted it: well-formed, within the limits, its body decoded.
struct HttpRequest
{
    QByteArray method; // case-sensitive, as sent ("GET")
    QByteArray target; // path and query as sent, still percent-encoded ("/a%20b?x=1"), or "*"
    QString path; // the target's path, percent-decoded (valid UTF-8, no NUL)
    QUrlQuery query; // the target's query (values: query.queryItemValue(key, QUrl::FullyDecoded))
    int versionMinor = 1; // HTTP/1.0 or HTTP/1.1
    HttpHeaders headers; // names lower-cased, values without surrounding white space, in arrival order
    QByteArray body; // decoded (chunked framing removed)
    bool keepAlive = true; // the connection stays open after this request's answer
    quint64 sequence = 0; // this request's number on its connection, from 1
    QHostAddress peerAddress;
    quint16 peerPort = 0;

    bool isHead() const { return method == "HEAD"; }
    // The first value of `name` (lower-case), or a null array.
    QByteArray header(QByteArrayView name) const;
    QList<QByteArray> headerValues(QByteArrayView name) const;
    bool hasHeader(QByteArrayView name) const;
};

} // namespace boxoffice::web::http
