#include "domain/rates.h"

#include "domain/domainerror.h"

namespace boxoffice {

bool RateRule::covers(const QDate &night) const
{
    if (night < firstNight || night > lastNight)
        return false;
    return weekdays == everyNight || (weekdays & bitOf(night.dayOfWeek())) != 0;
}

namespace RateRules {

Status check(const RateRule &rule)
{
    if (rule.roomType <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a room type.")),
                          ErrorReason::RoomTypeMissing);
    const QString name = rule.name.trimmed();
    if (name.isEmpty() || name.size() > maxNameLength)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Give the rate a name of at most 80 characters.")),
            ErrorReason::RateNameMissing, {QString::number(maxNameLength)});
    if (!rule.firstNight.isValid() || !rule.lastNight.isValid() || rule.lastNight < rule.firstNight)
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("A rate runs from its first night to a last night on or after it.")),
                          ErrorReason::RateNightsOrder);
    if (rule.nights() > maxNights)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("A rate covers at most %1 nights.").arg(maxNights)),
            ErrorReason::RateTooLong, {QString::number(maxNights)});
    if (rule.weekdays < 0 || rule.weekdays > 127)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose the weekdays again.")),
                          ErrorReason::RateWeekdays);
    if (rule.price.isNegative())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A rate cannot be negative.")),
                          ErrorReason::RateNegative);
    return Done{};
}

const RateRule *winner(const QVector<RateRule> &rules, RoomTypeId roomType, const QDate &night)
{
    const RateRule *best = nullptr;
    for (const RateRule &rule : rules) {
        if (rule.roomType != roomType || !rule.covers(night))
            continue;
        if (!best) {
            best = &rule;
            continue;
        }
        const bool someDays = rule.weekdays != RateRule::everyNight;
        const bool bestSomeDays = best->weekdays != RateRule::everyNight;
        if (rule.nights() != best->nights()) {
            if (rule.nights() < best->nights())
                best = &rule;
        } else if (someDays != bestSomeDays) {
            if (someDays)
                best = &rule;
        } else if (rule.id > best->id) {
            best = &rule;
        }
    }
    return best;
}

QVector<NightPrice> preview(const QVector<RateRule> &rules, const RoomTypeSummary &type, const QDate &from,
                            const QDate &until)
{
    QVector<NightPrice> nights;
    for (QDate night = from; night < until; night = night.addDays(1)) {
        const RateRule *rule = winner(rules, type.id, night);
        nights << NightPrice{night, rule ? rule->price : type.price, rule ? rule->name : QString()};
    }
    return nights;
}

} // namespace RateRules

RateService::RateService(RateStore &store) : m_store(store) { }

Result<QVector<RateRule>> RateService::rules(HotelId hotel)
{
    return m_store.rules(hotel);
}

namespace {
template<typename T> Result<T> managersOnly(Result<T> result)
{
    if (!result && result.error().code == ErrorCode::PermissionDenied) {
        DomainError error = result.error();
        error.message = QStringLiteral("Only a manager may set room rates.");
        return withReason(error, ErrorReason::RateManagerOnly);
    }
    return result;
}
} // namespace

Result<RateId> RateService::add(RateRule rule)
{
    rule.name = rule.name.trimmed();
    if (auto status = RateRules::check(rule); !status)
        return status.error();
    return managersOnly(m_store.add(rule));
}

Status RateService::remove(RateId rule)
{
    if (rule <= 0)
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("That rate no longer exists.")),
                          ErrorReason::RateUnknown);
    return managersOnly(m_store.remove(rule));
}

} // namespace boxoffice
