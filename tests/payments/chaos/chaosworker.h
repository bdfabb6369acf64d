#pragma once

#include "chaosstats.h"
#include "chaostwin.h"

#include "domain/ids.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QVector>

#include <atomic>
#include <memory>

namespace boxoffice::test {

struct ChaosSession;
struct ChaosWorld;

// A checkout of `cart` through the saga on `session` (a worker's or its twin's): the answer, and the
// order it named.
OpOutcome sagaCheckout(ChaosSession &session, const CartId &cart, int pinSeconds);
// The worse of two outcomes of one operation: a failure wins, then the first side's answer.
OpOutcome combine(const OpOutcome &first, const OpOutcome &second, const QString &secondName);

// How far the whole run is, printed every `every` operations so a long run shows it is alive.
struct ChaosProgress
{
    ChaosProgress(ChaosStats &stats, int total);
    void advance();
    static int residentMiB();

    ChaosStats &stats;
    const int total;
    const int every;
    std::atomic<int> done{0};
    QElapsedTimer clock;
};

// One worker thread: its own connection, stores and provider client, a twin for races on one cart,
// and a random generator seeded from the run's seed and the worker's index, from which every choice
// it makes is drawn. It runs its share of the operations, one after another.
class ChaosWorker
{
public:
    ChaosWorker(const ChaosWorld &world, ChaosStats &stats, ChaosProgress &progress, int index, quint64 seed,
                int quota);
    ~ChaosWorker();

    void run(); // in the worker's own thread

private:
    Op draw();
    OpOutcome perform(Op op);
    CartId newCart();
    int pick(int bound) { return int(m_rng.bounded(bound)); }
    bool chance(int percent) { return pick(100) < percent; }
    template<typename T> void remember(QVector<T> &ring, const T &value);

    // chaosworker.cpp: carts and the checkout saga.
    struct Filled
    {
        int held = 0;
        QString failure;
    };
    Filled fill(ChaosSession &session, const CartId &cart, int items, int ttlSeconds);
    OpOutcome holdOne(ChaosSession &session, const CartId &cart, int ttlSeconds);
    QVector<UnitId> wantedSeats(ChaosSession &session);
    static OpOutcome shapeRefused(OpOutcome outcome, const QString &shape);
    OpOutcome browse();
    OpOutcome checkout(const QString &behaviour);
    OpOutcome doubleClick();
    OpOutcome cancelDuringCheckout();
    OpOutcome resume();
    OpOutcome ctlCheckout(Op op);
    OpOutcome release();
    OpOutcome extend();
    OpOutcome freshCart(CartId *cart); // a cart with something in it, for a checkout
    int pinSeconds();
    void afterCheckout(const CartId &cart, const OpOutcome &outcome);

    // chaosmanagerops.cpp: a manager's and the back office's work.
    OpOutcome refund();
    OpOutcome refundOne();
    OpOutcome moveStay();
    OpOutcome overbooking();
    OpOutcome reconcile();
    OpOutcome webhooks();
    OpOutcome clerkRefused();
    OpOutcome strayCharge();

    // chaoslateanswer.cpp: units taken while the money's answer is lost.
    OpOutcome lateAnswer();
    OpOutcome chargeAndSteal();
    int steal(ChaosSession &session, OrderId order, const CartId &thief);
    // A random row of `table`'s ids matching `where` (0 when none), through `session`.
    qint64 pickId(ChaosSession &session, const QString &table, const QString &where);

    const ChaosWorld &m_world;
    ChaosStats &m_stats;
    ChaosProgress &m_progress;
    const int m_index;
    const int m_quota;
    QRandomGenerator m_kinds; // which operation comes next
    QRandomGenerator m_rng; // every choice inside an operation
    std::unique_ptr<ChaosSession> m_session;
    std::unique_ptr<ChaosSession> m_clerk;
    std::unique_ptr<ChaosTwin> m_twin;
    int m_carts = 0;
    int m_strays = 0;
    CartId m_browsing;
    // Bounded: what later operations come back to (retries, a second click after the sale).
    QVector<OrderId> m_pending;
    QVector<CartId> m_checkedOut;
};

} // namespace boxoffice::test
