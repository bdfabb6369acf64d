// Arrivals at the front desk: the database decides whether today is a stay's arrival day (its own
// calendar, not the desk's clock) and records a manager's permission to check in early.

#include "storage/checkinsql.h"
#include "storage/pgfrontdesk.h"

namespace boxoffice {

Status PgFrontDesk::checkIn(StayId stay)
{
    auto checked = m_statements.exec(CheckInSql::checkIn, QStringLiteral("checking a guest in"),
                                     {{QStringLiteral(":stay"), stay}});
    if (!checked)
        return checked.error();
    const QString outcome = checked.value()->next() ? checked.value()->value(0).toString() : QString();
    checked.value()->finish();
    return checkInAnswer(outcome, stay);
}

Status PgFrontDesk::allowEarlyCheckIn(StayId stay, const QString &reason)
{
    const QString trimmed = reason.trimmed();
    auto allowed = m_statements.exec(CheckInSql::allowEarly, QStringLiteral("allowing an early check-in"),
                                     {{QStringLiteral(":stay"), stay}, {QStringLiteral(":reason"), trimmed}});
    if (!allowed)
        return allowed.error();
    const QString outcome = allowed.value()->next() ? allowed.value()->value(0).toString() : QString();
    allowed.value()->finish();
    if (outcome == QLatin1String("NEEDS_REASON"))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Say why the guest may check in early.")),
                          ErrorReason::EarlyCheckInNeedsReason);
    if (outcome == QLatin1String("NOT_EARLY"))
        return withReason(
            makeError(ErrorCode::Conflict,
                      QStringLiteral("Today is the arrival day or later: the guest can simply check in.")),
            ErrorReason::EarlyCheckInNotEarly);
    return checkInAnswer(outcome, stay);
}

Status PgFrontDesk::checkInAnswer(const QString &outcome, StayId stay)
{
    if (outcome == QLatin1String("OK"))
        return Done{};
    if (outcome == QLatin1String("NOT_FOUND"))
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("Stay %1 does not exist.").arg(stay)),
                          ErrorReason::StayUnknown);
    if (outcome == QLatin1String("BEFORE_ARRIVAL"))
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("The guest arrives on a later day: check-in opens on the "
                                                   "arrival day, or earlier when a manager allows it.")),
                          ErrorReason::CheckInBeforeArrival);
    if (outcome == QLatin1String("AFTER_DEPARTURE"))
        return withReason(
            makeError(ErrorCode::Conflict,
                      QStringLiteral("The stay's last night has passed: there is nothing to check into.")),
            ErrorReason::CheckInAfterDeparture);
    return withReason(makeError(ErrorCode::Conflict, QStringLiteral("Only a booked stay can check in.")),
                      ErrorReason::CheckInNotBooked);
}

} // namespace boxoffice
