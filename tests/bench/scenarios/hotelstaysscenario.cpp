// Random stays of 1 to 7 nights on a hotel of 5 room types x 365 nights: many buyers claiming
// overlapping ranges of night rows, each locked in date order.

#include "outcome.h"
#include "scenario.h"

#include "domain/hotelservice.h"
#include "storage/pghotelstore.h"
#include "storage/propertyloader.h"
#include "storage/sqlerrors.h"

#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::bench {

namespace {

constexpr int roomsPerType = 40;
constexpr int nights = 365;

class HotelClient final : public ClientState
{
public:
    explicit HotelClient(QSqlDatabase database) : m_store(std::move(database)), m_service(m_store) { }
    PgHotelStore m_store;
    HotelService m_service;
};

class HotelStaysScenario final : public Scenario
{
public:
    QString name() const override { return QStringLiteral("hotel-stays"); }
    QString summary() const override
    {
        return QStringLiteral("random 1-7 night stays on 5 room types x 365 nights, 40 rooms each");
    }

    Status prepare(QSqlDatabase database, const BenchInventory &) override
    {
        // A new hotel for every run: the calendar starts empty each time.
        const QString name = QStringLiteral("Bench Hotel %1").arg(++m_runs);
        QString types;
        for (int i = 0; i < 5; ++i) {
            types
                += QStringLiteral("%1{\"code\": \"T%2\", \"name\": \"Type %2\", \"rank\": %2, \"price_minor\": 10000, "
                                  "\"rooms\": %3}")
                       .arg(i ? QStringLiteral(",") : QString())
                       .arg(i)
                       .arg(roomsPerType);
        }
        const QByteArray json = QStringLiteral("{\"name\": \"%1\", \"currency\": \"EUR\", \"nights\": %2, "
                                               "\"room_types\": [%3]}")
                                    .arg(name)
                                    .arg(nights)
                                    .arg(types)
                                    .toUtf8();
        auto hotel = PropertyLoader(database).loadHotel(json);
        if (!hotel)
            return hotel.error();
        m_hotel = hotel->id;
        m_roomTypes.clear();
        QSqlQuery query(database);
        query.prepare(QStringLiteral("SELECT id, (SELECT min(night) FROM room_nights WHERE room_type_id = rt.id) "
                                     "FROM room_types rt WHERE hotel_id = :hotel ORDER BY id"));
        query.bindValue(QStringLiteral(":hotel"), m_hotel);
        if (!query.exec())
            return fromSqlError(query.lastError(), QStringLiteral("reading the bench hotel"));
        while (query.next()) {
            m_roomTypes << query.value(0).toLongLong();
            m_firstNight = query.value(1).toDate();
        }
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        client.setState(std::make_unique<HotelClient>(client.database()));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        QRandomGenerator &random = client.random();
        const int from = random.bounded(nights - 7);
        StayRequest request;
        request.roomType = m_roomTypes.at(random.bounded(int(m_roomTypes.size())));
        request.cart = client.nextCart();
        request.checkIn = m_firstNight.addDays(from);
        request.checkOut = request.checkIn.addDays(1 + random.bounded(7));
        const auto held = client.state<HotelClient>().m_service.holdStay(request);
        if (!held)
            return classifyDomainError(held.error());
        client.recordHold(held->id, request.cart);
        return AttemptResult::granted();
    }

    // Every stay a client was told it holds is a live hold, and every night's counter equals the
    // stays covering it, never above capacity.
    Result<Verification> verify(QSqlDatabase database, const BenchInventory &,
                                const QVector<const ClientContext *> &clients) override
    {
        qint64 told = 0;
        for (const ClientContext *client : clients)
            told += client->holds().size();
        QSqlQuery query(database);
        query.prepare(QStringLiteral(R"SQL(
WITH p AS (SELECT CAST(:hotel AS bigint) AS hotel_id),
types AS (SELECT rt.id FROM room_types rt, p WHERE rt.hotel_id = p.hotel_id)
SELECT (SELECT count(*) FROM stays WHERE room_type_id IN (SELECT id FROM types) AND state = 'HELD'),
       (SELECT count(*) FROM room_nights n WHERE n.room_type_id IN (SELECT id FROM types) AND n.booked > n.capacity),
       (SELECT count(*) FROM room_nights n WHERE n.room_type_id IN (SELECT id FROM types)
          AND n.booked <> (SELECT count(*) FROM stays s WHERE s.room_type_id = n.room_type_id AND s.state IN ('HELD', 'BOOKED')
                            AND n.night >= s.check_in AND n.night < s.check_out))
)SQL"));
        query.bindValue(QStringLiteral(":hotel"), m_hotel);
        if (!query.exec() || !query.next())
            return fromSqlError(query.lastError(), QStringLiteral("checking the hotel"));
        Verification verification;
        verification.databaseMismatches = int(qAbs(query.value(0).toLongLong() - told)) + query.value(2).toInt();
        verification.doubleSold = query.value(1).toInt();
        return verification;
    }

private:
    qint64 m_hotel = 0;
    QVector<RoomTypeId> m_roomTypes;
    QDate m_firstNight;
    int m_runs = 0;
};

} // namespace

std::unique_ptr<Scenario> makeHotelStaysScenario()
{
    return std::make_unique<HotelStaysScenario>();
}

} // namespace boxoffice::bench
