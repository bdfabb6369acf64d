#include "jsonbody.h"

#include "domain/textrules.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>

namespace boxoffice::web {

namespace {
DomainError bad(const QString &message)
{
    return makeError(ErrorCode::BadInput, message);
}

// Any string anywhere in the body, keys included: a NUL would break the driver's statement text
// (a 500 instead of a 400), and a line break or an escape code in a label forges log lines.
bool holdsUnshowableText(const QJsonValue &value)
{
    if (value.isString())
        return hasUnshowableCharacters(value.toString());
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        return std::any_of(array.begin(), array.end(),
                           [](const QJsonValue &item) { return holdsUnshowableText(item); });
    }
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (hasUnshowableCharacters(it.key()) || holdsUnshowableText(it.value()))
                return true;
        }
    }
    return false;
}
} // namespace

Result<QJsonObject> parseObject(const QByteArray &body, const QSet<QString> &allowedFields, bool emptyAllowed)
{
    if (body.trimmed().isEmpty()) {
        if (emptyAllowed)
            return QJsonObject{};
        return bad(QStringLiteral("The request needs a JSON object as its body."));
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return bad(QStringLiteral("The body is not valid JSON (%1 at offset %2).")
                       .arg(parseError.errorString())
                       .arg(parseError.offset));
    if (!document.isObject())
        return bad(QStringLiteral("The body must be a JSON object."));
    const QJsonObject object = document.object();
    if (holdsUnshowableText(object))
        return bad(QStringLiteral("The body holds control or invisible characters (a NUL, a line break, an escape "
                                  "code); no field may contain them."));
    QStringList unknown;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!allowedFields.contains(it.key()))
            unknown << it.key().left(64);
    }
    if (!unknown.isEmpty()) {
        QStringList allowed(allowedFields.begin(), allowedFields.end());
        allowed.sort();
        return bad(QStringLiteral("Unknown field(s): %1. Allowed: %2.")
                       .arg(unknown.join(QStringLiteral(", ")),
                            allowed.isEmpty() ? QStringLiteral("none") : allowed.join(QStringLiteral(", "))));
    }
    return object;
}

Result<qint64> positiveId(const QJsonValue &value, const QString &field)
{
    if (!value.isDouble())
        return bad(QStringLiteral("\"%1\" must be a positive whole number.").arg(field));
    const double number = value.toDouble();
    if (!(number >= 1) || number > 9007199254740991.0 || std::floor(number) != number)
        return bad(QStringLiteral("\"%1\" must be a positive whole number.").arg(field));
    return static_cast<qint64>(number);
}

Result<QVector<qint64>> positiveIds(const QJsonValue &value, const QString &field, int maxItems)
{
    if (!value.isArray())
        return bad(QStringLiteral("\"%1\" must be an array of seat ids.").arg(field));
    const QJsonArray array = value.toArray();
    if (array.isEmpty())
        return bad(QStringLiteral("\"%1\" must not be empty.").arg(field));
    if (array.size() > maxItems)
        return bad(QStringLiteral("\"%1\" may have at most %2 items.").arg(field).arg(maxItems));
    QVector<qint64> ids;
    for (const QJsonValue &item : array) {
        auto id = positiveId(item, field + QStringLiteral("[]"));
        if (!id)
            return id.error();
        ids << id.value();
    }
    return ids;
}

Result<QStringList> strings(const QJsonValue &value, const QString &field, int maxItems, int maxLength)
{
    if (!value.isArray())
        return bad(QStringLiteral("\"%1\" must be an array of strings.").arg(field));
    const QJsonArray array = value.toArray();
    if (array.isEmpty())
        return bad(QStringLiteral("\"%1\" must not be empty.").arg(field));
    if (array.size() > maxItems)
        return bad(QStringLiteral("\"%1\" may have at most %2 items.").arg(field).arg(maxItems));
    QStringList list;
    for (const QJsonValue &item : array) {
        if (!item.isString() || item.toString().isEmpty() || item.toString().size() > maxLength)
            return bad(QStringLiteral("\"%1\" must hold non-empty strings of at most %2 characters.")
                           .arg(field)
                           .arg(maxLength));
        list << item.toString();
    }
    return list;
}

Result<qint64> pathId(const QString &text, const QString &what)
{
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    if (!ok || id <= 0 || text.size() > 18 || text.startsWith(QLatin1Char('+')))
        return bad(QStringLiteral("%1 must be a positive whole number.").arg(what));
    return id;
}

} // namespace boxoffice::web
