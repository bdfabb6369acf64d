// Issue 19, sharding by event (docs/SCALING.md): every claim and confirm writes the rows of one event,
// one hotel or one restaurant only, so each can run on the one shard that owns them. Row triggers this
// suite installs log every write to a table that holds inventory or order state: the transaction, the
// client statement and the row's owner (an order's owners are those of its lines, read when the log is
// checked, because the order row is written before its lines). The checks group the log by transaction
// and by statement and want one owner per group.
//
// What the product does today that one shard could not hold is checked as expected failures: a cart
// holding seats of two events checks out as one order over both, the desk sells seats and a table in
// one sale, and the sweeper tidies every event in one statement. The day one of them passes, the test
// says so (XPASS) and SCALING.md is out of date.

#include "domain/cartservice.h"
#include "domain/countersale.h"
#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "testdatabase.h"

#include <QDebug>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <optional>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

template<typename T> QByteArray failureOf(const Result<T> &result)
{
    return result.ok() ? QByteArray() : result.error().message.toUtf8();
}

Money eur(qint64 minor)
{
    return Money(minor, QStringLiteral("EUR"));
}

QString owner(const char *kind, qint64 id)
{
    return QStringLiteral("%1/%2").arg(QLatin1String(kind)).arg(id);
}

// Every table holding one owner's inventory or order state that a claim, a release, an extension, an
// order, a confirm, a counter sale or a web checkout writes. This suite runs no web checkout (it needs
// the payment provider): payments and outbox are watched so that a flow here that starts writing them
// is checked too. Reference data (layouts, events, pools, room types, tables) is only read on these
// paths.
const QStringList watchedTables
    = QStringLiteral("event_seats ga_subpools ga_holds room_nights stays group_block_nights slot_bookings orders "
                     "order_lines order_pool_lines order_stay_lines order_slot_lines tickets counter_payments "
                     "order_ledger payments outbox inventory_audit")
          .split(QLatin1Char(' '));

// statement_at and statement tell two client statements of one transaction apart: PostgreSQL sets the
// statement timestamp for every message a client sends (QPSQL sends each EXECUTE on its own), and
// current_query() is the client's statement, also inside the triggers a statement sets off.
const QString logTable = QStringLiteral(R"SQL(
CREATE TABLE shard_locality_log (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tx            bigint NOT NULL DEFAULT txid_current(),
    backend       integer NOT NULL DEFAULT pg_backend_pid(),
    statement_at  timestamptz NOT NULL DEFAULT statement_timestamp(),
    statement     text NOT NULL DEFAULT left(current_query(), 200),
    table_name    text NOT NULL,
    operation     text NOT NULL,
    scope         text,
    scope_id      bigint,
    order_id      bigint
)
)SQL");

// The row's owner, read through the row's own keys; an order's row names the order only. (A record's
// fields are resolved when read, so each table's columns are read in its own branch.)
const QString logFunction = QStringLiteral(R"SQL(
CREATE FUNCTION shard_locality_note() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    r record;
    v_scope text;
    v_id bigint;
    v_order bigint;
BEGIN
    IF TG_OP = 'DELETE' THEN
        r := OLD;
    ELSE
        r := NEW;
    END IF;
    CASE TG_TABLE_NAME
    WHEN 'event_seats' THEN
        v_scope := 'event';
        v_id := r.event_id;
    WHEN 'ga_subpools', 'ga_holds' THEN
        v_scope := 'event';
        SELECT gp.event_id INTO v_id FROM ga_pools gp WHERE gp.id = r.pool_id;
    WHEN 'order_pool_lines' THEN
        v_scope := 'event';
        SELECT gp.event_id INTO v_id FROM ga_pools gp WHERE gp.id = r.pool_id;
        v_order := r.order_id;
    WHEN 'order_lines' THEN
        v_scope := 'event';
        SELECT s.event_id INTO v_id FROM event_seats s WHERE s.id = r.unit_id;
        v_order := r.order_id;
    WHEN 'tickets' THEN
        v_scope := 'event';
        IF r.unit_id IS NOT NULL THEN
            SELECT s.event_id INTO v_id FROM event_seats s WHERE s.id = r.unit_id;
        ELSE
            SELECT gp.event_id INTO v_id
            FROM ga_holds h JOIN ga_pools gp ON gp.id = h.pool_id WHERE h.id = r.pool_hold_id;
        END IF;
        v_order := r.order_id;
    WHEN 'room_nights', 'stays', 'group_block_nights' THEN
        v_scope := 'hotel';
        SELECT rt.hotel_id INTO v_id FROM room_types rt WHERE rt.id = r.room_type_id;
    WHEN 'order_stay_lines' THEN
        v_scope := 'hotel';
        SELECT rt.hotel_id INTO v_id FROM stays s JOIN room_types rt ON rt.id = s.room_type_id WHERE s.id = r.stay_id;
        v_order := r.order_id;
    WHEN 'slot_bookings' THEN
        v_scope := 'restaurant';
        SELECT t.restaurant_id INTO v_id FROM slot_resources t WHERE t.id = r.resource_id;
    WHEN 'order_slot_lines' THEN
        v_scope := 'restaurant';
        SELECT t.restaurant_id INTO v_id
        FROM slot_bookings b JOIN slot_resources t ON t.id = b.resource_id WHERE b.id = r.booking_id;
        v_order := r.order_id;
    WHEN 'inventory_audit' THEN
        CASE r.entity
        WHEN 'seat' THEN
            v_scope := 'event';
            SELECT s.event_id INTO v_id FROM event_seats s WHERE s.id = r.entity_id;
        WHEN 'ga_hold' THEN
            v_scope := 'event';
            SELECT gp.event_id INTO v_id
            FROM ga_holds h JOIN ga_pools gp ON gp.id = h.pool_id WHERE h.id = r.entity_id;
        WHEN 'stay' THEN
            v_scope := 'hotel';
            SELECT rt.hotel_id INTO v_id
            FROM stays s JOIN room_types rt ON rt.id = s.room_type_id WHERE s.id = r.entity_id;
        WHEN 'slot' THEN
            v_scope := 'restaurant';
            SELECT t.restaurant_id INTO v_id
            FROM slot_bookings b JOIN slot_resources t ON t.id = b.resource_id WHERE b.id = r.entity_id;
        ELSE
            v_order := r.entity_id;
        END CASE;
    WHEN 'orders' THEN
        v_order := r.id;
    ELSE
        v_order := r.order_id;
    END CASE;
    INSERT INTO shard_locality_log (table_name, operation, scope, scope_id, order_id)
    VALUES (TG_TABLE_NAME, TG_OP, v_scope, v_id, v_order);
    RETURN NULL;
END
$$
)SQL");

// Each logged write with every owner it belongs to: its own row's, and its order's (from the order's
// lines as they are now). A write is local only when all of them are one.
const QString ownersOfWrites = QStringLiteral(R"SQL(
WITH log AS (
    SELECT * FROM shard_locality_log WHERE id > CAST(:since AS bigint)
), order_owner AS (
    SELECT o.order_id, s.scope || '/' || s.scope_id AS owner
    FROM (SELECT DISTINCT order_id FROM log WHERE order_id IS NOT NULL) o
    CROSS JOIN LATERAL (
        SELECT 'event', es.event_id FROM order_lines l JOIN event_seats es ON es.id = l.unit_id
        WHERE l.order_id = o.order_id
        UNION
        SELECT 'event', gp.event_id FROM order_pool_lines l JOIN ga_pools gp ON gp.id = l.pool_id
        WHERE l.order_id = o.order_id
        UNION
        SELECT 'hotel', rt.hotel_id FROM order_stay_lines l JOIN stays st ON st.id = l.stay_id
        JOIN room_types rt ON rt.id = st.room_type_id WHERE l.order_id = o.order_id
        UNION
        SELECT 'hotel', rt.hotel_id FROM order_supplement_lines l JOIN stays st ON st.id = l.stay_id
        JOIN room_types rt ON rt.id = st.room_type_id WHERE l.order_id = o.order_id
        UNION
        SELECT 'restaurant', t.restaurant_id FROM order_slot_lines l JOIN slot_bookings b ON b.id = l.booking_id
        JOIN slot_resources t ON t.id = b.resource_id WHERE l.order_id = o.order_id
    ) AS s(scope, scope_id)
), touched AS (
    SELECT l.id, l.tx, l.backend, l.statement_at, l.statement, l.table_name, l.scope || '/' || l.scope_id AS owner
    FROM log l WHERE l.scope_id IS NOT NULL
    UNION ALL
    SELECT l.id, l.tx, l.backend, l.statement_at, l.statement, l.table_name, o.owner
    FROM log l JOIN order_owner o ON o.order_id = l.order_id
)
)SQL");

const QString crossingTransactions = ownersOfWrites + QStringLiteral(R"SQL(
SELECT 'transaction ' || t.tx || ' wrote ' || string_agg(DISTINCT t.owner, ' and ')
       || ' (' || string_agg(DISTINCT t.table_name, ', ') || ')'
FROM touched t
GROUP BY t.tx
HAVING count(DISTINCT t.owner) > 1
ORDER BY min(t.id)
)SQL");

// QPSQL runs a prepared statement as EXECUTE name (...): the statement it prepared reads better.
const QString crossingStatements = ownersOfWrites + QStringLiteral(R"SQL(
SELECT 'one statement of transaction ' || t.tx || ' wrote ' || string_agg(DISTINCT t.owner, ' and ')
       || ' (' || string_agg(DISTINCT t.table_name, ', ') || ') - '
       || left(regexp_replace(regexp_replace(COALESCE(ps.statement, t.statement), '^\s*PREPARE\s+\w+\s+AS\s+', ''),
                              '\s+', ' ', 'g'), 160)
FROM touched t
LEFT JOIN pg_prepared_statements ps ON ps.name = substring(t.statement FROM '^\s*EXECUTE\s+(\w+)')
GROUP BY t.tx, t.backend, t.statement_at, t.statement, ps.statement
HAVING count(DISTINCT t.owner) > 1
ORDER BY min(t.id)
)SQL");

const QString ownersWritten = ownersOfWrites + QStringLiteral(R"SQL(
SELECT DISTINCT t.owner FROM touched t ORDER BY 1
)SQL");

const QString tablesWritten = QStringLiteral(R"SQL(
SELECT DISTINCT table_name FROM shard_locality_log WHERE id > CAST(:since AS bigint) ORDER BY 1
)SQL");

// A write whose owner the log cannot name would pass every check above unseen.
const QString unresolvedWrites = QStringLiteral(R"SQL(
SELECT l.table_name || ' ' || l.operation || ' in transaction ' || l.tx
FROM shard_locality_log l
WHERE l.id > CAST(:since AS bigint) AND l.scope_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM order_lines x WHERE x.order_id = l.order_id)
  AND NOT EXISTS (SELECT 1 FROM order_pool_lines x WHERE x.order_id = l.order_id)
  AND NOT EXISTS (SELECT 1 FROM order_stay_lines x WHERE x.order_id = l.order_id)
  AND NOT EXISTS (SELECT 1 FROM order_supplement_lines x WHERE x.order_id = l.order_id)
  AND NOT EXISTS (SELECT 1 FROM order_slot_lines x WHERE x.order_id = l.order_id)
ORDER BY l.id
)SQL");

const char *const twoEventCart
    = "Issue 19: a cart may hold seats of two events and checks out as one order over both; its extension, "
      "order and confirm each write both events (docs/SCALING.md, \"Carts across owners\")";

} // namespace

class TestShardLocality : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void theLogSeesOneTransactionWritingTwoEvents();
    void seatClaimsAndConfirmsWriteOneEvent();
    void placeClaimsAndConfirmsWriteOneEvent();
    void counterSalesWriteOneEvent();
    void stayClaimsAndConfirmsWriteOneHotel();
    void tableClaimsAndConfirmsWriteOneRestaurant();
    void aCartMayHoldTwoEventsAndIsSoldAcrossBoth();
    void theDeskSellsSeatsAndATableInOneTransaction();
    void theSweeperTidiesEveryEventInOneStatement();

private:
    struct Event
    {
        LoadedVenue hall;
        QVector<UnitId> units;
        int nextUnit = 0;
        PoolId pool = 0; // atomic, two rows of 30
        PoolId pessimisticPool = 0; // two rows of 10
        QString tag;
    };

    struct Hotel
    {
        qint64 id = 0;
        RoomTypeId room = 0;
        QString tag;
    };

    struct Restaurant
    {
        qint64 id = 0;
        ResourceId table = 0;
        QString tag;
    };

    UnitId nextUnit(Event &event) const { return event.units.at(event.nextUnit++); }
    HoldRequest seatRequest(const Event &event, const QString &cart, const QVector<UnitId> &units) const;
    qint64 logMark() const;
    std::optional<QStringList> strings(const QString &sql, qint64 since) const;
    // Empty when every write since `since` has a known owner, `tables` were all written, exactly `owners`
    // were written, and no transaction wrote two owners; else what is wrong.
    QString localityFailure(qint64 since, const QStringList &tables, const QSet<QString> &owners) const;
    void runSeatFlows(Event &event);
    void runPlaceFlows(Event &event);
    void runStayFlows(const Hotel &hotel, int firstNightOffset);
    void runTableFlows(const Restaurant &restaurant);
    void sellAtCounter(const QString &cart);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgCounterSales> m_counter;
    Event m_events[2];
    Hotel m_hotels[2];
    Restaurant m_restaurants[2];
};

HoldRequest TestShardLocality::seatRequest(const Event &event, const QString &cart, const QVector<UnitId> &units) const
{
    HoldRequest request;
    request.event = event.hall.eventId;
    request.cart = cart;
    request.units = units;
    return request;
}

void TestShardLocality::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("shardlocality"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_counter = std::make_unique<PgCounterSales>(m_db->database(), m_inventory->carts);

    const char *const tags[2] = {"north", "south"};
    for (int i = 0; i < 2; ++i) {
        Event &event = m_events[i];
        event.tag = QLatin1String(tags[i]);
        event.hall = m_db->loadHall(event.tag + QStringLiteral(" hall"), 3, 10, 600, 2, 4000);
        QVERIFY(event.hall.eventId > 0);
        event.units = m_db->units(event.hall.eventId);
        PoolService pools(m_inventory->pools);
        const auto pool = pools.createPool({event.hall.eventId, QStringLiteral("GA"), QStringLiteral("Standing"), 60,
                                            eur(1500), 2, ClaimStrategy::Atomic});
        QVERIFY2(pool.ok(), failureOf(pool).constData());
        event.pool = pool->id;
        const auto pessimistic = pools.createPool({event.hall.eventId, QStringLiteral("BAR"), QStringLiteral("Bar"), 20,
                                                   eur(2500), 2, ClaimStrategy::Pessimistic});
        QVERIFY2(pessimistic.ok(), failureOf(pessimistic).constData());
        event.pessimisticPool = pessimistic->id;

        PropertyLoader properties(m_db->database());
        const QString inn = event.tag + QStringLiteral("-inn");
        const auto hotel = properties.loadHotel(
            QStringLiteral(R"({"name": "%1", "currency": "EUR", "hold_seconds": 900, "max_extensions": 2,
            "nights": 60, "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000,
            "rooms": 5}]})")
                .arg(inn)
                .toUtf8());
        QVERIFY2(hotel.ok(), failureOf(hotel).constData());
        m_hotels[i].id = hotel->id;
        m_hotels[i].tag = inn;
        const QString cafe = event.tag + QStringLiteral("-cafe");
        const auto restaurant = properties.loadRestaurant(
            QStringLiteral(R"({"name": "%1", "currency": "EUR", "deposit_minor": 500, "hold_seconds": 300,
            "max_extensions": 1, "tables": [{"code": "T1", "seats": 4}, {"code": "T2", "seats": 4}]})")
                .arg(cafe)
                .toUtf8());
        QVERIFY2(restaurant.ok(), failureOf(restaurant).constData());
        m_restaurants[i].id = restaurant->id;
        m_restaurants[i].tag = cafe;
    }
    const auto hotels = m_inventory->hotels.hotels();
    QVERIFY2(hotels.ok(), failureOf(hotels).constData());
    for (const HotelSummary &summary : hotels.value()) {
        for (Hotel &hotel : m_hotels) {
            if (summary.id == hotel.id)
                hotel.room = summary.roomTypes.first().id;
        }
    }
    const auto restaurants = m_inventory->timeSlots.restaurants();
    QVERIFY2(restaurants.ok(), failureOf(restaurants).constData());
    for (const RestaurantSummary &summary : restaurants.value()) {
        for (Restaurant &restaurant : m_restaurants) {
            if (summary.id == restaurant.id)
                restaurant.table = summary.tables.first().id;
        }
    }
    for (int i = 0; i < 2; ++i) {
        QVERIFY(m_hotels[i].room > 0);
        QVERIFY(m_restaurants[i].table > 0);
    }

    // Installed as the suite's superuser, after the venues were loaded: only what the tests do is logged.
    QString error;
    QVERIFY2(m_db->exec(logTable, {}, &error), qPrintable(error));
    QVERIFY2(m_db->exec(logFunction, {}, &error), qPrintable(error));
    for (const QString &table : watchedTables) {
        // Identifiers cannot be bound; these come from the fixed list above.
        QVERIFY2(m_db->exec(QStringLiteral("CREATE TRIGGER shard_locality_note AFTER INSERT OR UPDATE OR DELETE ON %1 "
                                           "FOR EACH ROW EXECUTE FUNCTION shard_locality_note()")
                                .arg(table),
                            {}, &error),
                 qPrintable(error));
    }
}

void TestShardLocality::cleanup()
{
    const QString failure = m_db->auditFailure();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

qint64 TestShardLocality::logMark() const
{
    return m_db->scalar(QStringLiteral("SELECT COALESCE(max(id), 0) FROM shard_locality_log")).toLongLong();
}

std::optional<QStringList> TestShardLocality::strings(const QString &sql, qint64 since) const
{
    QSqlQuery query(m_db->database());
    query.prepare(sql);
    query.bindValue(QStringLiteral(":since"), since);
    if (!query.exec()) {
        qWarning("log query failed: %s", qPrintable(query.lastError().text()));
        return std::nullopt;
    }
    QStringList values;
    while (query.next())
        values << query.value(0).toString();
    return values;
}

QString TestShardLocality::localityFailure(qint64 since, const QStringList &tables, const QSet<QString> &owners) const
{
    const auto unresolved = strings(unresolvedWrites, since);
    const auto written = strings(tablesWritten, since);
    const auto ownersSeen = strings(ownersWritten, since);
    const auto crossing = strings(crossingTransactions, since);
    if (!unresolved || !written || !ownersSeen || !crossing)
        return QStringLiteral("the log could not be read (see the warning above)");
    if (!unresolved->isEmpty())
        return QStringLiteral("writes without a known owner: ") + unresolved->join(QStringLiteral("; "));
    for (const QString &table : tables) {
        if (!written->contains(table))
            return QStringLiteral("no write to %1 was logged: the flow did not run as meant").arg(table);
    }
    const QSet<QString> seen(ownersSeen->cbegin(), ownersSeen->cend());
    if (seen != owners)
        return QStringLiteral("owners written: %1; expected: %2")
            .arg(QStringList(seen.cbegin(), seen.cend()).join(QStringLiteral(", ")),
                 QStringList(owners.cbegin(), owners.cend()).join(QStringLiteral(", ")));
    if (!crossing->isEmpty())
        return crossing->join(QStringLiteral("\n"));
    return {};
}

void TestShardLocality::theLogSeesOneTransactionWritingTwoEvents()
{
    // A write that changes nothing still fires row triggers, so the self-test moves no seat.
    const QString touch = QStringLiteral("UPDATE event_seats SET extensions_used = extensions_used WHERE id = :unit");
    const UnitId north = m_events[0].units.last();
    const UnitId south = m_events[1].units.last();

    // Two statements, one per event, in one transaction: the transaction crosses, no statement does.
    // The two statements have the same text, so only their timestamps tell them apart.
    const qint64 twoStatements = logMark();
    QVERIFY(m_db->database().transaction());
    QVERIFY(m_db->exec(touch, {{QStringLiteral("unit"), north}}));
    QVERIFY(m_db->exec(touch, {{QStringLiteral("unit"), south}}));
    QVERIFY(m_db->database().commit());
    const auto byTransaction = strings(crossingTransactions, twoStatements);
    const auto byStatement = strings(crossingStatements, twoStatements);
    QVERIFY(byTransaction && byStatement);
    QCOMPARE(byTransaction->size(), 1);
    QVERIFY2(byStatement->isEmpty(), qPrintable(byStatement->join(QLatin1Char('\n'))));

    // One statement over both events crosses as a statement too.
    const qint64 oneStatement = logMark();
    QVERIFY(m_db->exec(
        QStringLiteral("UPDATE event_seats SET extensions_used = extensions_used WHERE id IN (:north, :south)"),
        {{QStringLiteral("north"), north}, {QStringLiteral("south"), south}}));
    const auto bothAtOnce = strings(crossingStatements, oneStatement);
    QVERIFY(bothAtOnce);
    QCOMPARE(bothAtOnce->size(), 1);

    // And the check passes what it should: one event, two statements, one transaction.
    const qint64 oneEvent = logMark();
    QVERIFY(m_db->database().transaction());
    QVERIFY(m_db->exec(touch, {{QStringLiteral("unit"), m_events[0].units.at(m_events[0].units.size() - 2)}}));
    QVERIFY(m_db->exec(touch, {{QStringLiteral("unit"), north}}));
    QVERIFY(m_db->database().commit());
    const QString failure
        = localityFailure(oneEvent, {QStringLiteral("event_seats")}, {owner("event", m_events[0].hall.eventId)});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestShardLocality::runSeatFlows(Event &event)
{
    SeatHoldService holds(m_inventory->seats);
    CartService carts(m_inventory->carts);

    // Claim (several seats in one statement, then one), retry, give one back, extend, order, confirm.
    const QString cart = event.tag + QStringLiteral("-seats");
    const QVector<UnitId> three{nextUnit(event), nextUnit(event), nextUnit(event)};
    const auto held = holds.hold(seatRequest(event, cart, three));
    QVERIFY2(held.ok(), failureOf(held).constData());
    const UnitId single = nextUnit(event);
    const auto one = holds.hold(seatRequest(event, cart, {single}));
    QVERIFY2(one.ok(), failureOf(one).constData());
    const auto again = holds.hold(seatRequest(event, cart, {single}));
    QVERIFY2(again.ok(), failureOf(again).constData());
    const auto released = holds.release(cart, {three.first()});
    QVERIFY2(released.ok(), failureOf(released).constData());
    const auto extended = carts.extend(cart);
    QVERIFY2(extended.ok(), failureOf(extended).constData());
    const auto order = carts.createOrder(cart);
    QVERIFY2(order.ok(), failureOf(order).constData());
    const auto confirmed = carts.confirm(order->id);
    QVERIFY2(confirmed.ok(), failureOf(confirmed).constData());
    QCOMPARE(confirmed->sold.size(), 3);

    // A late payment on seats nobody reclaimed still sells them.
    const QString late = event.tag + QStringLiteral("-late-seats");
    QVERIFY(holds.hold(seatRequest(event, late, {nextUnit(event), nextUnit(event)})).ok());
    const auto lateOrder = carts.createOrder(late);
    QVERIFY2(lateOrder.ok(), failureOf(lateOrder).constData());
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), late, 3600));
    const auto lateConfirmed = carts.confirm(lateOrder->id);
    QVERIFY2(lateConfirmed.ok(), failureOf(lateConfirmed).constData());
    QCOMPARE(lateConfirmed->sold.size(), 2);

    // A seat reclaimed after its hold ran out is lost to the late payer.
    const QString slow = event.tag + QStringLiteral("-slow");
    const QString rival = event.tag + QStringLiteral("-rival");
    const UnitId kept = nextUnit(event);
    const UnitId contested = nextUnit(event);
    QVERIFY(holds.hold(seatRequest(event, slow, {kept, contested})).ok());
    const auto slowOrder = carts.createOrder(slow);
    QVERIFY2(slowOrder.ok(), failureOf(slowOrder).constData());
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), slow, 3600));
    QVERIFY(holds.hold(seatRequest(event, rival, {contested})).ok());
    const auto slowConfirmed = carts.confirm(slowOrder->id);
    QVERIFY2(slowConfirmed.ok(), failureOf(slowConfirmed).constData());
    QCOMPARE(slowConfirmed->sold.size(), 1);
    QCOMPARE(slowConfirmed->lost.size(), 1);
    QVERIFY(carts.releaseCart(rival).ok());
}

void TestShardLocality::seatClaimsAndConfirmsWriteOneEvent()
{
    const qint64 since = logMark();
    for (Event &event : m_events) {
        runSeatFlows(event);
        if (QTest::currentTestFailed())
            return;
    }
    const QString failure
        = localityFailure(since,
                          {QStringLiteral("event_seats"), QStringLiteral("inventory_audit"), QStringLiteral("orders"),
                           QStringLiteral("order_lines")},
                          {owner("event", m_events[0].hall.eventId), owner("event", m_events[1].hall.eventId)});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestShardLocality::runPlaceFlows(Event &event)
{
    PoolService pools(m_inventory->pools);
    CartService carts(m_inventory->carts);

    // Claim on a row, retry (a refresh), give back, claim again, extend, order, confirm.
    const QString cart = event.tag + QStringLiteral("-places");
    QVERIFY(pools.hold({event.pool, cart, 2, {}}).ok());
    const auto again = pools.hold({event.pool, cart, 2, {}});
    QVERIFY2(again.ok(), failureOf(again).constData());
    QVERIFY(again->refreshed);
    const auto released = pools.release(cart, event.pool);
    QVERIFY2(released.ok(), failureOf(released).constData());
    QVERIFY(pools.hold({event.pool, cart, 2, {}}).ok());
    // The pessimistic claim: lock the row, decide, write, over four statements of one transaction.
    QVERIFY(pools.hold({event.pessimisticPool, cart, 2, {}}).ok());
    QVERIFY(carts.extend(cart).ok());
    const auto order = carts.createOrder(cart);
    QVERIFY2(order.ok(), failureOf(order).constData());
    const auto confirmed = carts.confirm(order->id);
    QVERIFY2(confirmed.ok(), failureOf(confirmed).constData());
    QCOMPARE(confirmed->sold.size(), 2);

    // A late payment whose places went back meanwhile gets fresh ones, claimed across the pool's rows
    // in the confirm's transaction. A rival's claim larger than any one row (a claim across rows too)
    // returns the late hold first.
    const QString late = event.tag + QStringLiteral("-late-places");
    const QString rival = event.tag + QStringLiteral("-crowd");
    QVERIFY(pools.hold({event.pool, late, 2, {}}).ok());
    const auto lateOrder = carts.createOrder(late);
    QVERIFY2(lateOrder.ok(), failureOf(lateOrder).constData());
    QVERIFY(m_db->backdateHolds(QStringLiteral("ga_holds"), late, 3600));
    const auto crowd = pools.hold({event.pool, rival, 31, {}});
    QVERIFY2(crowd.ok(), failureOf(crowd).constData());
    QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM ga_holds WHERE cart_id = :cart AND state = 'EXPIRED'"),
                         {{QStringLiteral("cart"), late}})
                .toInt()
            > 0);
    const auto lateConfirmed = carts.confirm(lateOrder->id);
    QVERIFY2(lateConfirmed.ok(), failureOf(lateConfirmed).constData());
    QCOMPARE(lateConfirmed->sold.size(), 1);
    QVERIFY(pools.release(rival, event.pool).ok());
}

void TestShardLocality::placeClaimsAndConfirmsWriteOneEvent()
{
    const qint64 since = logMark();
    for (Event &event : m_events) {
        runPlaceFlows(event);
        if (QTest::currentTestFailed())
            return;
    }
    const QString failure
        = localityFailure(since,
                          {QStringLiteral("ga_subpools"), QStringLiteral("ga_holds"), QStringLiteral("inventory_audit"),
                           QStringLiteral("orders"), QStringLiteral("order_pool_lines")},
                          {owner("event", m_events[0].hall.eventId), owner("event", m_events[1].hall.eventId)});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestShardLocality::sellAtCounter(const QString &cart)
{
    CounterSaleService sales(*m_counter);
    const auto quote = sales.quote(cart);
    QVERIFY2(quote.ok(), failureOf(quote).constData());
    CounterPayment cash;
    cash.tendered = eur(quote->total.minor() + 1000);
    const auto sale = sales.sell(cart, cash, quote.value());
    QVERIFY2(sale.ok(), failureOf(sale).constData());
    QVERIFY(sale->lost.isEmpty());
}

void TestShardLocality::counterSalesWriteOneEvent()
{
    const qint64 since = logMark();
    SeatHoldService holds(m_inventory->seats);
    PoolService pools(m_inventory->pools);
    for (Event &event : m_events) {
        // Seats and standing places of one event, sold, paid and ticketed in one transaction.
        const QString cart = event.tag + QStringLiteral("-counter");
        QVERIFY(holds.hold(seatRequest(event, cart, {nextUnit(event), nextUnit(event)})).ok());
        QVERIFY(pools.hold({event.pool, cart, 3, {}}).ok());
        sellAtCounter(cart);
        if (QTest::currentTestFailed())
            return;
    }
    const QString failure = localityFailure(
        since,
        {QStringLiteral("event_seats"), QStringLiteral("ga_subpools"), QStringLiteral("ga_holds"),
         QStringLiteral("orders"), QStringLiteral("order_lines"), QStringLiteral("order_pool_lines"),
         QStringLiteral("counter_payments"), QStringLiteral("order_ledger"), QStringLiteral("tickets")},
        {owner("event", m_events[0].hall.eventId), owner("event", m_events[1].hall.eventId)});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestShardLocality::runStayFlows(const Hotel &hotel, int firstNightOffset)
{
    HotelService hotels(m_inventory->hotels);
    CartService carts(m_inventory->carts);
    const QDate checkIn = QDate::currentDate().addDays(firstNightOffset);

    // Claim the nights, retry (a refresh), give back, claim again, extend, order, confirm.
    const QString cart = hotel.tag + QStringLiteral("-stay");
    const StayRequest stay{hotel.room, cart, checkIn, checkIn.addDays(2), QStringLiteral("Guest"), {}};
    const auto first = hotels.holdStay(stay);
    QVERIFY2(first.ok(), failureOf(first).constData());
    QVERIFY(hotels.holdStay(stay).ok());
    const auto released = hotels.releaseStay(cart, first->id);
    QVERIFY2(released.ok(), failureOf(released).constData());
    QVERIFY(hotels.holdStay(stay).ok());
    QVERIFY(carts.extend(cart).ok());
    const auto order = carts.createOrder(cart);
    QVERIFY2(order.ok(), failureOf(order).constData());
    const auto confirmed = carts.confirm(order->id);
    QVERIFY2(confirmed.ok(), failureOf(confirmed).constData());
    QCOMPARE(confirmed->sold.size(), 1);

    // A late payment whose stay ran out and was returned by a rival's claim on the same nights is
    // booked afresh in the confirm's transaction.
    const QString late = hotel.tag + QStringLiteral("-late-stay");
    const QString rival = hotel.tag + QStringLiteral("-walk-in");
    const StayRequest lateStay{hotel.room, late, checkIn.addDays(5), checkIn.addDays(7), QStringLiteral("Late"), {}};
    QVERIFY(hotels.holdStay(lateStay).ok());
    const auto lateOrder = carts.createOrder(late);
    QVERIFY2(lateOrder.ok(), failureOf(lateOrder).constData());
    QVERIFY(m_db->backdateHolds(QStringLiteral("stays"), late, 3600));
    const auto walkIn
        = hotels.holdStay({hotel.room, rival, checkIn.addDays(6), checkIn.addDays(8), QStringLiteral("Walk-in"), {}});
    QVERIFY2(walkIn.ok(), failureOf(walkIn).constData());
    const auto lateConfirmed = carts.confirm(lateOrder->id);
    QVERIFY2(lateConfirmed.ok(), failureOf(lateConfirmed).constData());
    QCOMPARE(lateConfirmed->sold.size(), 1);
    QVERIFY(carts.releaseCart(rival).ok());

    // Sold and paid at the desk.
    const QString desk = hotel.tag + QStringLiteral("-desk");
    QVERIFY(
        hotels.holdStay({hotel.room, desk, checkIn.addDays(10), checkIn.addDays(11), QStringLiteral("Desk"), {}}).ok());
    sellAtCounter(desk);
}

void TestShardLocality::stayClaimsAndConfirmsWriteOneHotel()
{
    const qint64 since = logMark();
    for (int i = 0; i < 2; ++i) {
        runStayFlows(m_hotels[i], 3 + i);
        if (QTest::currentTestFailed())
            return;
    }
    const QString failure
        = localityFailure(since,
                          {QStringLiteral("room_nights"), QStringLiteral("stays"), QStringLiteral("inventory_audit"),
                           QStringLiteral("orders"), QStringLiteral("order_stay_lines"),
                           QStringLiteral("counter_payments"), QStringLiteral("order_ledger")},
                          {owner("hotel", m_hotels[0].id), owner("hotel", m_hotels[1].id)});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestShardLocality::runTableFlows(const Restaurant &restaurant)
{
    SlotService tables(m_inventory->timeSlots);
    CartService carts(m_inventory->carts);
    const QDateTime dinner(QDate::currentDate().addDays(3), QTime(19, 0), Qt::UTC);

    // Claim the table, retry (a refresh), give back, claim again, extend, order, confirm.
    const QString cart = restaurant.tag + QStringLiteral("-table");
    const SlotRequest request{restaurant.table, cart, 2, dinner, dinner.addSecs(5400), {}};
    const auto first = tables.holdSlot(request);
    QVERIFY2(first.ok(), failureOf(first).constData());
    QVERIFY(tables.holdSlot(request).ok());
    const auto released = tables.releaseSlot(cart, first->id);
    QVERIFY2(released.ok(), failureOf(released).constData());
    QVERIFY(tables.holdSlot(request).ok());
    QVERIFY(carts.extend(cart).ok());
    const auto order = carts.createOrder(cart);
    QVERIFY2(order.ok(), failureOf(order).constData());
    const auto confirmed = carts.confirm(order->id);
    QVERIFY2(confirmed.ok(), failureOf(confirmed).constData());
    QCOMPARE(confirmed->sold.size(), 1);
}

void TestShardLocality::tableClaimsAndConfirmsWriteOneRestaurant()
{
    const qint64 since = logMark();
    for (const Restaurant &restaurant : m_restaurants) {
        runTableFlows(restaurant);
        if (QTest::currentTestFailed())
            return;
    }
    const QString failure
        = localityFailure(since,
                          {QStringLiteral("slot_bookings"), QStringLiteral("inventory_audit"), QStringLiteral("orders"),
                           QStringLiteral("order_slot_lines")},
                          {owner("restaurant", m_restaurants[0].id), owner("restaurant", m_restaurants[1].id)});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestShardLocality::aCartMayHoldTwoEventsAndIsSoldAcrossBoth()
{
    SeatHoldService holds(m_inventory->seats);
    CartService carts(m_inventory->carts);
    Event &north = m_events[0];
    Event &south = m_events[1];

    // The claims stay per event: each names its event and writes its rows only.
    const qint64 claims = logMark();
    const QString cart = QStringLiteral("two-events");
    QVERIFY(holds.hold(seatRequest(north, cart, {nextUnit(north)})).ok());
    // Nothing refuses this: a seat hold checks its own event only, and an order checks one currency.
    const auto second = holds.hold(seatRequest(south, cart, {nextUnit(south)}));
    QVERIFY2(second.ok(), failureOf(second).constData());
    const QString claimFailure
        = localityFailure(claims, {QStringLiteral("event_seats")},
                          {owner("event", north.hall.eventId), owner("event", south.hall.eventId)});
    QVERIFY2(claimFailure.isEmpty(), qPrintable(claimFailure));

    // What is cart-wide is keyed by the cart or its order, and so spans what the cart holds.
    const qint64 cartWide = logMark();
    QVERIFY(carts.extend(cart).ok());
    const auto order = carts.createOrder(cart);
    QVERIFY2(order.ok(), failureOf(order).constData());
    const auto confirmed = carts.confirm(order->id);
    QVERIFY2(confirmed.ok(), failureOf(confirmed).constData());
    QCOMPARE(confirmed->sold.size(), 2);
    const QString given = QStringLiteral("two-events-given-back");
    QVERIFY(holds.hold(seatRequest(north, given, {nextUnit(north)})).ok());
    QVERIFY(holds.hold(seatRequest(south, given, {nextUnit(south)})).ok());
    QVERIFY(carts.releaseCart(given).ok());

    // The finding itself, read from the tables rather than the log: one order, lines of two events.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(DISTINCT s.event_id) FROM order_lines l "
                                         "JOIN event_seats s ON s.id = l.unit_id WHERE l.order_id = :order"),
                          {{QStringLiteral("order"), order->id}})
                 .toInt(),
             2);
    const auto byTransaction = strings(crossingTransactions, cartWide);
    const auto byStatement = strings(crossingStatements, cartWide);
    QVERIFY(byTransaction && byStatement);
    for (const QString &crossing : byStatement.value())
        qInfo().noquote() << "spans two events:" << crossing;
    QEXPECT_FAIL("", twoEventCart, Continue);
    QVERIFY2(byTransaction->isEmpty(), qPrintable(byTransaction->join(QLatin1Char('\n'))));
    QEXPECT_FAIL("", twoEventCart, Continue);
    QVERIFY2(byStatement->isEmpty(), qPrintable(byStatement->join(QLatin1Char('\n'))));
}

void TestShardLocality::theDeskSellsSeatsAndATableInOneTransaction()
{
    SeatHoldService holds(m_inventory->seats);
    PoolService pools(m_inventory->pools);
    SlotService tables(m_inventory->timeSlots);
    Event &north = m_events[0];
    const Restaurant &cafe = m_restaurants[0];

    // The desk's "same sale": a seat, standing places and a table, each claimed on its own.
    const qint64 claims = logMark();
    const QString cart = QStringLiteral("desk-mixed");
    QVERIFY(holds.hold(seatRequest(north, cart, {nextUnit(north)})).ok());
    QVERIFY(pools.hold({north.pool, cart, 2, {}}).ok());
    const QDateTime lunch(QDate::currentDate().addDays(4), QTime(12, 0), Qt::UTC);
    const auto table = tables.holdSlot({cafe.table, cart, 2, lunch, lunch.addSecs(3600), {}});
    QVERIFY2(table.ok(), failureOf(table).constData());
    const QString claimFailure
        = localityFailure(claims, {QStringLiteral("event_seats"), QStringLiteral("slot_bookings")},
                          {owner("event", north.hall.eventId), owner("restaurant", cafe.id)});
    QVERIFY2(claimFailure.isEmpty(), qPrintable(claimFailure));

    const qint64 sale = logMark();
    sellAtCounter(cart);
    if (QTest::currentTestFailed())
        return;
    const auto byTransaction = strings(crossingTransactions, sale);
    const auto byStatement = strings(crossingStatements, sale);
    QVERIFY(byTransaction && byStatement);
    const char *const mixedSale = "Issue 19: the desk sells an event's seats and places and a restaurant's table as "
                                  "one order in one transaction (docs/SCALING.md, \"Carts across owners\")";
    QEXPECT_FAIL("", mixedSale, Continue);
    QVERIFY2(byTransaction->isEmpty(), qPrintable(byTransaction->join(QLatin1Char('\n'))));
    QEXPECT_FAIL("", mixedSale, Continue);
    QVERIFY2(byStatement->isEmpty(), qPrintable(byStatement->join(QLatin1Char('\n'))));
}

void TestShardLocality::theSweeperTidiesEveryEventInOneStatement()
{
    SeatHoldService holds(m_inventory->seats);
    for (Event &event : m_events) {
        const QString cart = event.tag + QStringLiteral("-abandoned");
        QVERIFY(holds.hold(seatRequest(event, cart, {nextUnit(event)})).ok());
        QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), cart, 3600));
    }
    const qint64 since = logMark();
    const auto swept = holds.sweepExpiredHolds();
    QVERIFY2(swept.ok(), failureOf(swept).constData());
    QVERIFY(swept.value() >= 2);
    const auto byStatement = strings(crossingStatements, since);
    QVERIFY(byStatement);
    QEXPECT_FAIL("",
                 "Issue 19: the sweeper returns the expired holds of every event in one statement; on a sharded "
                 "cluster it runs once per shard (docs/SCALING.md, \"The sweepers\")",
                 Continue);
    QVERIFY2(byStatement->isEmpty(), qPrintable(byStatement->join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestShardLocality)
#include "tst_shardlocality.moc"
