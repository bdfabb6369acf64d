#include "simulatehttp.h"

#include <QJsonDocument>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace boxoffice {

QJsonObject HttpAnswer::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QString HttpAnswer::errorCode() const
{
    return json().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString();
}

KeepAliveHttp::KeepAliveHttp(QString host, quint16 port, int timeoutMs)
    : m_host(host.toLatin1()), m_port(port), m_timeoutMs(timeoutMs)
{ }

KeepAliveHttp::~KeepAliveHttp()
{
    close();
}

bool KeepAliveHttp::open(QString *failure)
{
    close();
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *found = nullptr;
    const QByteArray port = QByteArray::number(m_port);
    if (const int rc = ::getaddrinfo(m_host.constData(), port.constData(), &hints, &found); rc != 0) {
        *failure = QStringLiteral("cannot resolve %1: %2")
                       .arg(QString::fromLatin1(m_host), QString::fromLatin1(gai_strerror(rc)));
        return false;
    }
    for (addrinfo *address = found; address; address = address->ai_next) {
        const int fd = ::socket(address->ai_family, address->ai_socktype | SOCK_CLOEXEC, address->ai_protocol);
        if (fd < 0)
            continue;
        if (::connect(fd, address->ai_addr, address->ai_addrlen) == 0) {
            // Small requests and answers: Nagle would hold each back for the previous one's ACK.
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            m_socket = fd;
            break;
        }
        ::close(fd);
    }
    ::freeaddrinfo(found);
    if (m_socket < 0) {
        *failure = QStringLiteral("cannot connect to %1:%2: %3")
                       .arg(QString::fromLatin1(m_host))
                       .arg(m_port)
                       .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    ++m_connects;
    m_buffer.clear();
    return true;
}

void KeepAliveHttp::close()
{
    if (m_socket >= 0)
        ::close(m_socket);
    m_socket = -1;
    m_buffer.clear();
}

bool KeepAliveHttp::writeAll(const QByteArray &data)
{
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t wrote = ::send(m_socket, data.constData() + done, size_t(data.size() - done), MSG_NOSIGNAL);
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0)
            return false;
        done += wrote;
    }
    return true;
}

HttpAnswer KeepAliveHttp::readAnswer(bool *reusable)
{
    HttpAnswer answer;
    *reusable = false;
    qsizetype headerEnd = -1;
    qsizetype length = -1;
    bool closeAfter = false;
    char chunk[16384];
    for (;;) {
        if (headerEnd < 0) {
            headerEnd = m_buffer.indexOf("\r\n\r\n");
            if (headerEnd >= 0) {
                const QList<QByteArray> lines = m_buffer.left(headerEnd).split('\n');
                const QList<QByteArray> statusLine = lines.value(0).split(' ');
                answer.status = statusLine.value(1).toInt();
                for (const QByteArray &line : lines.mid(1)) {
                    const qsizetype colon = line.indexOf(':');
                    if (colon < 0)
                        continue;
                    const QByteArray name = line.left(colon).trimmed().toLower();
                    const QByteArray value = line.mid(colon + 1).trimmed().toLower();
                    if (name == "content-length")
                        length = value.toLongLong();
                    else if (name == "connection" && value == "close")
                        closeAfter = true;
                    else if (name == "transfer-encoding" && value != "identity") {
                        answer.failure = QStringLiteral("the server sent a %1 body; only Content-Length is read")
                                             .arg(QString::fromLatin1(value));
                        answer.status = 0;
                        return answer;
                    }
                }
                if (length < 0)
                    length = 0; // an answer without a body (a 204, a bare 401)
            }
        }
        if (headerEnd >= 0 && m_buffer.size() >= headerEnd + 4 + length) {
            answer.body = m_buffer.mid(headerEnd + 4, length);
            m_buffer.remove(0, headerEnd + 4 + length);
            *reusable = !closeAfter;
            return answer;
        }
        pollfd wait{m_socket, POLLIN, 0};
        const int ready = ::poll(&wait, 1, m_timeoutMs);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0) {
            answer.status = 0;
            answer.failure = QStringLiteral("no answer within %1 ms").arg(m_timeoutMs);
            return answer;
        }
        const ssize_t got = ::recv(m_socket, chunk, sizeof chunk, 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            answer.status = 0;
            answer.failure = got == 0 ? QStringLiteral("the server closed the connection")
                                      : QString::fromLocal8Bit(std::strerror(errno));
            return answer;
        }
        m_buffer.append(chunk, got);
    }
}

HttpAnswer KeepAliveHttp::send(const QByteArray &method, const QByteArray &path, const QByteArray &body)
{
    QByteArray request;
    request.reserve(256 + body.size());
    request += method + ' ' + path + " HTTP/1.1\r\nHost: " + m_host + ':' + QByteArray::number(m_port) + "\r\n";
    if (!m_bearer.isEmpty())
        request += "Authorization: Bearer " + m_bearer + "\r\n";
    if (!body.isEmpty())
        request += "Content-Type: application/json\r\n";
    request += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n";
    request += body;

    // A kept-alive connection the server closed while it sat idle fails on the first write, or reads
    // end-of-file before any byte of an answer: one fresh connection and one more try. Once any byte of
    // an answer arrived, or on a fresh connection, a request is never sent twice.
    for (int attempt = 0; attempt < 2; ++attempt) {
        const bool fresh = m_socket < 0;
        if (fresh) {
            QString failure;
            if (!open(&failure))
                return HttpAnswer{0, {}, failure};
        }
        if (!writeAll(request)) {
            close();
            if (fresh)
                return HttpAnswer{0, {}, QStringLiteral("could not send the request")};
            continue;
        }
        bool reusable = false;
        HttpAnswer answer = readAnswer(&reusable);
        if (answer.status == 0 && !fresh && m_buffer.isEmpty()
            && answer.failure == QLatin1String("the server closed the connection")) {
            close();
            continue;
        }
        if (!reusable)
            close();
        return answer;
    }
    return HttpAnswer{0, {}, QStringLiteral("the server kept closing the connection")};
}

HttpAnswer KeepAliveHttp::post(const QByteArray &path, const QJsonObject &body)
{
    return send("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

} // namespace boxoffice
