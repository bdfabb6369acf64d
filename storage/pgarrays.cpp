#include "storage/pgarrays.h"

namespace boxoffice {

namespace {

template<typename Number, typename Format> QString numberArray(const QVector<Number> &values, Format format)
{
    QStringList parts;
    parts.reserve(values.size());
    for (Number value : values)
        parts << format(value);
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

} // namespace

QString toBigintArray(const QVector<qint64> &values)
{
    return numberArray(values, [](qint64 value) { return QString::number(value); });
}

QString toIntArray(const QVector<int> &values)
{
    return numberArray(values, [](int value) { return QString::number(value); });
}

QString toNullableIntArray(const QVector<std::optional<int>> &values)
{
    return numberArray(values, [](const std::optional<int> &value) {
        return value ? QString::number(*value) : QStringLiteral("NULL");
    });
}

QString toRealArray(const QVector<double> &values)
{
    return numberArray(values, [](double value) { return QString::number(value, 'f', 3); });
}

QString toTextArray(const QStringList &values)
{
    QStringList parts;
    parts.reserve(values.size());
    for (QString value : values) {
        value.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
        value.replace(QLatin1Char('"'), QLatin1String("\\\""));
        parts << QLatin1Char('"') + value + QLatin1Char('"');
    }
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

} // namespace boxoffice
