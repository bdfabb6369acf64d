// The overbooking rule over known histories: physical / (1 - expected attrition), rounded down,
// never below the physical rooms, capped by the policy; too little history suggests nothing; walks
// count against the attrition. And the lists' CSV, quoted as RFC 4180 asks.

#include "domain/hotellists.h"
#include "domain/overbookingsuggestion.h"

#include <QTest>

using namespace boxoffice;

namespace {

AttritionHistory history(int booked, int late, int noShow, int walked)
{
    AttritionHistory h;
    h.roomType = 3;
    h.roomTypeCode = QStringLiteral("STD");
    h.bookedRoomNights = booked;
    h.lateCancelledRoomNights = late;
    h.noShowRoomNights = noShow;
    h.walkedRoomNights = walked;
    return h;
}

} // namespace

class TestOverbookingSuggestion : public QObject
{
    Q_OBJECT
private slots:
    void suggestsFromHistory_data();
    void suggestsFromHistory();
    void aStricterPolicyCapsLower();
    void keepsTheFiguresItCameFrom();
    void listsExportAsCsv();
    void occupancyExportsAsCsv();
};

void TestOverbookingSuggestion::suggestsFromHistory_data()
{
    QTest::addColumn<int>("booked");
    QTest::addColumn<int>("late");
    QTest::addColumn<int>("noShow");
    QTest::addColumn<int>("walked");
    QTest::addColumn<int>("physical");
    QTest::addColumn<int>("perMille");
    QTest::addColumn<int>("suggested");
    QTest::addColumn<bool>("enough");

    // 10 of 200 lost: 5%; 20 / 0.95 = 21.05 -> 21
    QTest::newRow("five percent") << 200 << 6 << 4 << 0 << 20 << 50 << 21 << true;
    // 20 of 200 lost: 10%; 20 / 0.9 = 22.2 -> 22
    QTest::newRow("ten percent") << 200 << 10 << 10 << 0 << 20 << 100 << 22 << true;
    // walks take back what was lost: (10 + 10 - 10) / 200 = 5%
    QTest::newRow("walks count against") << 200 << 10 << 10 << 10 << 20 << 50 << 21 << true;
    // more walks than losses: no overbooking
    QTest::newRow("walked more than lost") << 200 << 2 << 0 << 8 << 20 << 0 << 20 << true;
    // 40% lost is not trusted: capped at 15% -> 20 / 0.85 = 23.5 -> 23; within +20% (24)
    QTest::newRow("attrition capped") << 100 << 30 << 10 << 0 << 20 << 150 << 23 << true;
    // +20% of 5 rooms is 1: 5 / 0.85 = 5.88 -> 5, never above 6
    QTest::newRow("small room type") << 100 << 15 << 0 << 0 << 5 << 150 << 5 << true;
    QTest::newRow("nothing lost") << 500 << 0 << 0 << 0 << 20 << 0 << 20 << true;
    QTest::newRow("too little history") << 29 << 10 << 10 << 0 << 20 << 0 << 20 << false;
    QTest::newRow("no history") << 0 << 0 << 0 << 0 << 20 << 0 << 20 << false;
    QTest::newRow("no rooms") << 200 << 20 << 0 << 0 << 0 << 0 << 0 << true;
}

void TestOverbookingSuggestion::suggestsFromHistory()
{
    QFETCH(int, booked);
    QFETCH(int, late);
    QFETCH(int, noShow);
    QFETCH(int, walked);
    QFETCH(int, physical);
    QFETCH(int, perMille);
    QFETCH(int, suggested);
    QFETCH(bool, enough);
    const OverbookingSuggestion s = OverbookingRule::suggest(history(booked, late, noShow, walked), physical);
    QCOMPARE(s.enoughHistory, enough);
    QCOMPARE(s.attritionPerMille, perMille);
    QCOMPARE(s.suggestedSellable, suggested);
    QVERIFY(s.suggestedSellable >= physical);
}

void TestOverbookingSuggestion::aStricterPolicyCapsLower()
{
    OverbookingPolicy policy;
    policy.maximumOverPercent = 5;
    // 10% of 40 -> 44.4, but +5% of 40 is 42
    QCOMPARE(OverbookingRule::suggest(history(200, 20, 0, 0), 40, policy).suggestedSellable, 42);
    policy.minimumRoomNights = 500;
    QCOMPARE(OverbookingRule::suggest(history(200, 20, 0, 0), 40, policy).suggestedSellable, 40);
}

void TestOverbookingSuggestion::keepsTheFiguresItCameFrom()
{
    const OverbookingSuggestion s = OverbookingRule::suggest(history(200, 6, 4, 1), 20);
    QCOMPARE(s.history.bookedRoomNights, 200);
    QCOMPARE(s.history.lateCancelledRoomNights, 6);
    QCOMPARE(s.history.noShowRoomNights, 4);
    QCOMPARE(s.history.walkedRoomNights, 1);
    QCOMPARE(s.physical, 20);
    QCOMPARE(s.attritionPerMille, 45); // 9 / 200
}

void TestOverbookingSuggestion::listsExportAsCsv()
{
    const HotelListRow row{7,
                           QStringLiteral("H-1"),
                           QStringLiteral("O'Brien, \"Pat\""),
                           QStringLiteral("DLX"),
                           QDate(2026, 3, 12),
                           QDate(2026, 3, 15),
                           QStringLiteral("CHECKED_IN")};
    QCOMPARE(hotelListCsv({row}),
             QStringLiteral("reference,guest,room_type,check_in,check_out,nights,state\r\n"
                            "H-1,\"O'Brien, \"\"Pat\"\"\",DLX,2026-03-12,2026-03-15,3,CHECKED_IN\r\n"));
}

void TestOverbookingSuggestion::occupancyExportsAsCsv()
{
    OccupancyReport report;
    report.currency = QStringLiteral("EUR");
    OccupancyNight night;
    night.night = QDate(2026, 3, 12);
    night.roomType = 3;
    night.roomTypeCode = QStringLiteral("STD");
    night.physical = 3;
    night.sellable = 4;
    night.booked = 2;
    night.sold = 2;
    night.revenue = Money(25001, report.currency);
    night.suggestedSellable = 3;
    report.nights << night;
    night.roomType = 0;
    report.nights << night;
    QCOMPARE(
        occupancyCsv(report),
        QStringLiteral("night,room_type,physical,sellable,suggested_sellable,booked,sold,occupancy_pct,revenue,adr,"
                       "revpar,currency\r\n"
                       "2026-03-12,STD,3,4,3,2,2,66.6,250.01,125.00,83.33,EUR\r\n"
                       "2026-03-12,ALL,3,4,3,2,2,66.6,250.01,125.00,83.33,EUR\r\n"));
    QCOMPARE(report.totals().size(), 1);
}

QTEST_APPLESS_MAIN(TestOverbookingSuggestion)
#include "tst_overbookingsuggestion.moc"
