#pragma once

#include "domain/cartservice.h"
#include "domain/holdcaps.h"
#include "domain/result.h"
#include "domain/seatholdservice.h"
#include "storage/connectionsettings.h"
#include "storage/databaseconnection.h"
#include "storage/pgbuyercapstore.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pginventory.h"
#include "storage/pgpoolbatchstore.h"
#include "storage/pgseatmapstore.h"
#include "storage/pgunitofwork.h"

#include <QThreadPool>
#include <QThreadStorage>

#include <atomic>
#include <functional>
#include <memory>

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
    // A buyer's holds of every shape are claimed within the caps, in a unit of work on this
    // connection, so the claim of whichever store joins it.
    std::unique_ptr<PgBuyerCapStore> capStore;
    std::unique_ptr<PgUnitOfWork> unitOfWork;
    std::unique_ptr<HoldCaps> caps;
    std::unique_ptr<SeatHoldService> holds;
    std::unique_ptr<CartService> carts;
    std::unique_ptr<PgPoolBatchStore> poolBatches; // a batched pool's claim, when this thread leads the batch
    bool broken = false; // a job saw the database go away: reopen before the next one
};

// A fixed pool of threads for database work (QHttpServer's own thread only parses and writes).
class WorkerPool
{
public:
    WorkerPool(ConnectionSettings settings, int threads);
    ~WorkerPool(); // waits for running jobs; each thread closes its connection as it ends

    // Runs `job` on a pool thread with that thread's context, or with the error that kept it from
    // connecting.
    void start(std::function<void(Result<WorkerContext *>)> job);

    int size() const { return m_size; }
    int busy() const { return m_busy.load(); }

private:
    Result<WorkerContext *> context();

    const ConnectionSettings m_settings;
    const int m_size;
    std::atomic<int> m_busy{0};
    QThreadStorage<WorkerContext *> m_contexts; // declared before the pool: it must outlive its threads
    QThreadPool m_pool;
};

} // namespace boxoffice::web
