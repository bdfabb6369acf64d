#pragma once

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QString>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace boxoffice::fakepay {

struct HttpRequest
{
    QByteArray method;
    QString path; // decoded, without the query
    QByteArray rawQuery; // as sent, after the '?': Stripe's bracket names are parsed from these bytes
    QHash<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;

    QByteArray header(const QByteArray &lowerCaseName) const { return headers.value(lowerCaseName); }
};

struct HttpResponse
{
    int status = 200;
    QByteArray body; // JSON (empty for a 204)
    QList<QPair<QByteArray, QByteArray>> headers;
};

// Answers one request, now or later: the fake holds answers back on purpose. If the client has hung
// up in the meantime the answer is dropped.
class HttpResponder
{
public:
    explicit HttpResponder(QTcpSocket *socket);
    void send(const HttpResponse &response) const;
    // A header every answer through this responder carries (CORS for a browser's request).
    HttpResponder withHeader(const QByteArray &name, const QByteArray &value) const;

private:
    QPointer<QTcpSocket> m_socket;
    QList<QPair<QByteArray, QByteArray>> m_extraHeaders;
};

// Just enough HTTP/1.1 for a test double: one request per connection (answers say Connection: close),
// bodies by Content-Length only. QHttpServer would answer for us, but the fake has to decide when, and
// whether, each answer goes out.
class HttpServer : public QObject
{
public:
    using Handler = std::function<void(const HttpRequest &request, const HttpResponder &responder)>;

    explicit HttpServer(Handler handler, QObject *parent = nullptr);

    bool listen(const QHostAddress &address, quint16 port);
    quint16 port() const;
    QString errorString() const;

private:
    void accept();
    void readFrom(QTcpSocket *socket);

    Handler m_handler;
    QTcpServer *m_server;
};

} // namespace boxoffice::fakepay
