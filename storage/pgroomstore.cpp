#include "storage/pgroomstore.h"

#include "domain/roomreasons.h"
#include "storage/roomsql.h"

#include <QHash>

namespace boxoffice {

namespace {

struct Refusal
{
    ErrorCode code;
    const char *message;
    const char *reason;
};

// Every word a room function answers besides OK.
const QHash<QString, Refusal> &refusals()
{
    static const QHash<QString, Refusal> table{
        {QStringLiteral("NOT_FOUND"),
         {ErrorCode::NotFound, "That stay or room does not exist.", ErrorReason::RoomUnknown}},
        {QStringLiteral("NOT_BOOKED"),
         {ErrorCode::Conflict, "Only a booked stay gets a room ahead of arrival.", ErrorReason::RoomStayNotBooked}},
        {QStringLiteral("WRONG_TYPE"),
         {ErrorCode::BadInput, "The room is not of the stay's room type.", ErrorReason::RoomWrongType}},
        {QStringLiteral("OUT_OF_ORDER"),
         {ErrorCode::Conflict, "The room is out of order.", ErrorReason::RoomOutOfOrder}},
        {QStringLiteral("TAKEN"),
         {ErrorCode::Lost, "The room is taken or out of order on one of those nights.", ErrorReason::RoomTaken}},
        {QStringLiteral("NOT_IN_HOUSE"),
         {ErrorCode::Conflict, "Only a checked-in guest moves rooms.", ErrorReason::RoomStayNotInHouse}},
        {QStringLiteral("DEPARTING"),
         {ErrorCode::Conflict, "The guest leaves today: there is no night left to move.",
          ErrorReason::RoomStayDeparting}},
        {QStringLiteral("SAME_ROOM"),
         {ErrorCode::BadInput, "The guest is in that room already.", ErrorReason::RoomSame}},
        {QStringLiteral("NOT_READY"),
         {ErrorCode::Conflict, "The room is not clean or inspected yet.", ErrorReason::RoomNotReady}},
        {QStringLiteral("NOT_ALLOWED"),
         {ErrorCode::Conflict,
          "Housekeeping goes dirty, clean, inspected; an out-of-order room comes back into "
          "service first.",
          ErrorReason::HousekeepingNotAllowed}},
        {QStringLiteral("UNCHANGED"),
         {ErrorCode::Conflict, "The room is in that state already.", ErrorReason::HousekeepingUnchanged}},
        {QStringLiteral("DATES"),
         {ErrorCode::BadInput, "Out-of-order nights start today or later and end after they start.",
          ErrorReason::OutOfOrderDates}},
        {QStringLiteral("REASON"),
         {ErrorCode::BadInput, "Say why the room is out of order.", ErrorReason::OutOfOrderReasonMissing}},
        {QStringLiteral("GUEST"),
         {ErrorCode::Conflict,
          "A guest has the room on some of those nights, or it is out of order then already: "
          "move the stay first.",
          ErrorReason::OutOfOrderTaken}},
        {QStringLiteral("PHYSICAL"),
         {ErrorCode::Conflict, "A night would have fewer than no physical rooms left.",
          ErrorReason::OutOfOrderPhysical}},
        {QStringLiteral("NOT_OUT"),
         {ErrorCode::Conflict, "The room is not out of order.", ErrorReason::RoomNotOutOfOrder}},
    };
    return table;
}

} // namespace

PgRoomStore::PgRoomStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<RoomRack> PgRoomStore::rack(HotelId hotel, const QDate &from, const QDate &until)
{
    const QString context = QStringLiteral("reading the rooms");
    RoomRack rack;
    rack.from = from;
    rack.until = until;
    auto rooms = m_statements.exec(RoomSql::rooms, context, {{QStringLiteral(":hotel"), hotel}});
    if (!rooms)
        return rooms.error();
    QSqlQuery *q = rooms.value();
    while (q->next()) {
        auto state = housekeepingFromName(q->value(5).toString());
        if (!state) {
            q->finish();
            return state.error();
        }
        Room room;
        room.id = q->value(0).toLongLong();
        room.hotel = q->value(1).toLongLong();
        room.roomType = q->value(2).toLongLong();
        room.roomTypeCode = q->value(3).toString();
        room.number = q->value(4).toString();
        room.housekeeping = state.value();
        room.changedAt = q->value(6).toDateTime();
        room.changedBy = q->value(7).toString();
        rack.rooms << room;
    }
    q->finish();
    auto claims = m_statements.exec(
        RoomSql::claims, context,
        {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":from"), from}, {QStringLiteral(":until"), until}});
    if (!claims)
        return claims.error();
    q = claims.value();
    while (q->next()) {
        RoomClaim claim;
        claim.room = q->value(0).toLongLong();
        claim.from = q->value(1).toDate();
        claim.until = q->value(2).toDate();
        claim.stay = q->value(3).toLongLong();
        claim.reference = q->value(4).toString();
        claim.guest = q->value(5).toString();
        claim.outOfOrderReason = q->value(6).toString();
        rack.claims << claim;
    }
    q->finish();
    return rack;
}

Status PgRoomStore::answered(const char *sql, const QString &context, PreparedStatements::Bindings bindings)
{
    auto done = m_statements.exec(sql, context, bindings);
    if (!done)
        return done.error();
    QSqlQuery *q = done.value();
    const QString outcome = q->next() ? q->value(0).toString() : QString();
    q->finish();
    if (outcome == QLatin1String("OK"))
        return Done{};
    const auto found = refusals().constFind(outcome);
    if (found == refusals().cend())
        return makeError(ErrorCode::Internal, QStringLiteral("Unexpected answer %1 while %2.").arg(outcome, context));
    return withReason(makeError(found->code, QString::fromLatin1(found->message)), found->reason);
}

Status PgRoomStore::assign(StayId stay, RoomId room)
{
    return answered(RoomSql::assign, QStringLiteral("assigning a room"),
                    {{QStringLiteral(":stay"), stay}, {QStringLiteral(":room"), room}});
}

Status PgRoomStore::move(StayId stay, RoomId room)
{
    return answered(RoomSql::move, QStringLiteral("moving a guest to another room"),
                    {{QStringLiteral(":stay"), stay}, {QStringLiteral(":room"), room}});
}

Status PgRoomStore::setHousekeeping(RoomId room, Housekeeping state)
{
    return answered(RoomSql::setHousekeeping, QStringLiteral("changing a room's housekeeping state"),
                    {{QStringLiteral(":room"), room}, {QStringLiteral(":state"), housekeepingName(state)}});
}

Status PgRoomStore::outOfOrder(const OutOfOrderRequest &request)
{
    return answered(RoomSql::outOfOrder, QStringLiteral("taking a room out of order"),
                    {{QStringLiteral(":room"), request.room},
                     {QStringLiteral(":from"), request.from},
                     {QStringLiteral(":until"), request.until},
                     {QStringLiteral(":reason"), request.reason}});
}

Status PgRoomStore::backInService(RoomId room)
{
    return answered(RoomSql::backInService, QStringLiteral("bringing a room back into service"),
                    {{QStringLiteral(":room"), room}});
}

} // namespace boxoffice
