#include "sharedlistener.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace boxoffice::web {

namespace {

DomainError socketError(const char *step, const QHostAddress &address, quint16 port)
{
    const int code = errno;
    return makeError(ErrorCode::Unavailable, QStringLiteral("Cannot listen on %1:%2 (%3: %4)")
                                                 .arg(address.toString())
                                                 .arg(port)
                                                 .arg(QLatin1String(step), QString::fromLocal8Bit(std::strerror(code))));
}

} // namespace

Result<qintptr> openSharedListener(const QHostAddress &address, quint16 port, int backlog)
{
    // QHostAddress::Any means both families, as QTcpServer::listen reads it: an IPv6 socket that also
    // takes IPv4 (V6ONLY off).
    const bool any = address == QHostAddress(QHostAddress::Any);
    const bool ipv6 = any || address.protocol() == QAbstractSocket::IPv6Protocol;
    sockaddr_storage storage{};
    socklen_t length = 0;
    if (ipv6) {
        auto *in6 = reinterpret_cast<sockaddr_in6 *>(&storage);
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons(port);
        const Q_IPV6ADDR bytes = any ? QHostAddress(QHostAddress::AnyIPv6).toIPv6Address() : address.toIPv6Address();
        std::memcpy(&in6->sin6_addr, &bytes, sizeof bytes);
        in6->sin6_scope_id = address.scopeId().toUInt();
        length = sizeof(sockaddr_in6);
    } else {
        auto *in4 = reinterpret_cast<sockaddr_in *>(&storage);
        in4->sin_family = AF_INET;
        in4->sin_port = htons(port);
        in4->sin_addr.s_addr = htonl(address.toIPv4Address());
        length = sizeof(sockaddr_in);
    }

    const int fd = ::socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return socketError("socket", address, port);
    const int on = 1;
    const int off = 0;
    if (::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0
        || ::setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0
        || (any && ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off) != 0)) {
        const DomainError error = socketError("setsockopt", address, port);
        ::close(fd);
        return error;
    }
    if (::bind(fd, reinterpret_cast<sockaddr *>(&storage), length) != 0) {
        const DomainError error = socketError("bind", address, port);
        ::close(fd);
        return error;
    }
    if (::listen(fd, backlog) != 0) {
        const DomainError error = socketError("listen", address, port);
        ::close(fd);
        return error;
    }
    return qintptr(fd);
}

} // namespace boxoffice::web
