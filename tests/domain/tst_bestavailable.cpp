#include "domain/bestavailable.h"
#include "domain/venuespec.h"

#include <QtTest>

#include <algorithm>

using namespace boxoffice;

namespace {

// Rows 1..rows of `perRow` seats in one section; band 0 for the first two rows, band 1 after.
SeatMap hall(int rows, int perRow)
{
    SeatMap map;
    map.sections = {{QStringLiteral("A"), QStringLiteral("Stalls")}};
    map.bands = {{QStringLiteral("P"), QStringLiteral("Premium"), Money(8000, QStringLiteral("EUR"))},
                 {QStringLiteral("S"), QStringLiteral("Standard"), Money(5000, QStringLiteral("EUR"))}};
    UnitId unit = 1;
    for (int row = 1; row <= rows; ++row) {
        for (int number = 1; number <= perRow; ++number) {
            SeatMapSeat seat;
            seat.unit = unit++;
            seat.label = QStringLiteral("A-%1-%2").arg(row).arg(number);
            seat.row = row;
            seat.number = number;
            seat.x = number;
            seat.y = row;
            seat.band = row <= 2 ? 0 : 1;
            map.seats << seat;
        }
    }
    return map;
}

SeatMapSeat &seatAt(SeatMap &map, int row, int number)
{
    for (SeatMapSeat &seat : map.seats) {
        if (seat.row == row && seat.number == number)
            return seat;
    }
    qFatal("no such seat");
}

QStringList labels(const SeatMap &map, const QVector<UnitId> &units)
{
    QStringList out;
    for (UnitId unit : units)
        out << map.seats.at(int(unit - 1)).label;
    return out;
}

struct DemoVenue
{
    SeatMap map;
    SeatScoring scoring;
};

DemoVenue demoVenue(const QString &name)
{
    QFile file(QFINDTESTDATA(QStringLiteral("../../resources/demo/%1.json").arg(name)));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the demo %s", qPrintable(name));
    const QByteArray json = file.readAll();
    const auto spec = VenueSpec::fromJson(json);
    if (!spec)
        qFatal("bad demo %s", qPrintable(name));
    return {seatMapFromVenue(spec.value()), SeatScoring::fromVenueJson(json)};
}

int indexOfLabel(const SeatMap &map, const QString &label)
{
    for (int i = 0; i < map.seats.size(); ++i) {
        if (map.seats.at(i).label == label)
            return i;
    }
    qFatal("no seat %s", qPrintable(label));
}

int sectionIndex(const SeatMap &map, const QString &code)
{
    for (int i = 0; i < map.sections.size(); ++i) {
        if (map.sections.at(i).code == code)
            return i;
    }
    qFatal("no section %s", qPrintable(code));
}

} // namespace

class TestBestAvailable : public QObject
{
    Q_OBJECT

private slots:
    void theBestBlockIsFrontAndCentre();
    void blocksAreAdjacentFreeSeatsOfOneRow();
    void anExpiredHoldCountsAsFree();
    void sectionAndBandNarrowTheChoice();
    void candidatesNeverShareASeat();
    void twoClerksRarelyDrawTheSameFirstBlock();
    void nothingFitsGivesNothing();
    void qualityFollowsTheView_data();
    void qualityFollowsTheView();
    void bestBlockInTheDemoVenues_data();
    void bestBlockInTheDemoVenues();
    void equalBlocksRankTheSameEveryTime();
    void theVenueDescriptionsScoringTravelsWithTheMap_data();
    void theVenueDescriptionsScoringTravelsWithTheMap();
    void theMapsOwnScoringDecides();
};

void TestBestAvailable::theBestBlockIsFrontAndCentre()
{
    const SeatMap map = hall(5, 10);
    QRandomGenerator random(1);
    BestAvailableRequest request;
    request.count = 2;
    request.pickAmong = 1;
    const auto blocks = bestAvailableBlocks(map, request, QDateTime::currentDateTimeUtc(), random);
    QVERIFY(!blocks.isEmpty());
    QCOMPARE(labels(map, blocks.first()), (QStringList{QStringLiteral("A-1-5"), QStringLiteral("A-1-6")}));
}

void TestBestAvailable::blocksAreAdjacentFreeSeatsOfOneRow()
{
    SeatMap map = hall(1, 6);
    seatAt(map, 1, 3).state = SeatState::Sold;
    seatAt(map, 1, 4).state = SeatState::Held;
    seatAt(map, 1, 4).holdExpiresAt = QDateTime::currentDateTimeUtc().addSecs(300);
    QRandomGenerator random(2);
    BestAvailableRequest request;
    request.count = 2;
    request.maxCandidates = 10;
    const auto blocks = bestAvailableBlocks(map, request, QDateTime::currentDateTimeUtc(), random);
    QSet<QString> found;
    for (const auto &block : blocks)
        found.insert(labels(map, block).join(QLatin1Char(',')));
    QCOMPARE(found, (QSet<QString>{QStringLiteral("A-1-1,A-1-2"), QStringLiteral("A-1-5,A-1-6")}));
}

void TestBestAvailable::anExpiredHoldCountsAsFree()
{
    SeatMap map = hall(1, 2);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    seatAt(map, 1, 1).state = SeatState::Held;
    seatAt(map, 1, 1).holdExpiresAt = now.addSecs(-1);
    QRandomGenerator random(3);
    const auto blocks = bestAvailableBlocks(map, BestAvailableRequest{}, now, random);
    QCOMPARE(blocks.size(), 1);
}

void TestBestAvailable::sectionAndBandNarrowTheChoice()
{
    const SeatMap map = hall(5, 10);
    QRandomGenerator random(4);
    BestAvailableRequest request;
    request.count = 4;
    request.band = 1;
    request.maxCandidates = 50;
    const auto blocks = bestAvailableBlocks(map, request, QDateTime::currentDateTimeUtc(), random);
    QVERIFY(!blocks.isEmpty());
    for (const auto &block : blocks) {
        for (UnitId unit : block)
            QCOMPARE(map.seats.at(int(unit - 1)).band, 1);
    }
    request.section = 7; // no such section
    QVERIFY(bestAvailableBlocks(map, request, QDateTime::currentDateTimeUtc(), random).isEmpty());
}

void TestBestAvailable::candidatesNeverShareASeat()
{
    const SeatMap map = hall(3, 12);
    QRandomGenerator random(5);
    BestAvailableRequest request;
    request.count = 3;
    request.maxCandidates = 8;
    const auto blocks = bestAvailableBlocks(map, request, QDateTime::currentDateTimeUtc(), random);
    QCOMPARE(blocks.size(), 8);
    QSet<UnitId> used;
    for (const auto &block : blocks) {
        QCOMPARE(block.size(), 3);
        for (UnitId unit : block) {
            QVERIFY(!used.contains(unit));
            used.insert(unit);
        }
    }
}

void TestBestAvailable::twoClerksRarelyDrawTheSameFirstBlock()
{
    const SeatMap map = hall(5, 20);
    QRandomGenerator random(6);
    BestAvailableRequest request;
    request.count = 2;
    request.pickAmong = 5;
    QSet<QString> firsts;
    for (int i = 0; i < 200; ++i)
        firsts.insert(labels(map, bestAvailableBlocks(map, request, QDateTime::currentDateTimeUtc(), random).first())
                          .join(QLatin1Char(',')));
    QCOMPARE(firsts.size(), 5);
}

void TestBestAvailable::nothingFitsGivesNothing()
{
    const SeatMap map = hall(2, 3);
    QRandomGenerator random(7);
    BestAvailableRequest request;
    request.count = 4;
    QVERIFY(bestAvailableBlocks(map, request, QDateTime::currentDateTimeUtc(), random).isEmpty());
    request.count = 0;
    QVERIFY(bestAvailableBlocks(map, request, QDateTime::currentDateTimeUtc(), random).isEmpty());
}

void TestBestAvailable::qualityFollowsTheView_data()
{
    QTest::addColumn<QString>("venue");
    QTest::addColumn<QString>("better");
    QTest::addColumn<QString>("worse");
    QTest::newRow("theatre: front-centre stalls over the right box") << "theatre"
                                                                     << "A-1-15"
                                                                     << "E-1-1";
    QTest::newRow("theatre: front-centre stalls over the left box") << "theatre"
                                                                    << "A-1-15"
                                                                    << "D-1-4";
    QTest::newRow("theatre: stalls centre over stalls aisle end") << "theatre"
                                                                  << "A-3-15"
                                                                  << "A-3-1";
    QTest::newRow("theatre: dress circle front over upper circle back") << "theatre"
                                                                        << "B-1-16"
                                                                        << "C-8-17";
    QTest::newRow("stadium: halfway line over the corner") << "stadium"
                                                           << "106-1-50"
                                                           << "101-1-50";
    QTest::newRow("stadium: halfway line over behind the goal") << "stadium"
                                                                << "106-1-50"
                                                                << "116-1-1";
    QTest::newRow("stadium: halfway, upper tier over corner front row") << "stadium"
                                                                        << "106-25-50"
                                                                        << "110-1-50";
}

void TestBestAvailable::qualityFollowsTheView()
{
    QFETCH(QString, venue);
    QFETCH(QString, better);
    QFETCH(QString, worse);
    const DemoVenue demo = demoVenue(venue);
    const QVector<double> quality = seatQuality(demo.map, demo.scoring);
    QCOMPARE(quality.size(), demo.map.seats.size());
    QVERIFY(std::all_of(quality.cbegin(), quality.cend(), [](double q) { return q >= 0 && q <= 1; }));
    const double good = quality.at(indexOfLabel(demo.map, better));
    const double bad = quality.at(indexOfLabel(demo.map, worse));
    QVERIFY2(good > bad, qPrintable(QStringLiteral("%1 %2 <= %3 %4").arg(better).arg(good).arg(worse).arg(bad)));
}

void TestBestAvailable::bestBlockInTheDemoVenues_data()
{
    QTest::addColumn<QString>("venue");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("section"); // filter; empty: any
    QTest::addColumn<QStringList>("sold");
    QTest::addColumn<QStringList>("held"); // by someone else, not expired
    QTest::addColumn<QStringList>("allowedSections");
    QTest::addColumn<int>("maxRow");
    QTest::addColumn<double>("maxOffCentre"); // mean sideways distance from the venue's middle

    const QStringList none;
    QTest::newRow("theatre best 4: front-centre stalls, not a box")
        << QStringLiteral("theatre") << 4 << QString() << none << none << QStringList{QStringLiteral("A")} << 1 << 2.0;
    QTest::newRow("theatre best 2") << QStringLiteral("theatre") << 2 << QString() << none << none
                                    << QStringList{QStringLiteral("A")} << 1 << 1.0;
    QTest::newRow("theatre best 4, the middle of row 1 gone")
        << QStringLiteral("theatre") << 4 << QString()
        << QStringList{QStringLiteral("A-1-14"), QStringLiteral("A-1-15"), QStringLiteral("A-1-16")}
        << QStringList{QStringLiteral("A-1-13"), QStringLiteral("A-1-17"), QStringLiteral("A-1-18")}
        << QStringList{QStringLiteral("A")} << 2 << 2.0;
    QTest::newRow("theatre best 4 in the dress circle") << QStringLiteral("theatre") << 4 << QStringLiteral("B") << none
                                                        << none << QStringList{QStringLiteral("B")} << 1 << 2.0;
    QTest::newRow("theatre best 4 in the right box") << QStringLiteral("theatre") << 4 << QStringLiteral("E") << none
                                                     << none << QStringList{QStringLiteral("E")} << 1 << 100.0;
    QTest::newRow("stadium best 4: the halfway line, not a corner")
        << QStringLiteral("stadium") << 4 << QString() << none << none
        << QStringList{QStringLiteral("105"), QStringLiteral("106"), QStringLiteral("125"), QStringLiteral("126")} << 1
        << 4.0;
    QTest::newRow("stadium best 8") << "stadium" << 8 << QString() << none << none
                                    << QStringList{QStringLiteral("105"), QStringLiteral("106"), QStringLiteral("125"),
                                                   QStringLiteral("126")}
                                    << 1 << 6.0;
    QTest::newRow("stadium best 4, halfway seats taken")
        << QStringLiteral("stadium") << 4 << QString()
        << QStringList{QStringLiteral("106-1-50"), QStringLiteral("106-1-49"), QStringLiteral("126-1-1"),
                       QStringLiteral("126-1-2")}
        << QStringList{QStringLiteral("106-1-48"), QStringLiteral("106-1-47"), QStringLiteral("126-1-3"),
                       QStringLiteral("126-1-4")}
        << QStringList{QStringLiteral("105"), QStringLiteral("106"), QStringLiteral("125"), QStringLiteral("126")} << 2
        << 8.0;
    QTest::newRow("stadium best 4 in a corner block") << QStringLiteral("stadium") << 4 << QStringLiteral("101") << none
                                                      << none << QStringList{QStringLiteral("101")} << 1 << 300.0;
}

void TestBestAvailable::bestBlockInTheDemoVenues()
{
    QFETCH(QString, venue);
    QFETCH(int, count);
    QFETCH(QString, section);
    QFETCH(QStringList, sold);
    QFETCH(QStringList, held);
    QFETCH(QStringList, allowedSections);
    QFETCH(int, maxRow);
    QFETCH(double, maxOffCentre);

    DemoVenue demo = demoVenue(venue);
    const QDateTime now = QDateTime(QDate(2026, 12, 1), QTime(18, 0), Qt::UTC);
    for (const QString &label : std::as_const(sold))
        demo.map.seats[indexOfLabel(demo.map, label)].state = SeatState::Sold;
    for (const QString &label : std::as_const(held)) {
        SeatMapSeat &seat = demo.map.seats[indexOfLabel(demo.map, label)];
        seat.state = SeatState::Held;
        seat.cart = QStringLiteral("web-1");
        seat.holdExpiresAt = now.addSecs(300);
    }
    double left = demo.map.seats.first().x, right = left;
    for (const SeatMapSeat &seat : std::as_const(demo.map.seats)) {
        left = std::min(left, seat.x);
        right = std::max(right, seat.x);
    }
    const double middle = (left + right) / 2;

    BestAvailableRequest request;
    request.count = count;
    request.pickAmong = 1;
    if (!section.isEmpty())
        request.section = sectionIndex(demo.map, section);
    // With what the venue description says, and with the defaults (places only): the same answer.
    const QVector<QVector<double>> qualities{seatQuality(demo.map, demo.scoring), seatQuality(demo.map, SeatScoring{})};
    for (const QVector<double> &quality : qualities) {
        QRandomGenerator random(11);
        const auto blocks = bestAvailableBlocks(demo.map, quality, request, now, random);
        QVERIFY(!blocks.isEmpty());
        const QVector<UnitId> &best = blocks.first();
        QCOMPARE(best.size(), count);

        QStringList got;
        double offCentre = 0;
        for (int k = 0; k < best.size(); ++k) {
            const SeatMapSeat &seat = demo.map.seats.at(int(best.at(k) - 1));
            got << seat.label;
            offCentre += std::abs(seat.x - middle) / count;
            QVERIFY2(allowedSections.contains(demo.map.sections.at(seat.section).code), qPrintable(seat.label));
            QVERIFY2(seat.row <= maxRow, qPrintable(seat.label));
            QVERIFY2(seat.state == SeatState::Available, qPrintable(seat.label));
            if (k > 0) {
                const SeatMapSeat &previous = demo.map.seats.at(int(best.at(k - 1) - 1));
                QCOMPARE(seat.row, previous.row);
                QCOMPARE(seat.section, previous.section);
                QCOMPARE(seat.number, previous.number + 1);
            }
        }
        QVERIFY2(offCentre <= maxOffCentre, qPrintable(got.join(QLatin1Char(' '))));
        // Every candidate keeps to the filter and skips what is taken.
        for (const auto &block : blocks) {
            for (UnitId unit : block) {
                const SeatMapSeat &seat = demo.map.seats.at(int(unit - 1));
                QVERIFY(!sold.contains(seat.label) && !held.contains(seat.label));
                if (!section.isEmpty())
                    QCOMPARE(demo.map.sections.at(seat.section).code, section);
            }
        }
    }
}

void TestBestAvailable::equalBlocksRankTheSameEveryTime()
{
    // The stadium is symmetric: the halfway blocks at the top and bottom score the same, and the
    // tie-break (band, section, row, seat) must pick the same one whatever the hash order.
    const DemoVenue demo = demoVenue(QStringLiteral("stadium"));
    const QVector<double> quality = seatQuality(demo.map, demo.scoring);
    BestAvailableRequest request;
    request.count = 4;
    request.pickAmong = 1;
    request.maxCandidates = 6;
    QVector<QVector<UnitId>> first;
    for (int i = 0; i < 3; ++i) {
        QRandomGenerator random(quint32(100 + i));
        const auto blocks = bestAvailableBlocks(demo.map, quality, request, QDateTime::currentDateTimeUtc(), random);
        if (i == 0)
            first = blocks;
        QCOMPARE(blocks, first);
    }
    QCOMPARE(demo.map.seats.at(int(first.first().first() - 1)).label.section(QLatin1Char('-'), 0, 0),
             QStringLiteral("106"));
}

void TestBestAvailable::theVenueDescriptionsScoringTravelsWithTheMap_data()
{
    QTest::addColumn<QString>("venue");
    QTest::addColumn<QStringList>("lessPreferred");
    QTest::addColumn<bool>("arenaGiven");
    QTest::newRow("theatre: the boxes") << QStringLiteral("theatre")
                                        << QStringList{QStringLiteral("D"), QStringLiteral("E")} << false;
    QTest::newRow("stadium: an arena") << "stadium" << QStringList{} << true;
}

// One parser: the spec the loader stores and the map drawn from it carry what fromVenueJson reads.
void TestBestAvailable::theVenueDescriptionsScoringTravelsWithTheMap()
{
    QFETCH(QString, venue);
    QFETCH(QStringList, lessPreferred);
    QFETCH(bool, arenaGiven);
    const DemoVenue demo = demoVenue(venue);
    QCOMPARE(demo.map.scoring, demo.scoring);
    QCOMPARE(demo.scoring.arena.has_value(), arenaGiven);
    for (const SeatMapSection &section : std::as_const(demo.map.sections))
        QCOMPARE(demo.map.scoring.preferenceOf(section.code), lessPreferred.contains(section.code) ? 0.75 : 1.0);
    QCOMPARE(seatQuality(demo.map), seatQuality(demo.map, demo.scoring));

    const QByteArray partial = R"({"scoring": {"focus": {"x": 3}, "arena": "yes"},
                                   "sections": [{"code": "A", "preference": 1.5}, {"code": "B", "preference": -1}]})";
    const SeatScoring clamped = SeatScoring::fromVenueJson(partial);
    QVERIFY(!clamped.focus);
    QVERIFY(!clamped.arena);
    QCOMPARE(clamped.preferenceOf(QStringLiteral("A")), 1.0);
    QCOMPARE(clamped.preferenceOf(QStringLiteral("B")), 0.0);
}

// A map's own scoring is what the one-argument seatQuality and bestAvailableBlocks use: lowering the
// stalls' preference sends "best 4" elsewhere, though the places did not move.
void TestBestAvailable::theMapsOwnScoringDecides()
{
    DemoVenue demo = demoVenue(QStringLiteral("theatre"));
    BestAvailableRequest request;
    request.count = 4;
    request.pickAmong = 1;
    const QDateTime now = QDateTime(QDate(2026, 12, 1), QTime(18, 0), Qt::UTC);
    auto bestSection = [&] {
        QRandomGenerator random(12);
        const auto blocks = bestAvailableBlocks(demo.map, request, now, random);
        return blocks.isEmpty() ? QString()
                                : demo.map.sections.at(demo.map.seats.at(int(blocks.first().first() - 1)).section).code;
    };
    QCOMPARE(bestSection(), QStringLiteral("A"));
    demo.map.scoring.sectionPreference.insert(QStringLiteral("A"), 0.2);
    QCOMPARE(bestSection(), QStringLiteral("B"));
}

QTEST_APPLESS_MAIN(TestBestAvailable)
#include "tst_bestavailable.moc"
