#include "storage/venueloader.h"

#include "storage/pgarrays.h"
#include "storage/poolsql.h"
#include "storage/sqlerrors.h"
#include "storage/transactionguard.h"

#include <QFile>
#include <QSqlQuery>
#include <QVariant>

namespace boxoffice {

namespace {

constexpr int seatBatch = 2500;

Result<VenueSpec> readSpec(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Internal,
                         QStringLiteral("The demo venue %1 is missing from this build.").arg(path));
    return VenueSpec::fromJson(file.readAll());
}

} // namespace

VenueLoader::VenueLoader(QSqlDatabase database) : m_database(std::move(database)) { }

Result<VenueSpec> VenueLoader::demoTheatre()
{
    return readSpec(QStringLiteral(":/demo/theatre.json"));
}

Result<VenueSpec> VenueLoader::demoStadium()
{
    return readSpec(QStringLiteral(":/demo/stadium.json"));
}

Result<LoadedVenue> VenueLoader::load(const VenueSpec &venue, const Progress &progress)
{
    const QString context = QStringLiteral("loading venue %1").arg(venue.name);
    TransactionGuard transaction(m_database);
    if (auto status = transaction.begin(context); !status)
        return status.error();

    QSqlQuery query(m_database);
    query.prepare(
        QStringLiteral("INSERT INTO venue_layouts (name, focus_x, focus_y, arena) "
                       "VALUES (:name, :focus_x, :focus_y, :arena) ON CONFLICT (name) DO NOTHING RETURNING id"));
    query.bindValue(QStringLiteral(":name"), venue.name);
    // Unset values go in as NULL: the seat map store reads NULL back as "decide by geometry".
    const std::optional<QPointF> &focus = venue.scoring.focus;
    query.bindValue(QStringLiteral(":focus_x"), focus ? QVariant(focus->x()) : QVariant(QMetaType::fromType<double>()));
    query.bindValue(QStringLiteral(":focus_y"), focus ? QVariant(focus->y()) : QVariant(QMetaType::fromType<double>()));
    query.bindValue(QStringLiteral(":arena"),
                    venue.scoring.arena ? QVariant(*venue.scoring.arena) : QVariant(QMetaType::fromType<bool>()));
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    LoadedVenue loaded;
    if (!query.next()) {
        query.prepare(QStringLiteral(
            "SELECT v.id, min(e.id), (SELECT count(*) FROM seats s WHERE s.layout_id = v.id) "
            "FROM venue_layouts v LEFT JOIN events e ON e.layout_id = v.id WHERE v.name = :name GROUP BY v.id"));
        query.bindValue(QStringLiteral(":name"), venue.name);
        if (!query.exec() || !query.next())
            return fromSqlError(query.lastError(), context);
        loaded.layoutId = query.value(0).toLongLong();
        loaded.eventId = query.value(1).toLongLong();
        loaded.seats = query.value(2).toInt();
        loaded.alreadyPresent = true;
        return loaded;
    }
    loaded.layoutId = query.value(0).toLongLong();

    for (const PriceBandSpec &band : venue.bands) {
        query.prepare(QStringLiteral("INSERT INTO price_bands (layout_id, code, name) VALUES (:layout, :code, :name)"));
        query.bindValue(QStringLiteral(":layout"), loaded.layoutId);
        query.bindValue(QStringLiteral(":code"), band.code);
        query.bindValue(QStringLiteral(":name"), band.name);
        if (!query.exec())
            return fromSqlError(query.lastError(), context);
    }
    for (const SectionSpec &section : venue.sections) {
        query.prepare(QStringLiteral(
            "INSERT INTO sections (layout_id, code, name, preference) VALUES (:layout, :code, :name, :preference)"));
        query.bindValue(QStringLiteral(":layout"), loaded.layoutId);
        query.bindValue(QStringLiteral(":code"), section.code);
        query.bindValue(QStringLiteral(":name"), section.name);
        query.bindValue(QStringLiteral(":preference"), venue.scoring.preferenceOf(section.code));
        if (!query.exec())
            return fromSqlError(query.lastError(), context);
    }
    if (auto status = insertSeats(loaded.layoutId, venue, progress); !status)
        return status.error();
    auto event = addEvent(loaded.layoutId, venue.event, venue.currency, venue.bands);
    if (!event)
        return event.error();
    loaded.eventId = event.value();
    loaded.seats = venue.seatCount();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return loaded;
}

Status VenueLoader::insertSeats(qint64 layoutId, const VenueSpec &venue, const Progress &progress)
{
    const QString context = QStringLiteral("loading seats");
    QSqlQuery insert(m_database);
    if (!insert.prepare(QStringLiteral(R"SQL(
WITH p AS (SELECT CAST(:layout AS bigint) AS layout_id)
INSERT INTO seats (layout_id, section_id, row_number, seat_number, label, x, y, price_band_id)
SELECT p.layout_id, sec.id, t.row_number, t.seat_number, t.label, t.x, t.y, pb.id
FROM p
CROSS JOIN unnest(CAST(:sections AS text[]), CAST(:rows AS integer[]), CAST(:numbers AS integer[]),
                  CAST(:labels AS text[]), CAST(:xs AS real[]), CAST(:ys AS real[]), CAST(:bands AS text[]))
     AS t(section, row_number, seat_number, label, x, y, band)
JOIN sections sec ON sec.layout_id = p.layout_id AND sec.code = t.section
JOIN price_bands pb ON pb.layout_id = p.layout_id AND pb.code = t.band
)SQL")))
        return fromSqlError(insert.lastError(), context);

    const int total = venue.seatCount();
    int done = 0;
    QStringList sections, labels, bands;
    QVector<int> rows, numbers;
    QVector<double> xs, ys;
    auto flush = [&]() -> Status {
        if (labels.isEmpty())
            return Done{};
        insert.bindValue(QStringLiteral(":layout"), layoutId);
        insert.bindValue(QStringLiteral(":sections"), toTextArray(sections));
        insert.bindValue(QStringLiteral(":rows"), toIntArray(rows));
        insert.bindValue(QStringLiteral(":numbers"), toIntArray(numbers));
        insert.bindValue(QStringLiteral(":labels"), toTextArray(labels));
        insert.bindValue(QStringLiteral(":xs"), toRealArray(xs));
        insert.bindValue(QStringLiteral(":ys"), toRealArray(ys));
        insert.bindValue(QStringLiteral(":bands"), toTextArray(bands));
        if (!insert.exec())
            return fromSqlError(insert.lastError(), context);
        if (insert.numRowsAffected() != labels.size())
            return makeError(ErrorCode::BadInput, QStringLiteral("Some seats name an unknown section or price band."));
        done += labels.size();
        if (progress)
            progress(done, total);
        sections.clear();
        labels.clear();
        bands.clear();
        rows.clear();
        numbers.clear();
        xs.clear();
        ys.clear();
        return Done{};
    };
    Status status = Done{};
    venue.forEachSeat([&](const SeatSpec &seat) {
        if (!status)
            return;
        sections << seat.section;
        rows << seat.row;
        numbers << seat.number;
        labels << seat.label;
        xs << seat.x;
        ys << seat.y;
        bands << seat.band;
        if (labels.size() >= seatBatch)
            status = flush();
    });
    if (!status)
        return status;
    return flush();
}

Result<EventId> VenueLoader::addEvent(qint64 layoutId, const EventSpec &event, const QString &currency,
                                      const QVector<PriceBandSpec> &prices)
{
    const QString context = QStringLiteral("creating event %1").arg(event.name);
    QSqlQuery query(m_database);
    query.prepare(
        QStringLiteral("INSERT INTO events (layout_id, name, starts_at, currency, hold_seconds, max_extensions) "
                       "VALUES (:layout, :name, date_trunc('day', now()) + make_interval(days => :days, hours => 19), "
                       ":currency, :hold, :extensions) RETURNING id"));
    query.bindValue(QStringLiteral(":layout"), layoutId);
    query.bindValue(QStringLiteral(":name"), event.name);
    query.bindValue(QStringLiteral(":days"), event.startsInDays);
    query.bindValue(QStringLiteral(":currency"), currency);
    query.bindValue(QStringLiteral(":hold"), event.holdSeconds);
    query.bindValue(QStringLiteral(":extensions"), event.maxExtensions);
    if (!query.exec() || !query.next())
        return fromSqlError(query.lastError(), context);
    const EventId eventId = query.value(0).toLongLong();

    for (const PriceBandSpec &price : prices) {
        query.prepare(
            QStringLiteral("INSERT INTO event_prices (event_id, price_band_id, amount_minor) "
                           "SELECT :event, id, :amount FROM price_bands WHERE layout_id = :layout AND code = :code"));
        query.bindValue(QStringLiteral(":event"), eventId);
        query.bindValue(QStringLiteral(":amount"), price.price.minor());
        query.bindValue(QStringLiteral(":layout"), layoutId);
        query.bindValue(QStringLiteral(":code"), price.code);
        if (!query.exec())
            return fromSqlError(query.lastError(), context);
        if (query.numRowsAffected() != 1)
            return makeError(ErrorCode::BadInput,
                             QStringLiteral("Price band %1 does not exist on this layout.").arg(price.code));
    }
    query.prepare(QStringLiteral("INSERT INTO event_seats (event_id, layout_id, seat_id) "
                                 "SELECT :event, layout_id, id FROM seats WHERE layout_id = :layout ORDER BY id"));
    query.bindValue(QStringLiteral(":event"), eventId);
    query.bindValue(QStringLiteral(":layout"), layoutId);
    if (!query.exec())
        return fromSqlError(query.lastError(), context);

    for (const EventPoolSpec &pool : event.pools) {
        query.prepare(QString::fromUtf8(PoolSql::createPool));
        query.bindValue(QStringLiteral(":event"), eventId);
        query.bindValue(QStringLiteral(":code"), pool.code);
        query.bindValue(QStringLiteral(":name"), pool.name.isEmpty() ? pool.code : pool.name);
        query.bindValue(QStringLiteral(":price"), pool.price.minor());
        query.bindValue(QStringLiteral(":strategy"), QStringLiteral("atomic"));
        if (!query.exec() || !query.next())
            return fromSqlError(query.lastError(), context);
        const qint64 poolId = query.value(0).toLongLong();
        query.prepare(QString::fromUtf8(PoolSql::createSubpools));
        query.bindValue(QStringLiteral(":pool"), poolId);
        query.bindValue(QStringLiteral(":capacity"), pool.capacity);
        query.bindValue(QStringLiteral(":rows"), pool.rows);
        if (!query.exec())
            return fromSqlError(query.lastError(), context);
    }
    return eventId;
}

} // namespace boxoffice
