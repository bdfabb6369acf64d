// The database itself refuses what would break the invariant, even if the application were wrong:
// these statements are what a buggy or tampered client could send.

#include "domain/rooms.h"
#include "storage/pgapprovalstore.h"
#include "storage/statetext.h"
#include "testdatabase.h"

#include <QRegularExpression>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <functional>

using namespace boxoffice;
using namespace boxoffice::test;

class TestSchemaConstraints : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void refusedWrites_data();
    void refusedWrites();
    void secondSaleOfOneSeatIsImpossible();
    void everyAllowedStateIsMapped();

private:
    std::unique_ptr<TestDatabase> m_db;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
};

void TestSchemaConstraints::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("constraints"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Constraint Hall"), 2, 5);
    QVERIFY(m_hall.eventId > 0);
    m_units = m_db->units(m_hall.eventId);
    QCOMPARE(m_units.size(), 10);
}

void TestSchemaConstraints::init()
{
    QVERIFY(m_db->exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                      "hold_expires_at = NULL, order_id = NULL, extensions_used = 0")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM order_lines")));
    QVERIFY(m_db->exec(QStringLiteral("DELETE FROM orders")));
}

void TestSchemaConstraints::refusedWrites_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("sqlState");
    QTest::newRow("sold without an order") << "UPDATE event_seats SET state = 'SOLD' WHERE id = :unit"
                                           << "23514";
    QTest::newRow("held without a cart") << "UPDATE event_seats SET state = 'HELD', held_since = now(), "
                                            "hold_expires_at = now() WHERE id = :unit"
                                         << "23514";
    QTest::newRow("held without an expiry")
        << "UPDATE event_seats SET state = 'HELD', cart_id = 'c', held_since = now() "
           "WHERE id = :unit"
        << "23514";
    QTest::newRow("unknown state") << "UPDATE event_seats SET state = 'RESERVED' WHERE id = :unit"
                                   << "23514";
    QTest::newRow("available but still owned") << "UPDATE event_seats SET cart_id = 'c' WHERE id = :unit"
                                               << "23514";
    QTest::newRow("a seat twice in one event")
        << "INSERT INTO event_seats (event_id, layout_id, seat_id) "
           "SELECT event_id, layout_id, seat_id FROM event_seats WHERE id = :unit"
        << "23505";
    QTest::newRow("sold to an order without its line")
        << "WITH o AS (INSERT INTO orders (cart_id, currency) VALUES ('c', 'EUR') RETURNING id) "
           "UPDATE event_seats SET state = 'SOLD', order_id = (SELECT id FROM o) WHERE id = :unit"
        << "23503";
    // A venue's scoring (027): a section's preference is a weight from 0 to 1, a focus a whole point.
    QTest::newRow("section preference above 1")
        << "UPDATE sections SET preference = 1.5 WHERE id = (SELECT st.section_id FROM event_seats es "
           "JOIN seats st ON st.id = es.seat_id WHERE es.id = :unit)"
        << "23514";
    QTest::newRow("section preference below 0")
        << "UPDATE sections SET preference = -0.25 WHERE id = (SELECT st.section_id FROM event_seats es "
           "JOIN seats st ON st.id = es.seat_id WHERE es.id = :unit)"
        << "23514";
    QTest::newRow("section preference not a number")
        << "UPDATE sections SET preference = 'NaN' WHERE id = (SELECT st.section_id FROM event_seats es "
           "JOIN seats st ON st.id = es.seat_id WHERE es.id = :unit)"
        << "23514";
    QTest::newRow("section preference unset")
        << "UPDATE sections SET preference = NULL WHERE id = (SELECT st.section_id FROM event_seats es "
           "JOIN seats st ON st.id = es.seat_id WHERE es.id = :unit)"
        << "23502";
    QTest::newRow("focus with x only")
        << "UPDATE venue_layouts SET focus_x = 10 WHERE id = (SELECT layout_id FROM event_seats WHERE id = :unit)"
        << "23514";
    QTest::newRow("focus with y only")
        << "UPDATE venue_layouts SET focus_y = -2 WHERE id = (SELECT layout_id FROM event_seats WHERE id = :unit)"
        << "23514";
    // An event's on-sale (036): a rate is never negative, a token lives from a minute to a day.
    QTest::newRow("on-sale rate below 0") << "INSERT INTO event_on_sales (event_id, draw_closes_at, admit_per_second) "
                                             "SELECT event_id, now(), -1 FROM event_seats WHERE id = :unit"
                                          << "23514";
    QTest::newRow("on-sale token of 10 seconds")
        << "INSERT INTO event_on_sales (event_id, draw_closes_at, token_seconds) "
           "SELECT event_id, now(), 10 FROM event_seats WHERE id = :unit"
        << "23514";
    QTest::newRow("on-sale of no event")
        << "INSERT INTO event_on_sales (event_id, draw_closes_at) SELECT max(id) + 1000, now() FROM events "
           "WHERE :unit > 0"
        << "23503";
}

void TestSchemaConstraints::refusedWrites()
{
    QFETCH(QString, sql);
    QFETCH(QString, sqlState);
    QString error;
    QVERIFY(!m_db->exec(sql, {{QStringLiteral("unit"), m_units.first()}}, &error));
    QVERIFY2(error.startsWith(sqlState), qPrintable(error));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :unit"),
                          {{QStringLiteral("unit"), m_units.first()}})
                 .toString(),
             QStringLiteral("AVAILABLE"));
}

void TestSchemaConstraints::secondSaleOfOneSeatIsImpossible()
{
    const QVariantMap unit{{QStringLiteral("unit"), m_units.first()}};
    QVERIFY(m_db->exec(
        QStringLiteral("INSERT INTO orders (cart_id, currency) VALUES ('first', 'EUR'), ('second', 'EUR')")));
    QVERIFY(m_db->exec(QStringLiteral("INSERT INTO order_lines (order_id, unit_id, amount_minor, state) "
                                      "SELECT id, :unit, 100, 'SOLD' FROM orders WHERE cart_id = 'first'"),
                       unit));
    QString error;
    QVERIFY(!m_db->exec(QStringLiteral("INSERT INTO order_lines (order_id, unit_id, amount_minor, state) "
                                       "SELECT id, :unit, 100, 'SOLD' FROM orders WHERE cart_id = 'second'"),
                        unit, &error));
    QVERIFY2(error.startsWith(QStringLiteral("23505")), qPrintable(error));
}

// Every state a CHECK constraint allows has an enum value: a migration that adds a state without its
// mapping in storage/statetext.cpp fails here, not when a clerk's screen first reads it.
void TestSchemaConstraints::everyAllowedStateIsMapped()
{
    using Reads = std::function<bool(const QString &)>;
    const auto reads
        = [](auto fromText) -> Reads { return [fromText](const QString &text) { return fromText(text).ok(); }; };
    const QHash<QString, Reads> mapped{
        {QStringLiteral("orders.state"), reads(orderStateFromText)},
        {QStringLiteral("payments.state"), reads(paymentStateFromText)},
        {QStringLiteral("order_lines.state"), reads(lineStateFromText)},
        {QStringLiteral("order_pool_lines.state"), reads(lineStateFromText)},
        {QStringLiteral("order_stay_lines.state"), reads(lineStateFromText)},
        {QStringLiteral("order_slot_lines.state"), reads(lineStateFromText)},
        {QStringLiteral("order_supplement_lines.state"), reads(lineStateFromText)},
        {QStringLiteral("stays.state"), reads(stayStateFromText)},
        {QStringLiteral("refunds.state"), reads(refundStateFromText)},
        {QStringLiteral("stray_charges.refund_state"), reads(refundStateFromText)},
        {QStringLiteral("approval_requests.state"), reads(approvalStateFromText)},
        {QStringLiteral("event_seats.state"), reads(unitStateFromText)},
        {QStringLiteral("rooms.housekeeping_state"), reads(housekeepingFromName)},
    };
    // GA holds and table bookings are never read into a domain state.
    const QSet<QString> notStatesOfThisMapping{QStringLiteral("ga_holds.state"), QStringLiteral("slot_bookings.state")};

    // Single-column checks only: "state IN (...)" lists the allowed words; checks that tie a state to
    // other columns ("(state = 'HELD') = (expires_at IS NOT NULL)") add none.
    const QString stateChecks
        = QStringLiteral("SELECT t.relname, a.attname, pg_get_constraintdef(c.oid) FROM pg_constraint c "
                         "JOIN pg_class t ON t.oid = c.conrelid "
                         "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] "
                         "WHERE c.contype = 'c' AND cardinality(c.conkey) = 1 AND a.attname LIKE '%state' "
                         "AND t.relnamespace = 'public'::regnamespace ORDER BY 1, 2");
    QSqlQuery q(m_db->database());
    QVERIFY2(q.exec(stateChecks), qPrintable(q.lastError().text()));
    const QRegularExpression quoted(QStringLiteral("'([^']*)'::text"));
    QSet<QString> checked;
    while (q.next()) {
        const QString column = q.value(0).toString() + QLatin1Char('.') + q.value(1).toString();
        if (notStatesOfThisMapping.contains(column))
            continue;
        QVERIFY2(mapped.contains(column), qPrintable(column + QStringLiteral(" has states no enum covers")));
        const QString definition = q.value(2).toString();
        int words = 0;
        for (auto match = quoted.globalMatch(definition); match.hasNext(); ++words) {
            const QString word = match.next().captured(1);
            QVERIFY2(
                mapped.value(column)(word),
                qPrintable(QStringLiteral("%1 allows %2, which storage/statetext.cpp does not map").arg(column, word)));
        }
        QVERIFY2(words > 0, qPrintable(QStringLiteral("%1: no states read from %2").arg(column, definition)));
        checked << column;
    }
    for (auto it = mapped.cbegin(); it != mapped.cend(); ++it)
        QVERIFY2(checked.contains(it.key()), qPrintable(it.key() + QStringLiteral(": no CHECK constraint found")));
}

QTEST_GUILESS_MAIN(TestSchemaConstraints)
#include "tst_schemaconstraints.moc"
