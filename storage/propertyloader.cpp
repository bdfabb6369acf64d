#include "storage/propertyloader.h"

#include "domain/propertyspec.h"

#include "storage/sqlerrors.h"
#include "storage/transactionguard.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QVariant>

namespace boxoffice {

namespace {

Result<QByteArray> readResource(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Internal, QStringLiteral("The demo file %1 is missing from this build.").arg(path));
    return file.readAll();
}

} // namespace

PropertyLoader::PropertyLoader(QSqlDatabase database) : m_database(std::move(database)) { }

Result<QByteArray> PropertyLoader::demoHotel()
{
    return readResource(QStringLiteral(":/demo/hotel.json"));
}

Result<QByteArray> PropertyLoader::demoRestaurant()
{
    return readResource(QStringLiteral(":/demo/restaurant.json"));
}

Result<LoadedProperty> PropertyLoader::loadHotel(const QByteArray &json)
{
    auto hotel = HotelSpec::fromJson(json);
    if (!hotel)
        return hotel.error();
    const QString context = QStringLiteral("loading a hotel");
    TransactionGuard transaction(m_database);
    if (auto status = transaction.begin(context); !status)
        return status.error();
    LoadedProperty loaded;
    loaded.name = hotel->name;
    QSqlQuery query(m_database);
    query.prepare(
        QStringLiteral("INSERT INTO hotels (name, currency, hold_seconds, max_extensions) "
                       "VALUES (:name, :currency, :hold, :extensions) ON CONFLICT (name) DO NOTHING RETURNING id"));
    query.bindValue(QStringLiteral(":name"), loaded.name);
    query.bindValue(QStringLiteral(":currency"), hotel->currency);
    query.bindValue(QStringLiteral(":hold"), hotel->holdSeconds);
    query.bindValue(QStringLiteral(":extensions"), hotel->maxExtensions);
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    if (!query.next()) {
        loaded.alreadyPresent = true;
        return loaded;
    }
    loaded.id = query.value(0).toLongLong();
    const int nights = hotel->nights;
    for (const RoomTypeSpec &type : hotel->roomTypes) {
        query.prepare(QStringLiteral(R"SQL(
WITH p AS (
    SELECT CAST(:hotel AS bigint) AS hotel_id, CAST(:nights AS integer) AS nights,
           CAST(:rooms AS integer) AS rooms, CAST(:sellable AS integer) AS sellable
), created AS (
    INSERT INTO room_types (hotel_id, code, name, rank, price_minor)
    SELECT p.hotel_id, :code, :name, :rank, :price FROM p
    RETURNING id
)
INSERT INTO room_nights (room_type_id, night, capacity, physical)
SELECT created.id, current_date + offset_days, p.sellable, p.rooms
FROM created, p, generate_series(0, p.nights - 1) AS offset_days
)SQL"));
        query.bindValue(QStringLiteral(":hotel"), loaded.id);
        query.bindValue(QStringLiteral(":nights"), nights);
        query.bindValue(QStringLiteral(":rooms"), type.rooms);
        query.bindValue(QStringLiteral(":sellable"), type.sellable);
        query.bindValue(QStringLiteral(":code"), type.code);
        query.bindValue(QStringLiteral(":name"), type.name);
        query.bindValue(QStringLiteral(":rank"), type.rank);
        query.bindValue(QStringLiteral(":price"), type.price.minor());
        if (!query.exec())
            return fromSqlError(query.lastError(), context);
        loaded.units += query.numRowsAffected();
        if (auto status = loadRates(loaded.id, nights, type); !status)
            return status.error();
        // One numbered room per physical room: "first_room_number" 101 gives 101, 102, ...; without it
        // the type's code and a count ("STD01"), so every hotel loaded can check guests into rooms.
        query.prepare(QStringLiteral(R"SQL(
INSERT INTO rooms (hotel_id, room_type_id, number)
SELECT rt.hotel_id, rt.id,
       CASE WHEN CAST(:first AS integer) > 0 THEN CAST(CAST(:first AS integer) + i AS text)
            ELSE rt.code || lpad(CAST(i + 1 AS text), 2, '0') END
FROM room_types rt, generate_series(0, CAST(:rooms AS integer) - 1) AS i
WHERE rt.hotel_id = :hotel AND rt.code = :code
)SQL"));
        query.bindValue(QStringLiteral(":first"), type.firstRoomNumber);
        query.bindValue(QStringLiteral(":rooms"), type.rooms);
        query.bindValue(QStringLiteral(":hotel"), loaded.id);
        query.bindValue(QStringLiteral(":code"), type.code);
        if (!query.exec())
            return fromSqlError(query.lastError(), context);
    }
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return loaded;
}

// A room type's "rates" (migration 031): days counted from today as the nights are, weekdays ISO (1 Monday
// ... 7 Sunday), no days for the whole calendar. Written as the schema's owner, then the nights repriced.
Status PropertyLoader::loadRates(qint64 hotel, int nights, const RoomTypeSpec &type)
{
    const QString context = QStringLiteral("loading room rates");
    QSqlQuery query(m_database);
    for (const RoomRateSpec &rate : type.rates) {
        query.prepare(QStringLiteral(R"SQL(
INSERT INTO room_rates (room_type_id, name, first_night, last_night, weekdays, price_minor)
SELECT rt.id, :name, current_date + CAST(:first AS integer), current_date + CAST(:last AS integer),
       CAST(:weekdays AS integer), CAST(:price AS bigint)
FROM room_types rt WHERE rt.hotel_id = :hotel AND rt.code = :code
)SQL"));
        query.bindValue(QStringLiteral(":name"), rate.name);
        query.bindValue(QStringLiteral(":first"), rate.firstDay);
        query.bindValue(QStringLiteral(":last"), rate.lastDay);
        query.bindValue(QStringLiteral(":weekdays"), rate.weekdays);
        query.bindValue(QStringLiteral(":price"), rate.price.minor());
        query.bindValue(QStringLiteral(":hotel"), hotel);
        query.bindValue(QStringLiteral(":code"), type.code);
        if (!query.exec())
            return fromSqlError(query.lastError(), context);
    }
    if (type.rates.isEmpty())
        return Done{};
    query.prepare(
        QStringLiteral("SELECT boxoffice_reprice_nights(rt.id, current_date, current_date + CAST(:nights AS integer)) "
                       "FROM room_types rt WHERE rt.hotel_id = :hotel AND rt.code = :code"));
    query.bindValue(QStringLiteral(":nights"), nights);
    query.bindValue(QStringLiteral(":hotel"), hotel);
    query.bindValue(QStringLiteral(":code"), type.code);
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    return Done{};
}

Result<LoadedProperty> PropertyLoader::loadRestaurant(const QByteArray &json)
{
    auto restaurant = RestaurantSpec::fromJson(json);
    if (!restaurant)
        return restaurant.error();
    const QString context = QStringLiteral("loading a restaurant");
    TransactionGuard transaction(m_database);
    if (auto status = transaction.begin(context); !status)
        return status.error();
    LoadedProperty loaded;
    loaded.name = restaurant->name;
    QSqlQuery query(m_database);
    query.prepare(
        QStringLiteral("INSERT INTO restaurants (name, currency, deposit_minor, hold_seconds, max_extensions) "
                       "VALUES (:name, :currency, :deposit, :hold, :extensions) "
                       "ON CONFLICT (name) DO NOTHING RETURNING id"));
    query.bindValue(QStringLiteral(":name"), loaded.name);
    query.bindValue(QStringLiteral(":currency"), restaurant->currency);
    query.bindValue(QStringLiteral(":deposit"), restaurant->deposit.minor());
    query.bindValue(QStringLiteral(":hold"), restaurant->holdSeconds);
    query.bindValue(QStringLiteral(":extensions"), restaurant->maxExtensions);
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    if (!query.next()) {
        loaded.alreadyPresent = true;
        return loaded;
    }
    loaded.id = query.value(0).toLongLong();
    for (const TableSpec &table : restaurant->tables) {
        query.prepare(
            QStringLiteral("INSERT INTO slot_resources (restaurant_id, code, seats) VALUES (:r, :code, :seats)"));
        query.bindValue(QStringLiteral(":r"), loaded.id);
        query.bindValue(QStringLiteral(":code"), table.code);
        query.bindValue(QStringLiteral(":seats"), table.seats);
        if (!query.exec())
            return fromSqlError(query.lastError(), context);
        ++loaded.units;
    }
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return loaded;
}

} // namespace boxoffice
