#pragma once

#include <QHostAddress>
#include <QTcpServer>

namespace boxoffice::test {

// A loopback port nobody listens on at this moment, for a server a test is about to start (0 when
// none could be had). Another process may take it before the server does; the servers the tests
// start fail loudly on a taken port, so that shows as a failed start, not as a wrong answer.
inline quint16 freeLoopbackPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

} // namespace boxoffice::test
