#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QSet>
#include <QStringList>
#include <QVector>

namespace boxoffice::web {

// Request bodies are checked before anything else: a JSON object, only the fields the route knows,
// each of the expected type. Anything else is BadInput (400) and nothing is changed.
Result<QJsonObject> parseObject(const QByteArray &body, const QSet<QString> &allowedFields, bool emptyAllowed);

// A whole positive number (JSON numbers are doubles: 5.0 passes, 5.5 and 1e300 do not).
Result<qint64> positiveId(const QJsonValue &value, const QString &field);
Result<QVector<qint64>> positiveIds(const QJsonValue &value, const QString &field, int maxItems);
Result<QStringList> strings(const QJsonValue &value, const QString &field, int maxItems, int maxLength);

// A path placeholder that must be a positive whole number.
Result<qint64> pathId(const QString &text, const QString &what);

} // namespace boxoffice::web
