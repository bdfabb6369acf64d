// The till's arithmetic without a database: cash expected from the float and the sums, the card total,
// the difference as counted - expected, amounts a clerk may type, and the day report's rows and totals
// over a ledger whose shifts are open, closed and countersigned.

#include "domain/till.h"
#include "moneycompare.h"

#include <QTest>

using namespace boxoffice;

namespace {

Money eur(qint64 minor)
{
    return Money(minor, QStringLiteral("EUR"));
}

DayTillRow dayRow(const QString &clerk, const QString &terminal, const QString &currency)
{
    DayTillRow row;
    row.clerk = clerk;
    row.terminal = terminal;
    row.currency = currency;
    return row;
}

} // namespace

class TestTillRules : public QObject
{
    Q_OBJECT

private slots:
    void expectedCashAndDifference_data();
    void expectedCashAndDifference();
    void amountsAClerkMayType_data();
    void amountsAClerkMayType();
    void aReportDifferenceOnlyOnceCounted();
    void theDayAddsShiftsToTheirRowsAndTotalsPerCurrency();
};

void TestTillRules::expectedCashAndDifference_data()
{
    QTest::addColumn<qint64>("floatMinor");
    QTest::addColumn<qint64>("cashSales");
    QTest::addColumn<qint64>("voidCash");
    QTest::addColumn<qint64>("refundCash");
    QTest::addColumn<qint64>("counted");
    QTest::addColumn<qint64>("expected");
    QTest::addColumn<qint64>("difference");

    QTest::newRow("nothing sold") << qint64(10000) << qint64(0) << qint64(0) << qint64(0) << qint64(10000)
                                  << qint64(10000) << qint64(0);
    QTest::newRow("sales, drawer over") << qint64(10000) << qint64(25500) << qint64(0) << qint64(0) << qint64(35600)
                                        << qint64(35500) << qint64(100);
    QTest::newRow("void and refund in cash, short") << qint64(15000) << qint64(25500) << qint64(4500) << qint64(17000)
                                                    << qint64(18750) << qint64(19000) << qint64(-250);
    QTest::newRow("more handed back than taken")
        << qint64(0) << qint64(0) << qint64(0) << qint64(9000) << qint64(0) << qint64(-9000) << qint64(9000);
}

void TestTillRules::expectedCashAndDifference()
{
    QFETCH(qint64, floatMinor);
    QFETCH(qint64, cashSales);
    QFETCH(qint64, voidCash);
    QFETCH(qint64, refundCash);
    QFETCH(qint64, counted);
    QFETCH(qint64, expected);
    QFETCH(qint64, difference);
    TillFigures f;
    f.cashSalesAmount = eur(cashSales);
    f.change = eur(777); // change is already out of the sales' amounts: it never counts twice
    f.voidCash = eur(voidCash);
    f.refundCash = eur(refundCash);
    f.cardSalesAmount = eur(123456); // card money is never in the drawer
    QCOMPARE(TillRules::expectedCash(eur(floatMinor), f), eur(expected));
    QCOMPARE(TillRules::difference(eur(counted), eur(expected)), eur(difference));
}

void TestTillRules::amountsAClerkMayType_data()
{
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("zero") << qint64(0) << true;
    QTest::newRow("a float") << qint64(15000) << true;
    QTest::newRow("the most a drawer holds") << TillRules::maxDrawerMinor << true;
    QTest::newRow("negative") << qint64(-1) << false;
    QTest::newRow("a typo's worth") << TillRules::maxDrawerMinor + 1 << false;
}

void TestTillRules::amountsAClerkMayType()
{
    QFETCH(qint64, amount);
    QFETCH(bool, accepted);
    const Status checked = TillRules::checkAmount(eur(amount));
    QCOMPARE(checked.ok(), accepted);
    if (!accepted)
        QCOMPARE(checked.error().code, ErrorCode::BadInput);
}

void TestTillRules::aReportDifferenceOnlyOnceCounted()
{
    TillShift shift;
    shift.float_ = eur(5000);
    shift.currency = QStringLiteral("EUR");
    TillFigures f;
    f.cashSalesAmount = eur(4500);
    f.cardSalesAmount = eur(9000);
    f.voidCard = eur(9000);
    const TillReport open = TillRules::report(shift, f, {});
    QCOMPARE(open.expectedCash, eur(9500));
    QCOMPARE(open.cardNet, eur(0));
    QVERIFY(!open.difference);
    shift.counted = eur(9000);
    shift.closedAt = QDateTime::currentDateTimeUtc();
    const TillReport closed = TillRules::report(shift, f, {});
    QCOMPARE(*closed.difference, eur(-500));
    QCOMPARE(shift.state(), ShiftState::Closed);
    shift.countersignedAt = QDateTime::currentDateTimeUtc();
    QCOMPARE(shift.state(), ShiftState::Countersigned);
    QVERIFY(!TillRules::note(QString(TillRules::maxNoteLength + 1, QLatin1Char('x'))));
    QCOMPARE(TillRules::note(QStringLiteral("  short  ")).value(), QStringLiteral("short"));
}

void TestTillRules::theDayAddsShiftsToTheirRowsAndTotalsPerCurrency()
{
    DayLedger ledger;
    DayTillRow anna = dayRow(QStringLiteral("anna"), QStringLiteral("Box 1"), QStringLiteral("EUR"));
    anna.money.cashSales = 3;
    anna.money.cashSalesAmount = eur(15000);
    anna.money.voids = 1;
    anna.money.voidCash = eur(5000);
    DayTillRow ben = dayRow(QStringLiteral("ben"), QStringLiteral("Box 2"), QStringLiteral("EUR"));
    ben.money.cardSales = 2;
    ben.money.cardSalesAmount = eur(8000);
    ben.outsideShift = 2;
    DayTillRow pounds = dayRow(QStringLiteral("ben"), QStringLiteral("Box 2"), QStringLiteral("GBP"));
    pounds.money.cashSales = 1;
    pounds.money.cashSalesAmount = Money(2000, QStringLiteral("GBP"));
    ledger.money = {anna, ben, pounds};

    const auto shift = [](const QString &clerk, const QString &terminal, qint64 floatMinor, qint64 cash,
                          std::optional<qint64> counted, bool countersigned) {
        TillShift s;
        s.clerk = clerk;
        s.terminal = terminal;
        s.currency = QStringLiteral("EUR");
        s.float_ = eur(floatMinor);
        s.closedFigures.cashSalesAmount = eur(cash);
        if (counted)
            s.counted = eur(*counted);
        if (counted)
            s.closedAt = QDateTime::currentDateTimeUtc();
        if (countersigned)
            s.countersignedAt = QDateTime::currentDateTimeUtc();
        return s;
    };
    // Anna: a morning till 2.00 over (countersigned) and an evening one 5.00 short; Carl opened one and
    // took nothing yet.
    ledger.shifts = {shift(QStringLiteral("anna"), QStringLiteral("Box 1"), 10000, 5000, 15200, true),
                     shift(QStringLiteral("anna"), QStringLiteral("Box 1"), 10000, 5000, 14500, false),
                     shift(QStringLiteral("carl"), QStringLiteral("Box 3"), 5000, 0, std::nullopt, false)};
    OnlineDayTotal web{4, eur(32000), 1, eur(8000)};
    ledger.online = {web};

    const DayReport day = TillRules::day(QDate(2026, 12, 1), ledger);
    QCOMPARE(day.rows.size(), 4);
    QCOMPARE(day.rows.at(0).clerk, QStringLiteral("anna"));
    QCOMPARE(day.rows.at(0).shiftsOpened, 2);
    QCOMPARE(day.rows.at(0).shiftsClosed, 2);
    QCOMPARE(day.rows.at(0).shiftsCountersigned, 1);
    QCOMPARE(day.rows.at(0).difference, eur(200 - 500));
    QCOMPARE(day.rows.at(3).clerk, QStringLiteral("carl"));
    QCOMPARE(day.rows.at(3).shiftsOpen, 1);
    QCOMPARE(day.rows.at(3).money.cashSales, 0);

    QCOMPARE(day.totals.size(), 2);
    const DayTillRow &euros = day.totals.at(0);
    QCOMPARE(euros.currency, QStringLiteral("EUR"));
    QVERIFY(euros.clerk.isEmpty());
    QCOMPARE(euros.money.cashSalesAmount, eur(15000));
    QCOMPARE(euros.money.voidCash, eur(5000));
    QCOMPARE(euros.money.cardSalesAmount, eur(8000));
    QCOMPARE(euros.outsideShift, 2);
    QCOMPARE(euros.shiftsOpened, 3);
    QCOMPARE(euros.shiftsOpen, 1);
    QCOMPARE(euros.difference, eur(-300));
    QCOMPARE(day.totals.at(1).currency, QStringLiteral("GBP"));
    QCOMPARE(day.totals.at(1).money.cashSalesAmount, Money(2000, QStringLiteral("GBP")));
    QCOMPARE(day.online.size(), 1);
    QCOMPARE(day.online.first().captured, eur(32000));
}

QTEST_GUILESS_MAIN(TestTillRules)
#include "tst_tillrules.moc"
