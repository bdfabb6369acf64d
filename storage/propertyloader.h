#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QSqlDatabase>

namespace boxoffice {

struct RoomTypeSpec;

struct LoadedProperty
{
    qint64 id = 0;
    QString name;
    int units = 0; // room-nights, or tables
    bool alreadyPresent = false;
};

// Loads a hotel (room types and a calendar of room-nights from today) or a restaurant (tables) from
// the JSON the demo files use (read and checked by HotelSpec and RestaurantSpec first), each in one
// transaction. A name that exists already changes nothing.
class PropertyLoader
{
public:
    explicit PropertyLoader(QSqlDatabase database);

    Result<LoadedProperty> loadHotel(const QByteArray &json);
    Result<LoadedProperty> loadRestaurant(const QByteArray &json);

    static Result<QByteArray> demoHotel();
    static Result<QByteArray> demoRestaurant();

private:
    Status loadRates(qint64 hotel, int nights, const RoomTypeSpec &type);

    QSqlDatabase m_database;
};

} // namespace boxoffice
