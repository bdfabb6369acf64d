#pragma once

#include "httpconfig.h"
#include "httperror.h"
#include "httprequest.h"

#include <QByteArray>
#include <QByteArrayView>

namespace boxoffice::web::http {

// Reads requests from a connection's bytes however they are split, strictly by RFC 9112, within the
// limits: a line or a body that would exceed its limit is refused as soon as its bytes show it, so
// the parser never holds more than one limit's worth. The first error is final: after it the bytes'
// framing is unknown and the connection must close.
class HttpRequestParser
{
public:
    // Where the parser is, for the connection's timers.
    enum class Phase {
        Idle, // between requests: nothing of the next one received
        Head, // the request line and header fields are arriving
        Body, // the body (or its chunks and trailers) is arriving
    };

    explicit HttpRequestParser(const HttpLimits &limits = {});

    // Consumes bytes of `data` up to the end of one request or up to an error, and returns how many.
    // The rest belongs to the next request: feed it again after takeRequest().
    qsizetype feed(QByteArrayView data);

    bool hasRequest() const { return m_state == State::Done; }
    HttpRequest takeRequest(); // the parser then waits for the next request
    bool hasError() const { return m_state == State::Failed; }
    const HttpError &error() const { return m_error; }

    // True once when the request's head asked for `Expect: 100-continue` and its body is awaited
    // (within the limits), so the connection may invite the body.
    bool takeContinueRequest();

    Phase phase() const;
    // The bytes held for the request being parsed (partial line, header fields, body so far).
    qsizetype bufferedBytes() const;

private:
    enum class State { RequestLine, Headers, Body, ChunkSize, ChunkData, ChunkDataEnd, Trailers, Done, Failed };

    struct LineLimit
    {
        qsizetype bytes;
        int status;
        QString message;
    };

    LineLimit lineLimit() const;
    void handleLine(const QByteArray &line);
    void handleRequestLine(const QByteArray &line);
    void handleFieldLine(const QByteArray &line, bool trailer);
    void handleChunkSizeLine(const QByteArray &line);
    void finishHead();
    void finishRequest();
    void fail(int status, const QString &message);
    bool countChunkFraming(qsizetype bytes);

    HttpLimits m_limits;
    State m_state = State::RequestLine;
    QByteArray m_line; // the current line so far, without its LF
    qsizetype m_leadingBytes = 0; // empty lines before a request line (tolerated, RFC 9112 2.2)
    qsizetype m_headerBytes = 0; // header (and trailer) lines so far, with their CRLFs
    int m_fieldCount = 0;
    qsizetype m_chunkFraming = 0; // chunk-size lines, chunk CRLFs, trailers
    qint64 m_remaining = 0; // bytes left of the body or of the current chunk
    bool m_continue = false;
    quint64 m_sequence = 0;
    HttpRequest m_request;
    HttpError m_error;
};

} // namespace boxoffice::web::http
