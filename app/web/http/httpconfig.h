#pragma once

#include <QtGlobal>

#include <chrono>

namespace boxoffice::web::http {

// What one request may be. Each limit is checked while the bytes arrive, so no client makes the
// server hold more than about one limit's worth of its bytes at a time.
struct HttpLimits
{
    qsizetype maxRequestLineBytes = 8 * 1024; // beyond: 414
    qsizetype maxHeaderBytes = 16 * 1024; // all header lines (and a chunked body's trailers): 431
    int maxHeaderFields = 100; // likewise, counted with the trailers: 431
    qsizetype maxBodyBytes = 64 * 1024; // the decoded body: 413
    qsizetype maxChunkLineBytes = 1024; // one chunk-size line with its extensions: 400
};

// How long a client may keep a connection's resources without doing its part.
struct HttpTimeouts
{
    // Between requests on a kept-alive connection (nothing received, nothing owed): closed quietly.
    std::chrono::milliseconds idle{30000};
    // From a request's first byte to the end of its headers, however slowly they trickle in: 408.
    std::chrono::milliseconds headers{10000};
    // A body must keep arriving: at most this long without a byte of it: 408.
    std::chrono::milliseconds bodyProgress{10000};
    // Answers the client does not read: at most this long without a byte leaving: aborted.
    std::chrono::milliseconds writeProgress{30000};
    // After the last answer of a closing connection, what the client still sends is read and thrown
    // away this long, so closing with unread bytes does not reset the connection (and lose the answer).
    std::chrono::milliseconds linger{2000};
};

struct HttpConfig
{
    HttpLimits limits;
    HttpTimeouts timeouts;
    // Requests of one connection waiting for their answers; at this many it stops reading (the
    // client's further requests wait in the kernel) until an answer goes out.
    int maxPendingRequests = 32;
    // Answer bytes not yet taken by the client beyond which the connection stops reading requests.
    qsizetype maxUnsentBytes = 1024 * 1024;
    // Connections open at once on one listener; at this many it stops accepting (0: no limit).
    int maxConnections = 0;
};

} // namespace boxoffice::web::http
