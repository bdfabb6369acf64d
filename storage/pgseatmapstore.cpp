#include "storage/pgseatmapstore.h"

#include "storage/databaseconnection.h"
#include "storage/seatmapsql.h"
#include "storage/sqlvalues.h"

#include <QHash>
#include <QSet>

namespace boxoffice {

namespace {

const QString loadContext = QStringLiteral("loading the seat map");

// A read-only snapshot for the few statements of one load; rolled back on any early return.
class ReadSnapshot
{
public:
    explicit ReadSnapshot(QSqlDatabase database) : m_database(std::move(database)) { }
    ~ReadSnapshot()
    {
        if (m_open)
            (void)execStatement(m_database, QStringLiteral("ROLLBACK"), loadContext);
    }
    Status begin()
    {
        auto status = execStatement(
            m_database, QStringLiteral("START TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"), loadContext);
        m_open = bool(status);
        return status;
    }
    Status end()
    {
        m_open = false;
        return execStatement(m_database, QStringLiteral("COMMIT"), loadContext);
    }

private:
    QSqlDatabase m_database;
    bool m_open = false;
};

} // namespace

SeatState seatStateFromText(const QString &state)
{
    if (state == QLatin1String("SOLD"))
        return SeatState::Sold;
    if (state == QLatin1String("HELD"))
        return SeatState::Held;
    // Never drawn as free: a seat a manager took off sale must not look sellable.
    if (state == QLatin1String("HOUSE"))
        return SeatState::House;
    return SeatState::Available;
}

PgSeatMapStore::PgSeatMapStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<SeatMap> PgSeatMapStore::seatMap(EventId event)
{
    ReadSnapshot snapshot(m_statements.database());
    if (auto status = snapshot.begin(); !status)
        return status.error();
    SeatMap map;
    map.event.id = event;
    if (auto status = readSeats(event, map); !status)
        return status.error();
    auto cursor = readAuditCursor();
    if (!cursor)
        return cursor.error();
    map.auditCursor = cursor.value();
    if (auto status = snapshot.end(); !status)
        return status.error();
    return map;
}

Status PgSeatMapStore::readSeats(EventId event, SeatMap &map)
{
    QHash<QString, int> sectionIndex;
    auto sections = m_statements.exec(SeatMapSql::sections, loadContext, {{QStringLiteral(":event"), event}});
    if (!sections)
        return sections.error();
    while (sections.value()->next()) {
        const QString code = sections.value()->value(0).toString();
        sectionIndex.insert(code, map.sections.size());
        map.sections << SeatMapSection{code, sections.value()->value(1).toString()};
        map.scoring.sectionPreference.insert(code, sections.value()->value(2).toDouble());
    }
    sections.value()->finish();
    if (map.sections.isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("Event %1 has no seat map.").arg(event));

    auto scoring = m_statements.exec(SeatMapSql::layoutScoring, loadContext, {{QStringLiteral(":event"), event}});
    if (!scoring)
        return scoring.error();
    if (scoring.value()->next()) {
        const QSqlQuery &row = *scoring.value();
        // The schema keeps both coordinates or neither.
        if (!row.isNull(0) && !row.isNull(1))
            map.scoring.focus = QPointF(row.value(0).toDouble(), row.value(1).toDouble());
        if (!row.isNull(2))
            map.scoring.arena = row.value(2).toBool();
    }
    scoring.value()->finish();

    QHash<QString, int> bandIndex;
    auto bands = m_statements.exec(SeatMapSql::bands, loadContext, {{QStringLiteral(":event"), event}});
    if (!bands)
        return bands.error();
    while (bands.value()->next()) {
        bandIndex.insert(bands.value()->value(0).toString(), map.bands.size());
        map.bands << SeatMapBand{bands.value()->value(0).toString(), bands.value()->value(1).toString(),
                                 Money(bands.value()->value(2).toLongLong(), bands.value()->value(3).toString())};
    }
    bands.value()->finish();

    auto seats = m_statements.exec(SeatMapSql::seats, loadContext, {{QStringLiteral(":event"), event}});
    if (!seats)
        return seats.error();
    QSqlQuery &q = *seats.value();
    while (q.next()) {
        SeatMapSeat seat;
        seat.unit = q.value(0).toLongLong();
        seat.label = q.value(1).toString();
        seat.section = sectionIndex.value(q.value(2).toString());
        seat.row = q.value(3).toInt();
        seat.number = q.value(4).toInt();
        seat.x = q.value(5).toDouble();
        seat.y = q.value(6).toDouble();
        seat.band = bandIndex.value(q.value(7).toString());
        seat.state = seatStateFromText(q.value(8).toString());
        seat.cart = q.value(9).toString();
        seat.holdExpiresAt = fromEpochMs(q.value(10));
        map.seats << seat;
    }
    q.finish();
    return Done{};
}

Result<qint64> PgSeatMapStore::readAuditCursor()
{
    auto floor = m_statements.exec(SeatMapSql::auditFloor, loadContext, {});
    if (!floor)
        return floor.error();
    qint64 cursor = floor.value()->next() ? floor.value()->value(0).toLongLong() : 0;
    floor.value()->finish();
    // Stop before the first id missing from the snapshot: it may belong to a transaction still in
    // flight, whose change the seats above do not show yet.
    auto recent = m_statements.exec(SeatMapSql::recentAuditIds, loadContext, {});
    if (!recent)
        return recent.error();
    while (recent.value()->next()) {
        const qint64 id = recent.value()->value(0).toLongLong();
        if (id != cursor + 1)
            break;
        cursor = id;
    }
    recent.value()->finish();
    return cursor;
}

Result<SeatChangeBatch> PgSeatMapStore::seatChangesSince(EventId event, qint64 auditCursor, int limit)
{
    auto query = m_statements.exec(SeatMapSql::changesSince, QStringLiteral("reading seat changes"),
                                   {{QStringLiteral(":event"), event},
                                    {QStringLiteral(":since"), auditCursor},
                                    {QStringLiteral(":limit"), limit}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    SeatChangeBatch batch;
    QSet<UnitId> seen;
    while (q.next()) {
        batch.auditIds << q.value(0).toLongLong();
        if (q.value(1).isNull())
            continue;
        const UnitId unit = q.value(1).toLongLong();
        if (seen.contains(unit))
            continue;
        seen.insert(unit);
        batch.changes << SeatChange{unit, seatStateFromText(q.value(2).toString()), q.value(3).toString(),
                                    fromEpochMs(q.value(4))};
    }
    q.finish();
    return batch;
}

Result<QDateTime> PgSeatMapStore::serverNow()
{
    auto query = m_statements.exec(SeatMapSql::serverNow, QStringLiteral("reading the server's clock"), {});
    if (!query)
        return query.error();
    const QDateTime now = query.value()->next() ? fromEpochMs(query.value()->value(0)) : QDateTime();
    query.value()->finish();
    if (!now.isValid())
        return makeError(ErrorCode::Internal, QStringLiteral("The server did not tell its time."));
    return now;
}

} // namespace boxoffice
