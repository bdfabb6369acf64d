#pragma once

#include "domain/money.h"
#include "domain/result.h"

#include <QByteArray>
#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice {

// A hotel or a restaurant as its description file gives it (resources/demo/hotel.json, restaurant.json),
// read and checked before anything reaches the database: every field of the right JSON type and within
// bounds a real property has, codes unique, no control character in any text. A file that fails gets
// one sentence naming the field.

struct RoomRateSpec
{
    QString name;
    int firstDay = 0; // days from today, as the nights are counted
    int lastDay = 0; // inclusive; the calendar's last night when the file gives none
    int weekdays = 0; // bit d-1 for ISO weekday d (1 Monday ... 7 Sunday); 0: every day
    Money price; // in the hotel's currency
};

struct RoomTypeSpec
{
    QString code;
    QString name;
    int rank = 0; // higher is better: upgrades go up the ranks
    Money price; // per night, in the hotel's currency
    int rooms = 0; // physical rooms
    int sellable = 0; // room-nights sold a night (above `rooms`: overbooking)
    int firstRoomNumber = 0; // 101: rooms 101, 102, ...; 0: the code and a count
    QVector<RoomRateSpec> rates;
};

struct HotelSpec
{
    QString name;
    QString currency;
    int holdSeconds = 900;
    int maxExtensions = 1;
    int nights = 365; // the calendar on sale, from today
    QVector<RoomTypeSpec> roomTypes;

    static Result<HotelSpec> fromJson(const QByteArray &json);
    static constexpr int maxNights = 1096;
    static constexpr int maxRoomTypes = 50;
    static constexpr int maxRoomsPerType = 2000;
    static constexpr int maxRatesPerType = 50;
};

struct TableSpec
{
    QString code;
    int seats = 0;
};

struct RestaurantSpec
{
    QString name;
    QString currency;
    Money deposit; // per booking, in `currency`
    int holdSeconds = 300;
    int maxExtensions = 1;
    QVector<TableSpec> tables;

    static Result<RestaurantSpec> fromJson(const QByteArray &json);
    static constexpr int maxTables = 500;
    static constexpr int maxSeatsPerTable = 100;
};

} // namespace boxoffice
