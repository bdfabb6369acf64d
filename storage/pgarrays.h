#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace boxoffice {

// PostgreSQL array literals for binding a list as ONE value (CAST(:units AS bigint[])): QPSQL has no
// native array binding. The literal is still a bound value, escaped by the driver, never spliced SQL.
QString toBigintArray(const QVector<qint64> &values);
QString toIntArray(const QVector<int> &values);
QString toNullableIntArray(const QVector<std::optional<int>> &values); // empty: NULL
QString toRealArray(const QVector<double> &values);
QString toTextArray(const QStringList &values);

} // namespace boxoffice
