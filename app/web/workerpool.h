#pragma once

#include "domain/cartservice.h"
#include "domain/holdcaps.h"
#include "domain/result.h"
#include "domain/seatholdservice.h"
#include "storage/connectionsettings.h"
#include "storage/databaseconnection.h"
#include "storage/pgaccountstore.h"
#include "storage/pgbuyercapstore.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pginventory.h"
#include "storage/pgorderdocuments.h"
#include "storage/pgpoolbatchstore.h"
#include "storage/pgseatbatchstore.h"
#include "storage/pgseatmapstore.h"
#include "storage/pgunitofwork.h"

#include <QThreadPool>
#include <QThreadStorage>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace boxoffice::web {

// What one worker thread works with: its own connection and every store on it. Opened lazily on the
// thread's first job, kept for the thread's life, reopened after the connection was lost.
struct WorkerContext
{
    ~WorkerContext();

    std::unique_ptr<DatabaseConnection> connection;
    std::unique_ptr<PgInventory> inventory;
    std::unique_ptr<PgSeatMapStore> seatMaps;
    std::unique_ptr<PgCheckoutStore> checkout;
    std::unique_ptr<PgBuyerStore> buyers;
    std::unique_ptr<PgAccountStore> accounts; // the shop's sign-ins and sessions (migration 046)
    // A buyer's holds of every shape are claimed within the caps, in a unit of work on this
    // connection, so the claim of whichever store joins it.
    std::unique_ptr<PgBuyerCapStore> capStore;
    std::unique_ptr<PgUnitOfWork> unitOfWork;
    std::unique_ptr<HoldCaps> caps;
    std::unique_ptr<SeatHoldService> holds;
    std::unique_ptr<CartService> carts;
    std::unique_ptr<PgPoolBatchStore> poolBatches; // a batched pool's claim, when this thread leads the batch
    std::unique_ptr<PgSeatBatchStore> seatBatches; // the same for an event's seats
    std::unique_ptr<PgOrderDocuments> documents; // a buyer's order's tickets, and its mailed PDF
    bool broken = false; // a job saw the database go away: reopen before the next one
    // Opened on the lane's own database because its preferred server (the browse server) did not
    // answer: given up for another try at that server once the pause after its failure is over.
    bool onFallback = false;
};

// What the browse lane adds to a lane's connections.
struct LaneReads
{
    // Every connection refuses writes (default_transaction_read_only), so a write slipped into a
    // browse route fails on the main database just as it would on a standby, in every test.
    bool readOnly = false;
    // Tried first (a standby); while it cannot be reached, the lane's own settings are used.
    std::optional<ConnectionSettings> preferred;
};

// One lane of work: a fixed set of threads and a bounded queue in front of them. A database lane gives
// each thread its own connection; the provider lane has none (its jobs get a null context).
// The HTTP fronts' threads only parse, queue and write.
class WorkerPool
{
public:
    // `settings` empty (no database): the threads get no connection. `queueLimit`: how many jobs may
    // wait beyond one per thread before tryStart refuses.
    WorkerPool(QString name, std::optional<ConnectionSettings> settings, int threads, int queueLimit,
               LaneReads reads = {});
    ~WorkerPool(); // waits for running jobs; each thread closes its connection as it ends

    using Job = std::function<void(Result<WorkerContext *>)>;
    // Queues `job` unless the queue is full (false: nothing was queued). It runs on a lane thread with
    // that thread's context, or with the error that kept it from connecting.
    bool tryStart(Job job);
    // Queues whatever the queue holds, ahead of the waiting requests: a step of work already admitted
    // (a checkout's store call) must not be refused half way, nor wait behind new requests.
    void startAdmitted(Job job);

    // The lane whose job this thread runs now, and that job's context (null: not a lane thread, or
    // no connection).
    static const WorkerPool *current();
    static WorkerContext *currentContext();
    // Inside a job on this lane's thread: drops the thread's context (its connection failed) and opens
    // another the way the next job would, on the main database if the preferred server is the one gone.
    Result<WorkerContext *> reopen();

    const QString &name() const { return m_name; }
    int size() const { return m_size; }
    int queueLimit() const { return m_queueLimit; }
    int busy() const { return m_busy.load(); }
    int queued() const { return qMax(0, m_outstanding.load() - m_busy.load()); }
    quint64 refused() const { return m_refused.load(); }

private:
    void run(const Job &job, int priority);
    Result<WorkerContext *> context();
    Result<std::unique_ptr<DatabaseConnection>> connect(bool *fellBack);
    Status limitToReads(DatabaseConnection &connection) const;
    bool preferredDue() const;

    const QString m_name;
    const std::optional<ConnectionSettings> m_settings;
    const LaneReads m_reads;
    std::atomic<qint64> m_preferredRetryAtMs{0}; // on the steady clock; 0: try it now
    const int m_size;
    const int m_queueLimit;
    std::atomic<int> m_busy{0};
    std::atomic<int> m_outstanding{0}; // accepted, not finished
    std::atomic<quint64> m_refused{0};
    QThreadStorage<WorkerContext *> m_contexts; // declared before the pool: it must outlive its threads
    QThreadPool m_pool;
};

} // namespace boxoffice::web
