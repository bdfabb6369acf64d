#include "domain/frontdesk.h"

#include <QStringList>

namespace boxoffice {

QString overbookingActionName(OverbookingAction action)
{
    switch (action) {
    case OverbookingAction::Move:
        return QStringLiteral("MOVE");
    case OverbookingAction::Upgrade:
        return QStringLiteral("UPGRADE");
    case OverbookingAction::Walk:
        break;
    }
    return QStringLiteral("WALK");
}

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n'))
        && !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

namespace {

QString amount(qint64 minor)
{
    const QString sign = minor < 0 ? QStringLiteral("-") : QString();
    const qint64 absolute = minor < 0 ? -minor : minor;
    return sign + QString::number(absolute / 100) + QLatin1Char('.')
        + QStringLiteral("%1").arg(absolute % 100, 2, 10, QLatin1Char('0'));
}

} // namespace

QString compensationsCsv(const QVector<CompensationEntry> &entries)
{
    QStringList lines{QStringLiteral("night,at,by,stay,guest,action,amount,currency,reason,partner")};
    for (const CompensationEntry &entry : entries) {
        lines << QStringList{entry.night.toString(Qt::ISODate),
                             entry.at.toUTC().toString(Qt::ISODate),
                             csvField(entry.by),
                             QString::number(entry.stay),
                             csvField(entry.guest),
                             overbookingActionName(entry.action),
                             amount(entry.amount.minor()),
                             entry.currency,
                             csvField(entry.reason),
                             csvField(entry.partner)}
                     .join(QLatin1Char(','));
    }
    return lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n");
}

} // namespace boxoffice
