#pragma once

#include "domain/hotel.h"
#include "domain/ids.h"
#include "domain/result.h"

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice {

using GroupBlockId = qint64;

// One night of a block: the rooms it holds, how many guests were picked up into them, and whether the
// rest went back to sale (cut-off passed, or a manager let the block go).
struct GroupBlockNight
{
    QDate night;
    int rooms = 0;
    int picked = 0;
    bool released = false;
};

// Rooms of one room type held for a group on each night of its stay until a cut-off (the database's
// clock). Until then the unpicked rooms count as booked; after it they are on sale again by themselves.
struct GroupBlock
{
    GroupBlockId id = 0;
    HotelId hotel = 0;
    RoomTypeId roomType = 0;
    QString roomTypeCode;
    QString groupName;
    QDate firstNight;
    QDate afterLast; // the night after the last: the group's check-out day
    QDateTime cutoff; // UTC, as the database set it
    bool pastCutoff = false; // by the database's clock when read
    QString createdBy;
    QVector<GroupBlockNight> nights;

    // Rooms still to be picked up that night: none once released or past the cut-off.
    int remainingOn(const QDate &night) const;
    int pickedOn(const QDate &night) const;
    int roomsHeld() const; // the most rooms held on any night
    int pickedTotal() const; // room-nights picked up
    int remainingTotal() const; // room-nights still to be picked up
};

struct GroupBlockRequest
{
    RoomTypeId roomType = 0;
    QString groupName;
    QDate firstNight;
    QDate afterLast;
    QVector<int> roomsPerNight; // one count per night, first night first
    QDateTime cutoff;

    // The same count on every night.
    static GroupBlockRequest constant(RoomTypeId roomType, const QString &group, const QDate &firstNight,
                                      const QDate &afterLast, int rooms, const QDateTime &cutoff);
};

// A guest of the group, picked up by name into the desk's cart; the desk then books the held stay as any.
struct PickUpRequest
{
    GroupBlockId block = 0;
    CartId cart;
    QDate checkIn; // within the block's nights
    QDate checkOut;
    QString guestName;
};

struct PickUpHold
{
    StayId stay = 0;
    QString reference;
    QDateTime expiresAt;
};

class GroupBlockStore
{
public:
    virtual ~GroupBlockStore() = default;
    // The blocks of a hotel whose nights reach `from` or later, first night first.
    virtual Result<QVector<GroupBlock>> blocks(HotelId hotel, const QDate &from) = 0;
    // All nights or none; Lost (GroupBlockHotelFull) naming the first night without enough sellable
    // rooms. PermissionDenied for anyone but a manager.
    virtual Result<GroupBlockId> create(const GroupBlockRequest &request) = 0;
    // Conflict (GroupBlockFull / GroupBlockPastCutoff) when the block cannot give the room.
    virtual Result<PickUpHold> pickUp(const PickUpRequest &request) = 0;
    // An unpaid pick-up undone: its room goes back to the block. The nights given back (0: nothing to undo).
    virtual Result<int> returnPickUp(const CartId &cart, StayId stay) = 0;
    // Down to `rooms` a night (never below what was picked up), or, with none, the whole block let go.
    // The room-nights returned to sale. PermissionDenied for anyone but a manager.
    virtual Result<int> shrink(GroupBlockId block, std::optional<int> rooms) = 0;
};

namespace GroupBlockRules {
inline constexpr int maxNights = 366;
inline constexpr int maxRoomsPerNight = 999;
inline constexpr int maxGroupName = 200;
Status check(const GroupBlockRequest &request);
// Refused before asking the database: no name, or nights outside the block's.
Status check(const PickUpRequest &request, const GroupBlock &block);
Status check(const PickUpRequest &request);
} // namespace GroupBlockRules

class GroupBlockService
{
public:
    explicit GroupBlockService(GroupBlockStore &store);

    Result<QVector<GroupBlock>> blocks(HotelId hotel, const QDate &from);
    Result<GroupBlockId> create(const GroupBlockRequest &request);
    Result<PickUpHold> pickUp(const PickUpRequest &request);
    Result<int> returnPickUp(const CartId &cart, StayId stay);
    Result<int> shrink(GroupBlockId block, int rooms);
    Result<int> release(GroupBlockId block);

private:
    GroupBlockStore &m_store;
};

} // namespace boxoffice
