#include "storage/pgnightaudit.h"

#include "storage/nightauditsql.h"
#include "storage/sqlvalues.h"
#include "storage/statetext.h"

namespace boxoffice {

namespace {

const QString reportContext = QStringLiteral("reading the night audit report");

} // namespace

PgNightAudit::PgNightAudit(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<NightAuditReport> PgNightAudit::run(HotelId hotel, const QDate &businessDate)
{
    auto ran = m_statements.exec(NightAuditSql::run, QStringLiteral("running the night audit"),
                                 {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":business_date"), businessDate}});
    if (!ran) {
        DomainError error = ran.error();
        if (error.sqlState == QLatin1String("BXFUT")) {
            error.code = ErrorCode::BadInput;
            error.message = QStringLiteral("The night audit closes a day that has begun: choose today or an "
                                           "earlier date.");
        } else if (error.sqlState == QLatin1String("P0002")) {
            error = withReason(makeError(ErrorCode::NotFound, QStringLiteral("Hotel %1 does not exist.").arg(hotel)),
                               ErrorReason::HotelUnknown);
        }
        return error;
    }
    QSqlQuery &q = *ran.value();
    const bool found = q.next();
    const qint64 run = found ? q.value(0).toLongLong() : 0;
    const bool ranNow = found && q.value(1).toBool();
    q.finish();
    if (!found)
        return makeError(ErrorCode::Internal, QStringLiteral("The night audit answered nothing."));
    auto report = readRun(run);
    if (report)
        report.value().ranNow = ranNow;
    return report;
}

Result<std::optional<NightAuditReport>> PgNightAudit::report(HotelId hotel, const QDate &businessDate)
{
    auto found
        = m_statements.exec(NightAuditSql::runOfDate, reportContext,
                            {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":business_date"), businessDate}});
    if (!found)
        return found.error();
    QSqlQuery &q = *found.value();
    const qint64 run = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    if (run == 0)
        return std::optional<NightAuditReport>();
    auto report = readRun(run);
    if (!report)
        return report.error();
    return std::optional<NightAuditReport>(std::move(report).value());
}

Result<NightAuditReport> PgNightAudit::readRun(qint64 run)
{
    auto head = m_statements.exec(NightAuditSql::report, reportContext, {{QStringLiteral(":run"), run}});
    if (!head)
        return head.error();
    QSqlQuery &q = *head.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("Night audit run %1 does not exist.").arg(run));
    }
    NightAuditReport report;
    report.run = run;
    report.hotel = q.value(0).toLongLong();
    report.businessDate = q.value(1).toDate();
    report.runBy = q.value(2).toString();
    report.runAt = fromEpochMs(q.value(3));
    report.currency = q.value(4).toString().trimmed();
    report.noShows = q.value(5).toInt();
    report.cancellations = q.value(6).toInt();
    report.fees = Money(q.value(7).toLongLong(), report.currency);
    report.refunded = Money(q.value(8).toLongLong(), report.currency);
    report.nightsReleased = q.value(9).toInt();
    report.arrivals = q.value(10).toInt();
    report.departures = q.value(11).toInt();
    report.inHouse = q.value(12).toInt();
    report.rooms = q.value(13).toInt();
    report.roomRevenue = Money(q.value(14).toLongLong(), report.currency);
    q.finish();

    auto rows = m_statements.exec(NightAuditSql::stays, reportContext, {{QStringLiteral(":run"), run}});
    if (!rows)
        return rows.error();
    QSqlQuery &r = *rows.value();
    while (r.next()) {
        NightAuditStay stay;
        stay.stay = r.value(0).toLongLong();
        stay.reference = r.value(1).toString();
        stay.guest = r.value(2).toString();
        stay.roomType = r.value(3).toString();
        stay.checkIn = r.value(4).toDate();
        stay.checkOut = r.value(5).toDate();
        auto outcome = stayStateFromText(r.value(6).toString());
        if (!outcome) {
            r.finish();
            return outcome.error();
        }
        stay.outcome = outcome.value();
        stay.securedBy = noShowSecurityFromName(r.value(7).toString()).value_or(NoShowSecurity::Nothing);
        stay.fee = Money(r.value(8).toLongLong(), report.currency);
        stay.refunded = Money(r.value(9).toLongLong(), report.currency);
        stay.nightsReleased = r.value(10).toInt();
        stay.note = r.value(11).toString();
        report.stays << stay;
    }
    r.finish();
    return report;
}

} // namespace boxoffice
