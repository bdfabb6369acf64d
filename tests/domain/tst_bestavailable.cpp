#include "domain/bestavailable.h"

#include <QtTest>

using namespace boxoffice;

namespace {

// Rows 1..rows of `perRow` seats in one section; band 0 for the first two rows, band 1 after.
SeatMap hall(int rows, int perRow)
{
    SeatMap map;
    map.sections = {{QStringLiteral("A"), QStringLiteral("Stalls")}};
    map.bands = {{QStringLiteral("P"), QStringLiteral("Premium"), 8000},
                 {QStringLiteral("S"), QStringLiteral("Standard"), 5000}};
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

QTEST_APPLESS_MAIN(TestBestAvailable)
#include "tst_bestavailable.moc"
