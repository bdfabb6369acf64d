#include "httpserver.h"

#include "fakepaylogging.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

namespace boxoffice::fakepay {

namespace {

constexpr qsizetype maxHeaderBytes = 64 * 1024;
constexpr qsizetype maxBodyBytes = 1024 * 1024;
const char bufferProperty[] = "fakepay_buffer";

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 402:
        return "Payment Required";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 409:
        return "Conflict";
    case 411:
        return "Length Required";
    case 413:
        return "Payload Too Large";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    default:
        return "Status";
    }
}

HttpResponse plainError(int status, const QByteArray &message)
{
    HttpResponse response;
    response.status = status;
    response.body = R"({"error":{"type":"invalid_request_error","message":")" + message + R"("}})";
    return response;
}

} // namespace

HttpResponder::HttpResponder(QTcpSocket *socket) : m_socket(socket) { }

void HttpResponder::send(const HttpResponse &response) const
{
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState) {
        qCInfo(lcFakepay) << "client gone, answer" << response.status << "dropped";
        return;
    }
    QByteArray head = "HTTP/1.1 " + QByteArray::number(response.status) + ' ' + reasonPhrase(response.status) + "\r\n";
    head += "Content-Type: application/json\r\n";
    head += "Content-Length: " + QByteArray::number(response.body.size()) + "\r\n";
    head += "Connection: close\r\n";
    for (const auto &[name, value] : response.headers)
        head += name + ": " + value + "\r\n";
    for (const auto &[name, value] : m_extraHeaders)
        head += name + ": " + value + "\r\n";
    head += "\r\n";
    m_socket->write(head + response.body);
    // Closes once the bytes are out; the socket deletes itself on disconnected().
    m_socket->disconnectFromHost();
}

HttpResponder HttpResponder::withHeader(const QByteArray &name, const QByteArray &value) const
{
    HttpResponder copy = *this;
    copy.m_extraHeaders.append(qMakePair(name, value));
    return copy;
}

HttpServer::HttpServer(Handler handler, QObject *parent)
    : QObject(parent), m_handler(std::move(handler)), m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &HttpServer::accept);
}

bool HttpServer::listen(const QHostAddress &address, quint16 port)
{
    return m_server->listen(address, port);
}

quint16 HttpServer::port() const
{
    return m_server->serverPort();
}

QString HttpServer::errorString() const
{
    return m_server->errorString();
}

void HttpServer::accept()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readFrom(socket); });
    }
}

void HttpServer::readFrom(QTcpSocket *socket)
{
    QByteArray buffer = socket->property(bufferProperty).toByteArray() + socket->readAll();
    const HttpResponder responder(socket);
    auto refuse = [&](int status, const QByteArray &message) {
        disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
        responder.send(plainError(status, message));
    };

    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (buffer.size() > maxHeaderBytes)
            return refuse(431, "request head too large");
        socket->setProperty(bufferProperty, buffer);
        return;
    }

    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine.at(2).startsWith("HTTP/1."))
        return refuse(400, "malformed request line");

    HttpRequest request;
    request.method = requestLine.at(0);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon <= 0)
            return refuse(400, "malformed header");
        request.headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
    }
    if (!request.header("transfer-encoding").isEmpty())
        return refuse(501, "chunked bodies are not supported");

    bool lengthOk = true;
    const QByteArray lengthHeader = request.header("content-length");
    const qsizetype length = lengthHeader.isEmpty() ? 0 : lengthHeader.toLongLong(&lengthOk);
    if (!lengthOk || length < 0)
        return refuse(400, "bad Content-Length");
    if (length > maxBodyBytes)
        return refuse(413, "body too large");
    const qsizetype bodyStart = headerEnd + 4;
    if (buffer.size() - bodyStart < length) {
        socket->setProperty(bufferProperty, buffer);
        return;
    }
    request.body = buffer.mid(bodyStart, length);
    socket->setProperty(bufferProperty, QVariant());
    // One request per connection: whatever else arrives is not read.
    disconnect(socket, &QTcpSocket::readyRead, this, nullptr);

    const QByteArray &target = requestLine.at(1);
    const qsizetype question = target.indexOf('?');
    request.path
        = QString::fromUtf8(QByteArray::fromPercentEncoding(target.left(question < 0 ? target.size() : question)));
    request.rawQuery = question < 0 ? QByteArray() : target.mid(question + 1);
    qCInfo(lcFakepay).noquote() << request.method << requestLine.at(1);
    m_handler(request, responder);
}

} // namespace boxoffice::fakepay
