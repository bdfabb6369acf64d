// What a clerk may not do is refused by the server, whatever the client sends: these tests sign in as
// a clerk and as a manager with real database logins and try.

#include "domain/cartservice.h"
#include "domain/hotelservice.h"
#include "domain/seatholdservice.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestStaffRoles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void staffLoginsAreChecked_data();
    void staffLoginsAreChecked();
    void rolesAreKnownAfterSignIn();
    void clerkSellsAtTheCounter();
    void clerkIsRefusedByTheServer_data();
    void clerkIsRefusedByTheServer();
    void managerMayChangeCapacityAndRefund();
    void everyChangeIsAudited();

private:
    std::unique_ptr<DatabaseConnection> signIn(const QString &login);
    static QString sqlStateOf(QSqlDatabase database, const QString &sql, const QVariantMap &bindings = {});

    std::unique_ptr<TestDatabase> m_db;
    QString m_clerk;
    QString m_manager;
    LoadedVenue m_hall;
    RoomTypeId m_roomType = 0;
    OrderId m_soldOrder = 0;
    const QString m_password = QStringLiteral("counter-night-42");
};

void TestStaffRoles::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("staffroles"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Staff Hall"), 2, 10);
    QVERIFY(PropertyLoader(m_db->database())
                .loadHotel(R"({"name": "Staff Inn", "currency": "EUR", "nights": 20,
                   "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 4}]})")
                .ok());
    m_roomType = PgHotelStore(m_db->database()).hotels()->first().roomTypes.first().id;
    // Logins are server-wide: unique names per run, dropped again at the end.
    m_clerk = QStringLiteral("clerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("manager_%1").arg(QCoreApplication::applicationPid());
    StaffAdmin admin(m_db->database());
    QVERIFY(admin.addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(admin.addStaff(m_manager, m_password, StaffRole::Manager).ok());
}

void TestStaffRoles::cleanupTestCase()
{
    for (const QString &login : {m_clerk, m_manager})
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login)); // built from digits and letters only
}

std::unique_ptr<DatabaseConnection> TestStaffRoles::signIn(const QString &login)
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, QStringLiteral("staff"));
    if (!connection)
        qWarning("sign-in failed: %s", qPrintable(connection.error().message));
    return connection ? std::move(connection.value()) : nullptr;
}

QString TestStaffRoles::sqlStateOf(QSqlDatabase database, const QString &sql, const QVariantMap &bindings)
{
    QSqlQuery query(database);
    query.prepare(sql);
    for (auto it = bindings.begin(); it != bindings.end(); ++it)
        query.bindValue(QLatin1Char(':') + it.key(), it.value());
    return query.exec() ? QStringLiteral("ok") : query.lastError().nativeErrorCode();
}

void TestStaffRoles::staffLoginsAreChecked_data()
{
    QTest::addColumn<QString>("login");
    QTest::addColumn<QString>("password");
    QTest::addColumn<int>("code");
    QTest::newRow("upper case") << "Clerk"
                                << "long-enough" << int(ErrorCode::BadInput);
    QTest::newRow("quote") << "a'b"
                           << "long-enough" << int(ErrorCode::BadInput);
    QTest::newRow("reserved") << "pg_evil"
                              << "long-enough" << int(ErrorCode::BadInput);
    QTest::newRow("short password") << "newclerk"
                                    << "short" << int(ErrorCode::BadInput);
}

void TestStaffRoles::staffLoginsAreChecked()
{
    QFETCH(QString, login);
    QFETCH(QString, password);
    QFETCH(int, code);
    const Status added = StaffAdmin(m_db->database()).addStaff(login, password, StaffRole::Clerk);
    QVERIFY(!added.ok());
    QCOMPARE(int(added.error().code), code);
    QCOMPARE(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).error().code,
             ErrorCode::Conflict);
}

void TestStaffRoles::rolesAreKnownAfterSignIn()
{
    auto clerk = signIn(m_clerk);
    auto manager = signIn(m_manager);
    QVERIFY(clerk && manager);
    QCOMPARE(StaffAdmin(clerk->database()).currentRole().value(), StaffRole::Clerk);
    QCOMPARE(StaffAdmin(manager->database()).currentRole().value(), StaffRole::Manager);
    // A clerk cannot create logins, not even for themselves.
    QCOMPARE(
        StaffAdmin(clerk->database()).addStaff(QStringLiteral("sneaky"), m_password, StaffRole::Manager).error().code,
        ErrorCode::PermissionDenied);
    ConnectionSettings wrong = m_db->settings();
    wrong.user = m_clerk;
    wrong.password = QStringLiteral("not-the-password");
    QCOMPARE(DatabaseConnection::open(wrong, QStringLiteral("staff")).error().code, ErrorCode::PermissionDenied);
}

void TestStaffRoles::clerkSellsAtTheCounter()
{
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    PgInventory inventory(clerk->database());
    HoldRequest request;
    request.event = m_hall.eventId;
    request.cart = QStringLiteral("desk-1");
    request.units = m_db->units(m_hall.eventId).mid(0, 2);
    QVERIFY(SeatHoldService(inventory.seats).hold(request).ok());
    QVERIFY(SeatHoldService(inventory.seats).release(request.cart, {request.units[1]}).ok());
    const QDate checkIn = QDate::currentDate().addDays(3);
    QVERIFY(HotelService(inventory.hotels)
                .holdStay({m_roomType, request.cart, checkIn, checkIn.addDays(2), QStringLiteral("Desk Guest"), {}})
                .ok());
    CartService carts(inventory.carts);
    QVERIFY(carts.extend(request.cart).ok());
    const auto order = carts.createOrder(request.cart);
    QVERIFY2(order.ok(), order.ok() ? "" : qPrintable(order.error().message));
    const auto sold = carts.confirm(order->id);
    QVERIFY2(sold.ok(), sold.ok() ? "" : qPrintable(sold.error().message));
    QCOMPARE(sold->sold.size(), 2);
    QVERIFY(inventory.sweepExpiredHolds().ok());
    m_soldOrder = order->id;
}

void TestStaffRoles::clerkIsRefusedByTheServer_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("sqlState");
    QTest::newRow("change sellable rooms") << "UPDATE room_nights SET capacity = 99"
                                           << "42501";
    QTest::newRow("change physical rooms") << "UPDATE room_nights SET physical = 99"
                                           << "42501";
    QTest::newRow("change the hold policy") << "UPDATE events SET hold_seconds = 86400"
                                            << "42501";
    QTest::newRow("change a price") << "UPDATE event_prices SET amount_minor = 1"
                                    << "42501";
    QTest::newRow("refund an order") << "UPDATE orders SET state = 'REFUNDED' WHERE id = :order"
                                     << "42501";
    QTest::newRow("change an order's amount") << "UPDATE orders SET amount_minor = 0 WHERE id = :order"
                                              << "42501";
    QTest::newRow("delete inventory") << "DELETE FROM event_seats"
                                      << "42501";
    QTest::newRow("forge an audit line")
        << "INSERT INTO inventory_audit (entity, entity_id, to_state) VALUES ('seat', :order, 'SOLD')"
        << "42501";
    QTest::newRow("rewrite the audit") << "DELETE FROM inventory_audit"
                                       << "42501";
    QTest::newRow("mark a seat sold without an order") << "UPDATE event_seats SET state = 'SOLD' WHERE order_id IS NULL"
                                                       << "23514";
}

void TestStaffRoles::clerkIsRefusedByTheServer()
{
    QFETCH(QString, sql);
    QFETCH(QString, sqlState);
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    QVERIFY(m_soldOrder > 0);
    QVariantMap bindings;
    if (sql.contains(QLatin1String(":order")))
        bindings.insert(QStringLiteral("order"), m_soldOrder);
    QCOMPARE(sqlStateOf(clerk->database(), sql, bindings), sqlState);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), m_soldOrder}})
            .toString(),
        QStringLiteral("PAID"));
}

void TestStaffRoles::managerMayChangeCapacityAndRefund()
{
    auto manager = signIn(m_manager);
    QVERIFY(manager);
    PgInventory inventory(manager->database());
    const QDate first = QDate::currentDate().addDays(10);
    const auto changed = HotelService(inventory.hotels).changeCapacity({m_roomType, first, first.addDays(3), 5, 4});
    QVERIFY2(changed.ok(), changed.ok() ? "" : qPrintable(changed.error().message));
    QCOMPARE(sqlStateOf(manager->database(), QStringLiteral("UPDATE orders SET state = 'REFUNDED' WHERE id = :order"),
                        {{QStringLiteral("order"), m_soldOrder}}),
             QStringLiteral("ok"));
    // The clerk's store path reports the same refusal in words a clerk understands.
    auto clerk = signIn(m_clerk);
    QVERIFY(clerk);
    PgInventory clerkInventory(clerk->database());
    const auto refused
        = HotelService(clerkInventory.hotels).changeCapacity({m_roomType, first, first.addDays(3), 6, std::nullopt});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
}

void TestStaffRoles::everyChangeIsAudited()
{
    const QVariantMap clerk{{QStringLiteral("u"), m_clerk}};
    QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM inventory_audit WHERE db_user = :u AND entity = 'seat'"),
                         clerk)
                .toInt()
            >= 3);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM inventory_audit WHERE db_user = :u AND entity = 'seat' "
                                         "AND to_state = 'SOLD'"),
                          clerk)
                 .toInt(),
             1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM inventory_audit WHERE db_user = :u AND entity = 'stay' "
                                         "AND to_state = 'BOOKED'"),
                          clerk)
                 .toInt(),
             1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT DISTINCT channel FROM inventory_audit WHERE db_user = :u"), clerk)
                 .toString(),
             QStringLiteral("tst_staffroles"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM inventory_audit WHERE db_user = :u AND entity = 'order' "
                                         "AND to_state = 'REFUNDED'"),
                          {{QStringLiteral("u"), m_manager}})
                 .toInt(),
             1);
}

QTEST_GUILESS_MAIN(TestStaffRoles)
#include "tst_staffroles.moc"
