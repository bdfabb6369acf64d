#include "payments/formbody.h"

#include <QUrl>

namespace boxoffice {

FormBody &FormBody::add(const QString &name, const QString &value)
{
    m_fields.append({name, value});
    return *this;
}

FormBody &FormBody::add(const QString &name, qint64 value)
{
    return add(name, QString::number(value));
}

FormBody &FormBody::addMetadata(const QString &key, const QString &value)
{
    return add(QStringLiteral("metadata[") + key + QLatin1Char(']'), value);
}

QByteArray FormBody::encoded() const
{
    QByteArray out;
    for (const auto &[name, value] : m_fields) {
        if (!out.isEmpty())
            out += '&';
        // Everything but unreserved characters is escaped ('+', '&', '=' and '%' in a value included), so
        // no value can start a field of its own; a name's brackets stay as they are.
        out += QUrl::toPercentEncoding(name, "[]");
        out += '=';
        out += QUrl::toPercentEncoding(value);
    }
    return out;
}

} // namespace boxoffice
