#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace boxoffice {

// A request body (or query string) as Stripe's v1 API takes it: application/x-www-form-urlencoded,
// nested fields named with brackets ("metadata[order_id]", "expand[]"). Names and values are
// percent-encoded, except the brackets of a name, which Stripe's own libraries leave readable.
class FormBody
{
public:
    FormBody &add(const QString &name, const QString &value);
    FormBody &add(const QString &name, qint64 value);
    // "metadata[<key>]=<value>": what the provider keeps on an object and shows in lists and searches.
    FormBody &addMetadata(const QString &key, const QString &value);

    bool isEmpty() const { return m_fields.isEmpty(); }
    QByteArray encoded() const;

private:
    QList<QPair<QString, QString>> m_fields;
};

} // namespace boxoffice
