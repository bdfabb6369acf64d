// Money rules that need no database: whether what the provider says agrees with the payment we
// recorded, and how staff name the units of an order to refund.

#include "domain/cartquote.h"
#include "domain/checkoutstore.h"
#include "domain/countersale.h"
#include "domain/paymentmatching.h"

#include <QtTest>

using namespace boxoffice;

class TestMoneyRules : public QObject
{
    Q_OBJECT

private slots:
    void eventAgainstPayment_data();
    void eventAgainstPayment();
    void chargeAgainstPayment();
    void orderItemRefs_data();
    void orderItemRefs();
    void cashOfAnotherCurrencyPaysNothing();
    void aQuoteAddsUpInItsOwnCurrency();
};

namespace {
PaymentRecord payment(const QString &intent = {})
{
    PaymentRecord record;
    record.id = 7;
    record.order = 42;
    record.amount = Money(17000, QStringLiteral("EUR"));
    record.providerPaymentId = intent;
    return record;
}
} // namespace

void TestMoneyRules::eventAgainstPayment_data()
{
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("intent");
    QTest::addColumn<QString>("known"); // the intent the payment already has
    QTest::addColumn<bool>("agrees");
    QTest::newRow("same, intent adopted") << qint64(17000) << "EUR"
                                          << "pi_1"
                                          << "" << true;
    QTest::newRow("same, intent known") << qint64(17000) << "eur"
                                        << "pi_1"
                                        << "pi_1" << true;
    QTest::newRow("one cent") << qint64(1) << "EUR"
                              << "pi_1"
                              << "" << false;
    QTest::newRow("a cent more") << qint64(17001) << "EUR"
                                 << "pi_1"
                                 << "" << false;
    QTest::newRow("other currency") << qint64(17000) << "USD"
                                    << "pi_1"
                                    << "" << false;
    QTest::newRow("no currency") << qint64(17000) << ""
                                 << "pi_1"
                                 << "" << false;
    QTest::newRow("foreign intent") << qint64(17000) << "EUR"
                                    << "pi_2"
                                    << "pi_1" << false;
    QTest::newRow("no intent") << qint64(17000) << "EUR"
                               << ""
                               << "" << false;
}

void TestMoneyRules::eventAgainstPayment()
{
    QFETCH(qint64, amount);
    QFETCH(QString, currency);
    QFETCH(QString, intent);
    QFETCH(QString, known);
    QFETCH(bool, agrees);
    PaymentEvent event;
    event.amount = Money(amount, currency);
    event.providerPaymentId = intent;
    event.order = 42;
    const QString why = PaymentMatching::eventContradicts(event, payment(known));
    QCOMPARE(why.isEmpty(), agrees);
}

void TestMoneyRules::chargeAgainstPayment()
{
    ProviderCharge charge;
    charge.providerPaymentId = QStringLiteral("pi_1");
    charge.amount = Money(17000, QStringLiteral("EUR"));
    QVERIFY(PaymentMatching::chargeContradicts(charge, payment()).isEmpty());
    charge.amount = Money(100, QStringLiteral("EUR"));
    QVERIFY(PaymentMatching::chargeContradicts(charge, payment()).contains(QStringLiteral("amount")));
}

void TestMoneyRules::orderItemRefs_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("count"); // -1: refused
    QTest::newRow("empty: the whole order") << "" << 0;
    QTest::newRow("every kind") << "seat:5,ga:3,stay:4,slot:9" << 4;
    QTest::newRow("spaces") << " seat:5 , ga:3 " << 2;
    QTest::newRow("unknown kind") << "room:5" << -1;
    QTest::newRow("no id") << "seat:" << -1;
    QTest::newRow("zero id") << "seat:0" << -1;
    QTest::newRow("negative id") << "seat:-5" << -1;
    QTest::newRow("not a number") << "seat:5x" << -1;
    QTest::newRow("twice") << "seat:5,seat:5" << -1;
    QTest::newRow("same id, other kinds") << "seat:5,ga:5" << 2;
}

void TestMoneyRules::orderItemRefs()
{
    QFETCH(QString, text);
    QFETCH(int, count);
    const auto parsed = parseOrderItemRefs(text);
    if (count < 0) {
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().code, ErrorCode::BadInput);
        return;
    }
    QVERIFY(parsed.ok());
    QCOMPARE(parsed->size(), count);
}

void TestMoneyRules::cashOfAnotherCurrencyPaysNothing()
{
    const Money due(4500, QStringLiteral("EUR"));
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(5000, QStringLiteral("EUR"));
    QVERIFY(CounterPaymentRules::check(cash, due).ok());
    cash.tendered = Money(5000, QStringLiteral("GBP"));
    const Status pounds = CounterPaymentRules::check(cash, due);
    QVERIFY(!pounds.ok());
    QCOMPARE(pounds.error().code, ErrorCode::BadInput);
    QVERIFY(pounds.error().message.contains(QStringLiteral("GBP")));
    // Yen have no decimals: 450000 of them are not 4500.00 euros either.
    cash.tendered = Money(450000, QStringLiteral("JPY"));
    QVERIFY(!CounterPaymentRules::check(cash, due).ok());
    // A card payment names no tendered amount: only cash is compared.
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = QStringLiteral("T-1234");
    QVERIFY(CounterPaymentRules::check(card, due).ok());
}

void TestMoneyRules::aQuoteAddsUpInItsOwnCurrency()
{
    CartQuote quote;
    quote.cart = QStringLiteral("desk-1");
    quote.currency = QStringLiteral("EUR");
    quote.lines << QuoteLine{ItemKind::Seat, 1, QStringLiteral("A-1-1"), 1, Money(4500, QStringLiteral("EUR")), {}}
                << QuoteLine{
                       ItemKind::Pool, 2, QStringLiteral("Standing x2"), 2, Money(3000, QStringLiteral("EUR")), {}};
    quote.total = Money(7500, QStringLiteral("EUR"));
    QVERIFY(CartQuoteRules::check(quote, quote.cart).ok());

    CartQuote wrongTotal = quote;
    wrongTotal.total = Money(7500, QStringLiteral("USD"));
    QCOMPARE(CartQuoteRules::check(wrongTotal, quote.cart).error().code, ErrorCode::BadInput);

    CartQuote wrongLine = quote;
    wrongLine.lines[1].amount = Money(3000, QStringLiteral("GBP"));
    QCOMPARE(CartQuoteRules::check(wrongLine, quote.cart).error().code, ErrorCode::BadInput);

    CartQuote short_ = quote;
    short_.total = Money(7400, QStringLiteral("EUR"));
    QCOMPARE(CartQuoteRules::check(short_, quote.cart).error().code, ErrorCode::BadInput);
}

QTEST_GUILESS_MAIN(TestMoneyRules)
#include "tst_moneyrules.moc"
