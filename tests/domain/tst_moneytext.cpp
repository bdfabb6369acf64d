// The one money formatter every program uses (domain/moneytext.h): minor units in, text out, the
// currency's own number of decimals, signs where people expect them.

#include "domain/moneytext.h"

#include <QTest>

#include <limits>

using namespace boxoffice;

class TestMoneyText : public QObject
{
    Q_OBJECT

private slots:
    void englishAndTheCLocale_data();
    void englishAndTheCLocale();
    void germanPutsTheSymbolAfter();
    void exponentsFollowIso4217();
    void theExtremesDoNotOverflow();
};

void TestMoneyText::englishAndTheCLocale_data()
{
    QTest::addColumn<qint64>("minor");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("shown");
    QTest::newRow("cents") << qint64(123450) << QStringLiteral("EUR") << QStringLiteral("€1,234.50");
    QTest::newRow("minus one fifty") << qint64(-150) << QStringLiteral("EUR") << QStringLiteral("-€1.50");
    QTest::newRow("minus five cents") << qint64(-5) << QStringLiteral("GBP") << QStringLiteral("-£0.05");
    QTest::newRow("zero") << qint64(0) << QStringLiteral("USD") << QStringLiteral("$0.00");
    QTest::newRow("francs by code") << qint64(1250) << QStringLiteral("CHF") << QStringLiteral("CHF 12.50");
    QTest::newRow("yen has no minor unit") << qint64(1200) << QStringLiteral("JPY") << QStringLiteral("¥1,200");
    QTest::newRow("dinar has three") << qint64(1250) << QStringLiteral("BHD") << QStringLiteral("BHD 1.250");
    QTest::newRow("lower-case code") << qint64(100) << QStringLiteral("eur") << QStringLiteral("€1.00");
}

void TestMoneyText::englishAndTheCLocale()
{
    QFETCH(qint64, minor);
    QFETCH(QString, currency);
    QFETCH(QString, shown);
    QCOMPARE(formatMoney(minor, currency, QLocale::c()), shown);
    QCOMPARE(formatMoney(minor, currency, QLocale(QLocale::English, QLocale::UnitedKingdom)), shown);
}

void TestMoneyText::germanPutsTheSymbolAfter()
{
    const QLocale german(QLocale::German, QLocale::Germany);
    const QString shown = formatMoney(123450, QStringLiteral("EUR"), german);
    QVERIFY2(shown.startsWith(QStringLiteral("1.234,50")) && shown.endsWith(QStringLiteral("€")), qPrintable(shown));
    const QString negative = formatMoney(-150, QStringLiteral("EUR"), german);
    QVERIFY2(negative.startsWith(QStringLiteral("-1,50")) && negative.endsWith(QStringLiteral("€")),
             qPrintable(negative));
}

void TestMoneyText::exponentsFollowIso4217()
{
    QCOMPARE(currencyExponent(QStringLiteral("EUR")), 2);
    QCOMPARE(currencyExponent(QStringLiteral("JPY")), 0);
    QCOMPARE(currencyExponent(QStringLiteral("ISK")), 0);
    QCOMPARE(currencyExponent(QStringLiteral("KWD")), 3);
}

void TestMoneyText::theExtremesDoNotOverflow()
{
    QCOMPARE(formatMoney(std::numeric_limits<qint64>::min(), QStringLiteral("EUR"), QLocale::c()),
             QStringLiteral("-€92,233,720,368,547,758.08"));
    QCOMPARE(formatMoney(std::numeric_limits<qint64>::max(), QStringLiteral("EUR"), QLocale::c()),
             QStringLiteral("€92,233,720,368,547,758.07"));
}

QTEST_GUILESS_MAIN(TestMoneyText)
#include "tst_moneytext.moc"
