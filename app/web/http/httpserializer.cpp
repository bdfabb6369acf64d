#include "httpserializer.h"

#include "httperror.h"
#include "httplogging.h"
#include "httpsyntax.h"

namespace boxoffice::web::http {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return QByteArrayLiteral("OK");
    case 201:
        return QByteArrayLiteral("Created");
    case 202:
        return QByteArrayLiteral("Accepted");
    case 204:
        return QByteArrayLiteral("No Content");
    case 206:
        return QByteArrayLiteral("Partial Content");
    case 301:
        return QByteArrayLiteral("Moved Permanently");
    case 302:
        return QByteArrayLiteral("Found");
    case 303:
        return QByteArrayLiteral("See Other");
    case 304:
        return QByteArrayLiteral("Not Modified");
    case 307:
        return QByteArrayLiteral("Temporary Redirect");
    case 308:
        return QByteArrayLiteral("Permanent Redirect");
    case 400:
        return QByteArrayLiteral("Bad Request");
    case 401:
        return QByteArrayLiteral("Unauthorized");
    case 402:
        return QByteArrayLiteral("Payment Required");
    case 403:
        return QByteArrayLiteral("Forbidden");
    case 404:
        return QByteArrayLiteral("Not Found");
    case 405:
        return QByteArrayLiteral("Method Not Allowed");
    case 406:
        return QByteArrayLiteral("Not Acceptable");
    case 408:
        return QByteArrayLiteral("Request Timeout");
    case 409:
        return QByteArrayLiteral("Conflict");
    case 410:
        return QByteArrayLiteral("Gone");
    case 411:
        return QByteArrayLiteral("Length Required");
    case 412:
        return QByteArrayLiteral("Precondition Failed");
    case 413:
        return QByteArrayLiteral("Content Too Large");
    case 414:
        return QByteArrayLiteral("URI Too Long");
    case 415:
        return QByteArrayLiteral("Unsupported Media Type");
    case 417:
        return QByteArrayLiteral("Expectation Failed");
    case 422:
        return QByteArrayLiteral("Unprocessable Content");
    case 428:
        return QByteArrayLiteral("Precondition Required");
    case 429:
        return QByteArrayLiteral("Too Many Requests");
    case 431:
        return QByteArrayLiteral("Request Header Fields Too Large");
    case 500:
        return QByteArrayLiteral("Internal Server Error");
    case 501:
        return QByteArrayLiteral("Not Implemented");
    case 502:
        return QByteArrayLiteral("Bad Gateway");
    case 503:
        return QByteArrayLiteral("Service Unavailable");
    case 504:
        return QByteArrayLiteral("Gateway Timeout");
    case 505:
        return QByteArrayLiteral("HTTP Version Not Supported");
    default:
        return QByteArrayLiteral("Status");
    }
}

bool isSafeResponseField(QByteArrayView name, QByteArrayView value)
{
    if (!isToken(name))
        return false;
    for (const char c : value) {
        if (!isFieldValueByte(uchar(c)))
            return false;
    }
    return true;
}

namespace {

// Fields whose meaning is the connection's framing: a handler setting them would contradict it.
bool isFramingField(QByteArrayView name)
{
    return name.compare("content-length", Qt::CaseInsensitive) == 0
        || name.compare("transfer-encoding", Qt::CaseInsensitive) == 0
        || name.compare("connection", Qt::CaseInsensitive) == 0 || name.compare("keep-alive", Qt::CaseInsensitive) == 0
        || name.compare("content-type", Qt::CaseInsensitive) == 0;
}

} // namespace

SerializedResponse serializeResponse(const HttpResponse &given, const ResponseFraming &framing)
{
    HttpResponse replaced;
    const HttpResponse *response = &given;
    if (given.status < 200 || given.status > 599) {
        qCWarning(lcHttp) << "a handler answered with status" << given.status << "- sent as 500";
        replaced = HttpError::of(500, QStringLiteral("The server gave no valid answer.")).toResponse();
        response = &replaced;
    }
    const int status = response->status;
    const bool bodiless = status == 204 || status == 304;
    const bool sendBody = !bodiless && !framing.headRequest;

    QByteArray out;
    out.reserve(256);
    out += "HTTP/1.1 ";
    out += QByteArray::number(status);
    out += ' ';
    out += reasonPhrase(status);
    out += "\r\n";
    for (const HttpHeader &field : response->headers) {
        if (isFramingField(field.first))
            continue;
        if (!isSafeResponseField(field.first, field.second)) {
            qCWarning(lcHttp) << "dropped an unsafe response field" << loggableBytes(field.first);
            continue;
        }
        out += field.first;
        out += ": ";
        out += field.second;
        out += "\r\n";
    }
    if (!response->contentType.isEmpty() && !bodiless) {
        if (isSafeResponseField("content-type", response->contentType)) {
            out += "Content-Type: ";
            out += response->contentType;
            out += "\r\n";
        }
    }
    if (!bodiless) {
        out += "Content-Length: ";
        out += QByteArray::number(response->body.size());
        out += "\r\n";
    }
    if (framing.close)
        out += "Connection: close\r\n";
    else if (framing.http10KeepAlive)
        out += "Connection: keep-alive\r\n";
    out += "\r\n";
    return SerializedResponse{out, sendBody ? response->body : QByteArray()};
}

} // namespace boxoffice::web::http
