#include "httperror.h"

namespace boxoffice::web::http {

QByteArray errorCodeFor(int status)
{
    switch (status) {
    case 400:
        return QByteArrayLiteral("bad_request");
    case 408:
        return QByteArrayLiteral("request_timeout");
    case 413:
        return QByteArrayLiteral("payload_too_large");
    case 414:
        return QByteArrayLiteral("uri_too_long");
    case 417:
        return QByteArrayLiteral("expectation_failed");
    case 431:
        return QByteArrayLiteral("headers_too_large");
    case 500:
        return QByteArrayLiteral("internal_error");
    case 501:
        return QByteArrayLiteral("not_implemented");
    case 503:
        return QByteArrayLiteral("unavailable");
    case 505:
        return QByteArrayLiteral("http_version_not_supported");
    default:
        return QByteArrayLiteral("error");
    }
}

HttpResponse HttpError::toResponse() const
{
    return HttpResponse::error(status, code, message);
}

HttpError HttpError::badRequest(const QString &message)
{
    return of(400, message);
}

HttpError HttpError::of(int status, const QString &message)
{
    return HttpError{status, errorCodeFor(status), message};
}

} // namespace boxoffice::web::http
