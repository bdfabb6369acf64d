// The web API's body checks (app/web/jsonbody.h) on any bytes: never a crash, and what they accept
// holds only the fields asked for and no control or invisible character anywhere.

#include "app/web/jsonbody.h"
#include "domain/textrules.h"

#include <QJsonArray>

#include <cstdlib>

using namespace boxoffice;
using namespace boxoffice::web;

namespace {
bool clean(const QJsonValue &value)
{
    if (value.isString())
        return !hasUnshowableCharacters(value.toString());
    if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            if (!clean(item))
                return false;
    }
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            if (hasUnshowableCharacters(it.key()) || !clean(it.value()))
                return false;
    }
    return true;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    static const QSet<QString> fields{QStringLiteral("event"), QStringLiteral("seats"), QStringLiteral("labels")};
    const auto parsed = parseObject(body, fields, true);
    if (!parsed)
        return 0;
    for (auto it = parsed->begin(); it != parsed->end(); ++it) {
        if (!fields.contains(it.key()))
            std::abort(); // an unknown field got through
    }
    if (!clean(*parsed))
        std::abort(); // a control character got through
    if (auto ids = positiveIds(parsed->value(QStringLiteral("seats")), QStringLiteral("seats"), 50)) {
        if (ids->isEmpty() || ids->size() > 50)
            std::abort();
        for (qint64 id : *ids)
            if (id < 1)
                std::abort();
    }
    if (auto labels = strings(parsed->value(QStringLiteral("labels")), QStringLiteral("labels"), 50, 32)) {
        for (const QString &label : *labels)
            if (label.isEmpty() || label.size() > 32)
                std::abort();
    }
    (void)positiveId(parsed->value(QStringLiteral("event")), QStringLiteral("event"));
    (void)pathId(QString::fromUtf8(body.left(40)), QStringLiteral("id"));
    return 0;
}
