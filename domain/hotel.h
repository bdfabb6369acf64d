#pragma once

#include "domain/ids.h"
#include "domain/money.h"

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice {

using HotelId = qint64;
using RoomTypeId = qint64;
using StayId = qint64;

struct RoomTypeSummary
{
    RoomTypeId id = 0;
    HotelId hotel = 0;
    QString code;
    QString name;
    int rank = 0;
    Money price; // per night, in the hotel's currency
};

struct HotelSummary
{
    HotelId id = 0;
    QString name;
    QString currency;
    int holdSeconds = 900;
    int maxExtensions = 1;
    QDate firstNight;
    QDate lastNight;
    QVector<RoomTypeSummary> roomTypes;
};

// A stay is the nights [checkIn, checkOut): checking out on the 14th books the nights up to the 13th.
struct StayRequest
{
    RoomTypeId roomType = 0;
    CartId cart;
    QDate checkIn;
    QDate checkOut;
    QString guestName;
    std::optional<int> ttlSeconds;
    BuyerId buyer = 0; // a web buyer: held within the hotel's caps (0: staff, uncapped)
    int nights() const { return int(checkIn.daysTo(checkOut)); }
};

struct StayHold
{
    StayId id = 0;
    QString reference;
    RoomTypeId roomType = 0;
    QDate checkIn;
    QDate checkOut;
    QDateTime expiresAt;
    bool refreshed = false;
};

struct NightAvailability
{
    RoomTypeId roomType = 0;
    QString roomTypeCode;
    QDate night;
    int capacity = 0; // sellable, may exceed physical (overbooking is data)
    int physical = 0;
    int booked = 0; // confirmed stays and live holds
    int free() const { return qMax(0, capacity - booked); }
    bool overbooked() const { return booked > physical; }
    Money price;
};

// "2 left at this price": the fewest free rooms over the whole range, per room type.
struct RangeAvailability
{
    RoomTypeSummary roomType;
    QString currency;
    int freeEveryNight = 0;
    Money total; // the stay's price over the range
    QVector<NightAvailability> nights;
};

struct CapacityChange
{
    RoomTypeId roomType = 0;
    QDate from; // first night
    QDate until; // night after the last
    std::optional<int> sellable;
    std::optional<int> physical;
};

} // namespace boxoffice
