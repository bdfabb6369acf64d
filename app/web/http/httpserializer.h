#pragma once

#include "httpresponse.h"

#include <QByteArray>

namespace boxoffice::web::http {

// What the connection knows about an answer that the handler does not.
struct ResponseFraming
{
    bool headRequest = false; // send the fields of the body, not the body
    bool close = false; // `Connection: close`: the last answer on this connection
    bool http10KeepAlive = false; // `Connection: keep-alive`: an HTTP/1.0 client would close otherwise
};

// The answer's bytes on the wire, the body apart so a large one is handed to the socket without a copy.
struct SerializedResponse
{
    QByteArray head;
    QByteArray body; // empty for HEAD, 204 and 304
};

// The answer's bytes on the wire: status line, the handler's safe fields, Content-Type,
// Content-Length (but for 204 and 304, which have no body), Connection when needed, then the body.
// A status outside 200-599 is a handler's bug and goes out as a 500.
SerializedResponse serializeResponse(const HttpResponse &response, const ResponseFraming &framing);

QByteArray reasonPhrase(int status);

// A field name that is a token and a value without CR, LF, NUL or other controls (HTAB allowed).
bool isSafeResponseField(QByteArrayView name, QByteArrayView value);

} // namespace boxoffice::web::http
