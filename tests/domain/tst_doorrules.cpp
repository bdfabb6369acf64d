// The door's rules without a database: which gates may be recorded, which scans are ticket codes at
// all, the words for a refusal, and how the service reads the store's answer (a refusal wins over an
// earlier admission, a code never issued is an outcome, and nothing reaches the store before the code
// and the gate are good).

#include "domain/door.h"

#include <QTest>

using namespace boxoffice;

Q_DECLARE_METATYPE(boxoffice::OrderState)
Q_DECLARE_METATYPE(boxoffice::LineState)
Q_DECLARE_METATYPE(boxoffice::DoorRefusal)

namespace {

const QString code = QStringLiteral("0f8fad5b-d9cb-469f-a165-70867728950e");

// Answers what it is told to and counts the calls, so a test sees what reached the database.
class ScriptedDoorStore final : public DoorStore
{
public:
    Result<DoorRecord> admit(const QString &scanned, const QString &gate) override
    {
        ++admits;
        lastCode = scanned;
        lastGate = gate;
        return answer;
    }
    Result<DoorRecord> look(const QString &scanned) override
    {
        ++looks;
        lastCode = scanned;
        return answer;
    }

    Result<DoorRecord> answer = DoorRecord{};
    int admits = 0;
    int looks = 0;
    QString lastCode;
    QString lastGate;
};

DoorRecord paidTicket()
{
    DoorRecord record;
    record.ticket.code = code;
    record.ticket.seatLabel = QStringLiteral("A-1-5");
    record.orderState = OrderState::Paid;
    record.lineState = LineState::Sold;
    record.seatStillSold = true;
    return record;
}

Admission earlier(const QString &gate)
{
    return Admission{QDateTime::currentDateTimeUtc().addSecs(-600), gate, QStringLiteral("clerk"),
                     QStringLiteral("boxoffice@local")};
}

} // namespace

class TestDoorRules : public QObject
{
    Q_OBJECT

private slots:
    void gatesThatMayBeRecorded_data();
    void gatesThatMayBeRecorded();
    void refusals_data();
    void refusals();
    void alreadyAdmittedSaysTimeAndGate();
    void nothingReachesTheStoreWithABadCodeOrGate();
    void theScanIsParsedAndTheGateTrimmed();
    void outcomesFromTheStoresAnswer();
    void aRefundAfterAdmissionSaysRefunded();
    void aCheckNeverAdmits();
    void aSeatGivenBackInAnExchangeSaysExchanged();
    void aTicketOfAnotherEventIsRefusedBeforeAnyAdmission();
};

void TestDoorRules::gatesThatMayBeRecorded_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("recorded"); // empty: refused

    QTest::newRow("plain") << "Gate 2"
                           << "Gate 2";
    QTest::newRow("trimmed") << "  North door \n"
                             << "North door";
    QTest::newRow("accents") << "Entrée Sud"
                             << "Entrée Sud";
    QTest::newRow("longest") << QString(DoorRules::maxGateLength, QLatin1Char('g'))
                             << QString(DoorRules::maxGateLength, QLatin1Char('g'));
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("blank") << "   "
                           << "";
    QTest::newRow("too long") << QString(DoorRules::maxGateLength + 1, QLatin1Char('g')) << "";
    QTest::newRow("tab inside") << "Gate\t2"
                                << "";
    QTest::newRow("escape inside") << QStringLiteral("Gate \x1b[2J") << "";
    QTest::newRow("nul inside") << QStringLiteral("Gate") + QChar(u'\0') + QStringLiteral("2") << "";
    QTest::newRow("bidi override") << QString::fromUtf16(u"Gate \u202e2") << "";
}

void TestDoorRules::gatesThatMayBeRecorded()
{
    QFETCH(QString, typed);
    QFETCH(QString, recorded);
    const auto gate = DoorRules::gate(typed);
    if (recorded.isEmpty()) {
        QVERIFY(!gate.ok());
        QCOMPARE(gate.error().code, ErrorCode::BadInput);
    } else {
        QVERIFY(gate.ok());
        QCOMPARE(gate.value(), recorded);
    }
}

void TestDoorRules::refusals_data()
{
    QTest::addColumn<OrderState>("order");
    QTest::addColumn<LineState>("line");
    QTest::addColumn<bool>("seatStillSold");
    QTest::addColumn<DoorRefusal>("refusal");
    QTest::addColumn<QString>("words");

    QTest::newRow("admits") << OrderState::Paid << LineState::Sold << true << DoorRefusal::None << "";
    QTest::newRow("order refunded") << OrderState::Refunded << LineState::Refunded << false << DoorRefusal::Refunded
                                    << "refunded";
    QTest::newRow("seat refunded, rest paid")
        << OrderState::Paid << LineState::Refunded << false << DoorRefusal::Refunded << "refunded";
    QTest::newRow("order refunded, seat kept by hand")
        << OrderState::Refunded << LineState::Sold << true << DoorRefusal::Refunded << "refunded";
    QTest::newRow("cancelled") << OrderState::Cancelled << LineState::Cancelled << false << DoorRefusal::Cancelled
                               << "cancelled";
    QTest::newRow("pending") << OrderState::Pending << LineState::Pending << false << DoorRefusal::NotPaid
                             << "not paid";
    QTest::newRow("guaranteed") << OrderState::Guaranteed << LineState::Sold << true << DoorRefusal::NotPaid
                                << "not paid";
    QTest::newRow("expired") << OrderState::Expired << LineState::Pending << false << DoorRefusal::NotPaid
                             << "not paid";
    QTest::newRow("replaced") << OrderState::Paid << LineState::Replaced << false << DoorRefusal::Exchanged
                              << "exchanged for another seat";
    QTest::newRow("seat gone, line sold")
        << OrderState::Paid << LineState::Sold << false << DoorRefusal::Exchanged << "exchanged for another seat";
}

void TestDoorRules::refusals()
{
    QFETCH(OrderState, order);
    QFETCH(LineState, line);
    QFETCH(bool, seatStillSold);
    QFETCH(DoorRefusal, refusal);
    QFETCH(QString, words);
    QCOMPARE(DoorRules::refusal(order, line, seatStillSold), refusal);
    QCOMPARE(DoorRules::refusalText(refusal), words);
}

void TestDoorRules::alreadyAdmittedSaysTimeAndGate()
{
    const QDateTime now = QDateTime::currentDateTime();
    QDateTime at = now;
    at.setTime(QTime(19, 42, 10));
    const Admission today{at.toUTC(), QStringLiteral("2"), QString(), QString()};
    QCOMPARE(DoorRules::alreadyAdmittedText(today, now), QStringLiteral("already admitted at 19:42, gate 2"));
    const Admission yesterday{at.addDays(-1).toUTC(), QStringLiteral("2"), QString(), QString()};
    const QString older = DoorRules::alreadyAdmittedText(yesterday, now);
    QVERIFY2(older.contains(at.addDays(-1).toString(QStringLiteral("d MMM yyyy, 19:42"))), qPrintable(older));
}

void TestDoorRules::nothingReachesTheStoreWithABadCodeOrGate()
{
    ScriptedDoorStore store;
    DoorService door(store);
    QCOMPARE(door.admit(QStringLiteral("BOXOFFICE-TICKET:not-a-code"), QStringLiteral("1")).error().code,
             ErrorCode::BadInput);
    QCOMPARE(door.admit(QStringLiteral("'; DROP TABLE tickets; --"), QStringLiteral("1")).error().code,
             ErrorCode::BadInput);
    QCOMPARE(door.admit(code, QString()).error().code, ErrorCode::BadInput);
    QCOMPARE(door.admit(code, QStringLiteral("Gate\r1")).error().code, ErrorCode::BadInput);
    QCOMPARE(door.check(QString()).error().code, ErrorCode::BadInput);
    QCOMPARE(store.admits + store.looks, 0);
}

void TestDoorRules::theScanIsParsedAndTheGateTrimmed()
{
    ScriptedDoorStore store;
    DoorRecord record = paidTicket();
    record.recorded = true;
    record.admission = earlier(QStringLiteral("North"));
    store.answer = record;
    DoorService door(store);
    const auto scan = door.admit(QStringLiteral("BOXOFFICE-TICKET:") + code.toUpper(), QStringLiteral(" North "));
    QVERIFY(scan.ok());
    QCOMPARE(store.lastCode, code);
    QCOMPARE(store.lastGate, QStringLiteral("North"));
    QCOMPARE(scan->outcome, DoorOutcome::Admitted);
    QCOMPARE(scan->code, code);
    QCOMPARE(scan->ticket.seatLabel, QStringLiteral("A-1-5"));
}

void TestDoorRules::outcomesFromTheStoresAnswer()
{
    ScriptedDoorStore store;
    DoorService door(store);

    DoorRecord again = paidTicket();
    again.admission = earlier(QStringLiteral("2"));
    store.answer = again;
    auto scan = door.admit(code, QStringLiteral("3"));
    QCOMPARE(scan->outcome, DoorOutcome::AlreadyAdmitted);
    QCOMPARE(scan->admission.gate, QStringLiteral("2"));
    QVERIFY(DoorRules::summary(scan.value(), QDateTime::currentDateTime()).contains(QStringLiteral(", gate 2")));

    DoorRecord unpaid = paidTicket();
    unpaid.orderState = OrderState::Pending;
    store.answer = unpaid;
    scan = door.admit(code, QStringLiteral("3"));
    QCOMPARE(scan->outcome, DoorOutcome::NotValid);
    QCOMPARE(scan->refusal, DoorRefusal::NotPaid);

    store.answer = makeError(ErrorCode::NotFound, QStringLiteral("never issued"));
    scan = door.admit(code, QStringLiteral("3"));
    QVERIFY(scan.ok());
    QCOMPARE(scan->outcome, DoorOutcome::Unknown);

    store.answer = makeError(ErrorCode::Unavailable, QStringLiteral("server gone"));
    QCOMPARE(door.admit(code, QStringLiteral("3")).error().code, ErrorCode::Unavailable);

    // A valid ticket the store neither admitted nor found admitted: never "ADMITTED" on a guess.
    store.answer = paidTicket();
    QCOMPARE(door.admit(code, QStringLiteral("3")).error().code, ErrorCode::Internal);
}

void TestDoorRules::aRefundAfterAdmissionSaysRefunded()
{
    ScriptedDoorStore store;
    DoorRecord refunded = paidTicket();
    refunded.orderState = OrderState::Refunded;
    refunded.lineState = LineState::Refunded;
    refunded.seatStillSold = false;
    refunded.admission = earlier(QStringLiteral("2"));
    store.answer = refunded;
    const auto scan = DoorService(store).admit(code, QStringLiteral("2"));
    QCOMPARE(scan->outcome, DoorOutcome::NotValid);
    QCOMPARE(scan->refusal, DoorRefusal::Refunded);
    QCOMPARE(scan->admission.gate, QStringLiteral("2"));
    const QString said = DoorRules::summary(scan.value(), QDateTime::currentDateTime());
    QVERIFY2(said.startsWith(QStringLiteral("NOT VALID (refunded (it was already admitted at ")), qPrintable(said));
}

void TestDoorRules::aCheckNeverAdmits()
{
    ScriptedDoorStore store;
    store.answer = paidTicket();
    const auto scan = DoorService(store).check(code);
    QCOMPARE(scan->outcome, DoorOutcome::Valid);
    QCOMPARE(store.looks, 1);
    QCOMPARE(store.admits, 0);
}

void TestDoorRules::aSeatGivenBackInAnExchangeSaysExchanged()
{
    // The whole order went back in an exchange: REFUNDED in the ledger's terms, but the buyer holds a
    // new ticket, so the door says "exchanged".
    ScriptedDoorStore store;
    DoorRecord exchanged = paidTicket();
    exchanged.orderState = OrderState::Refunded;
    exchanged.lineState = LineState::Refunded;
    exchanged.seatStillSold = false;
    exchanged.exchanged = true;
    store.answer = exchanged;
    const auto scan = DoorService(store).admit(code, QStringLiteral("2"));
    QCOMPARE(scan->outcome, DoorOutcome::NotValid);
    QCOMPARE(scan->refusal, DoorRefusal::Exchanged);
    QVERIFY2(DoorRules::summary(scan.value(), QDateTime::currentDateTime())
                 .startsWith(QStringLiteral("NOT VALID (exchanged for another seat)")),
             qPrintable(DoorRules::summary(scan.value(), QDateTime::currentDateTime())));
    // A cancelled order stays cancelled, whatever an exchange did before.
    exchanged.orderState = OrderState::Cancelled;
    store.answer = exchanged;
    QCOMPARE(DoorService(store).admit(code, QStringLiteral("2"))->refusal, DoorRefusal::Cancelled);
}

// A door told its event looks first and never asks the store to admit a ticket of another event; a
// standing place's ticket reads as its area.
void TestDoorRules::aTicketOfAnotherEventIsRefusedBeforeAnyAdmission()
{
    ScriptedDoorStore store;
    DoorRecord record = paidTicket();
    record.ticket.event = 7;
    record.ticket.eventName = QStringLiteral("Rock Night");
    record.ticket.seatLabel.clear();
    record.ticket.sectionName = QStringLiteral("Floor");
    record.ticket.place = 1;
    record.ticket.places = 2;
    store.answer = record;
    DoorService door(store);
    const auto elsewhere = door.admit(code, QStringLiteral("1"), 8);
    QVERIFY(elsewhere.ok());
    QCOMPARE(elsewhere->outcome, DoorOutcome::NotValid);
    QCOMPARE(elsewhere->refusal, DoorRefusal::OtherEvent);
    QCOMPARE(store.admits, 0);
    const QString said = DoorRules::summary(elsewhere.value(), QDateTime::currentDateTime());
    QVERIFY2(said.contains(QStringLiteral("for another event"))
                 && said.contains(QStringLiteral("Standing \u2014 Floor")),
             qPrintable(said));
    QCOMPARE(door.check(code, 8)->refusal, DoorRefusal::OtherEvent);

    record.recorded = true;
    record.admission = earlier(QStringLiteral("1"));
    store.answer = record;
    QCOMPARE(door.admit(code, QStringLiteral("1"), 7)->outcome, DoorOutcome::Admitted);
    QCOMPARE(store.admits, 1);
}

QTEST_GUILESS_MAIN(TestDoorRules)
#include "tst_doorrules.moc"
