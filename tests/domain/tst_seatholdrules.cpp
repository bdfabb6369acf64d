#include "domain/seatholdrules.h"

#include <QTest>

using namespace boxoffice;

class TestSeatHoldRules : public QObject
{
    Q_OBJECT

private slots:
    void holdRequests_data();
    void holdRequests();
    void labels_data();
    void labels();
    void cartIds_data();
    void cartIds();
};

void TestSeatHoldRules::holdRequests_data()
{
    QTest::addColumn<qint64>("event");
    QTest::addColumn<QString>("cart");
    QTest::addColumn<QVector<qint64>>("units");
    QTest::addColumn<int>("ttl"); // 0 = not given
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QString>("messagePart");

    QTest::newRow("valid") << qint64(1) << "cart-1" << QVector<qint64>{1, 2} << 0 << true << "";
    QTest::newRow("valid with ttl") << qint64(1) << "c" << QVector<qint64>{7} << 30 << true << "";
    QTest::newRow("no seats") << qint64(1) << "cart-1" << QVector<qint64>{} << 0 << false << "No seats";
    QTest::newRow("duplicate seats") << qint64(1) << "cart-1" << QVector<qint64>{4, 5, 4} << 0 << false
                                     << "more than once: 4";
    QTest::newRow("negative ttl") << qint64(1) << "cart-1" << QVector<qint64>{1} << -5 << false
                                  << "at least one second";
    QTest::newRow("ttl over a day") << qint64(1) << "cart-1" << QVector<qint64>{1} << 86401 << false << "24 hours";
    QTest::newRow("bad event") << qint64(0) << "cart-1" << QVector<qint64>{1} << 0 << false << "event id";
    QTest::newRow("bad unit id") << qint64(1) << "cart-1" << QVector<qint64>{-3} << 0 << false << "not valid";
    QTest::newRow("empty cart") << qint64(1) << "" << QVector<qint64>{1} << 0 << false << "cart id is required";
    QTest::newRow("cart with spaces") << qint64(1) << "my cart" << QVector<qint64>{1} << 0 << false << "not valid";
    QTest::newRow("too many seats") << qint64(1) << "c" << QVector<qint64>(SeatHoldRules::maxUnitsPerRequest + 1, 1)
                                    << 0 << false << "At most";
}

void TestSeatHoldRules::holdRequests()
{
    QFETCH(qint64, event);
    QFETCH(QString, cart);
    QFETCH(QVector<qint64>, units);
    QFETCH(int, ttl);
    QFETCH(bool, accepted);
    QFETCH(QString, messagePart);

    HoldRequest request;
    request.event = event;
    request.cart = cart;
    request.units = units;
    if (ttl != 0)
        request.ttlSeconds = ttl;
    const Status status = SeatHoldRules::checkHold(request);
    QCOMPARE(status.ok(), accepted);
    if (!accepted) {
        QCOMPARE(status.error().code, ErrorCode::BadInput);
        QVERIFY2(status.error().message.contains(messagePart), qPrintable(status.error().message));
    }
}

void TestSeatHoldRules::labels_data()
{
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<bool>("accepted");

    QTest::newRow("two seats") << QStringList{QStringLiteral("A-1-5"), QStringLiteral("A-1-6")} << true;
    QTest::newRow("empty list") << QStringList{} << false;
    QTest::newRow("blank entry") << QStringList{QStringLiteral("A-1-5"), QStringLiteral(" ")} << false;
    QTest::newRow("duplicate") << QStringList{QStringLiteral("A-1-5"), QStringLiteral("A-1-5")} << false;
}

void TestSeatHoldRules::labels()
{
    QFETCH(QStringList, labels);
    QFETCH(bool, accepted);
    QCOMPARE(SeatHoldRules::checkLabels(labels).ok(), accepted);
}

void TestSeatHoldRules::cartIds_data()
{
    QTest::addColumn<QString>("cart");
    QTest::addColumn<bool>("valid");
    QTest::newRow("uuid") << "3f2b8c1e-9d4a-4b7e-8c1f-0a2b3c4d5e6f" << true;
    QTest::newRow("desk session") << "desk:clerk.7" << true;
    QTest::newRow("sixty-four characters") << QString(64, QLatin1Char('a')) << true;
    QTest::newRow("sixty-five characters") << QString(65, QLatin1Char('a')) << false;
    QTest::newRow("quote") << "cart'1" << false;
    QTest::newRow("leading dash") << "-cart" << false;
}

void TestSeatHoldRules::cartIds()
{
    QFETCH(QString, cart);
    QFETCH(bool, valid);
    QCOMPARE(isValidCartId(cart), valid);
}

QTEST_GUILESS_MAIN(TestSeatHoldRules)
#include "tst_seatholdrules.moc"
