#pragma once

#include "httpconfig.h"
#include "httprequest.h"
#include "httprequestparser.h"
#include "httpresponder.h"
#include "httpserializer.h"

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>

class QTcpSocket;

namespace boxoffice::web::http {

// The server side of one HTTP/1.1 connection on the thread it lives on: reads requests within the
// limits, hands each to the handler, and writes the answers strictly in request order whenever and
// from whichever thread they come. Refuses what it cannot parse with a JSON error and closes; closes
// idle and stalled connections. Deletes itself (deleteLater) once its socket is gone.
class HttpConnection : public QObject
{
    Q_OBJECT

public:
    // Called on the connection's thread for each request; the responder may go anywhere.
    using Handler = std::function<void(const HttpRequest &, HttpResponder)>;

    // `socket`: connected, on this thread; the connection takes it as its child.
    HttpConnection(QTcpSocket *socket, const HttpConfig &config, Handler handler, QObject *parent = nullptr);
    ~HttpConnection() override;

    QHostAddress peerAddress() const { return m_peerAddress; }
    quint16 peerPort() const { return m_peerPort; }

    // Client bytes held right now (socket buffer, read chunk, request being parsed), and the most
    // ever held: the memory one client can make this connection use.
    qsizetype bufferedBytes() const;
    qsizetype peakBufferedBytes() const { return m_peakBuffered; }
    // Requests handed to the handler whose answers have not been written yet.
    int pendingRequests() const { return int(m_pending.size()); }
    bool isClosed() const { return m_gone; }

    // Connections of this process not yet destroyed, on any thread.
    static int openCount();

    // Drops the connection at once, owed answers and all (a server's hard stop).
    void abort();

signals:
    void closed(); // the socket is gone; the connection deletes itself right after

private:
    friend class HttpResponseMailbox;

    // One request's place in the answer order.
    struct Pending
    {
        quint64 sequence = 0;
        bool head = false;
        bool keepAlive = true;
        bool http10 = false;
        bool ready = false;
        bool close = false;
        int status = 0;
        SerializedResponse bytes;
    };

    enum class ReadTimer { None, Idle, Head, Body };

    void deliverResponse(quint64 sequence, const HttpResponse &response);
    void readInput();
    void dispatch(HttpRequest request);
    void refuse(const HttpError &error);
    void writeReadyAnswers();
    void beginClosing();
    void startLinger();
    void onBytesWritten();
    void onReadTimeout();
    void updateReadTimer(bool progressed);
    void notePeak();
    void teardown();

    QTcpSocket *m_socket;
    HttpConfig m_config;
    Handler m_handler;
    std::shared_ptr<HttpResponseMailbox> m_mailbox;
    HttpRequestParser m_parser;
    QHostAddress m_peerAddress;
    quint16 m_peerPort = 0;

    QByteArray m_input; // the chunk read from the socket, consumed from m_inputPos
    qsizetype m_inputPos = 0;
    qsizetype m_peakBuffered = 0;
    std::deque<Pending> m_pending; // in request order; answered ones wait for those before them

    QTimer m_readTimer;
    ReadTimer m_readTimerKind = ReadTimer::None;
    QTimer m_writeTimer;
    QTimer m_lingerTimer;

    bool m_readingStopped = false; // no further request will be read (closing after the owed answers)
    bool m_closing = false; // the last answer is queued: close once it is written
    bool m_lingering = false; // our side is shut: the client's bytes are read and dropped
    bool m_gone = false;
};

} // namespace boxoffice::web::http
