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
    return makeError(ErrorCode::Unavailable,
                     QStringLiteral("Cannot listen on %1:%2 (%3: %4)")
                         .arg(address.toString())
                         .arg(port)
                         .arg(QLatin1String(step), QString::fromLocal8Bit(std::strerror(code))));
}

} // namespace

namespace {

struct SocketAddress
{
    sockaddr_storage storage{};
    socklen_t length = 0;
    int family = AF_INET;
    bool dualStack = false;
};

SocketAddress socketAddress(const QHostAddress &address, quint16 port)
{
    // QHostAddress::Any means both families, as QTcpServer::listen reads it: an IPv6 socket that also
    // takes IPv4 (V6ONLY off).
    SocketAddress result;
    result.dualStack = address == QHostAddress(QHostAddress::Any);
    if (result.dualStack || address.protocol() == QAbstractSocket::IPv6Protocol) {
        auto *in6 = reinterpret_cast<sockaddr_in6 *>(&result.storage);
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons(port);
        const Q_IPV6ADDR bytes
            = result.dualStack ? QHostAddress(QHostAddress::AnyIPv6).toIPv6Address() : address.toIPv6Address();
        std::memcpy(&in6->sin6_addr, &bytes, sizeof bytes);
        in6->sin6_scope_id = address.scopeId().toUInt();
        result.length = sizeof(sockaddr_in6);
        result.family = AF_INET6;
    } else {
        auto *in4 = reinterpret_cast<sockaddr_in *>(&result.storage);
        in4->sin_family = AF_INET;
        in4->sin_port = htons(port);
        in4->sin_addr.s_addr = htonl(address.toIPv4Address());
        result.length = sizeof(sockaddr_in);
    }
    return result;
}

// A bound socket (not listening), with SO_REUSEPORT when `shared`.
Result<int> boundSocket(const QHostAddress &address, quint16 port, bool shared)
{
    SocketAddress where = socketAddress(address, port);
    const int fd = ::socket(where.family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return socketError("socket", address, port);
    const int on = 1;
    const int off = 0;
    if (::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0
        || (shared && ::setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0)
        || (where.dualStack && ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off) != 0)) {
        const DomainError error = socketError("setsockopt", address, port);
        ::close(fd);
        return error;
    }
    if (::bind(fd, reinterpret_cast<sockaddr *>(&where.storage), where.length) != 0) {
        const DomainError error = socketError("bind", address, port);
        ::close(fd);
        return error;
    }
    return fd;
}

quint16 boundPort(int fd)
{
    sockaddr_storage storage{};
    socklen_t length = sizeof storage;
    if (::getsockname(fd, reinterpret_cast<sockaddr *>(&storage), &length) != 0)
        return 0;
    if (storage.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<sockaddr_in6 *>(&storage)->sin6_port);
    return ntohs(reinterpret_cast<sockaddr_in *>(&storage)->sin_port);
}

} // namespace

Result<qintptr> openSharedListener(const QHostAddress &address, quint16 port, int backlog, bool first)
{
    if (first) {
        auto probe = boundSocket(address, port, false);
        if (!probe)
            return probe.error();
        port = boundPort(probe.value()); // port 0: the free port the probe got
        ::close(probe.value());
        if (port == 0)
            return socketError("getsockname", address, port);
    }
    auto fd = boundSocket(address, port, true);
    if (!fd)
        return fd.error();
    if (::listen(fd.value(), backlog) != 0) {
        const DomainError error = socketError("listen", address, port);
        ::close(fd.value());
        return error;
    }
    return qintptr(fd.value());
}

} // namespace boxoffice::web
