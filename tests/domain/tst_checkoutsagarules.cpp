// The checkout saga's and reconciliation's rules on their own, with an in-memory store and provider:
// a repeated checkout continues one order, a request is sent only under permission, a closed key is
// never sent again, "no such charge" is final only once nothing can still arrive, and the provider's
// own list wins over what we recorded. The same scenarios run against PostgreSQL in tst_moneyledger.

#include "memorycheckoutstore.h"
#include "statenames.h"

#include "domain/checkoutsaga.h"
#include "domain/reconciler.h"

#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

// A provider that keeps its charges by key, answers idempotently, and can be told how the next
// request goes: a decline, a 500 before charging (answered), or a timeout after charging (no answer).
class MemoryProvider final : public PaymentProvider
{
public:
    enum class Next { Succeed, Decline, ErrorBefore, TimeoutAfterCharging, TimeoutBeforeArriving };
    Next next = Next::Succeed;
    int requests = 0;

    Result<ChargeOutcome> charge(const ChargeRequest &request) override
    {
        ++requests;
        const Next mode = std::exchange(next, Next::Succeed);
        ChargeOutcome outcome;
        if (mode == Next::ErrorBefore) {
            outcome.answered = true;
            return outcome;
        }
        if (mode == Next::TimeoutBeforeArriving)
            return outcome;
        if (!m_charges.contains(request.idempotencyKey)) {
            ProviderCharge charge;
            charge.providerPaymentId = QStringLiteral("pi_%1").arg(m_charges.size() + 1);
            charge.idempotencyKey = request.idempotencyKey;
            charge.order = request.order;
            charge.amount = request.amount;
            charge.status = mode == Next::Decline ? ChargeStatus::Declined : ChargeStatus::Succeeded;
            m_charges.insert(request.idempotencyKey, charge);
        }
        if (mode == Next::TimeoutAfterCharging)
            return outcome;
        return answer(m_charges.value(request.idempotencyKey));
    }
    // Keys the provider cannot answer for now (its API fails for them), also missing from its list.
    QSet<QString> unanswered;

    Result<ChargeOutcome> chargeByKey(const QString &key) override
    {
        if (unanswered.contains(key))
            return makeError(ErrorCode::Unavailable, QStringLiteral("the provider answered 500"));
        if (!m_charges.contains(key))
            return makeError(ErrorCode::NotFound, QStringLiteral("no charge under this key"));
        return answer(m_charges.value(key));
    }
    Result<RefundOutcome> refund(const RefundRequest &request) override
    {
        m_refunded += request.amount.minor();
        RefundOutcome outcome;
        outcome.status = ChargeStatus::Succeeded;
        return outcome;
    }
    Result<QVector<ProviderCharge>> listCharges(const QDateTime &, const QString &prefix) override
    {
        QVector<ProviderCharge> listed;
        for (const ProviderCharge &charge : m_charges) {
            if (charge.idempotencyKey.startsWith(prefix) && !unanswered.contains(charge.idempotencyKey))
                listed << charge;
        }
        return listed;
    }

    int charges() const { return int(m_charges.size()); }
    qint64 refunded() const { return m_refunded; }
    void chargeBehindTheShopsBack(const QString &key, OrderId order, qint64 amountMinor)
    {
        ProviderCharge charge;
        charge.providerPaymentId = QStringLiteral("pi_late");
        charge.idempotencyKey = key;
        charge.order = order;
        charge.amount = Money(amountMinor, QStringLiteral("EUR"));
        charge.status = ChargeStatus::Succeeded;
        m_charges.insert(key, charge);
    }

private:
    static ChargeOutcome answer(const ProviderCharge &charge)
    {
        ChargeOutcome outcome;
        outcome.status = charge.status;
        outcome.providerPaymentId = charge.providerPaymentId;
        outcome.amount = charge.amount;
        outcome.answered = true;
        return outcome;
    }

    QHash<QString, ProviderCharge> m_charges;
    qint64 m_refunded = 0;
};

const QString cart = QStringLiteral("web-1");

} // namespace

class TestCheckoutSagaRules : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void aRepeatedCheckoutContinuesTheSameOrder();
    void aCheckoutAfterATimeoutFinishesUnderTheSameKey();
    void aClosedKeyIsNeverSentAgain();
    void noChargeIsFinalOnlyOnceNothingCanArrive();
    void theProvidersListWinsOverARecordedDecline();
    void aUnitLostMidChargeIsRefundedOnce();
    void aPinnedCartCannotBeGivenBack();
    void oneChargeTheProviderCannotAnswerForHoldsUpNoOther();

private:
    MemoryCheckoutStore m_store;
    MemoryProvider m_provider;
};

void TestCheckoutSagaRules::init()
{
    m_store = MemoryCheckoutStore();
    m_provider = MemoryProvider();
    m_store.hold(cart, 1, 4500);
    m_store.hold(cart, 2, 4500);
}

void TestCheckoutSagaRules::aRepeatedCheckoutContinuesTheSameOrder()
{
    CheckoutSaga saga(m_store, m_provider, QStringLiteral("memory"));
    const auto first = saga.checkout(cart, QStringLiteral("web"), {});
    const auto second = saga.checkout(cart, QStringLiteral("web"), {});
    QVERIFY(first.ok() && second.ok());
    QCOMPARE(first->state, CheckoutOutcome::State::Paid);
    QCOMPARE(second->state, CheckoutOutcome::State::Paid);
    QCOMPARE(second->order, first->order);
    QCOMPARE(m_store.ordersOf(cart), 1);
    QCOMPARE(m_provider.charges(), 1);
}

void TestCheckoutSagaRules::aCheckoutAfterATimeoutFinishesUnderTheSameKey()
{
    m_provider.next = MemoryProvider::Next::TimeoutAfterCharging;
    CheckoutSaga saga(m_store, m_provider, QStringLiteral("memory"));
    const auto first = saga.checkout(cart, QStringLiteral("web"), {});
    QCOMPARE(first->state, CheckoutOutcome::State::Pending);
    QVERIFY(m_store.unitAt(1).pinned);
    const auto retry = saga.checkout(cart, QStringLiteral("web"), {});
    QCOMPARE(retry->state, CheckoutOutcome::State::Paid);
    QCOMPARE(retry->order, first->order);
    QCOMPARE(m_provider.charges(), 1);
    QCOMPARE(m_provider.requests, 2);
}

void TestCheckoutSagaRules::aClosedKeyIsNeverSentAgain()
{
    m_provider.next = MemoryProvider::Next::ErrorBefore;
    CheckoutSaga saga(m_store, m_provider, QStringLiteral("memory"));
    const auto first = saga.checkout(cart, QStringLiteral("web"), {});
    QCOMPARE(first->state, CheckoutOutcome::State::Pending);
    const auto counts = Reconciler(m_store, m_provider).run(0);
    QVERIFY(counts.ok());
    QCOMPARE(counts->cancelled, 1);
    QCOMPARE(m_store.orderAt(first->order).state, OrderState::Cancelled);
    const int before = m_provider.requests;
    const auto resumed = saga.resume(first->order);
    QVERIFY(resumed.ok());
    QCOMPARE(resumed->state, CheckoutOutcome::State::Declined);
    QCOMPARE(m_provider.requests, before);
    QCOMPARE(m_provider.charges(), 0);
}

void TestCheckoutSagaRules::noChargeIsFinalOnlyOnceNothingCanArrive()
{
    m_provider.next = MemoryProvider::Next::TimeoutBeforeArriving;
    CheckoutSaga saga(m_store, m_provider, QStringLiteral("memory"));
    const auto first = saga.checkout(cart, QStringLiteral("web"), {});
    QCOMPARE(first->state, CheckoutOutcome::State::Pending);
    Reconciler reconciler(m_store, m_provider);
    // The request may still reach the provider: "no charge" proves nothing yet, and the units stay.
    QCOMPARE(reconciler.run(0)->stillUnknown, 1);
    QCOMPARE(m_store.orderAt(first->order).state, OrderState::Pending);
    QVERIFY(m_store.unitAt(1).pinned);
    m_store.passDeadlines();
    QCOMPARE(reconciler.run(0)->cancelled, 1);
    QCOMPARE(m_store.orderAt(first->order).state, OrderState::Cancelled);
}

void TestCheckoutSagaRules::theProvidersListWinsOverARecordedDecline()
{
    m_provider.next = MemoryProvider::Next::ErrorBefore;
    CheckoutSaga saga(m_store, m_provider, QStringLiteral("memory"));
    const auto first = saga.checkout(cart, QStringLiteral("web"), {});
    QCOMPARE(Reconciler(m_store, m_provider).run(0)->cancelled, 1);
    // A request that was on its way lands after all: the provider holds money for a cancelled order.
    m_provider.chargeBehindTheShopsBack(CheckoutSaga::chargeKey(first->order), first->order, 9000);
    const auto counts = Reconciler(m_store, m_provider).run(0);
    QVERIFY(counts.ok());
    QCOMPARE(m_store.paymentOf(first->order).state, PaymentState::Succeeded);
    QCOMPARE(m_store.refundedMinor(first->order), 9000);
    QCOMPARE(m_provider.refunded(), 9000);
    QCOMPARE(Reconciler(m_store, m_provider).run(0)->total(), 0);
    QCOMPARE(m_store.refundRows(first->order), 1);
}

void TestCheckoutSagaRules::aUnitLostMidChargeIsRefundedOnce()
{
    CheckoutSaga saga(m_store, m_provider, QStringLiteral("memory"));
    saga.checkpoint = [this](const QString &step) {
        if (step == QLatin1String("charge-started"))
            m_store.takeByAnother(2); // a pin that ran out, and another buyer
    };
    const auto paid = saga.checkout(cart, QStringLiteral("web"), {});
    QVERIFY(paid.ok());
    QCOMPARE(paid->state, CheckoutOutcome::State::Paid);
    QCOMPARE(paid->settlement.sold.size(), 1);
    QCOMPARE(paid->settlement.refunded.size(), 1);
    QCOMPARE(paid->refundsCarriedOut, 1);
    QCOMPARE(m_provider.refunded(), 4500);
    QVERIFY(m_store.settlePaidOrder(paid->order).ok());
    QCOMPARE(m_store.refundRows(paid->order), 1);
}

void TestCheckoutSagaRules::aPinnedCartCannotBeGivenBack()
{
    m_provider.next = MemoryProvider::Next::TimeoutAfterCharging;
    CheckoutSaga saga(m_store, m_provider, QStringLiteral("memory"));
    QCOMPARE(saga.checkout(cart, QStringLiteral("web"), {})->state, CheckoutOutcome::State::Pending);
    QVERIFY(!m_store.releaseCartFromChannel(cart));
    QCOMPARE(m_store.unitAt(1).cart, cart);
}

void TestCheckoutSagaRules::oneChargeTheProviderCannotAnswerForHoldsUpNoOther()
{
    const QString other = QStringLiteral("web-2");
    m_store.hold(other, 3, 4500);
    CheckoutSaga saga(m_store, m_provider, QStringLiteral("memory"));
    m_provider.next = MemoryProvider::Next::TimeoutAfterCharging;
    const auto first = saga.checkout(cart, QStringLiteral("web"), {});
    m_provider.next = MemoryProvider::Next::TimeoutAfterCharging;
    const auto second = saga.checkout(other, QStringLiteral("web"), {});
    QCOMPARE(first->state, CheckoutOutcome::State::Pending);
    QCOMPARE(second->state, CheckoutOutcome::State::Pending);
    m_provider.unanswered.insert(CheckoutSaga::chargeKey(first->order));

    const auto counts = Reconciler(m_store, m_provider).run(0);
    QVERIFY2(counts.ok(), counts.ok() ? "" : qPrintable(counts.error().message));
    QCOMPARE(counts->failed, 1);
    QVERIFY2(counts->failures.value(0).contains(QStringLiteral("500")),
             qPrintable(counts->failures.join(QLatin1Char('\n'))));
    QCOMPARE(counts->confirmed, 1);
    QCOMPARE(m_store.orderAt(second->order).state, OrderState::Paid);
    // The unanswered one keeps its units pinned and is asked again next run.
    QCOMPARE(m_store.orderAt(first->order).state, OrderState::Pending);
    QVERIFY(m_store.unitAt(1).pinned);

    m_provider.unanswered.clear();
    const auto later = Reconciler(m_store, m_provider).run(0);
    QVERIFY(later.ok());
    QCOMPARE(later->failed, 0);
    QCOMPARE(later->confirmed, 1);
    QCOMPARE(m_store.orderAt(first->order).state, OrderState::Paid);
    QCOMPARE(m_provider.charges(), 2);
}

QTEST_GUILESS_MAIN(TestCheckoutSagaRules)
#include "tst_checkoutsagarules.moc"
