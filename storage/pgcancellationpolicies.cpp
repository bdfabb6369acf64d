#include "storage/pgcancellationpolicies.h"

namespace boxoffice {

namespace {

inline constexpr char upsert[] = R"SQL(
INSERT INTO hotel_cancellation_policies (hotel_id, free_until_hours, check_in_time, late_fee_kind, late_fee_value,
                                         no_show_fee_kind, no_show_fee_value)
VALUES (:hotel, :hours, CAST(:check_in AS time), :late_kind, :late_value, :no_show_kind, :no_show_value)
ON CONFLICT (hotel_id) DO UPDATE
SET free_until_hours = EXCLUDED.free_until_hours, check_in_time = EXCLUDED.check_in_time,
    late_fee_kind = EXCLUDED.late_fee_kind, late_fee_value = EXCLUDED.late_fee_value,
    no_show_fee_kind = EXCLUDED.no_show_fee_kind, no_show_fee_value = EXCLUDED.no_show_fee_value,
    updated_by = session_user, updated_at = now()
)SQL";

inline constexpr char read[] = R"SQL(
SELECT free_until_hours, to_char(check_in_time, 'HH24:MI'), late_fee_kind, late_fee_value, no_show_fee_kind,
       no_show_fee_value
FROM hotel_cancellation_policies WHERE hotel_id = :hotel
)SQL";

} // namespace

PgCancellationPolicies::PgCancellationPolicies(QSqlDatabase database) : m_statements(std::move(database)) { }

Status PgCancellationPolicies::setPolicy(const HotelCancellationPolicy &policy)
{
    auto done
        = m_statements.exec(upsert, QStringLiteral("setting the cancellation policy"),
                            {{QStringLiteral(":hotel"), policy.hotel},
                             {QStringLiteral(":hours"), policy.freeUntilHours},
                             {QStringLiteral(":check_in"), policy.checkInTime.toString(QStringLiteral("HH:mm"))},
                             {QStringLiteral(":late_kind"), CancellationPolicy::kindName(policy.lateFee.kind)},
                             {QStringLiteral(":late_value"), policy.lateFee.value},
                             {QStringLiteral(":no_show_kind"), CancellationPolicy::kindName(policy.noShowFee.kind)},
                             {QStringLiteral(":no_show_value"), policy.noShowFee.value}});
    if (!done) {
        DomainError error = done.error();
        if (error.sqlState == QLatin1String("23514")) {
            error.code = ErrorCode::BadInput;
            error.message = QStringLiteral("A percentage is 0 to 100, an amount not negative, and the deadline 0 to "
                                           "8760 hours.");
        } else if (error.sqlState == QLatin1String("23503")) {
            error.code = ErrorCode::NotFound;
            error.message = QStringLiteral("Hotel %1 does not exist.").arg(policy.hotel);
        }
        return error;
    }
    done.value()->finish();
    return Done{};
}

Result<std::optional<HotelCancellationPolicy>> PgCancellationPolicies::policy(HotelId hotel)
{
    auto found = m_statements.exec(read, QStringLiteral("reading the cancellation policy"),
                                   {{QStringLiteral(":hotel"), hotel}});
    if (!found)
        return found.error();
    QSqlQuery &q = *found.value();
    if (!q.next()) {
        q.finish();
        return std::optional<HotelCancellationPolicy>();
    }
    HotelCancellationPolicy policy;
    policy.hotel = hotel;
    policy.freeUntilHours = q.value(0).toInt();
    policy.checkInTime = QTime::fromString(q.value(1).toString(), QStringLiteral("HH:mm"));
    policy.lateFee = {CancellationPolicy::kindFromName(q.value(2).toString()).value_or(PolicyFeeKind::None),
                      q.value(3).toLongLong()};
    policy.noShowFee = {CancellationPolicy::kindFromName(q.value(4).toString()).value_or(PolicyFeeKind::None),
                        q.value(5).toLongLong()};
    q.finish();
    return std::optional<HotelCancellationPolicy>(policy);
}

} // namespace boxoffice
