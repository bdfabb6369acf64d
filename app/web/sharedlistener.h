#pragma once

#include "domain/result.h"

#include <QHostAddress>

namespace boxoffice::web {

// A listening TCP socket that other sockets of this process (same user) may bind to the same address
// and port (SO_REUSEPORT): the kernel then spreads new connections over them, so each HTTP front
// accepts on its own thread without an acceptor in between. `port` 0 picks a free port; the fronts
// after the first bind to the port the first one got. The descriptor is non-blocking and close-on-exec;
// the caller hands it to QTcpServer::setSocketDescriptor.
// `first`: the server's first front, which must find the port free. SO_REUSEPORT would otherwise let
// a second server of the same user, started on the same port by mistake, quietly share the load
// instead of failing as "address in use"; a probe bound without it fails wherever anyone listens.
Result<qintptr> openSharedListener(const QHostAddress &address, quint16 port, int backlog, bool first);

} // namespace boxoffice::web
