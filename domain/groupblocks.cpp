#include "domain/groupblocks.h"

#include <algorithm>

namespace boxoffice {

namespace {

const GroupBlockNight *nightOf(const GroupBlock &block, const QDate &night)
{
    for (const GroupBlockNight &n : block.nights) {
        if (n.night == night)
            return &n;
    }
    return nullptr;
}

} // namespace

int GroupBlock::remainingOn(const QDate &night) const
{
    const GroupBlockNight *n = nightOf(*this, night);
    if (!n || n->released || pastCutoff)
        return 0;
    return n->rooms - n->picked;
}

int GroupBlock::pickedOn(const QDate &night) const
{
    const GroupBlockNight *n = nightOf(*this, night);
    return n ? n->picked : 0;
}

int GroupBlock::roomsHeld() const
{
    int most = 0;
    for (const GroupBlockNight &n : nights)
        most = std::max(most, n.rooms);
    return most;
}

int GroupBlock::pickedTotal() const
{
    int total = 0;
    for (const GroupBlockNight &n : nights)
        total += n.picked;
    return total;
}

int GroupBlock::remainingTotal() const
{
    int total = 0;
    for (const GroupBlockNight &n : nights)
        total += remainingOn(n.night);
    return total;
}

GroupBlockRequest GroupBlockRequest::constant(RoomTypeId roomType, const QString &group, const QDate &firstNight,
                                              const QDate &afterLast, int rooms, const QDateTime &cutoff)
{
    GroupBlockRequest request;
    request.roomType = roomType;
    request.groupName = group;
    request.firstNight = firstNight;
    request.afterLast = afterLast;
    request.cutoff = cutoff;
    const qint64 nights = firstNight.isValid() && afterLast.isValid() ? firstNight.daysTo(afterLast) : 0;
    if (nights > 0 && nights <= GroupBlockRules::maxNights)
        request.roomsPerNight = QVector<int>(int(nights), rooms);
    return request;
}

namespace GroupBlockRules {

Status check(const GroupBlockRequest &request)
{
    if (!request.roomType)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a room type.")),
                          ErrorReason::RoomTypeMissing);
    const QString name = request.groupName.trimmed();
    if (name.isEmpty())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Give the group's name.")),
                          ErrorReason::GroupBlockNameMissing);
    if (name.size() > maxGroupName)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("The group's name is too long.")),
                          ErrorReason::GuestNameTooLong);
    const qint64 nights = request.firstNight.isValid() && request.afterLast.isValid()
        ? request.firstNight.daysTo(request.afterLast)
        : 0;
    if (nights < 1 || nights > maxNights)
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("A group block holds rooms for one to %1 nights.").arg(maxNights)),
                          ErrorReason::GroupBlockNights, {QString::number(maxNights)});
    const bool countsFit = request.roomsPerNight.size() == nights
        && std::all_of(request.roomsPerNight.cbegin(), request.roomsPerNight.cend(),
                       [](int rooms) { return rooms >= 0 && rooms <= maxRoomsPerNight; })
        && std::any_of(request.roomsPerNight.cbegin(), request.roomsPerNight.cend(),
                       [](int rooms) { return rooms > 0; });
    if (!countsFit)
        return withReason(
            makeError(
                ErrorCode::BadInput,
                QStringLiteral("A group block holds from 0 to %1 rooms a night, and some rooms on at least one night.")
                    .arg(maxRoomsPerNight)),
            ErrorReason::GroupBlockRooms, {QString::number(maxRoomsPerNight)});
    // Whether the cut-off is still ahead is the database's to say (its clock); here only that there is one.
    if (!request.cutoff.isValid())
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Give the block a cut-off that is still ahead.")),
            ErrorReason::GroupBlockCutoff);
    return Done{};
}

Status check(const PickUpRequest &request)
{
    if (request.guestName.trimmed().isEmpty())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Give the guest's name.")),
                          ErrorReason::GroupBlockGuestMissing);
    if (request.guestName.trimmed().size() > maxGroupName)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("The guest name is too long.")),
                          ErrorReason::GuestNameTooLong);
    if (!request.checkIn.isValid() || !request.checkOut.isValid() || request.checkOut <= request.checkIn)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose nights within the group's block.")),
                          ErrorReason::GroupBlockOutsideNights);
    return Done{};
}

Status check(const PickUpRequest &request, const GroupBlock &block)
{
    if (auto status = check(request); !status)
        return status;
    if (request.checkIn < block.firstNight || request.checkOut > block.afterLast)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose nights within the group's block.")),
                          ErrorReason::GroupBlockOutsideNights);
    return Done{};
}

} // namespace GroupBlockRules

GroupBlockService::GroupBlockService(GroupBlockStore &store) : m_store(store) { }

Result<QVector<GroupBlock>> GroupBlockService::blocks(HotelId hotel, const QDate &from)
{
    return m_store.blocks(hotel, from);
}

Result<GroupBlockId> GroupBlockService::create(const GroupBlockRequest &request)
{
    if (auto status = GroupBlockRules::check(request); !status)
        return status.error();
    GroupBlockRequest clean = request;
    clean.groupName = request.groupName.trimmed();
    return m_store.create(clean);
}

Result<PickUpHold> GroupBlockService::pickUp(const PickUpRequest &request)
{
    if (auto status = GroupBlockRules::check(request); !status)
        return status.error();
    PickUpRequest clean = request;
    clean.guestName = request.guestName.trimmed();
    return m_store.pickUp(clean);
}

Result<int> GroupBlockService::returnPickUp(const CartId &cart, StayId stay)
{
    return m_store.returnPickUp(cart, stay);
}

Result<int> GroupBlockService::shrink(GroupBlockId block, int rooms)
{
    if (rooms < 0 || rooms > GroupBlockRules::maxRoomsPerNight)
        return withReason(
            makeError(
                ErrorCode::BadInput,
                QStringLiteral("A block holds from 0 to %1 rooms a night.").arg(GroupBlockRules::maxRoomsPerNight)),
            ErrorReason::GroupBlockRooms, {QString::number(GroupBlockRules::maxRoomsPerNight)});
    return m_store.shrink(block, rooms);
}

Result<int> GroupBlockService::release(GroupBlockId block)
{
    return m_store.shrink(block, std::nullopt);
}

} // namespace boxoffice
