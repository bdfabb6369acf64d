#include "httpconnection.h"

#include "httplogging.h"

#include <QTcpSocket>

#include <atomic>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#endif

namespace boxoffice::web::http {

namespace {

std::atomic<int> s_openConnections{0};

// Bytes taken from the socket per step: one request's parsing never holds more than this beyond
// its own limits.
constexpr qsizetype ReadChunkBytes = 16 * 1024;
// What Qt may buffer from the kernel for us; beyond it the kernel's window makes the client wait.
constexpr qsizetype SocketReadBufferBytes = 64 * 1024;

// The id of a refusal's place in the answer order: after every request's (they count from 1).
constexpr quint64 RefusalSequence = std::numeric_limits<quint64>::max();

QString peerText(const QHostAddress &address, quint16 port)
{
    return QStringLiteral("%1:%2").arg(address.toString()).arg(port);
}

} // namespace

HttpConnection::HttpConnection(QTcpSocket *socket, const HttpConfig &config, Handler handler, QObject *parent)
    : QObject(parent), m_socket(socket), m_config(config), m_handler(std::move(handler)),
      m_mailbox(std::make_shared<HttpResponseMailbox>(this)), m_parser(config.limits),
      m_peerAddress(socket->peerAddress()), m_peerPort(socket->peerPort())
{
    ++s_openConnections;
    m_socket->setParent(this);
    m_socket->setReadBufferSize(SocketReadBufferBytes);
    // Small answers to pipelined requests must not wait for the client's delayed ACK.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);

    m_readTimer.setSingleShot(true);
    m_writeTimer.setSingleShot(true);
    m_lingerTimer.setSingleShot(true);
    connect(&m_readTimer, &QTimer::timeout, this, &HttpConnection::onReadTimeout);
    connect(&m_writeTimer, &QTimer::timeout, this, [this] {
        qCInfo(lcHttp).noquote() << "closing" << peerText(m_peerAddress, m_peerPort)
                                 << "- the client stopped reading answers";
        abort();
    });
    connect(&m_lingerTimer, &QTimer::timeout, this, &HttpConnection::abort);

    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::readInput);
    connect(m_socket, &QTcpSocket::bytesWritten, this, &HttpConnection::onBytesWritten);
    connect(m_socket, &QTcpSocket::disconnected, this, &HttpConnection::teardown);
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        if (error != QAbstractSocket::RemoteHostClosedError)
            qCDebug(lcHttp).noquote() << "socket error from" << peerText(m_peerAddress, m_peerPort)
                                      << m_socket->errorString();
        if (m_socket->state() == QAbstractSocket::UnconnectedState)
            teardown();
    });

    if (m_socket->state() != QAbstractSocket::ConnectedState) {
        QMetaObject::invokeMethod(this, &HttpConnection::teardown, Qt::QueuedConnection);
        return;
    }
    updateReadTimer(false);
    // Bytes may have arrived before the signals were connected.
    if (m_socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &HttpConnection::readInput, Qt::QueuedConnection);
}

HttpConnection::~HttpConnection()
{
    m_mailbox->close();
    --s_openConnections;
}

int HttpConnection::openCount()
{
    return s_openConnections.load();
}

qsizetype HttpConnection::bufferedBytes() const
{
    const qsizetype socketBytes = m_gone ? 0 : m_socket->bytesAvailable();
    return socketBytes + (m_input.size() - m_inputPos) + m_parser.bufferedBytes();
}

void HttpConnection::notePeak()
{
    m_peakBuffered = qMax(m_peakBuffered, bufferedBytes());
}

void HttpConnection::abort()
{
    if (m_gone)
        return;
    m_socket->abort();
    teardown();
}

void HttpConnection::readInput()
{
    if (m_gone)
        return;
    notePeak();
    if (m_lingering) {
        m_socket->skip(m_socket->bytesAvailable());
        return;
    }
    bool progressed = false;
    while (!m_readingStopped && m_pending.size() < size_t(qMax(1, m_config.maxPendingRequests))
           && m_socket->bytesToWrite() <= m_config.maxUnsentBytes) {
        if (m_inputPos >= m_input.size()) {
            if (m_socket->bytesAvailable() <= 0)
                break;
            m_input = m_socket->read(ReadChunkBytes);
            m_inputPos = 0;
            if (m_input.isEmpty())
                break;
            notePeak();
        }
        const qsizetype used = m_parser.feed(QByteArrayView(m_input).sliced(m_inputPos));
        m_inputPos += used;
        progressed = progressed || used > 0;
        if (m_parser.takeContinueRequest() && m_pending.empty()) {
            // Only when no earlier answer is owed: an interim answer must not overtake one.
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        }
        if (m_parser.hasError()) {
            refuse(m_parser.error());
            break;
        }
        if (m_parser.hasRequest())
            dispatch(m_parser.takeRequest());
    }
    if (m_inputPos >= m_input.size()) {
        m_input = QByteArray();
        m_inputPos = 0;
    }
    updateReadTimer(progressed);
}

void HttpConnection::dispatch(HttpRequest request)
{
    request.peerAddress = m_peerAddress;
    request.peerPort = m_peerPort;
    Pending pending;
    pending.sequence = request.sequence;
    pending.head = request.isHead();
    pending.keepAlive = request.keepAlive;
    pending.http10 = request.versionMinor == 0;
    m_pending.push_back(pending);
    if (!request.keepAlive)
        m_readingStopped = true; // what follows a closing request is never answered

    qCDebug(lcHttp).noquote() << peerText(m_peerAddress, m_peerPort) << loggableBytes(request.method)
                              << loggableBytes(request.target) << "#" << request.sequence;
    const HttpResponder responder(m_mailbox, request.sequence);
    if (m_handler)
        m_handler(request, responder);
    else
        responder.respond(HttpError::of(503, QStringLiteral("No handler.")).toResponse());
}

void HttpConnection::refuse(const HttpError &error)
{
    qCInfo(lcHttp).noquote() << "refused a request from" << peerText(m_peerAddress, m_peerPort) << "with"
                             << error.status << error.message;
    m_readingStopped = true;
    Pending pending;
    pending.sequence = RefusalSequence;
    pending.ready = true;
    pending.close = true;
    pending.status = error.status;
    pending.bytes = serializeResponse(error.toResponse(), ResponseFraming{false, true, false});
    m_pending.push_back(pending);
    writeReadyAnswers();
}

void HttpConnection::deliverResponse(quint64 sequence, const HttpResponse &response)
{
    if (m_gone)
        return;
    for (Pending &pending : m_pending) {
        if (pending.sequence != sequence)
            continue;
        if (pending.ready)
            return;
        // A handler may end the connection too (Connection: close on its answer).
        bool handlerCloses = false;
        for (const HttpHeader &field : response.headers) {
            if (field.first.compare("connection", Qt::CaseInsensitive) == 0 && field.second.toLower().contains("close"))
                handlerCloses = true;
        }
        pending.close = !pending.keepAlive || handlerCloses;
        pending.status = response.status;
        pending.bytes = serializeResponse(
            response, ResponseFraming{pending.head, pending.close, pending.http10 && !pending.close});
        pending.ready = true;
        writeReadyAnswers();
        return;
    }
}

void HttpConnection::writeReadyAnswers()
{
    bool wrote = false;
    while (!m_pending.empty() && m_pending.front().ready && !m_closing) {
        const Pending pending = std::move(m_pending.front());
        m_pending.pop_front();
        m_socket->write(pending.bytes.head);
        if (!pending.bytes.body.isEmpty())
            m_socket->write(pending.bytes.body);
        wrote = true;
        if (pending.close) {
            if (!m_pending.empty())
                qCDebug(lcHttp).noquote() << "closing" << peerText(m_peerAddress, m_peerPort) << "with"
                                          << m_pending.size() << "later requests unanswered";
            m_pending.clear();
            m_readingStopped = true;
            beginClosing();
            return;
        }
    }
    if (wrote && !m_writeTimer.isActive() && m_socket->bytesToWrite() > 0)
        m_writeTimer.start(m_config.timeouts.writeProgress);
    // Answers going out make room: requests already buffered get no new readyRead, so read them now.
    if (wrote)
        readInput();
}

void HttpConnection::beginClosing()
{
    m_closing = true;
    m_readTimer.stop();
    m_readTimerKind = ReadTimer::None;
    if (m_socket->bytesToWrite() == 0)
        startLinger();
    else if (!m_writeTimer.isActive())
        m_writeTimer.start(m_config.timeouts.writeProgress);
}

void HttpConnection::startLinger()
{
    if (m_lingering || m_gone)
        return;
    m_lingering = true;
    m_writeTimer.stop();
    m_input = QByteArray();
    m_inputPos = 0;
#ifdef Q_OS_UNIX
    // Closing outright with client bytes unread would make the kernel reset the connection, and the
    // client could lose the answer it has not read yet (a refused upload still sending its body).
    // So: our side is shut (the client reads the answer, then end of stream), what it still sends is
    // dropped until it closes or the linger time is up.
    const qintptr descriptor = m_socket->socketDescriptor();
    if (descriptor >= 0 && ::shutdown(int(descriptor), SHUT_WR) == 0) {
        m_lingerTimer.start(m_config.timeouts.linger);
        m_socket->skip(m_socket->bytesAvailable());
        return;
    }
#endif
    m_socket->disconnectFromHost();
}

void HttpConnection::onBytesWritten()
{
    if (m_gone)
        return;
    if (m_socket->bytesToWrite() > 0) {
        m_writeTimer.start(m_config.timeouts.writeProgress); // progress: the stall clock restarts
        return;
    }
    m_writeTimer.stop();
    if (m_closing) {
        startLinger();
        return;
    }
    updateReadTimer(false);
    readInput();
}

void HttpConnection::updateReadTimer(bool progressed)
{
    if (m_closing || m_gone) {
        m_readTimer.stop();
        m_readTimerKind = ReadTimer::None;
        return;
    }
    ReadTimer kind = ReadTimer::None;
    switch (m_parser.phase()) {
    case HttpRequestParser::Phase::Head:
        kind = ReadTimer::Head;
        break;
    case HttpRequestParser::Phase::Body:
        kind = ReadTimer::Body;
        break;
    case HttpRequestParser::Phase::Idle:
        // While answers are owed the wait is the server's, not the client's.
        if (!m_readingStopped && m_pending.empty() && m_socket->bytesToWrite() == 0)
            kind = ReadTimer::Idle;
        break;
    }
    if (kind == ReadTimer::None) {
        m_readTimer.stop();
    } else if (kind != m_readTimerKind || (kind == ReadTimer::Body && progressed)) {
        // The header clock runs from the request's first byte and is not restarted by more of them;
        // the body clock restarts with each step of progress.
        const HttpTimeouts &t = m_config.timeouts;
        m_readTimer.start(kind == ReadTimer::Idle ? t.idle : kind == ReadTimer::Head ? t.headers : t.bodyProgress);
    }
    m_readTimerKind = kind;
}

void HttpConnection::onReadTimeout()
{
    const ReadTimer kind = m_readTimerKind;
    m_readTimerKind = ReadTimer::None;
    switch (kind) {
    case ReadTimer::Idle:
        qCDebug(lcHttp).noquote() << "closing idle connection" << peerText(m_peerAddress, m_peerPort);
        m_readingStopped = true;
        beginClosing();
        break;
    case ReadTimer::Head:
        refuse(HttpError::of(408,
                             QStringLiteral("The request's header fields did not arrive within %1 ms.")
                                 .arg(m_config.timeouts.headers.count())));
        break;
    case ReadTimer::Body:
        refuse(HttpError::of(408,
                             QStringLiteral("The request's body stopped arriving for %1 ms.")
                                 .arg(m_config.timeouts.bodyProgress.count())));
        break;
    case ReadTimer::None:
        break;
    }
}

void HttpConnection::teardown()
{
    if (m_gone)
        return;
    m_gone = true;
    m_mailbox->close();
    if (!m_pending.empty())
        qCDebug(lcHttp).noquote() << peerText(m_peerAddress, m_peerPort) << "went away with" << m_pending.size()
                                  << "answers owed; they are dropped";
    m_pending.clear();
    m_input = QByteArray();
    m_inputPos = 0;
    m_readTimer.stop();
    m_writeTimer.stop();
    m_lingerTimer.stop();
    emit closed();
    deleteLater();
}

} // namespace boxoffice::web::http
