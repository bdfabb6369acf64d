#include "workerpool.h"

#include "weblogging.h"

#include <QThread>

namespace boxoffice::web {

WorkerContext::~WorkerContext()
{
    // Every store holds prepared queries on the connection: they go first.
    poolBatches.reset();
    carts.reset();
    holds.reset();
    caps.reset();
    unitOfWork.reset();
    capStore.reset();
    buyers.reset();
    checkout.reset();
    seatMaps.reset();
    inventory.reset();
    connection.reset();
}

WorkerPool::WorkerPool(ConnectionSettings settings, int threads)
    : m_settings(std::move(settings)), m_size(qBound(1, threads, 256))
{
    m_pool.setMaxThreadCount(m_size);
    m_pool.setExpiryTimeout(-1); // threads (and their connections) live as long as the pool
}

WorkerPool::~WorkerPool()
{
    m_pool.waitForDone();
    m_pool.clear();
}

Result<WorkerContext *> WorkerPool::context()
{
    if (m_contexts.hasLocalData()) {
        WorkerContext *existing = m_contexts.localData();
        if (!existing->broken && existing->connection && existing->connection->database().isOpen())
            return existing;
        m_contexts.setLocalData(nullptr); // deletes the old context
    }
    auto connection = DatabaseConnection::open(m_settings, QStringLiteral("web"));
    if (!connection)
        return connection.error();
    auto context = std::make_unique<WorkerContext>();
    context->connection = std::move(connection.value());
    const QSqlDatabase database = context->connection->database();
    context->inventory = std::make_unique<PgInventory>(database);
    context->seatMaps = std::make_unique<PgSeatMapStore>(database);
    context->checkout = std::make_unique<PgCheckoutStore>(database, context->inventory->carts);
    context->buyers = std::make_unique<PgBuyerStore>(database);
    context->capStore = std::make_unique<PgBuyerCapStore>(database);
    context->unitOfWork = std::make_unique<PgUnitOfWork>(database);
    context->caps = std::make_unique<HoldCaps>(*context->capStore, *context->unitOfWork);
    context->holds = std::make_unique<SeatHoldService>(context->inventory->seats, context->caps.get());
    context->carts = std::make_unique<CartService>(context->inventory->carts);
    context->poolBatches = std::make_unique<PgPoolBatchStore>(database);
    qCDebug(lcWeb) << "worker thread" << QThread::currentThread() << "connected";
    WorkerContext *raw = context.release();
    m_contexts.setLocalData(raw);
    return raw;
}

void WorkerPool::start(std::function<void(Result<WorkerContext *>)> job)
{
    m_pool.start([this, job = std::move(job)] {
        ++m_busy;
        auto ctx = context();
        job(ctx);
        --m_busy;
    });
}

} // namespace boxoffice::web
