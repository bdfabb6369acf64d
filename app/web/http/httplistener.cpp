#include "httplistener.h"

#include "httplogging.h"

#include <QTcpSocket>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace boxoffice::web::http {

HttpListener::HttpListener(const HttpConfig &config, HttpConnection::Handler handler, QObject *parent)
    : QTcpServer(parent), m_config(config), m_handler(std::move(handler))
{ }

void HttpListener::incomingConnection(qintptr descriptor)
{
    auto *socket = new QTcpSocket;
    if (!socket->setSocketDescriptor(descriptor)) {
        qCWarning(lcHttp) << "cannot take an accepted socket:" << socket->errorString();
        delete socket;
#ifdef Q_OS_UNIX
        ::close(int(descriptor));
#endif
        return;
    }
    auto *connection = new HttpConnection(socket, m_config, m_handler, this);
    ++m_open;
    connect(connection, &QObject::destroyed, this, &HttpListener::connectionEnded);
    // Beyond the limit new clients wait in the kernel's backlog instead of costing us a connection.
    if (m_config.maxConnections > 0 && m_open >= m_config.maxConnections && !m_pausedAtLimit) {
        qCInfo(lcHttp) << "at" << m_open << "open connections: accepting paused";
        m_pausedAtLimit = true;
        pauseAccepting();
    }
    emit connectionOpened(connection);
    emit openConnectionsChanged(m_open);
}

void HttpListener::connectionEnded()
{
    --m_open;
    if (m_pausedAtLimit && m_open < m_config.maxConnections) {
        m_pausedAtLimit = false;
        resumeAccepting();
    }
    emit openConnectionsChanged(m_open);
}

} // namespace boxoffice::web::http
