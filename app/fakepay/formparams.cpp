#include "formparams.h"

#include <QJsonArray>
#include <QStringDecoder>
#include <QStringList>

namespace boxoffice::fakepay {

namespace {

// Percent-decoding with '+' as a space. Nothing when the bytes are not UTF-8 or an escape is broken.
std::optional<QString> decode(QByteArray bytes)
{
    bytes.replace('+', ' ');
    for (qsizetype i = bytes.indexOf('%'); i >= 0; i = bytes.indexOf('%', i + 1)) {
        if (i + 2 >= bytes.size() || !isxdigit(uchar(bytes.at(i + 1))) || !isxdigit(uchar(bytes.at(i + 2))))
            return std::nullopt;
    }
    const QByteArray raw = QByteArray::fromPercentEncoding(bytes);
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = utf8.decode(raw);
    if (utf8.hasError())
        return std::nullopt;
    return text;
}

// "card[number]" -> {"card", "number"}; "expand[]" -> {"expand", ""}. Nothing if malformed.
std::optional<QStringList> splitName(const QString &name)
{
    const qsizetype open = name.indexOf(QLatin1Char('['));
    QStringList path{name.left(open < 0 ? name.size() : open)};
    if (path.first().isEmpty() || path.first().contains(QLatin1Char(']')))
        return std::nullopt;
    qsizetype at = open;
    while (at >= 0 && at < name.size()) {
        if (name.at(at) != QLatin1Char('['))
            return std::nullopt;
        const qsizetype close = name.indexOf(QLatin1Char(']'), at + 1);
        if (close < 0)
            return std::nullopt;
        const QString segment = name.mid(at + 1, close - at - 1);
        if (segment.contains(QLatin1Char('[')))
            return std::nullopt;
        path.append(segment);
        at = close + 1;
    }
    return path;
}

bool isIndex(const QString &segment, int *index)
{
    bool ok = false;
    *index = segment.toInt(&ok);
    return ok && !segment.startsWith(QLatin1Char('+')) && !segment.startsWith(QLatin1Char('-'))
        && (segment.size() == 1 || !segment.startsWith(QLatin1Char('0')));
}

std::optional<StripeError> conflict(const QStringList &path)
{
    return StripeError::invalid(
        QStringLiteral("Invalid parameter: %1 is given both as a value and as a hash or list, or twice.")
            .arg(FormParams::pathName(path)),
        FormParams::pathName(path));
}

// Puts `value` at path[depth...] inside `slot`. Arrays take "[]" (append, last segment only) and "[n]"
// with n at most one past the end, so the list is always dense and in the order the client meant.
std::optional<StripeError> place(QJsonValue &slot, const QStringList &path, int depth, const QString &value)
{
    if (depth == path.size()) {
        if (!slot.isUndefined())
            return conflict(path);
        slot = value;
        return std::nullopt;
    }
    const QString &segment = path.at(depth);
    int index = 0;
    // The name itself is always a key of the top-level hash, even "0".
    if (depth > 0 && (segment.isEmpty() || isIndex(segment, &index))) {
        if (slot.isUndefined())
            slot = QJsonArray();
        if (!slot.isArray())
            return conflict(path.mid(0, depth));
        QJsonArray list = slot.toArray();
        if (segment.isEmpty()) {
            if (depth + 1 != path.size())
                return StripeError::invalid(
                    QStringLiteral("Invalid parameter name: %1 (use an index, not [], before further brackets).")
                        .arg(FormParams::pathName(path)),
                    FormParams::pathName(path));
            index = int(list.size());
        }
        if (index > FormParams::maxListIndex || index > list.size())
            return StripeError::invalid(QStringLiteral("Invalid array index in %1: lists are sent in order from 0.")
                                            .arg(FormParams::pathName(path)),
                                        FormParams::pathName(path));
        QJsonValue element = index < list.size() ? list.at(index) : QJsonValue(QJsonValue::Undefined);
        if (auto refused = place(element, path, depth + 1, value))
            return refused;
        if (index < list.size())
            list[index] = element;
        else
            list.append(element);
        slot = list;
        return std::nullopt;
    }
    if (slot.isUndefined())
        slot = QJsonObject();
    if (!slot.isObject())
        return conflict(path.mid(0, depth));
    QJsonObject hash = slot.toObject();
    QJsonValue child = hash.value(segment);
    if (auto refused = place(child, path, depth + 1, value))
        return refused;
    hash.insert(segment, child);
    slot = hash;
    return std::nullopt;
}

} // namespace

QString FormParams::pathName(const QStringList &path)
{
    QString name = path.value(0);
    for (qsizetype i = 1; i < path.size(); ++i)
        name += QLatin1Char('[') + path.at(i) + QLatin1Char(']');
    return name;
}

std::optional<StripeError> FormParams::parse(const QByteArray &encoded, QJsonObject *params)
{
    *params = {};
    const QList<QByteArray> pairs = encoded.split('&');
    if (pairs.size() > maxPairs)
        return StripeError::invalid(QStringLiteral("Too many parameters (at most %1).").arg(maxPairs));
    QJsonValue root = QJsonObject();
    for (const QByteArray &pair : pairs) {
        if (pair.isEmpty())
            continue;
        const qsizetype equals = pair.indexOf('=');
        const QByteArray rawName = equals < 0 ? pair : pair.left(equals);
        if (rawName.size() > maxNameBytes)
            return StripeError::invalid(QStringLiteral("A parameter name is longer than %1 bytes.").arg(maxNameBytes));
        const std::optional<QString> name = decode(rawName);
        const std::optional<QString> value = decode(equals < 0 ? QByteArray() : pair.mid(equals + 1));
        if (!name || !value)
            return StripeError::invalid(
                QStringLiteral("Invalid request: the body or query is not valid percent-encoded UTF-8."));
        const std::optional<QStringList> path = splitName(*name);
        if (!path)
            return StripeError::invalid(QStringLiteral("Invalid parameter name: %1").arg(name->left(100)),
                                        name->left(100));
        if (path->size() - 1 > maxDepth)
            return StripeError::invalid(QStringLiteral("Parameters are nested too deeply: %1").arg(name->left(100)),
                                        name->left(100));
        if (auto refused = place(root, *path, 0, *value))
            return refused;
    }
    *params = root.toObject();
    return std::nullopt;
}

} // namespace boxoffice::fakepay
