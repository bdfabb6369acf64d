// The front desk's money rules without a database: every branch of the cancel policy, of which
// settlement a move's price difference allows, and of a manager's answers to an overbooked night. And
// the front desk service over small in-memory stores: it hands the store the figures it decided on (so
// the store can refuse them once they changed), and a guaranteed check-out pays and checks out in one
// unit of work or not at all.

#include "domain/frontdeskservice.h"
#include "domain/staymoneyrules.h"
#include "moneycompare.h"

#include <QHash>
#include <QTest>

using namespace boxoffice;

Q_DECLARE_METATYPE(boxoffice::PriceSettlement)
Q_DECLARE_METATYPE(boxoffice::PaymentMethod)

namespace {

constexpr StayId guest = 7;
constexpr qint64 nightly = 10000; // every room type's nightly price in the in-memory hotel

Money eur(qint64 minor)
{
    return Money(minor, QStringLiteral("EUR"));
}

StayMoney moneyOf(qint64 priceMinor, qint64 paidMinor)
{
    StayMoney money;
    money.stay = guest;
    money.order = 70;
    money.orderState = paidMinor > 0 ? OrderState::Paid : OrderState::Guaranteed;
    money.currency = QStringLiteral("EUR");
    money.price = eur(priceMinor);
    money.amountPaid = eur(paidMinor);
    return money;
}

MoveQuote quoteOf(qint64 priceMinor, qint64 paidMinor, qint64 newPriceMinor)
{
    return MoveQuote{moneyOf(priceMinor, paidMinor), eur(newPriceMinor), 3, QDate(2026, 5, 1), QDate(2026, 5, 3)};
}

template<typename T> QString outcome(const Result<T> &result)
{
    return result ? QStringLiteral("done") : errorCodeName(result.error().code);
}

// The hotel as the in-memory stores keep it: what a unit of work puts back when its work fails.
struct DeskWorld
{
    QHash<StayId, StayMoney> money;
    QHash<StayId, QString> states;
    QHash<StayId, int> nights;
    QVector<OrderId> settled; // guarantees paid at the counter
};

class MemoryUnitOfWork final : public UnitOfWork
{
public:
    explicit MemoryUnitOfWork(DeskWorld &world) : m_world(world) { }
    int runs = 0;

protected:
    Status runAtomically(const QString &, const std::function<Status()> &work) override
    {
        ++runs;
        const DeskWorld before = m_world;
        const Status status = work();
        if (!status)
            m_world = before;
        return status;
    }

private:
    DeskWorld &m_world;
};

// Keeps the promise the PostgreSQL store keeps: a decision is carried out only while the figures it
// was made on are what the stay has now.
class MemoryFrontDeskStore final : public FrontDeskStore
{
public:
    explicit MemoryFrontDeskStore(DeskWorld &world) : m_world(world) { }

    QVector<QPair<QDate, QDate>> quotedNights;
    std::optional<CancelDecision> cancelled;
    std::optional<MoveDecision> moved;
    std::optional<OverbookingDecision> resolved;

    Result<HotelCalendar> calendar(HotelId, const QDate &, const QDate &) override { return HotelCalendar{}; }
    Result<QVector<StayRecord>> findStays(const QString &) override { return QVector<StayRecord>{}; }
    Result<StayMoney> stayMoney(StayId stay) override
    {
        if (!m_world.money.contains(stay))
            return makeError(ErrorCode::NotFound, QStringLiteral("no such stay"));
        return m_world.money.value(stay);
    }
    Result<MoveQuote> quoteMove(StayId stay, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut) override
    {
        auto money = stayMoney(stay);
        if (!money)
            return money.error();
        quotedNights << qMakePair(checkIn, checkOut);
        const qint64 nights = checkIn.isNull() ? m_world.nights.value(stay) : checkIn.daysTo(checkOut);
        return MoveQuote{money.value(), Money(nightly * nights, money->currency), roomType, checkIn, checkOut};
    }
    Result<StayMoneyOutcome> moveStay(const MoveDecision &decision) override
    {
        const StayMoney now = m_world.money.value(decision.seen.money.stay);
        if (now.price != decision.seen.money.price || now.amountPaid != decision.seen.money.amountPaid)
            return changed();
        moved = decision;
        m_world.money[now.stay].price = decision.seen.newPrice;
        return StayMoneyOutcome{};
    }
    Result<StayMoneyOutcome> cancelStay(const CancelDecision &decision) override
    {
        if (m_world.money.value(decision.seen.stay).amountPaid != decision.seen.amountPaid)
            return changed();
        cancelled = decision;
        m_world.states[decision.seen.stay] = QStringLiteral("CANCELLED");
        StayMoneyOutcome done;
        done.refunded = decision.refund;
        done.fee = decision.fee;
        return done;
    }
    Status checkIn(StayId stay) override
    {
        return transition(stay, QStringLiteral("BOOKED"), QStringLiteral("CHECKED_IN"));
    }
    Status allowEarlyCheckIn(StayId, const QString &) override { return Done{}; } // the arrival day is the database's
    Status checkOut(StayId stay) override
    {
        return transition(stay, QStringLiteral("CHECKED_IN"), QStringLiteral("CHECKED_OUT"));
    }
    Result<QVector<ArrivalAtRisk>> arrivalsAtRisk(HotelId, const QDate &) override { return QVector<ArrivalAtRisk>{}; }
    Status resolveOverbooking(const OverbookingDecision &decision) override
    {
        if (m_world.money.value(decision.seen.money.stay).amountPaid != decision.seen.money.amountPaid)
            return changed();
        resolved = decision;
        return Done{};
    }
    Result<QVector<CompensationEntry>> compensations(HotelId, const QDate &, const QDate &) override
    {
        return QVector<CompensationEntry>{};
    }
    Result<QVector<RefundCase>> openRefundCases() override { return QVector<RefundCase>{}; }
    Status closeRefundCase(qint64) override { return Done{}; }

private:
    static DomainError changed()
    {
        return makeError(ErrorCode::Conflict, QStringLiteral("The stay's money changed since you looked."));
    }
    Status transition(StayId stay, const QString &from, const QString &to)
    {
        if (m_world.states.value(stay) != from)
            return makeError(ErrorCode::Conflict, QStringLiteral("not %1").arg(from));
        m_world.states[stay] = to;
        return Done{};
    }

    DeskWorld &m_world;
};

// Only a guaranteed order's settlement: the one thing the front desk asks of the counter.
class MemoryCounter final : public CounterSaleStore
{
public:
    explicit MemoryCounter(DeskWorld &world) : m_world(world) { }

    Result<CartQuote> quote(const CartId &) override { return unused(); }
    Result<CounterSale> sellAtCounter(const CartId &, const CounterPayment &, const CartQuote &) override
    {
        return unused();
    }
    Result<QVector<Ticket>> tickets(OrderId) override { return unused(); }
    Result<QVector<Ticket>> admittingTickets(OrderId) override { return unused(); }
    Result<TicketCheck> checkTicket(const QString &) override { return unused(); }
    Result<CounterSale> settleGuarantee(OrderId order, const CounterPayment &payment) override
    {
        for (StayMoney &money : m_world.money) {
            if (money.order != order)
                continue;
            if (money.orderState != OrderState::Guaranteed)
                return makeError(ErrorCode::Conflict, QStringLiteral("not waiting for payment"));
            if (payment.method == PaymentMethod::Cash && payment.tendered.minor() < money.price.minor())
                return makeError(ErrorCode::BadInput, QStringLiteral("short"));
            money.orderState = OrderState::Paid;
            money.amountPaid = money.price;
            m_world.settled << order;
            CounterSale sale;
            sale.charged = money.price;
            sale.change = sale.charged.withMinor(
                payment.method == PaymentMethod::Cash ? payment.tendered.minor() - money.price.minor() : 0);
            return sale;
        }
        return makeError(ErrorCode::NotFound, QStringLiteral("no such order"));
    }

private:
    static DomainError unused() { return makeError(ErrorCode::Internal, QStringLiteral("not used by the desk")); }

    DeskWorld &m_world;
};

CounterPayment cash(qint64 tenderedMinor)
{
    CounterPayment payment;
    payment.tendered = Money(tenderedMinor, QStringLiteral("EUR"));
    return payment;
}

} // namespace

class TestStayMoneyRules : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void anUnpaidStayIsCancelledWithNoMoneyAndNoReason();
    void anUnpaidStayKeepsNoFee();
    void aNegativeFeeIsRefused();
    void aPaidStayIsCancelledOnlyWithAReason();
    void aPaidStayKeepsAFeeOfAtMostWhatWasPaidAndRefundsTheRest();
    void aCancelNeedsAStay();
    void aFeeOrCompensationInAnotherCurrencyIsRefused();

    void eachSettlementIsAllowedOnlyWhereTheRulesSay_data();
    void eachSettlementIsAllowedOnlyWhereTheRulesSay();
    void aMoveDecisionKeepsTheQuoteItWasMadeOnWithTheReasonTrimmed();
    void aMoveNeedsAStayAndATarget();

    void anOverbookedGuestIsNeverAskedForMore_data();
    void anOverbookedGuestIsNeverAskedForMore();
    void aWalkRefundsAllThatWasPaid();
    void aWalkNeedsAReasonACompensationOfAtLeastZeroAndANight();
    void anOverbookingMoveNeedsATargetAndIsNotAWalk();

    void theServiceHandsTheStoreTheFiguresItDecidedOn();
    void aDecisionOverMoneyThatChangedIsRefusedAndChangesNothing();
    void anOverbookingMoveIsPricedOnTheStaysOwnNights();
    void aGuaranteedCheckOutNeedsAPayment();
    void aGuaranteedCheckOutPaysAndChecksOutInOneUnit();
    void aRefusedCheckOutLeavesNoPaymentAndTheGuarantee();
    void aPaymentForAStayThatOwesNothingIsRefused();

private:
    DeskWorld m_world;
    std::unique_ptr<MemoryFrontDeskStore> m_store;
    std::unique_ptr<MemoryCounter> m_counter;
    std::unique_ptr<MemoryUnitOfWork> m_unit;
    std::unique_ptr<FrontDeskService> m_desk;
};

void TestStayMoneyRules::init()
{
    m_world = DeskWorld{};
    m_world.money.insert(guest, moneyOf(20000, 0)); // two nights on guarantee
    m_world.states.insert(guest, QStringLiteral("BOOKED"));
    m_world.nights.insert(guest, 2);
    m_store = std::make_unique<MemoryFrontDeskStore>(m_world);
    m_counter = std::make_unique<MemoryCounter>(m_world);
    m_unit = std::make_unique<MemoryUnitOfWork>(m_world);
    m_desk = std::make_unique<FrontDeskService>(*m_store, *m_counter, *m_unit);
}

void TestStayMoneyRules::anUnpaidStayIsCancelledWithNoMoneyAndNoReason()
{
    const auto decision = StayMoneyRules::decideCancel(moneyOf(20000, 0), eur(0), QString());
    QVERIFY(decision.ok());
    QCOMPARE(decision->refund, eur(0));
    QCOMPARE(decision->fee, eur(0));
    QCOMPARE(decision->seen.amountPaid, eur(0));
}

void TestStayMoneyRules::anUnpaidStayKeepsNoFee()
{
    QCOMPARE(outcome(StayMoneyRules::decideCancel(moneyOf(20000, 0), eur(1), QStringLiteral("late"))),
             QStringLiteral("bad_input"));
}

void TestStayMoneyRules::aNegativeFeeIsRefused()
{
    QCOMPARE(outcome(StayMoneyRules::decideCancel(moneyOf(20000, 0), eur(-1), QString())), QStringLiteral("bad_input"));
    QCOMPARE(outcome(StayMoneyRules::decideCancel(moneyOf(20000, 20000), eur(-1), QStringLiteral("why"))),
             QStringLiteral("bad_input"));
}

void TestStayMoneyRules::aPaidStayIsCancelledOnlyWithAReason()
{
    QCOMPARE(outcome(StayMoneyRules::decideCancel(moneyOf(20000, 20000), eur(0), QString())),
             QStringLiteral("bad_input"));
    QCOMPARE(outcome(StayMoneyRules::decideCancel(moneyOf(20000, 20000), eur(0), QStringLiteral("   "))),
             QStringLiteral("bad_input"));
    const auto decision
        = StayMoneyRules::decideCancel(moneyOf(20000, 20000), eur(0), QStringLiteral("  guest fell ill "));
    QVERIFY(decision.ok());
    QCOMPARE(decision->reason, QStringLiteral("guest fell ill"));
}

void TestStayMoneyRules::aPaidStayKeepsAFeeOfAtMostWhatWasPaidAndRefundsTheRest()
{
    const StayMoney paid = moneyOf(30000, 25000); // a cheaper move already refunded 5000
    const auto none = StayMoneyRules::decideCancel(paid, eur(0), QStringLiteral("plans changed"));
    QCOMPARE(none->refund, eur(25000));
    const auto some = StayMoneyRules::decideCancel(paid, eur(5000), QStringLiteral("late cancellation"));
    QCOMPARE(some->fee, eur(5000));
    QCOMPARE(some->refund, eur(20000));
    const auto all = StayMoneyRules::decideCancel(paid, eur(25000), QStringLiteral("no-show"));
    QCOMPARE(all->refund, eur(0));
    QCOMPARE(outcome(StayMoneyRules::decideCancel(paid, eur(25001), QStringLiteral("more than paid"))),
             QStringLiteral("bad_input"));
}

void TestStayMoneyRules::aCancelNeedsAStay()
{
    StayMoney nobody = moneyOf(0, 0);
    nobody.stay = 0;
    QCOMPARE(outcome(StayMoneyRules::decideCancel(nobody, eur(0), QString())), QStringLiteral("bad_input"));
}

void TestStayMoneyRules::aFeeOrCompensationInAnotherCurrencyIsRefused()
{
    const QDate night(2026, 5, 1);
    const Money pounds(5000, QStringLiteral("GBP"));
    QCOMPARE(outcome(StayMoneyRules::decideCancel(moneyOf(20000, 20000), pounds, QStringLiteral("late"))),
             QStringLiteral("bad_input"));
    QCOMPARE(outcome(StayMoneyRules::decideWalk(moneyOf(20000, 0), pounds, QStringLiteral("taxi"), night)),
             QStringLiteral("bad_input"));
    QCOMPARE(outcome(StayMoneyRules::decideOverbookingMove(OverbookingAction::Move, quoteOf(20000, 0, 20000), pounds,
                                                           QStringLiteral("x"), night)),
             QStringLiteral("bad_input"));
    QCOMPARE(outcome(StayMoneyRules::decideCancel(moneyOf(20000, 20000), Money(5000, QString()), QStringLiteral("x"))),
             QStringLiteral("bad_input"));
    // No fee needs no currency (boxoffice-ctl); the decision still states the stay's.
    const auto noFee = StayMoneyRules::decideCancel(moneyOf(20000, 20000), Money(), QStringLiteral("plans changed"));
    QVERIFY(noFee.ok());
    QCOMPARE(noFee->fee, eur(0));
    QCOMPARE(noFee->refund, eur(20000));
    const auto walked = StayMoneyRules::decideWalk(moneyOf(20000, 0), Money(), QStringLiteral("taxi"), night);
    QVERIFY(walked.ok());
    QCOMPARE(walked->compensation, eur(0));
}

void TestStayMoneyRules::eachSettlementIsAllowedOnlyWhereTheRulesSay_data()
{
    QTest::addColumn<qint64>("difference");
    QTest::addColumn<bool>("paid");
    QTest::addColumn<PriceSettlement>("how");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<PaymentMethod>("method");
    QTest::addColumn<qint64>("tendered");
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("expected");

    const auto none = PriceSettlement::None;
    const auto charge = PriceSettlement::Charge;
    const auto refund = PriceSettlement::Refund;
    const auto waive = PriceSettlement::Waive;
    const auto cashPaid = PaymentMethod::Cash;
    const auto card = PaymentMethod::Card;
    const QString why = QStringLiteral("guest asked");
    const QString ok = QStringLiteral("done");
    const QString bad = QStringLiteral("bad_input");
    const QString conflict = QStringLiteral("conflict");
    // clang-format off
    QTest::newRow("none: same price, paid")       << 0LL     << true  << none   << QString() << cashPaid << 0LL << QString() << ok;
    QTest::newRow("none: dearer, nothing taken")  << 6000LL  << false << none   << QString() << cashPaid << 0LL << QString() << ok;
    QTest::newRow("none: cheaper, nothing taken") << -6000LL << false << none   << QString() << cashPaid << 0LL << QString() << ok;
    QTest::newRow("none: dearer, paid")           << 6000LL  << true  << none   << QString() << cashPaid << 0LL << QString() << conflict;
    QTest::newRow("none: cheaper, paid")          << -6000LL << true  << none   << QString() << cashPaid << 0LL << QString() << conflict;
    QTest::newRow("charge: cash, enough")         << 6000LL  << true  << charge << QString() << cashPaid << 6000LL << QString() << ok;
    QTest::newRow("charge: cash, short")          << 6000LL  << true  << charge << QString() << cashPaid << 5999LL << QString() << bad;
    QTest::newRow("charge: card reference")       << 6000LL  << true  << charge << QString() << card << 0LL << QStringLiteral("TERM-9") << ok;
    QTest::newRow("charge: card, no reference")   << 6000LL  << true  << charge << QString() << card << 0LL << QStringLiteral("  ") << bad;
    QTest::newRow("charge: on guarantee")         << 6000LL  << true  << charge << QString() << PaymentMethod::Guarantee << 0LL << QStringLiteral("VISA") << bad;
    QTest::newRow("charge: nothing taken")        << 6000LL  << false << charge << QString() << cashPaid << 6000LL << QString() << bad;
    QTest::newRow("charge: same price")           << 0LL     << true  << charge << QString() << cashPaid << 6000LL << QString() << bad;
    QTest::newRow("charge: cheaper")              << -6000LL << true  << charge << QString() << cashPaid << 6000LL << QString() << bad;
    QTest::newRow("refund: cheaper, paid")        << -6000LL << true  << refund << why << cashPaid << 0LL << QString() << ok;
    QTest::newRow("refund: no reason")            << -6000LL << true  << refund << QStringLiteral(" ") << cashPaid << 0LL << QString() << bad;
    QTest::newRow("refund: nothing taken")        << -6000LL << false << refund << why << cashPaid << 0LL << QString() << bad;
    QTest::newRow("refund: dearer")               << 6000LL  << true  << refund << why << cashPaid << 0LL << QString() << bad;
    QTest::newRow("refund: same price")           << 0LL     << true  << refund << why << cashPaid << 0LL << QString() << bad;
    QTest::newRow("waive: dearer, paid")          << 6000LL  << true  << waive  << why << cashPaid << 0LL << QString() << ok;
    QTest::newRow("waive: dearer, nothing taken") << 6000LL  << false << waive  << why << cashPaid << 0LL << QString() << ok;
    QTest::newRow("waive: no reason")             << 6000LL  << true  << waive  << QString() << cashPaid << 0LL << QString() << bad;
    QTest::newRow("waive: cheaper")               << -6000LL << true  << waive  << why << cashPaid << 0LL << QString() << bad;
    QTest::newRow("waive: same price")            << 0LL     << false << waive  << why << cashPaid << 0LL << QString() << bad;
    // clang-format on
}

void TestStayMoneyRules::eachSettlementIsAllowedOnlyWhereTheRulesSay()
{
    QFETCH(qint64, difference);
    QFETCH(bool, paid);
    QFETCH(PriceSettlement, how);
    QFETCH(QString, reason);
    QFETCH(PaymentMethod, method);
    QFETCH(qint64, tendered);
    QFETCH(QString, reference);
    QFETCH(QString, expected);
    const MoveQuote seen = quoteOf(20000, paid ? 20000 : 0, 20000 + difference);
    MoveSettlement settlement{how, {method, Money(tendered, QStringLiteral("EUR")), reference}, reason};
    QCOMPARE(outcome(StayMoneyRules::checkSettlement(seen, settlement)), expected);
    QCOMPARE(outcome(StayMoneyRules::decideMove(seen, settlement)), expected);
}

void TestStayMoneyRules::aMoveDecisionKeepsTheQuoteItWasMadeOnWithTheReasonTrimmed()
{
    const MoveQuote seen = quoteOf(20000, 20000, 14000);
    const auto decision
        = StayMoneyRules::decideMove(seen, {PriceSettlement::Refund, {}, QStringLiteral(" cheaper room ")});
    QVERIFY(decision.ok());
    QCOMPARE(decision->seen.money.price, eur(20000));
    QCOMPARE(decision->seen.money.amountPaid, eur(20000));
    QCOMPARE(decision->seen.newPrice, eur(14000));
    QCOMPARE(decision->seen.roomType, RoomTypeId(3));
    QCOMPARE(decision->seen.checkIn, QDate(2026, 5, 1));
    QCOMPARE(decision->settlement.reason, QStringLiteral("cheaper room"));
}

void TestStayMoneyRules::aMoveNeedsAStayAndATarget()
{
    MoveQuote noTarget = quoteOf(20000, 0, 20000);
    noTarget.roomType = 0;
    QCOMPARE(outcome(StayMoneyRules::decideMove(noTarget, {})), QStringLiteral("bad_input"));
    MoveQuote noStay = quoteOf(20000, 0, 20000);
    noStay.money.stay = 0;
    QCOMPARE(outcome(StayMoneyRules::decideMove(noStay, {})), QStringLiteral("bad_input"));
}

void TestStayMoneyRules::anOverbookedGuestIsNeverAskedForMore_data()
{
    QTest::addColumn<qint64>("difference");
    QTest::addColumn<bool>("paid");
    QTest::addColumn<PriceSettlement>("expected");
    QTest::newRow("dearer, paid: waived") << 6000LL << true << PriceSettlement::Waive;
    QTest::newRow("dearer, nothing taken: waived") << 6000LL << false << PriceSettlement::Waive;
    QTest::newRow("cheaper, paid: refunded") << -6000LL << true << PriceSettlement::Refund;
    QTest::newRow("cheaper, nothing taken: the lower price") << -6000LL << false << PriceSettlement::None;
    QTest::newRow("same price") << 0LL << true << PriceSettlement::None;
}

void TestStayMoneyRules::anOverbookedGuestIsNeverAskedForMore()
{
    QFETCH(qint64, difference);
    QFETCH(bool, paid);
    QFETCH(PriceSettlement, expected);
    const MoveQuote seen = quoteOf(20000, paid ? 20000 : 0, 20000 + difference);
    QCOMPARE(StayMoneyRules::overbookingSettlement(seen), expected);
    const auto decision = StayMoneyRules::decideOverbookingMove(OverbookingAction::Upgrade, seen, eur(0),
                                                                QStringLiteral("overbooked"), QDate(2026, 5, 1));
    QVERIFY2(decision.ok(), decision ? "" : qPrintable(decision.error().message));
    QCOMPARE(decision->settlement, expected);
}

void TestStayMoneyRules::aWalkRefundsAllThatWasPaid()
{
    const auto paid = StayMoneyRules::decideWalk(moneyOf(20000, 18000), eur(8000), QStringLiteral(" partner hotel "),
                                                 QDate(2026, 5, 1));
    QVERIFY(paid.ok());
    QCOMPARE(paid->action, OverbookingAction::Walk);
    QCOMPARE(paid->refund, eur(18000));
    QCOMPARE(paid->seen.money.amountPaid, eur(18000));
    QCOMPARE(paid->compensation, eur(8000));
    QCOMPARE(paid->reason, QStringLiteral("partner hotel"));
    const auto unpaid
        = StayMoneyRules::decideWalk(moneyOf(20000, 0), eur(0), QStringLiteral("partner hotel"), QDate(2026, 5, 1));
    QCOMPARE(unpaid->refund, eur(0));
}

void TestStayMoneyRules::aWalkNeedsAReasonACompensationOfAtLeastZeroAndANight()
{
    const QDate night(2026, 5, 1);
    QCOMPARE(outcome(StayMoneyRules::decideWalk(moneyOf(20000, 0), eur(0), QString(), night)),
             QStringLiteral("bad_input"));
    QCOMPARE(outcome(StayMoneyRules::decideWalk(moneyOf(20000, 0), eur(-1), QStringLiteral("taxi"), night)),
             QStringLiteral("bad_input"));
    QCOMPARE(outcome(StayMoneyRules::decideWalk(moneyOf(20000, 0), eur(0), QStringLiteral("taxi"), QDate())),
             QStringLiteral("bad_input"));
    StayMoney nobody = moneyOf(20000, 0);
    nobody.stay = 0;
    QCOMPARE(outcome(StayMoneyRules::decideWalk(nobody, eur(0), QStringLiteral("taxi"), night)),
             QStringLiteral("bad_input"));
}

void TestStayMoneyRules::anOverbookingMoveNeedsATargetAndIsNotAWalk()
{
    const QDate night(2026, 5, 1);
    MoveQuote noTarget = quoteOf(20000, 0, 20000);
    noTarget.roomType = 0;
    QCOMPARE(outcome(StayMoneyRules::decideOverbookingMove(OverbookingAction::Move, noTarget, eur(0),
                                                           QStringLiteral("x"), night)),
             QStringLiteral("bad_input"));
    QCOMPARE(outcome(StayMoneyRules::decideOverbookingMove(OverbookingAction::Walk, quoteOf(20000, 0, 20000), eur(0),
                                                           QStringLiteral("x"), night)),
             QStringLiteral("bad_input"));
    QCOMPARE(outcome(StayMoneyRules::decideOverbookingMove(OverbookingAction::Move, quoteOf(20000, 0, 20000), eur(-5),
                                                           QStringLiteral("x"), night)),
             QStringLiteral("bad_input"));
}

void TestStayMoneyRules::theServiceHandsTheStoreTheFiguresItDecidedOn()
{
    m_world.money[guest] = moneyOf(20000, 20000);
    const auto cancelled = m_desk->cancelStay(guest, eur(5000), QStringLiteral("late cancellation"));
    QVERIFY(cancelled.ok());
    QCOMPARE(m_store->cancelled->seen.amountPaid, eur(20000));
    QCOMPARE(m_store->cancelled->refund, eur(15000));
    QCOMPARE(cancelled->refunded, eur(15000));

    init();
    const auto moved = m_desk->moveStay(guest, 4, QDate(2026, 5, 1), QDate(2026, 5, 4));
    QVERIFY(moved.ok()); // nothing taken: the dearer price is paid on departure
    QCOMPARE(m_store->moved->seen.money.price, eur(20000));
    QCOMPARE(m_store->moved->seen.newPrice, eur(30000));
    QCOMPARE(m_store->moved->seen.roomType, RoomTypeId(4));
    QCOMPARE(m_store->moved->settlement.how, PriceSettlement::None);
}

void TestStayMoneyRules::aDecisionOverMoneyThatChangedIsRefusedAndChangesNothing()
{
    // Shown unpaid; the guarantee was settled before the clerk confirmed.
    const StayMoney shown = m_world.money.value(guest);
    m_world.money[guest] = moneyOf(20000, 20000);
    QCOMPARE(outcome(m_desk->cancelStay(shown, eur(0), QString())), QStringLiteral("conflict"));
    QCOMPARE(m_world.states.value(guest), QStringLiteral("BOOKED"));
    QVERIFY(!m_store->cancelled);
    QCOMPARE(outcome(m_desk->walk(shown, eur(0), QStringLiteral("partner hotel"), QDate(2026, 5, 1), 1)),
             QStringLiteral("conflict"));
    QVERIFY(!m_store->resolved);
    const MoveQuote quoted{shown, eur(20000), 4, QDate(2026, 5, 1), QDate(2026, 5, 3)};
    QCOMPARE(outcome(m_desk->moveStay(quoted, {})), QStringLiteral("conflict"));
    QVERIFY(!m_store->moved);
}

void TestStayMoneyRules::anOverbookingMoveIsPricedOnTheStaysOwnNights()
{
    m_world.money[guest] = moneyOf(20000, 20000);
    QVERIFY(m_desk
                ->resolveOverbooking(guest, OverbookingAction::Upgrade, 5, eur(0), QStringLiteral("overbooked"),
                                     QDate(2026, 5, 1))
                .ok());
    QCOMPARE(m_store->quotedNights.size(), 1);
    QVERIFY(m_store->quotedNights.first().first.isNull() && m_store->quotedNights.first().second.isNull());
    QCOMPARE(m_store->resolved->seen.newPrice, eur(20000)); // two nights, as booked
    QCOMPARE(m_store->resolved->settlement, PriceSettlement::None);
    QCOMPARE(m_store->resolved->reason, QStringLiteral("overbooked"));
}

void TestStayMoneyRules::aGuaranteedCheckOutNeedsAPayment()
{
    QVERIFY(m_desk->checkIn(guest).ok());
    const auto unpaid = m_desk->checkOut(guest);
    QCOMPARE(outcome(unpaid), QStringLiteral("bad_input"));
    QCOMPARE(unpaid.error().reason, QLatin1String(ErrorReason::CheckOutNeedsPayment));
    CounterPayment onFile;
    onFile.method = PaymentMethod::Guarantee;
    onFile.cardReference = QStringLiteral("VISA-4242");
    const auto onGuarantee = m_desk->checkOut(guest, onFile);
    QCOMPARE(outcome(onGuarantee), QStringLiteral("bad_input"));
    QCOMPARE(onGuarantee.error().reason, QLatin1String(ErrorReason::CheckOutCashOrCard));
    QCOMPARE(m_world.states.value(guest), QStringLiteral("CHECKED_IN"));
    QVERIFY(m_world.settled.isEmpty());
}

void TestStayMoneyRules::aGuaranteedCheckOutPaysAndChecksOutInOneUnit()
{
    QVERIFY(m_desk->checkIn(guest).ok());
    const auto out = m_desk->checkOut(guest, cash(25000));
    QVERIFY2(out.ok(), out ? "" : qPrintable(out.error().message));
    QVERIFY(out->settled);
    QCOMPARE(out->sale.change.minor(), qint64(5000));
    QCOMPARE(m_unit->runs, 1);
    QCOMPARE(m_world.states.value(guest), QStringLiteral("CHECKED_OUT"));
    QCOMPARE(m_world.money.value(guest).orderState, std::optional<OrderState>(OrderState::Paid));
}

void TestStayMoneyRules::aRefusedCheckOutLeavesNoPaymentAndTheGuarantee()
{
    // Not checked in yet: the payment is taken first in the unit, then the check-out refuses.
    QCOMPARE(outcome(m_desk->checkOut(guest, cash(25000))), QStringLiteral("conflict"));
    QVERIFY(m_world.settled.isEmpty());
    QCOMPARE(m_world.money.value(guest).orderState, std::optional<OrderState>(OrderState::Guaranteed));
    QCOMPARE(m_world.states.value(guest), QStringLiteral("BOOKED"));
}

void TestStayMoneyRules::aPaymentForAStayThatOwesNothingIsRefused()
{
    m_world.money[guest] = moneyOf(20000, 20000);
    QVERIFY(m_desk->checkIn(guest).ok());
    const auto owesNothing = m_desk->checkOut(guest, cash(20000));
    QCOMPARE(outcome(owesNothing), QStringLiteral("conflict"));
    QCOMPARE(owesNothing.error().reason, QLatin1String(ErrorReason::CheckOutNothingOwed));
    QCOMPARE(m_world.states.value(guest), QStringLiteral("CHECKED_IN"));
    QVERIFY(m_desk->checkOut(guest).ok());
}

QTEST_APPLESS_MAIN(TestStayMoneyRules)
#include "tst_staymoneyrules.moc"
