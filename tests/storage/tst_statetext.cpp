// The database's spelling of each state, without a database: every value maps to one text and back,
// and a text this program does not know is refused rather than read as some default.

#include "statenames.h"
#include "storage/statetext.h"

#include <QSet>
#include <QTest>

using namespace boxoffice;

namespace {

template<typename State, std::size_t count>
void roundTrips(const std::array<State, count> &states, Result<State> (*fromText)(const QString &))
{
    QSet<QString> texts;
    for (const State state : states) {
        const QString text = toText(state);
        QVERIFY2(!text.isEmpty(), "a state without a text");
        QVERIFY2(!texts.contains(text), qPrintable(text + QStringLiteral(" names two states")));
        texts << text;
        auto back = fromText(text);
        QVERIFY2(back.ok(), qPrintable(text));
        QCOMPARE(back.value(), state);
    }
}

template<typename State> void refuses(const QString &text, Result<State> (*fromText)(const QString &))
{
    auto read = fromText(text);
    QVERIFY2(!read.ok(), qPrintable(text));
    QCOMPARE(read.error().code, ErrorCode::Internal);
}

} // namespace

class TestStateText : public QObject
{
    Q_OBJECT

private slots:
    void everyStateRoundTrips();
    void unknownTextIsRefused_data();
    void unknownTextIsRefused();
    void theDatabaseSpelling();
    void anEmptyTextIsNoStateOnlyWhereNoneIsAllowed();
};

void TestStateText::everyStateRoundTrips()
{
    roundTrips(allOrderStates, orderStateFromText);
    roundTrips(allPaymentStates, paymentStateFromText);
    roundTrips(allLineStates, lineStateFromText);
    roundTrips(allStayStates, stayStateFromText);
    roundTrips(allRefundStates, refundStateFromText);
}

void TestStateText::unknownTextIsRefused_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("a new word") << QStringLiteral("ON_HOLD");
    QTest::newRow("empty") << QString();
    QTest::newRow("lower case") << QStringLiteral("paid");
    QTest::newRow("padded") << QStringLiteral("PAID ");
    QTest::newRow("another column's word") << QStringLiteral("AVAILABLE");
}

void TestStateText::unknownTextIsRefused()
{
    QFETCH(QString, text);
    refuses(text, orderStateFromText);
    refuses(text, paymentStateFromText);
    refuses(text, lineStateFromText);
    refuses(text, stayStateFromText);
    refuses(text, refundStateFromText);
}

// The words the migrations' CHECK constraints and the SQL statements use; a typo here would pass the
// round trip above.
void TestStateText::theDatabaseSpelling()
{
    QCOMPARE(toText(OrderState::Guaranteed), QStringLiteral("GUARANTEED"));
    QCOMPARE(toText(PaymentState::Unknown), QStringLiteral("UNKNOWN"));
    QCOMPARE(toText(LineState::Replaced), QStringLiteral("REPLACED"));
    QCOMPARE(toText(StayState::CheckedIn), QStringLiteral("CHECKED_IN"));
    QCOMPARE(toText(StayState::CheckedOut), QStringLiteral("CHECKED_OUT"));
    QCOMPARE(toText(RefundState::Due), QStringLiteral("DUE"));
}

void TestStateText::anEmptyTextIsNoStateOnlyWhereNoneIsAllowed()
{
    auto none = optionalStateFromText(QString(), orderStateFromText);
    QVERIFY(none.ok());
    QVERIFY(!none.value().has_value());
    auto paid = optionalStateFromText(QStringLiteral("PAID"), orderStateFromText);
    QVERIFY(paid.ok());
    QCOMPARE(paid.value(), OrderState::Paid);
    auto unknown = optionalStateFromText(QStringLiteral("ON_HOLD"), refundStateFromText);
    QVERIFY(!unknown.ok());
    QCOMPARE(unknown.error().code, ErrorCode::Internal);
}

QTEST_GUILESS_MAIN(TestStateText)
#include "tst_statetext.moc"
