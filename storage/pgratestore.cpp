#include "storage/pgratestore.h"

#include "storage/ratesql.h"

namespace boxoffice {

PgRateStore::PgRateStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<QVector<RateRule>> PgRateStore::rules(HotelId hotel)
{
    auto query
        = m_statements.exec(RateSql::rules, QStringLiteral("reading room rates"), {{QStringLiteral(":hotel"), hotel}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<RateRule> rules;
    while (q.next()) {
        RateRule rule;
        rule.id = q.value(0).toLongLong();
        rule.roomType = q.value(1).toLongLong();
        rule.name = q.value(2).toString();
        rule.firstNight = q.value(3).toDate();
        rule.lastNight = q.value(4).toDate();
        rule.weekdays = q.value(5).toInt();
        rule.price = Money(q.value(6).toLongLong(), q.value(7).toString());
        rules << rule;
    }
    q.finish();
    return rules;
}

Result<RateId> PgRateStore::add(const RateRule &rule)
{
    auto query = m_statements.exec(RateSql::add, QStringLiteral("setting a room rate"),
                                   {{QStringLiteral(":room_type"), rule.roomType},
                                    {QStringLiteral(":name"), rule.name},
                                    {QStringLiteral(":first_night"), rule.firstNight},
                                    {QStringLiteral(":last_night"), rule.lastNight},
                                    {QStringLiteral(":weekdays"), rule.weekdays},
                                    {QStringLiteral(":price"), rule.price.minor()}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    const RateId id = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    if (id <= 0)
        return withReason(
            makeError(ErrorCode::NotFound, QStringLiteral("Room type %1 does not exist.").arg(rule.roomType)),
            ErrorReason::RoomTypeUnknown);
    return id;
}

Status PgRateStore::remove(RateId rule)
{
    auto query
        = m_statements.exec(RateSql::remove, QStringLiteral("removing a room rate"), {{QStringLiteral(":rate"), rule}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    const bool removed = q.next();
    q.finish();
    if (!removed)
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("Rate %1 no longer exists.").arg(rule)),
                          ErrorReason::RateUnknown);
    return Done{};
}

} // namespace boxoffice
