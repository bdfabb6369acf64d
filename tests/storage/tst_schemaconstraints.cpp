// The database itself refuses what would break the invariant, even if the application were wrong:
// these statements are what a buggy or tampered client could send.

#include "testdatabase.h"

#include <QTest>

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

QTEST_GUILESS_MAIN(TestSchemaConstraints)
#include "tst_schemaconstraints.moc"
