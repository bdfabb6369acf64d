#pragma once

#include "httpresponse.h"

#include <QByteArray>
#include <QString>

namespace boxoffice::web::http {

// Why a request was refused before any handler saw it. The connection answers it and closes, since
// after a framing error it cannot know where the client's next request would start.
struct HttpError
{
    int status = 0;
    QByteArray code; // "bad_request", "payload_too_large", ... (the API's error codes)
    QString message; // worded by us; client text in it is already escaped for logs

    bool isNull() const { return status == 0; }
    HttpResponse toResponse() const;

    static HttpError badRequest(const QString &message);
    static HttpError of(int status, const QString &message); // the code follows from the status
};

// The API's error code for an HTTP status ("bad_request" for 400, ...).
QByteArray errorCodeFor(int status);

} // namespace boxoffice::web::http
