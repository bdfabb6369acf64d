// Spreading an amount over parts by weight: whole minor units, never a cent lost or made up.

#include "domain/allocation.h"

#include <QtTest>

using namespace boxoffice;

class TestAllocation : public QObject
{
    Q_OBJECT

private slots:
    void spreadsByWeightAndAddsUp_data();
    void spreadsByWeightAndAddsUp();
};

void TestAllocation::spreadsByWeightAndAddsUp_data()
{
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<int>("parts");
    QTest::addColumn<QVector<qint64>>("weights");
    QTest::addColumn<QVector<qint64>>("expected");
    QTest::newRow("weekday and weekend") << qint64(26500) << 2 << QVector<qint64>{12000, 14500}
                                         << QVector<qint64>{12000, 14500};
    QTest::newRow("sold before a rate changed")
        << qint64(24000) << 2 << QVector<qint64>{12000, 14500} << QVector<qint64>{10868, 13132};
    QTest::newRow("odd cents first") << qint64(25001) << 3 << QVector<qint64>{1, 1, 1}
                                     << QVector<qint64>{8334, 8334, 8333};
    QTest::newRow("no rates: equal") << qint64(100) << 3 << QVector<qint64>{} << QVector<qint64>{34, 33, 33};
    QTest::newRow("wrong count: equal") << qint64(10) << 2 << QVector<qint64>{5} << QVector<qint64>{5, 5};
    QTest::newRow("free nights: equal") << qint64(9) << 2 << QVector<qint64>{0, 0} << QVector<qint64>{5, 4};
    QTest::newRow("a free night among paid")
        << qint64(20000) << 3 << QVector<qint64>{10000, 0, 10000} << QVector<qint64>{10000, 0, 10000};
    QTest::newRow("nothing to spread") << qint64(0) << 2 << QVector<qint64>{3, 4} << QVector<qint64>{0, 0};
    QTest::newRow("huge amounts stay exact")
        << qint64(9'000'000'000'000) << 2 << QVector<qint64>{4'000'000'000'000, 5'000'000'000'000}
        << QVector<qint64>{4'000'000'000'000, 5'000'000'000'000};
    QTest::newRow("no parts") << qint64(100) << 0 << QVector<qint64>{} << QVector<qint64>{};
}

void TestAllocation::spreadsByWeightAndAddsUp()
{
    QFETCH(qint64, amount);
    QFETCH(int, parts);
    QFETCH(QVector<qint64>, weights);
    QFETCH(QVector<qint64>, expected);
    const QVector<qint64> spread = allocateByWeight(amount, parts, weights);
    QCOMPARE(spread, expected);
    qint64 sum = 0;
    for (const qint64 part : spread)
        sum += part;
    QCOMPARE(sum, parts > 0 ? amount : 0);
}

QTEST_MAIN(TestAllocation)
#include "tst_allocation.moc"
