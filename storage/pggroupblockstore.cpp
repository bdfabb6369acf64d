#include "storage/pggroupblockstore.h"

#include "storage/groupblocksql.h"
#include "storage/pgarrays.h"
#include "storage/pghotelstore.h"
#include "storage/sqlvalues.h"

namespace boxoffice {

namespace {

QString isoDate(const QDate &date)
{
    return date.toString(Qt::ISODate);
}

// The database's refusal of a clerk, in the block's own words.
template<typename T> Result<T> managersOnly(Result<T> result)
{
    if (!result && result.error().code == ErrorCode::PermissionDenied) {
        DomainError error = result.error();
        error.message = QStringLiteral("Only a manager holds, shrinks or lets go of a group's rooms.");
        return withReason(error, ErrorReason::GroupBlockManagerOnly);
    }
    return result;
}

DomainError unknownBlock()
{
    return withReason(
        makeError(ErrorCode::NotFound, QStringLiteral("This group block cannot be found: look at the list again.")),
        ErrorReason::GroupBlockUnknown);
}

} // namespace

PgGroupBlockStore::PgGroupBlockStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<QVector<GroupBlock>> PgGroupBlockStore::blocks(HotelId hotel, const QDate &from)
{
    auto query = m_statements.exec(GroupBlockSql::blocks, QStringLiteral("reading group blocks"),
                                   {{QStringLiteral(":hotel"), hotel}, {QStringLiteral(":from"), isoDate(from)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<GroupBlock> blocks;
    while (q.next()) {
        const GroupBlockId id = q.value(0).toLongLong();
        if (blocks.isEmpty() || blocks.last().id != id) {
            GroupBlock block;
            block.id = id;
            block.hotel = q.value(1).toLongLong();
            block.roomType = q.value(2).toLongLong();
            block.roomTypeCode = q.value(3).toString();
            block.groupName = q.value(4).toString();
            block.firstNight = q.value(5).toDate();
            block.afterLast = q.value(6).toDate();
            block.cutoff = fromEpochMs(q.value(7));
            block.pastCutoff = q.value(8).toBool();
            block.createdBy = q.value(9).toString();
            blocks << block;
        }
        blocks.last().nights << GroupBlockNight{q.value(10).toDate(), q.value(11).toInt(), q.value(12).toInt(),
                                                q.value(13).toBool()};
    }
    q.finish();
    return blocks;
}

Result<GroupBlockId> PgGroupBlockStore::create(const GroupBlockRequest &request)
{
    auto query = managersOnly(m_statements.exec(GroupBlockSql::create, QStringLiteral("holding rooms for a group"),
                                                {{QStringLiteral(":room_type"), request.roomType},
                                                 {QStringLiteral(":group_name"), request.groupName},
                                                 {QStringLiteral(":first_night"), isoDate(request.firstNight)},
                                                 {QStringLiteral(":after_last"), isoDate(request.afterLast)},
                                                 {QStringLiteral(":rooms"), toIntArray(request.roomsPerNight)},
                                                 {QStringLiteral(":cutoff_ms"), request.cutoff.toMSecsSinceEpoch()}}));
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::Internal, QStringLiteral("Creating a group block answered nothing."));
    }
    const QString outcome = q.value(0).toString();
    const GroupBlockId block = q.value(1).toLongLong();
    const QDate shortNight = q.value(2).toDate();
    q.finish();
    if (outcome == QLatin1String("OK"))
        return block;
    if (outcome == QLatin1String("NO_ROOM"))
        return withReason(
            makeError(ErrorCode::Lost,
                      QStringLiteral("Not enough rooms are on sale on %1: nothing was held for the group.")
                          .arg(isoDate(shortNight)),
                      {isoDate(shortNight)}),
            ErrorReason::GroupBlockHotelFull, {isoDate(shortNight)});
    if (outcome == QLatin1String("OUTSIDE_CALENDAR"))
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Some of those nights are outside the bookable calendar.")),
            ErrorReason::OutsideCalendar);
    // BAD_INPUT: the rules passed, so what is left is the database's clock: the cut-off is behind it.
    return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Give the block a cut-off that is still ahead.")),
                      ErrorReason::GroupBlockCutoff);
}

Result<PickUpHold> PgGroupBlockStore::pickUp(const PickUpRequest &request)
{
    const QString reference = PgHotelStore::newReference();
    auto query = m_statements.exec(GroupBlockSql::pickUp, QStringLiteral("picking a guest up from a group block"),
                                   {{QStringLiteral(":block"), request.block},
                                    {QStringLiteral(":cart"), request.cart},
                                    {QStringLiteral(":check_in"), isoDate(request.checkIn)},
                                    {QStringLiteral(":check_out"), isoDate(request.checkOut)},
                                    {QStringLiteral(":guest"), request.guestName},
                                    {QStringLiteral(":reference"), reference}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::Internal, QStringLiteral("A pick-up answered nothing."));
    }
    const QString outcome = q.value(0).toString();
    PickUpHold hold;
    hold.stay = q.value(1).toLongLong();
    hold.expiresAt = fromEpochMs(q.value(2));
    hold.reference = reference;
    const QDate fullNight = q.value(3).toDate();
    q.finish();
    if (outcome == QLatin1String("OK"))
        return hold;
    if (outcome == QLatin1String("NOT_FOUND"))
        return unknownBlock();
    if (outcome == QLatin1String("NO_GUEST"))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Give the guest's name.")),
                          ErrorReason::GroupBlockGuestMissing);
    if (outcome == QLatin1String("OUTSIDE_BLOCK"))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose nights within the group's block.")),
                          ErrorReason::GroupBlockOutsideNights);
    if (outcome == QLatin1String("PAST_CUTOFF"))
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("The group's cut-off has passed: its rooms are back on general "
                                                   "sale. Book the guest as any guest.")),
                          ErrorReason::GroupBlockPastCutoff);
    return withReason(
        makeError(
            ErrorCode::Conflict,
            QStringLiteral("The group's block has no room left on %1: nothing was picked up.").arg(isoDate(fullNight))),
        ErrorReason::GroupBlockFull, {isoDate(fullNight)});
}

Result<int> PgGroupBlockStore::returnPickUp(const CartId &cart, StayId stay)
{
    auto query = m_statements.exec(GroupBlockSql::returnPickUp, QStringLiteral("returning a pick-up to its block"),
                                   {{QStringLiteral(":stay"), stay}, {QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    const int nights = q.next() ? q.value(0).toInt() : 0;
    q.finish();
    return nights;
}

Result<int> PgGroupBlockStore::shrink(GroupBlockId block, std::optional<int> rooms)
{
    auto query = managersOnly(
        m_statements.exec(GroupBlockSql::shrink, QStringLiteral("shrinking a group block"),
                          {{QStringLiteral(":block"), block}, {QStringLiteral(":rooms"), nullableInt(rooms)}}));
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::Internal, QStringLiteral("Shrinking a group block answered nothing."));
    }
    const QString outcome = q.value(0).toString();
    const int returned = q.value(1).toInt();
    q.finish();
    if (outcome == QLatin1String("NOT_FOUND"))
        return unknownBlock();
    if (outcome != QLatin1String("OK"))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Room counts cannot be negative.")),
                          ErrorReason::CapacityNegative);
    return returned;
}

} // namespace boxoffice
