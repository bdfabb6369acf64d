#include "domain/venuespec.h"

#include <QFile>
#include <QSet>
#include <QTest>

using namespace boxoffice;

class TestVenueSpec : public QObject
{
    Q_OBJECT

private slots:
    void demoTheatreHasAboutTwelveHundredSeats();
    void demoStadiumHasFiftyThousandSeats();
    void seatsGetLabelsBandsAndPositions();
    void demoSeatsNeverOverlap_data();
    void demoSeatsNeverOverlap();
    void rejectsBrokenDescriptions_data();
    void rejectsBrokenDescriptions();
};

static VenueSpec loadResource(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing resource %s", qPrintable(path));
    auto spec = VenueSpec::fromJson(file.readAll());
    if (!spec)
        qFatal("bad resource %s: %s", qPrintable(path), qPrintable(spec.error().message));
    return spec.value();
}

void TestVenueSpec::demoTheatreHasAboutTwelveHundredSeats()
{
    const VenueSpec theatre = loadResource(QStringLiteral(":/demo/theatre.json"));
    QCOMPARE(theatre.seatCount(), 1208);
    QVERIFY(theatre.sections.size() >= 3);
    QVERIFY(theatre.bands.size() >= 3);
    QSet<QString> labels;
    theatre.forEachSeat([&](const SeatSpec &seat) { labels.insert(seat.label); });
    QCOMPARE(labels.size(), 1208); // every label is unique
}

void TestVenueSpec::demoStadiumHasFiftyThousandSeats()
{
    QCOMPARE(loadResource(QStringLiteral(":/demo/stadium.json")).seatCount(), 50000);
}

void TestVenueSpec::demoSeatsNeverOverlap_data()
{
    QTest::addColumn<QString>("resource");
    QTest::newRow("theatre") << ":/demo/theatre.json";
    QTest::newRow("stadium") << ":/demo/stadium.json";
}

void TestVenueSpec::demoSeatsNeverOverlap()
{
    // A seat map draws seats where the layout puts them: two on one spot could not both be clicked.
    QFETCH(QString, resource);
    QSet<QPair<qint64, qint64>> spots;
    int seats = 0;
    loadResource(resource).forEachSeat([&](const SeatSpec &seat) {
        ++seats;
        spots.insert({qRound64(seat.x * 2), qRound64(seat.y * 2)}); // half a seat pitch apart at least
    });
    QCOMPARE(spots.size(), seats);
}

void TestVenueSpec::seatsGetLabelsBandsAndPositions()
{
    SectionSpec section;
    section.code = QStringLiteral("A");
    section.rows = 3;
    section.seatsPerRow = 4;
    section.originX = 10;
    section.originY = 20;
    section.seatPitch = 1.0;
    section.rowPitch = 2.0;
    section.bands = {{1, 1, QStringLiteral("P")}, {2, 3, QStringLiteral("S")}};

    const SeatSpec seat = seatAt(section, 2, 3);
    QCOMPARE(seat.label, QStringLiteral("A-2-3"));
    QCOMPARE(seat.band, QStringLiteral("S"));
    QCOMPARE(seat.x, 12.0);
    QCOMPARE(seat.y, 22.0);
    QCOMPARE(seatAt(section, 1, 1).band, QStringLiteral("P"));

    section.rotationDegrees = 90; // turned: seat numbers now run down the page
    const SeatSpec turned = seatAt(section, 1, 3);
    QVERIFY(qAbs(turned.x - 10.0) < 1e-9);
    QVERIFY(qAbs(turned.y - 22.0) < 1e-9);
}

void TestVenueSpec::rejectsBrokenDescriptions_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("messagePart");
    const QByteArray band = R"("bands":[{"code":"S","name":"Std","price_minor":100}])";
    QTest::newRow("not json") << QByteArray("{") << "";
    QTest::newRow("no name") << QByteArray(R"({"currency":"EUR"})") << "name";
    QTest::newRow("bad currency") << QByteArray(R"({"name":"x","currency":"E"})") << "currency";
    QTest::newRow("no sections") << QByteArray(R"({"name":"x","currency":"EUR",)" + band + "}") << "no sections";
    QTest::newRow("unknown band") << QByteArray(
        R"({"name":"x","currency":"EUR",)" + band
        + R"(,"sections":[{"code":"A","rows":1,"seats_per_row":1,"bands":[{"band":"Z"}]}]})")
                                  << "unknown band";
    QTest::newRow("dash in code") << QByteArray(
        R"({"name":"x","currency":"EUR",)" + band
        + R"(,"sections":[{"code":"A-B","rows":1,"seats_per_row":1,"bands":[{"band":"S"}]}]})")
                                  << "no '-'";
    QTest::newRow("negative price") << QByteArray(
        R"({"name":"x","currency":"EUR","bands":[{"code":"S","price_minor":-1}]})")
                                    << "price_minor";
    // Seen while writing fuzz_venuefile: a billion rows overflowed the seat count.
    QTest::newRow("a billion rows") << QByteArray(
        R"({"name":"x","currency":"EUR",)" + band
        + R"(,"sections":[{"code":"A","rows":1000000000,"seats_per_row":1000000000,"bands":[{"band":"S"}]}]})")
                                    << "at most 1000 rows";
    QByteArray many = R"({"name":"x","currency":"EUR",)" + band + R"(,"sections":[)";
    for (int i = 0; i < 201; ++i)
        many += (i ? "," : "") + QByteArray(R"({"code":"S)") + QByteArray::number(i)
            + R"(","rows":1000,"seats_per_row":1,"bands":[{"band":"S"}]})";
    QTest::newRow("more seats than any hall") << many + "]}"
                                              << "at most 200000 seats";
}

void TestVenueSpec::rejectsBrokenDescriptions()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, messagePart);
    const auto spec = VenueSpec::fromJson(json);
    QVERIFY(!spec.ok());
    QCOMPARE(spec.error().code, ErrorCode::BadInput);
    QVERIFY2(spec.error().message.contains(messagePart), qPrintable(spec.error().message));
}

QTEST_GUILESS_MAIN(TestVenueSpec)
#include "tst_venuespec.moc"
