#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace boxoffice {

// One answer of boxoffice-web: status 0 means the request never got an answer (see `failure`).
struct HttpAnswer
{
    int status = 0;
    QByteArray body;
    QString failure;

    QJsonObject json() const;
    QString errorCode() const; // the "error.code" of the API's error body
};

// A web buyer's own keep-alive HTTP/1.1 connection over a blocking socket: one request at a time,
// Content-Length bodies. Made for load tools that run one thread per buyer (the bench, the 300-buyer
// test, simulate-buyers), where an event loop per thread would only add latency to what is measured.
// Reconnects once when the server closed the idle connection.
class KeepAliveHttp
{
public:
    KeepAliveHttp(QString host, quint16 port, int timeoutMs = 60000);
    ~KeepAliveHttp();
    KeepAliveHttp(const KeepAliveHttp &) = delete;
    KeepAliveHttp &operator=(const KeepAliveHttp &) = delete;

    void setBearer(const QString &token) { m_bearer = token.toLatin1(); }
    HttpAnswer send(const QByteArray &method, const QByteArray &path, const QByteArray &body = {});
    HttpAnswer post(const QByteArray &path, const QJsonObject &body);
    bool connected() const { return m_socket >= 0; }
    int connectsMade() const { return m_connects; }

private:
    bool open(QString *failure);
    void close();
    bool writeAll(const QByteArray &data);
    HttpAnswer readAnswer(bool *reusable);

    QByteArray m_host;
    quint16 m_port;
    int m_timeoutMs;
    QByteArray m_bearer;
    int m_socket = -1;
    int m_connects = 0;
    QByteArray m_buffer; // bytes read past the previous answer
};

} // namespace boxoffice
