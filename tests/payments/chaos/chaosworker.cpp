// A chaos worker's operations on carts: holds of every shape, checkouts with every kind of provider
// trouble, races on one cart, retries, and boxoffice-ctl checkouts killed at random.

#include "chaosworker.h"

#include "chaosworld.h"
#include "ctlcheckout.h"

#include "domain/cartservice.h"
#include "domain/checkoutsaga.h"

#include <QDebug>
#include <QFile>

#include <array>

namespace boxoffice::test {

namespace {

// At least the provider client's timeout (the saga's rule); short, so a reconciliation run soon after
// may decide what a lost answer left open.
constexpr int sendWindowSeconds = 5;
constexpr int ringSize = 32;

// How often each operation is drawn, in Op order. Checkouts of every kind dominate; refunds keep pace
// with sales, so a long run keeps stock to fight over instead of selling out.
constexpr std::array<int, opCount> weights = {
    12, // browse
    14, // checkout
    5, // decline
    3, // hang
    4, // 500 before
    4, // 500 after
    6, // double click
    5, // cancel during checkout
    3, // resume
    3, // ctl checkout
    3, // ctl pause and kill
    3, // ctl random kill
    4, // release
    3, // extend
    20, // refund (one to four orders each)
    4, // move stay
    3, // overbooking
    2, // reconcile
    3, // webhooks
    1, // clerk refused
    1, // stray charge
    2, // late answer, units taken
};

QRandomGenerator seeded(quint64 seed, int index, quint32 stream)
{
    const quint64 mixed = seed + quint64(index);
    const std::array<quint32, 3> words{quint32(mixed), quint32(mixed >> 32), stream};
    return QRandomGenerator(words.data(), words.data() + words.size());
}

OpOutcome sagaOutcome(const Result<CheckoutOutcome> &outcome)
{
    if (!outcome)
        return classify(outcome.error());
    static const char *const states[] = {"paid", "declined", "pending"};
    return OpOutcome::done(QLatin1String(states[int(outcome->state)]), outcome->order);
}

} // namespace

// Also run on a twin's thread: touches nothing but the session it is given.
OpOutcome sagaCheckout(ChaosSession &session, const CartId &cart, int pinSeconds)
{
    CheckoutSaga saga(*session.store, *session.provider, ChaosWorld::providerName);
    saga.pinSeconds = pinSeconds;
    saga.sendWindowSeconds = sendWindowSeconds;
    return sagaOutcome(saga.checkout(cart, QStringLiteral("web"), QStringLiteral("chaos")));
}

// The worse of two outcomes of one operation: a failure wins, then the first side's answer.
OpOutcome combine(const OpOutcome &first, const OpOutcome &second, const QString &secondName)
{
    if (first.kind == OpOutcome::Kind::Failed)
        return first;
    if (second.kind == OpOutcome::Kind::Failed)
        return OpOutcome::failed(secondName + QStringLiteral(": ") + second.reason);
    OpOutcome outcome = first;
    const QString other = second.kind == OpOutcome::Kind::Done ? second.note : second.reason;
    outcome.note = (first.kind == OpOutcome::Kind::Done ? first.note : first.reason) + QStringLiteral(" / ")
        + secondName + QLatin1Char(' ') + other;
    return outcome;
}

ChaosProgress::ChaosProgress(ChaosStats &stats, int total)
    : stats(stats), total(total), every(total >= 20000 ? 5000 : 500)
{
    clock.start();
}

void ChaosProgress::advance()
{
    const int now = ++done;
    if (now % every != 0 && now != total)
        return;
    qInfo().noquote() << QStringLiteral(
                             "moneychaos: %1 of %2 operations, %3 s, %4 refused, %5 failures, %6 MiB resident")
                             .arg(now)
                             .arg(total)
                             .arg(clock.elapsed() / 1000)
                             .arg(stats.refusals())
                             .arg(stats.failures())
                             .arg(residentMiB());
}

// This process's resident memory (Linux), to show a long run stays bounded; -1 where unknown.
int ChaosProgress::residentMiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return int(line.mid(6).trimmed().split(' ').value(0).toLongLong() / 1024);
    }
    return -1;
}

ChaosWorker::ChaosWorker(const ChaosWorld &world, ChaosStats &stats, ChaosProgress &progress, int index, quint64 seed,
                         int quota)
    : m_world(world), m_stats(stats), m_progress(progress), m_index(index), m_quota(quota),
      m_kinds(seeded(seed, index, 0)), m_rng(seeded(seed, index, 1))
{ }

ChaosWorker::~ChaosWorker() = default;

void ChaosWorker::run()
{
    QString error;
    m_session = ChaosSession::open(m_world, QStringLiteral("chaos-worker-%1").arg(m_index), {}, {}, &error);
    if (!m_session) {
        m_stats.failure(QStringLiteral("worker %1").arg(m_index), QStringLiteral("could not connect: ") + error);
        return;
    }
    m_twin = std::make_unique<ChaosTwin>(m_world, QStringLiteral("chaos-twin-%1").arg(m_index));
    for (int n = 0; n < m_quota; ++n) {
        const Op op = draw();
        m_stats.record(m_index, n, op, perform(op));
        m_progress.advance();
    }
    m_twin.reset();
    m_clerk.reset();
    m_session.reset();
}

// The kinds come from a stream of their own, so the sequence of operations a worker runs is the
// seed's alone, whatever the database answered to the choices inside them.
Op ChaosWorker::draw()
{
    int total = 0;
    for (const int weight : weights)
        total += weight;
    int ticket = int(m_kinds.bounded(total));
    for (int i = 0; i < opCount; ++i) {
        if (ticket < weights[i])
            return Op(i);
        ticket -= weights[i];
    }
    return Op::Browse;
}

OpOutcome ChaosWorker::perform(Op op)
{
    switch (op) {
    case Op::Browse:
        return browse();
    case Op::Checkout:
        return checkout({});
    case Op::Decline:
        return checkout(QStringLiteral("decline"));
    case Op::Hang:
        return checkout(QStringLiteral("hang"));
    case Op::Error500Before:
        return checkout(QStringLiteral("error500_before"));
    case Op::Error500After:
        return checkout(QStringLiteral("error500"));
    case Op::DoubleClick:
        return doubleClick();
    case Op::CancelDuringCheckout:
        return cancelDuringCheckout();
    case Op::Resume:
        return resume();
    case Op::CtlCheckout:
    case Op::CtlPauseKill:
    case Op::CtlRandomKill:
        return ctlCheckout(op);
    case Op::Release:
        return release();
    case Op::Extend:
        return extend();
    case Op::Refund:
        return refund();
    case Op::MoveStay:
        return moveStay();
    case Op::Overbooking:
        return overbooking();
    case Op::Reconcile:
        return reconcile();
    case Op::Webhooks:
        return webhooks();
    case Op::ClerkRefused:
        return clerkRefused();
    case Op::StrayCharge:
        return strayCharge();
    case Op::LateAnswer:
        return lateAnswer();
    case Op::Count:
        break;
    }
    return OpOutcome::failed(QStringLiteral("no such operation"));
}

CartId ChaosWorker::newCart()
{
    return QStringLiteral("w%1-%2").arg(m_index).arg(++m_carts);
}

template<typename T> void ChaosWorker::remember(QVector<T> &ring, const T &value)
{
    if (ring.size() >= ringSize)
        ring.removeFirst();
    ring.append(value);
}

// Often long enough for any answer; often so short that a late or lost answer lets the units go to
// someone else before the money is settled (then replaced or refunded).
int ChaosWorker::pinSeconds()
{
    const int roll = pick(100);
    return roll < 40 ? 300 : roll < 65 ? 20 : 1;
}

void ChaosWorker::afterCheckout(const CartId &cart, const OpOutcome &outcome)
{
    remember(m_checkedOut, cart);
    if (outcome.kind == OpOutcome::Kind::Done && outcome.note == QLatin1String("pending") && outcome.order > 0)
        remember(m_pending, outcome.order);
}

OpOutcome ChaosWorker::checkout(const QString &behaviour)
{
    CartId cart;
    if (const OpOutcome filled = freshCart(&cart); filled.kind != OpOutcome::Kind::Done)
        return filled;
    // The provider's plan is one queue for every client: another thread's charge may meet this
    // trouble instead, which is chaos too.
    if (!behaviour.isEmpty())
        m_world.behave(behaviour);
    const OpOutcome outcome = sagaCheckout(*m_session, cart, pinSeconds());
    afterCheckout(cart, outcome);
    return outcome;
}

OpOutcome ChaosWorker::doubleClick()
{
    CartId cart;
    if (const OpOutcome filled = freshCart(&cart); filled.kind != OpOutcome::Kind::Done)
        return filled;
    const int pin = pinSeconds();
    m_twin->start([cart, pin](ChaosSession &session) { return sagaCheckout(session, cart, pin); });
    const OpOutcome mine = sagaCheckout(*m_session, cart, pin);
    const OpOutcome twin = m_twin->finish();
    afterCheckout(cart, mine);
    if (mine.order != 0 && twin.order != 0 && mine.order != twin.order)
        return OpOutcome::failed(
            QStringLiteral("one cart, two orders: %1 and %2 (cart %3)").arg(mine.order).arg(twin.order).arg(cart));
    return combine(mine, twin, QStringLiteral("second click"));
}

OpOutcome ChaosWorker::cancelDuringCheckout()
{
    CartId cart;
    if (const OpOutcome filled = freshCart(&cart); filled.kind != OpOutcome::Kind::Done)
        return filled;
    const int delayMs = pick(40);
    m_twin->start([cart, delayMs](ChaosSession &session) {
        QThread::msleep(delayMs);
        auto released = CartService(session.inventory->carts).releaseCart(cart);
        if (!released)
            return classify(released.error());
        return OpOutcome::done(released->released.isEmpty() ? QStringLiteral("nothing") : QStringLiteral("released"));
    });
    const OpOutcome mine = sagaCheckout(*m_session, cart, pinSeconds());
    const OpOutcome release = m_twin->finish();
    afterCheckout(cart, mine);
    return combine(mine, release, QStringLiteral("release"));
}

OpOutcome ChaosWorker::resume()
{
    if (!m_pending.isEmpty() && chance(70)) {
        const OrderId order = m_pending.takeAt(pick(int(m_pending.size())));
        if (chance(30)) {
            const OpOutcome outcome = CtlCheckout(m_world).run({QStringLiteral("--order"), QString::number(order)},
                                                               CtlCheckout::Mode::Finish);
            if (outcome.note == QLatin1String("pending"))
                remember(m_pending, order);
            return outcome;
        }
        CheckoutSaga saga(*m_session->store, *m_session->provider, ChaosWorld::providerName);
        saga.pinSeconds = pinSeconds();
        saga.sendWindowSeconds = sendWindowSeconds;
        const OpOutcome outcome = sagaOutcome(saga.resume(order));
        if (outcome.note == QLatin1String("pending"))
            remember(m_pending, order);
        return outcome;
    }
    if (m_checkedOut.isEmpty())
        return OpOutcome::refused(QStringLiteral("nothing to resume"));
    // The buyer clicks "pay" again on a cart already checked out (after a sale, a decline, a crash).
    const CartId cart = m_checkedOut.at(pick(int(m_checkedOut.size())));
    const OpOutcome outcome = sagaCheckout(*m_session, cart, pinSeconds());
    if (outcome.note == QLatin1String("pending") && outcome.order > 0)
        remember(m_pending, outcome.order);
    return outcome;
}

OpOutcome ChaosWorker::ctlCheckout(Op op)
{
    CartId cart;
    if (const OpOutcome filled = freshCart(&cart); filled.kind != OpOutcome::Kind::Done)
        return filled;
    const CtlCheckout ctl(m_world);
    const QStringList arguments{QStringLiteral("--cart"), cart};
    OpOutcome outcome;
    if (op == Op::CtlPauseKill)
        outcome = ctl.run(arguments, CtlCheckout::Mode::PauseAndKill,
                          CtlCheckout::steps.at(pick(int(CtlCheckout::steps.size()))));
    else if (op == Op::CtlRandomKill)
        outcome = ctl.run(arguments, CtlCheckout::Mode::KillAfter, {}, pick(900));
    else
        outcome = ctl.run(arguments, CtlCheckout::Mode::Finish);
    afterCheckout(cart, outcome);
    return outcome;
}

OpOutcome ChaosWorker::release()
{
    // The cart being browsed, or one checked out already (its units pinned, sold or gone).
    CartId cart = m_browsing;
    if ((cart.isEmpty() || chance(30)) && !m_checkedOut.isEmpty())
        cart = m_checkedOut.at(pick(int(m_checkedOut.size())));
    if (cart.isEmpty())
        return OpOutcome::refused(QStringLiteral("no cart yet"));
    auto released = CartService(m_session->inventory->carts).releaseCart(cart);
    if (!released)
        return classify(released.error());
    return OpOutcome::done(released->released.isEmpty() ? QStringLiteral("nothing held") : QStringLiteral("released"));
}

OpOutcome ChaosWorker::extend()
{
    CartId cart = m_browsing;
    if ((cart.isEmpty() || chance(30)) && !m_checkedOut.isEmpty())
        cart = m_checkedOut.at(pick(int(m_checkedOut.size())));
    if (cart.isEmpty())
        return OpOutcome::refused(QStringLiteral("no cart yet"));
    auto extended = CartService(m_session->inventory->carts).extend(cart);
    return extended ? OpOutcome::done() : classify(extended.error());
}

} // namespace boxoffice::test
