#include "moneycompare.h"
#include "ui/common/money.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/quotemodel.h"

#include <QAbstractItemModelTester>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using namespace boxoffice;

class TestCartModel : public QObject
{
    Q_OBJECT

private slots:
    void passesTheModelTesterThroughEveryChange();
    void countdownFollowsTheServerClock();
    void expiredEntriesAreReported();
    void moneyIsFormattedWithoutFloatingPoint();
    void paymentDialogComputesChangeAndRefusesShortCash();
    void quoteModelPassesTheModelTesterThroughEveryChange();
    void paymentDialogFollowsTheQuoteAndClosesWhenAHoldRunsOut();
};

namespace {

CartEntry entry(UnitId unit, const QString &label, qint64 price, const QDateTime &expires)
{
    CartEntry entry;
    entry.unit = unit;
    entry.label = label;
    entry.section = QStringLiteral("Stalls");
    entry.price = Money(price, QStringLiteral("EUR"));
    entry.expiresAt = expires;
    return entry;
}

CartQuote quoteOf(const QVector<QuoteLine> &lines)
{
    CartQuote quote;
    quote.cart = QStringLiteral("desk-1");
    quote.currency = QStringLiteral("EUR");
    quote.lines = lines;
    qint64 totalMinor = 0;
    for (const QuoteLine &line : lines)
        totalMinor += line.amount.minor();
    quote.total = Money(totalMinor, quote.currency);
    return quote;
}

QuoteLine seatLine(UnitId unit, const QString &label, qint64 price, const QDateTime &expires)
{
    return QuoteLine{ItemKind::Seat, unit, label, 1, Money(price, QStringLiteral("EUR")), expires};
}

} // namespace

void TestCartModel::passesTheModelTesterThroughEveryChange()
{
    CartModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    model.upsert({entry(1, QStringLiteral("A-1-1"), 4500, now.addSecs(600)),
                  entry(2, QStringLiteral("A-1-2"), 4500, now.addSecs(600))});
    QCOMPARE(model.rowCount(), 2);
    model.upsert({entry(2, QStringLiteral("A-1-2"), 4500, now.addSecs(1200))}); // an extension: no new row
    QCOMPARE(model.rowCount(), 2);
    model.setServerNow(now);
    model.remove({1, 99});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.units(), QVector<UnitId>{2});
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestCartModel::countdownFollowsTheServerClock()
{
    CartModel model;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    model.upsert({entry(1, QStringLiteral("A-1-1"), 4500, now.addSecs(125))});
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setServerNow(now);
    QCOMPARE(changed.size(), 1);
    const QModelIndex left = model.index(0, CartModel::TimeLeftColumn);
    QCOMPARE(model.data(left).toString(), QStringLiteral("2:05"));
    QVERIFY(!model.data(left, Qt::ForegroundRole).isValid());
    model.setServerNow(now.addSecs(70));
    QCOMPARE(model.data(left).toString(), QStringLiteral("0:55"));
    QVERIFY(model.data(left, Qt::ForegroundRole).isValid()); // the last minute is shown in warning colours
    model.setServerNow(now.addSecs(125));
    QCOMPARE(model.data(left).toString(), QStringLiteral("expired"));
    QCOMPARE(model.data(model.index(0, CartModel::PriceColumn)).toString(), QStringLiteral("€45.00"));
    QCOMPARE(model.total().value_or(Money()), Money(4500, QStringLiteral("EUR")));
}

void TestCartModel::expiredEntriesAreReported()
{
    CartModel model;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    model.upsert(
        {entry(1, QStringLiteral("A-1-1"), 1, now.addSecs(-1)), entry(2, QStringLiteral("A-1-2"), 1, now.addSecs(5))});
    const auto expired = model.expiredAt(now);
    QCOMPARE(expired.size(), 1);
    QCOMPARE(expired.first().unit, 1);
}

// Reading typed amounts is tst_money's.
void TestCartModel::moneyIsFormattedWithoutFloatingPoint()
{
    QCOMPARE(formatMoney(123456789, QStringLiteral("EUR")), QStringLiteral("€1,234,567.89"));
    QCOMPARE(formatMoney(5, QStringLiteral("CHF")), QStringLiteral("CHF 0.05"));
}

void TestCartModel::paymentDialogComputesChangeAndRefusesShortCash()
{
    PaymentDialog dialog(Money(8500, QStringLiteral("EUR")), PaymentMethod::Cash);
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(ok->isEnabled()); // empty: exact money
    QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("50"));
    QVERIFY(!ok->isEnabled());
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("change"))->text().contains(QStringLiteral("€35.00 short")));
    dialog.tenderedEdit()->setText(QStringLiteral("100"));
    QVERIFY(ok->isEnabled());
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("change"))->text().contains(QStringLiteral("€15.00")));
    QCOMPARE(dialog.payment().tendered.minor(), qint64(10000));
}

void TestCartModel::quoteModelPassesTheModelTesterThroughEveryChange()
{
    QuoteModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QDateTime at = QDateTime::currentDateTimeUtc().addSecs(600);
    model.setQuote(
        quoteOf({seatLine(1, QStringLiteral("A-1-1"), 4500, at), seatLine(2, QStringLiteral("A-1-2"), 4500, at)}));
    QCOMPARE(model.rowCount(), 2);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    // The same units again (an extension, a new price): no rows come or go.
    model.setQuote(
        quoteOf({seatLine(1, QStringLiteral("A-1-1"), 5000, at), seatLine(2, QStringLiteral("A-1-2"), 4500, at)}));
    QCOMPARE(inserted.size(), 0);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.data(model.index(0, QuoteModel::PriceColumn)).toString(), QStringLiteral("€50.00"));
    model.setQuote(quoteOf(
        {seatLine(1, QStringLiteral("A-1-1"), 5000, at), seatLine(2, QStringLiteral("A-1-2"), 4500, at),
         QuoteLine{ItemKind::Pool, 7, QStringLiteral("Standing x2"), 2, Money(3000, QStringLiteral("EUR")), at}}));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.data(model.index(2, QuoteModel::ItemColumn)).toString(), QStringLiteral("Standing x2"));
    model.setQuote(quoteOf({}));
    QCOMPARE(model.rowCount(), 0);
}

void TestCartModel::paymentDialogFollowsTheQuoteAndClosesWhenAHoldRunsOut()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    PaymentDialog dialog(quoteOf({seatLine(1, QStringLiteral("A-1-1"), 4500, now.addSecs(90)),
                                  seatLine(2, QStringLiteral("A-1-2"), 4500, now.addSecs(30))}),
                         PaymentMethod::Cash);
    auto *due = dialog.findChild<QLabel *>(QStringLiteral("amountDue"));
    auto *countdown = dialog.findChild<QLabel *>(QStringLiteral("holdCountdown"));
    QVERIFY(due->text().contains(QStringLiteral("€90.00")));
    dialog.tenderedEdit()->setText(QStringLiteral("100"));
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("change"))->text().contains(QStringLiteral("€10.00")));

    // Another terminal adds a seat: the total, the change and a notice follow.
    CartQuote more = dialog.quote();
    more.lines << seatLine(3, QStringLiteral("A-1-3"), 4500, now.addSecs(90));
    more.total = more.total.withMinor(more.total.minor() + 4500);
    dialog.showQuote(more, QStringLiteral("A-1-3 added"));
    QVERIFY(due->text().contains(QStringLiteral("€135.00")));
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("change"))->text().contains(QStringLiteral("€35.00 short")));
    QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    QCOMPARE(dialog.quote().total.minor(), 13500);

    // The countdown runs to the first hold's expiry (A-1-2, in 30 s), and the dialog closes there.
    QSignalSpy rejected(&dialog, &QDialog::rejected);
    dialog.setServerNow(now);
    QVERIFY2(countdown->text().contains(QStringLiteral("0:30")), qPrintable(countdown->text()));
    QCOMPARE(rejected.size(), 0);
    dialog.setServerNow(now.addSecs(30));
    QCOMPARE(rejected.size(), 1);
    QVERIFY2(dialog.closeReason().contains(QStringLiteral("A-1-2 ran out")), qPrintable(dialog.closeReason()));
    QVERIFY(!dialog.closeReason().contains(QStringLiteral("A-1-1")));
}

QTEST_MAIN(TestCartModel)
#include "tst_cartmodel.moc"
