// Amounts typed at the desk: read strictly in the clerk's locale, and every money field says so
// instead of guessing.

#include "ui/common/money.h"
#include "ui/frontdesk/compensationdialog.h"
#include "ui/frontdesk/staycanceldialog.h"
#include "ui/sale/paymentdialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QtTest>

#include <limits>

using namespace boxoffice;

class TestMoney : public QObject
{
    Q_OBJECT

private slots:
    void typedAmountsAreReadInTheLocale_data();
    void typedAmountsAreReadInTheLocale();
    void decimalsFollowTheCurrency_data();
    void decimalsFollowTheCurrency();
    void sumsStayInOneCurrency();
    void theHintIsInTheLocalesOwnForm();
    void paymentDialogKeepsSellDisabledForUnreadableCash();
    void paymentDialogReadsGermanCash();
    void compensationDialogRefusesAnExponent();
    void cancelDialogRefusesANegativeFee();
};

void TestMoney::typedAmountsAreReadInTheLocale_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("minor"); // -1: unreadable
    const qint64 no = -1;
    // The four: each once read as 200, 200, 13 or 2.
    QTest::newRow("minus") << "en_US"
                           << "-200" << no;
    QTest::newRow("letter inside") << "en_US"
                                   << "2x00" << no;
    QTest::newRow("exponent") << "en_US"
                              << "1e3" << no;
    QTest::newRow("letter O for zero") << "en_US"
                                       << "2OO" << no;
    QTest::newRow("plus") << "en_US"
                          << "+200" << no;
    QTest::newRow("blank") << "en_US"
                           << "  " << no;
    QTest::newRow("words") << "en_US"
                           << "lots" << no;

    QTest::newRow("en whole") << "en_US"
                              << "100" << qint64(10000);
    QTest::newRow("en one decimal") << "en_US"
                                    << "100.5" << qint64(10050);
    QTest::newRow("en two decimals") << "en_US"
                                     << "0.05" << qint64(5);
    QTest::newRow("en grouped") << "en_US"
                                << "1,234.50" << qint64(123450);
    QTest::newRow("en grouped millions") << "en_US"
                                         << "1,234,567" << qint64(123456700);
    QTest::newRow("en symbol before") << "en_US"
                                      << "€ 85.00" << qint64(8500);
    QTest::newRow("en symbol tight") << "en_US"
                                     << "€85" << qint64(8500);
    QTest::newRow("en another currency's sign") << "en_US"
                                                << "$85" << no;
    QTest::newRow("en another currency's code") << "en_US"
                                                << "85 GBP" << no;
    QTest::newRow("en code after") << "en_US"
                                   << "85.00 EUR" << qint64(8500);
    QTest::newRow("en spaces around") << "en_US"
                                      << "  85  " << qint64(8500);
    QTest::newRow("en three decimals") << "en_US"
                                       << "1.005" << no;
    QTest::newRow("en comma is not a decimal") << "en_US"
                                               << "100,05" << no;
    QTest::newRow("en group misplaced") << "en_US"
                                        << "12,34.50" << no;
    QTest::newRow("en group leading") << "en_US"
                                      << ",123" << no;
    QTest::newRow("en two points") << "en_US"
                                   << "1.2.3" << no;
    QTest::newRow("en point alone") << "en_US"
                                    << "85." << no;
    QTest::newRow("en space inside digits") << "en_US"
                                            << "1 234" << no;
    QTest::newRow("en two symbols") << "en_US"
                                    << "€85 EUR" << no;
    QTest::newRow("en symbol inside") << "en_US"
                                      << "85€50" << no;

    QTest::newRow("de whole") << "de_DE"
                              << "100" << qint64(10000);
    QTest::newRow("de decimal comma") << "de_DE"
                                      << "100,05" << qint64(10005);
    QTest::newRow("de grouped") << "de_DE"
                                << "1.234,50" << qint64(123450);
    QTest::newRow("de grouped, no decimals") << "de_DE"
                                             << "1.005" << qint64(100500);
    QTest::newRow("de symbol after") << "de_DE"
                                     << "85,00 €" << qint64(8500);
    QTest::newRow("de point is not a decimal") << "de_DE"
                                               << "100.50" << no;
    QTest::newRow("de english grouping") << "de_DE"
                                         << "1,234.50" << no;
    QTest::newRow("de three decimals") << "de_DE"
                                       << "1,005" << no;

    QTest::newRow("fr space group") << "fr_FR"
                                    << "1 234,50" << qint64(123450);
    QTest::newRow("fr no-break space group") << "fr_FR" << QStringLiteral("1\u202f234,50") << qint64(123450);
    QTest::newRow("fr space misplaced") << "fr_FR"
                                        << "12 34,50" << no;

    QTest::newRow("largest") << "en_US"
                             << "92233720368547758.07" << std::numeric_limits<qint64>::max();
    QTest::newRow("overflow") << "en_US"
                              << "92233720368547758.08" << no;
    QTest::newRow("far too large") << "en_US"
                                   << "999999999999999999999" << no;
}

void TestMoney::typedAmountsAreReadInTheLocale()
{
    QFETCH(QString, locale);
    QFETCH(QString, text);
    QFETCH(qint64, minor);
    // The desk sells in euros here; the currency's own decimals are the next test's.
    const auto read = Money::read(text, QStringLiteral("EUR"), QLocale(locale));
    QCOMPARE(read ? read->minor() : -1, minor);
    if (read)
        QCOMPARE(read->currency(), QStringLiteral("EUR"));
}

void TestMoney::decimalsFollowTheCurrency_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("minor"); // -1: unreadable
    const qint64 no = -1;
    // A yen price has no decimals: "1200" is 1200 yen, never 120000 of something.
    QTest::newRow("yen whole") << "JPY"
                               << "1,200" << qint64(1200);
    QTest::newRow("yen with sign") << "JPY"
                                   << "¥1200" << qint64(1200);
    QTest::newRow("yen has no decimals") << "JPY"
                                         << "1200.50" << no;
    QTest::newRow("dinar three decimals") << "BHD"
                                          << "1.250" << qint64(1250);
    QTest::newRow("dinar by code") << "BHD"
                                   << "BHD 12" << qint64(12000);
    QTest::newRow("dinar four decimals") << "BHD"
                                         << "1.2505" << no;
    QTest::newRow("dollars") << "USD"
                             << "$85" << qint64(8500);
    QTest::newRow("francs by code") << "CHF"
                                    << "CHF 12.50" << qint64(1250);
    QTest::newRow("lower-case code") << "chf"
                                     << "12.50 chf" << qint64(1250);
}

void TestMoney::decimalsFollowTheCurrency()
{
    QFETCH(QString, currency);
    QFETCH(QString, text);
    QFETCH(qint64, minor);
    const QLocale english(QStringLiteral("en_US"));
    const auto read = Money::read(text, currency, english);
    QCOMPARE(read ? read->minor() : -1, minor);
    if (!read)
        return;
    QCOMPARE(read->currency(), currency.toUpper());
    // What is read is shown and offered back in the same currency's form.
    QCOMPARE(Money::read(read->inputText(english), currency, english).value_or(Money()), *read);
    QCOMPARE(Money::read(read->text(english), currency, english).value_or(Money()), *read);
}

void TestMoney::sumsStayInOneCurrency()
{
    const Money euros(1050, QStringLiteral("eur"));
    QCOMPARE(euros.currency(), QStringLiteral("EUR"));
    QCOMPARE(euros.plus(Money(250, QStringLiteral("EUR"))).value_or(Money()), Money(1300, QStringLiteral("EUR")));
    QCOMPARE(euros.minus(Money(2000, QStringLiteral("EUR"))).value_or(Money()).text(QLocale(QLocale::English)),
             QStringLiteral("-€9.50"));
    QVERIFY(!euros.plus(Money(250, QStringLiteral("GBP"))));
    QVERIFY(!Money(std::numeric_limits<qint64>::max(), QStringLiteral("EUR")).plus(Money(1, QStringLiteral("EUR"))));
    QVERIFY(!Money(std::numeric_limits<qint64>::min(), QStringLiteral("EUR")).minus(Money(1, QStringLiteral("EUR"))));
    QCOMPARE(Money(-150, QStringLiteral("EUR")).inputText(QLocale(QLocale::German)), QStringLiteral("-1,50"));
    QCOMPARE(Money(1200, QStringLiteral("JPY")).inputText(QLocale(QLocale::English)), QStringLiteral("1200"));
}

void TestMoney::theHintIsInTheLocalesOwnForm()
{
    const QString english
        = unreadableMoneyMessage(QStringLiteral("2OO"), QStringLiteral("EUR"), QLocale(QStringLiteral("en_US")));
    QVERIFY2(english.contains(QStringLiteral("“2OO” is not an amount")), qPrintable(english));
    QVERIFY2(english.contains(QLatin1String("1,234.50")), qPrintable(english));
    const QString german
        = unreadableMoneyMessage(QStringLiteral("2OO"), QStringLiteral("EUR"), QLocale(QStringLiteral("de_DE")));
    const QString yen
        = unreadableMoneyMessage(QStringLiteral("2OO"), QStringLiteral("JPY"), QLocale(QStringLiteral("en_US")));
    QVERIFY2(yen.contains(QLatin1String("or 1,234.")) && !yen.contains(QLatin1String("1,234.5")), qPrintable(yen));
    QVERIFY2(german.contains(QLatin1String("1.234,50")), qPrintable(german));
    // What a placeholder shows is always read back.
    for (const QString &name : {QStringLiteral("en_US"), QStringLiteral("de_DE"), QStringLiteral("fr_FR")}) {
        const QLocale locale(name);
        for (const qint64 minor : {qint64(8550), qint64(8500)}) {
            const Money shown(minor, QStringLiteral("EUR"));
            QCOMPARE(Money::read(shown.inputText(locale), shown.currency(), locale).value_or(Money()), shown);
        }
    }
}

void TestMoney::paymentDialogKeepsSellDisabledForUnreadableCash()
{
    PaymentDialog dialog(Money(8500, QStringLiteral("EUR")), PaymentMethod::Cash);
    dialog.setLocale(QLocale(QStringLiteral("en_US")));
    auto *sell = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    auto *change = dialog.findChild<QLabel *>(QStringLiteral("change"));
    QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("2OO"));
    QVERIFY(!sell->isEnabled());
    QVERIFY2(change->text().contains(QStringLiteral("“2OO” is not an amount")), qPrintable(change->text()));
    QCOMPARE(dialog.payment().tendered.minor(), qint64(-1));
    // Corrected, it sells: 200 handed over, 115 back.
    dialog.tenderedEdit()->setText(QStringLiteral("200"));
    QVERIFY(sell->isEnabled());
    QVERIFY2(change->text().contains(QStringLiteral("€115.00")), qPrintable(change->text()));
}

void TestMoney::paymentDialogReadsGermanCash()
{
    QLocale::setDefault(QLocale(QStringLiteral("de_DE")));
    PaymentDialog dialog(Money(8550, QStringLiteral("EUR")), PaymentMethod::Cash);
    QLocale::setDefault(QLocale::c());
    QCOMPARE(dialog.tenderedEdit()->placeholderText(), QStringLiteral("85,50"));
    auto *sell = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("100,50"));
    QVERIFY(sell->isEnabled());
    QCOMPARE(dialog.payment().tendered.minor(), qint64(10050));
    dialog.tenderedEdit()->setText(QStringLiteral("100.50"));
    QVERIFY(!sell->isEnabled());
}

void TestMoney::compensationDialogRefusesAnExponent()
{
    CompensationDialog dialog(QStringLiteral("Walk"), QStringLiteral("Ada"), QStringLiteral("EUR"));
    dialog.setLocale(QLocale(QStringLiteral("en_US")));
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QTest::keyClicks(dialog.reasonEdit(), QStringLiteral("taxi paid"));
    QVERIFY(ok->isEnabled()); // no amount: nothing paid
    QTest::keyClicks(dialog.amountEdit(), QStringLiteral("1e3"));
    QVERIFY(!ok->isEnabled());
    QCOMPARE(dialog.amountMinor(), -1);
    QVERIFY2(dialog.amountProblem().contains(QStringLiteral("“1e3” is not an amount")),
             qPrintable(dialog.amountProblem()));
    dialog.amountEdit()->setText(QStringLiteral("1,000"));
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.amountMinor(), 100000);
    QVERIFY(dialog.amountProblem().isEmpty());
}

void TestMoney::cancelDialogRefusesANegativeFee()
{
    StayRecord stay;
    stay.reference = QStringLiteral("H-1");
    StayMoney money;
    money.currency = QStringLiteral("EUR");
    money.amountPaid = Money(16000, money.currency);
    StayCancelDialog dialog(stay, money, true);
    dialog.setLocale(QLocale(QStringLiteral("en_US")));
    dialog.keepFeeButton()->setChecked(true);
    QTest::keyClicks(dialog.reasonEdit(), QStringLiteral("late cancellation"));
    QTest::keyClicks(dialog.feeEdit(), QStringLiteral("-200"));
    QVERIFY(!dialog.mayConfirm());
    QVERIFY2(dialog.summary().contains(QStringLiteral("“-200” is not an amount")), qPrintable(dialog.summary()));
    dialog.feeEdit()->setText(QStringLiteral("20"));
    QVERIFY(dialog.mayConfirm());
    QCOMPARE(dialog.feeMinor(), 2000);
}

QTEST_MAIN(TestMoney)
#include "tst_money.moc"
