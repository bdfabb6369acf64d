#include "httprequest.h"

namespace boxoffice::web::http {

QByteArray HttpRequest::header(QByteArrayView name) const
{
    for (const HttpHeader &field : headers) {
        if (field.first == name)
            return field.second;
    }
    return {};
}

QList<QByteArray> HttpRequest::headerValues(QByteArrayView name) const
{
    QList<QByteArray> values;
    for (const HttpHeader &field : headers) {
        if (field.first == name)
            values.append(field.second);
    }
    return values;
}

bool HttpRequest::hasHeader(QByteArrayView name) const
{
    for (const HttpHeader &field : headers) {
        if (field.first == name)
            return true;
    }
    return false;
}

} // namespace boxoffice::web::http
