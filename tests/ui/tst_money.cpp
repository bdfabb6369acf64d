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

using namespace boxoffice;

class TestMoney : public QObject
{
    Q_OBJECT

private slots:
    void typedAmountsAreReadInTheLocale_data();
    void typedAmountsAreReadInTheLocale();
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
                                     << "$85" << qint64(8500);
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
    QCOMPARE(parseMoney(text, QLocale(locale)).value_or(-1), minor);
}

void TestMoney::theHintIsInTheLocalesOwnForm()
{
    const QString english = unreadableMoneyMessage(QStringLiteral("2OO"), QLocale(QStringLiteral("en_US")));
    QVERIFY2(english.contains(QStringLiteral("“2OO” is not an amount")), qPrintable(english));
    QVERIFY2(english.contains(QLatin1String("1,234.50")), qPrintable(english));
    const QString german = unreadableMoneyMessage(QStringLiteral("2OO"), QLocale(QStringLiteral("de_DE")));
    QVERIFY2(german.contains(QLatin1String("1.234,50")), qPrintable(german));
    // What a placeholder shows is always read back.
    for (const QString &name : {QStringLiteral("en_US"), QStringLiteral("de_DE"), QStringLiteral("fr_FR")}) {
        const QLocale locale(name);
        QCOMPARE(parseMoney(formatMoneyInput(8550, locale), locale).value_or(-1), 8550);
        QCOMPARE(parseMoney(formatMoneyInput(8500, locale), locale).value_or(-1), 8500);
    }
}

void TestMoney::paymentDialogKeepsSellDisabledForUnreadableCash()
{
    PaymentDialog dialog(8500, QStringLiteral("EUR"), PaymentMethod::Cash);
    dialog.setLocale(QLocale(QStringLiteral("en_US")));
    auto *sell = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    auto *change = dialog.findChild<QLabel *>(QStringLiteral("change"));
    QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("2OO"));
    QVERIFY(!sell->isEnabled());
    QVERIFY2(change->text().contains(QStringLiteral("“2OO” is not an amount")), qPrintable(change->text()));
    QCOMPARE(dialog.payment().tenderedMinor, -1);
    // Corrected, it sells: 200 handed over, 115 back.
    dialog.tenderedEdit()->setText(QStringLiteral("200"));
    QVERIFY(sell->isEnabled());
    QVERIFY2(change->text().contains(QStringLiteral("€115.00")), qPrintable(change->text()));
}

void TestMoney::paymentDialogReadsGermanCash()
{
    QLocale::setDefault(QLocale(QStringLiteral("de_DE")));
    PaymentDialog dialog(8550, QStringLiteral("EUR"), PaymentMethod::Cash);
    QLocale::setDefault(QLocale::c());
    QCOMPARE(dialog.tenderedEdit()->placeholderText(), QStringLiteral("85,50"));
    auto *sell = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("100,50"));
    QVERIFY(sell->isEnabled());
    QCOMPARE(dialog.payment().tenderedMinor, 10050);
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
    money.paidMinor = 16000;
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
