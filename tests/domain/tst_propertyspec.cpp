// The hotel and restaurant files (HotelSpec, RestaurantSpec): the demo files read as they are; every
// field checked for its type and bounds before any SQL, with the field named; codes unique; no
// control character reaches the database.

#include "domain/propertyspec.h"
#include "moneycompare.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <functional>

using namespace boxoffice;

namespace {

QByteArray demo(const char *name)
{
    QFile file(QStringLiteral(BOXOFFICE_DEMO_DIR "/%1").arg(QLatin1String(name)));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The demo hotel with one change at `path` (object keys; an index for a list), as JSON.
QByteArray hotelWith(const QStringList &path, const QJsonValue &value)
{
    const std::function<QJsonValue(QJsonValue, int)> set = [&](QJsonValue node, int depth) -> QJsonValue {
        if (depth == path.size())
            return value;
        bool isIndex = false;
        const int index = path.at(depth).toInt(&isIndex);
        if (isIndex) {
            QJsonArray array = node.toArray();
            array[index] = set(array.at(index), depth + 1);
            return array;
        }
        QJsonObject object = node.toObject();
        object[path.at(depth)] = set(object.value(path.at(depth)), depth + 1);
        return object;
    };
    return QJsonDocument(set(QJsonDocument::fromJson(demo("hotel.json")).object(), 0).toObject()).toJson();
}

} // namespace

class TestPropertySpec : public QObject
{
    Q_OBJECT

private slots:
    void theDemoFilesRead();
    void aBadFieldIsRefusedByName_data();
    void aBadFieldIsRefusedByName();
    void restaurantTablesAreChecked();
};

void TestPropertySpec::theDemoFilesRead()
{
    const auto hotel = HotelSpec::fromJson(demo("hotel.json"));
    QVERIFY2(hotel.ok(), hotel.ok() ? "" : qPrintable(hotel.error().message));
    QCOMPARE(hotel->name, QStringLiteral("Demo Harbour Hotel"));
    QCOMPARE(hotel->nights, 365);
    QVERIFY(hotel->roomTypes.size() >= 3);
    const RoomTypeSpec &standard = hotel->roomTypes.first();
    QCOMPARE(standard.code, QStringLiteral("STD"));
    QCOMPARE(standard.rooms, 20);
    QCOMPARE(standard.sellable, 22);
    QCOMPARE(standard.firstRoomNumber, 101);
    QCOMPARE(standard.rates.size(), 3);
    QCOMPARE(standard.rates.at(0).weekdays, (1 << 4) | (1 << 5)); // Friday and Saturday
    QCOMPARE(standard.rates.at(0).firstDay, 0);
    QCOMPARE(standard.rates.at(0).lastDay, 364); // no last day: the whole calendar
    QCOMPARE(standard.rates.at(1).firstDay, 14);
    QCOMPARE(standard.rates.at(1).lastDay, 27);

    const auto restaurant = RestaurantSpec::fromJson(demo("restaurant.json"));
    QVERIFY2(restaurant.ok(), restaurant.ok() ? "" : qPrintable(restaurant.error().message));
    QCOMPARE(restaurant->name, QStringLiteral("Demo Bistro"));
    QCOMPARE(restaurant->deposit, Money(1000, QStringLiteral("EUR")));
    QVERIFY(!restaurant->tables.isEmpty());
    QCOMPARE(restaurant->tables.first().code, QStringLiteral("T1"));
}

void TestPropertySpec::aBadFieldIsRefusedByName_data()
{
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("named");
    const QString nul = QStringLiteral("Harbour") + QChar(0) + QStringLiteral("Hotel");
    QTest::newRow("NUL in the name") << QStringList{QStringLiteral("name")} << QJsonValue(nul)
                                     << QStringLiteral("name");
    QTest::newRow("empty name") << QStringList{QStringLiteral("name")} << QJsonValue(QStringLiteral(" "))
                                << QStringLiteral("name");
    QTest::newRow("lower-case currency") << QStringList{QStringLiteral("currency")} << QJsonValue(QStringLiteral("eur"))
                                         << QStringLiteral("currency");
    QTest::newRow("text for a number") << QStringList{QStringLiteral("nights")} << QJsonValue(QStringLiteral("365"))
                                       << QStringLiteral("nights");
    QTest::newRow("a fraction") << QStringList{QStringLiteral("hold_seconds")} << QJsonValue(90.5)
                                << QStringLiteral("hold_seconds");
    QTest::newRow("ten years of nights") << QStringList{QStringLiteral("nights")} << QJsonValue(3650)
                                         << QStringLiteral("nights");
    QTest::newRow("room types not a list") << QStringList{QStringLiteral("room_types")}
                                           << QJsonValue(QStringLiteral("STD")) << QStringLiteral("room_types");
    QTest::newRow("a room type that is not an object") << QStringList{QStringLiteral("room_types"), QStringLiteral("1")}
                                                       << QJsonValue(7) << QStringLiteral("room_types[1]");
    QTest::newRow("a code with a space") << QStringList{QStringLiteral("room_types"), QStringLiteral("0"),
                                                        QStringLiteral("code")}
                                         << QJsonValue(QStringLiteral("S T D")) << "room_types[0].code";
    QTest::newRow("a code given twice") << QStringList{QStringLiteral("room_types"), QStringLiteral("1"),
                                                       QStringLiteral("code")}
                                        << QJsonValue(QStringLiteral("STD")) << "room_types[1].code";
    QTest::newRow("negative price") << QStringList{QStringLiteral("room_types"), QStringLiteral("0"),
                                                   QStringLiteral("price_minor")}
                                    << QJsonValue(-1) << "room_types[0].price_minor";
    QTest::newRow("a million rooms") << QStringList{QStringLiteral("room_types"), QStringLiteral("0"),
                                                    QStringLiteral("rooms")}
                                     << QJsonValue(1000000) << "room_types[0].rooms";
    QTest::newRow("room numbers past 99999")
        << QStringList{QStringLiteral("room_types"), QStringLiteral("0"), QStringLiteral("first_room_number")}
        << QJsonValue(99990) << QStringLiteral("room_types[0]");
    QTest::newRow("weekday 8") << QStringList{QStringLiteral("room_types"), QStringLiteral("0"),
                                              QStringLiteral("rates"), QStringLiteral("0"), QStringLiteral("weekdays")}
                               << QJsonValue(QJsonArray{5, 8}) << "room_types[0].rates[0].weekdays";
    QTest::newRow("a weekday twice") << QStringList{QStringLiteral("room_types"), QStringLiteral("0"),
                                                    QStringLiteral("rates"), QStringLiteral("0"),
                                                    QStringLiteral("weekdays")}
                                     << QJsonValue(QJsonArray{5, 5}) << "room_types[0].rates[0].weekdays";
    QTest::newRow("a rate past the calendar")
        << QStringList{QStringLiteral("room_types"), QStringLiteral("0"), QStringLiteral("rates"), QStringLiteral("1"),
                       QStringLiteral("last_day")}
        << QJsonValue(400) << "room_types[0].rates[1].last_day";
    QTest::newRow("a rate ending before it starts")
        << QStringList{QStringLiteral("room_types"), QStringLiteral("0"), QStringLiteral("rates"), QStringLiteral("1"),
                       QStringLiteral("last_day")}
        << QJsonValue(3) << "room_types[0].rates[1].last_day";
}

void TestPropertySpec::aBadFieldIsRefusedByName()
{
    QFETCH(QStringList, path);
    QFETCH(QJsonValue, value);
    QFETCH(QString, named);
    const auto hotel = HotelSpec::fromJson(hotelWith(path, value));
    QVERIFY(!hotel.ok());
    QCOMPARE(hotel.error().code, ErrorCode::BadInput);
    QVERIFY2(hotel.error().message.startsWith(named), qPrintable(hotel.error().message));
}

void TestPropertySpec::restaurantTablesAreChecked()
{
    QVERIFY(!RestaurantSpec::fromJson("[]").ok());
    QVERIFY(!RestaurantSpec::fromJson("{\"name\": \"Bistro\", \"currency\": \"EUR\"").ok()); // cut short
    const auto twice = RestaurantSpec::fromJson(
        R"({"name": "Bistro", "currency": "EUR", "tables": [{"code": "T1", "seats": 2}, {"code": "T1", "seats": 4}]})");
    QVERIFY(!twice.ok());
    QVERIFY2(twice.error().message.contains(QStringLiteral("given twice")), qPrintable(twice.error().message));
    const auto huge = RestaurantSpec::fromJson(
        R"({"name": "Bistro", "currency": "EUR", "tables": [{"code": "T1", "seats": 500}]})");
    QVERIFY(!huge.ok());
    QVERIFY2(huge.error().message.startsWith(QStringLiteral("tables[0].seats")), qPrintable(huge.error().message));
    const auto minimal = RestaurantSpec::fromJson(R"({"name": "Bistro", "currency": "EUR"})");
    QVERIFY(minimal.ok());
    QCOMPARE(minimal->holdSeconds, 300);
    QVERIFY(minimal->tables.isEmpty());
}

QTEST_GUILESS_MAIN(TestPropertySpec)
#include "tst_propertyspec.moc"
