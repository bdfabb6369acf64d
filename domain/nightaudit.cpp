#include "domain/nightaudit.h"

#include "domain/domainerror.h"

#include <QStringList>

namespace boxoffice {

namespace {

QString csvField(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n') && !text.contains(u'\r'))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return u'"' + quoted + u'"';
}

QString amount(const Money &money)
{
    const qint64 minor = money.minor();
    const QString sign = minor < 0 ? QStringLiteral("-") : QString();
    const qint64 absolute = minor < 0 ? -minor : minor;
    return sign + QString::number(absolute / 100) + u'.'
        + QStringLiteral("%1").arg(absolute % 100, 2, 10, QLatin1Char('0'));
}

Status checkRequest(HotelId hotel, const QDate &businessDate)
{
    if (hotel <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a hotel first.")),
                          ErrorReason::HotelUnknown);
    if (!businessDate.isValid())
        return makeError(ErrorCode::BadInput, QStringLiteral("Choose the business date to audit."));
    return Done{};
}

} // namespace

NightAuditService::NightAuditService(NightAuditStore &store) : m_store(store) { }

Result<NightAuditReport> NightAuditService::run(HotelId hotel, const QDate &businessDate)
{
    if (auto status = checkRequest(hotel, businessDate); !status)
        return status.error();
    return m_store.run(hotel, businessDate);
}

Result<std::optional<NightAuditReport>> NightAuditService::report(HotelId hotel, const QDate &businessDate)
{
    if (auto status = checkRequest(hotel, businessDate); !status)
        return status.error();
    return m_store.report(hotel, businessDate);
}

QString noShowSecurityName(NoShowSecurity security)
{
    switch (security) {
    case NoShowSecurity::Guarantee:
        return QStringLiteral("GUARANTEE");
    case NoShowSecurity::Prepaid:
        return QStringLiteral("PREPAID");
    case NoShowSecurity::Nothing:
        break;
    }
    return QStringLiteral("NOTHING");
}

std::optional<NoShowSecurity> noShowSecurityFromName(const QString &name)
{
    for (NoShowSecurity security : {NoShowSecurity::Guarantee, NoShowSecurity::Prepaid, NoShowSecurity::Nothing}) {
        if (noShowSecurityName(security) == name)
            return security;
    }
    return std::nullopt;
}

QString nightAuditCsv(const NightAuditReport &report)
{
    QStringList lines{QStringLiteral("business_date,run_at,run_by,currency,arrivals,departures,in_house,rooms,"
                                     "occupancy_percent,room_revenue,no_shows,cancellations,fees,refunded,"
                                     "nights_released")};
    lines << QStringList{report.businessDate.toString(Qt::ISODate),
                         report.runAt.toUTC().toString(Qt::ISODate),
                         csvField(report.runBy),
                         report.currency,
                         QString::number(report.arrivals),
                         QString::number(report.departures),
                         QString::number(report.inHouse),
                         QString::number(report.rooms),
                         QString::number(report.occupancyPercent()),
                         amount(report.roomRevenue),
                         QString::number(report.noShows),
                         QString::number(report.cancellations),
                         amount(report.fees),
                         amount(report.refunded),
                         QString::number(report.nightsReleased)}
                 .join(u',');
    lines << QString();
    lines << QStringLiteral("reference,guest,room_type,check_in,check_out,outcome,secured_by,fee,refunded,"
                            "nights_released,note");
    for (const NightAuditStay &stay : report.stays) {
        lines << QStringList{csvField(stay.reference),
                             csvField(stay.guest),
                             csvField(stay.roomType),
                             stay.checkIn.toString(Qt::ISODate),
                             stay.checkOut.toString(Qt::ISODate),
                             stayStateName(stay.outcome),
                             noShowSecurityName(stay.securedBy),
                             amount(stay.fee),
                             amount(stay.refunded),
                             QString::number(stay.nightsReleased),
                             csvField(stay.note)}
                     .join(u',');
    }
    return lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n");
}

} // namespace boxoffice
