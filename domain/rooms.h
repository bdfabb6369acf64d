#pragma once

#include "domain/hotel.h"
#include "domain/result.h"

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QVector>

namespace boxoffice {

using RoomId = qint64;

// Housekeeping's word on a room. The round is Dirty -> Clean -> Inspected; a guest leaving makes it
// Dirty again. OutOfOrder: maintenance, for a range of nights with a reason.
enum class Housekeeping { Dirty, Clean, Inspected, OutOfOrder };

QString housekeepingName(Housekeeping state); // "DIRTY", "CLEAN", ... as the database spells it
Result<Housekeeping> housekeepingFromName(const QString &name);
bool isReadyForGuest(Housekeeping state); // clean or inspected

struct Room
{
    RoomId id = 0;
    HotelId hotel = 0;
    RoomTypeId roomType = 0;
    QString roomTypeCode;
    QString number; // "101": what the guest's key says
    Housekeeping housekeeping = Housekeeping::Clean;
    QDateTime changedAt; // when housekeeping last changed, and by whom (a login)
    QString changedBy;
};

// One claim on a room's nights [from, until): a stay's, or the room being out of order.
struct RoomClaim
{
    RoomId room = 0;
    QDate from;
    QDate until;
    StayId stay = 0; // 0: out of order
    QString reference; // the stay's booking reference
    QString guest;
    QString outOfOrderReason;
    bool outOfOrder() const { return stay == 0; }
    bool covers(const QDate &night) const { return night >= from && night < until; }
};

// The room rack: every room of a hotel and the claims on the nights [from, until).
struct RoomRack
{
    QDate from;
    QDate until;
    QVector<Room> rooms; // by room type rank, then number
    QVector<RoomClaim> claims;
    // The claim on `room` that night, or nullptr when the room is free then.
    const RoomClaim *claimOn(RoomId room, const QDate &night) const;
};

struct OutOfOrderRequest
{
    RoomId room = 0;
    QDate from; // first night out of order
    QDate until; // first night back in service
    QString reason;
};

// Rooms, their claims and housekeeping. Every write is one database function that decides under the
// rows' locks, and the exclusion constraint on a room's nights refuses a double claim whatever races it.
class RoomStore
{
public:
    virtual ~RoomStore() = default;

    virtual Result<RoomRack> rack(HotelId hotel, const QDate &from, const QDate &until) = 0;
    // A booked stay's room for all its nights (replacing one chosen before).
    virtual Status assign(StayId stay, RoomId room) = 0;
    // A guest in house moves: tonight on in `room`, the nights before stay recorded in the old one.
    virtual Status move(StayId stay, RoomId room) = 0;
    virtual Status setHousekeeping(RoomId room, Housekeeping state) = 0;
    virtual Status outOfOrder(const OutOfOrderRequest &request) = 0;
    virtual Status backInService(RoomId room) = 0;
};

} // namespace boxoffice
