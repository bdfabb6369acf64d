#include "storage/pgarrays.h"

namespace boxoffice {

QString toBigintArray(const QVector<qint64> &values)
{
    QStringList parts;
    parts.reserve(values.size());
    for (qint64 value : values)
        parts << QString::number(value);
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
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
