#pragma once

#include "httpconfig.h"
#include "httpconnection.h"

#include <QTcpServer>

namespace boxoffice::web::http {

// Accepts connections on the thread it lives on and gives each an HttpConnection there, all sending
// their requests to one handler. Listens by listen() or, for a socket shared by several listeners
// (SO_REUSEPORT), by setSocketDescriptor() with an already listening descriptor.
class HttpListener : public QTcpServer
{
    Q_OBJECT

public:
    HttpListener(const HttpConfig &config, HttpConnection::Handler handler, QObject *parent = nullptr);

    int openConnections() const { return m_open; }

signals:
    void connectionOpened(boxoffice::web::http::HttpConnection *connection);
    void openConnectionsChanged(int count);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    void connectionEnded();

    HttpConfig m_config;
    HttpConnection::Handler m_handler;
    int m_open = 0;
    bool m_pausedAtLimit = false;
};

} // namespace boxoffice::web::http
