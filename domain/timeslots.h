#pragma once

#include "domain/ids.h"
#include "domain/money.h"

#include <QDateTime>
#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice {

using RestaurantId = qint64;
using ResourceId = qint64;
using BookingId = qint64;

struct TableSummary
{
    ResourceId id = 0;
    QString code;
    int seats = 0;
};

struct RestaurantSummary
{
    RestaurantId id = 0;
    QString name;
    QString currency;
    Money deposit; // per booking, in `currency`
    QVector<TableSummary> tables;
};

// A booking occupies [start, end): a table booked until 21:00 is free again at 21:00.
struct SlotRequest
{
    ResourceId resource = 0;
    CartId cart;
    int partySize = 0;
    QDateTime start;
    QDateTime end;
    std::optional<int> ttlSeconds;
    BuyerId buyer = 0; // a web buyer: held within the restaurant's caps (0: staff, uncapped)
};

struct SlotHold
{
    BookingId id = 0;
    ResourceId resource = 0;
    QString table;
    QDateTime start;
    QDateTime end;
    QDateTime expiresAt;
    bool refreshed = false;
};

// "A table for 4 at 19:00 for 2 hours".
struct TableSearch
{
    RestaurantId restaurant = 0;
    CartId cart;
    int partySize = 0;
    QDateTime start;
    int minutes = 0;
    std::optional<int> ttlSeconds;
    BuyerId buyer = 0; // as SlotRequest::buyer
};

} // namespace boxoffice
