#include "workerpool.h"

#include "weblogging.h"

#include <QThread>

namespace boxoffice::web {

namespace {
thread_local const WorkerPool *currentLane = nullptr;
thread_local WorkerContext *currentLaneContext = nullptr;
} // namespace

const WorkerPool *WorkerPool::current()
{
    return currentLane;
}

WorkerContext *WorkerPool::currentContext()
{
    return currentLaneContext;
}

WorkerContext::~WorkerContext()
{
    // Every store holds prepared queries on the connection: they go first.
    poolBatches.reset();
    seatBatches.reset();
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

WorkerPool::WorkerPool(QString name, std::optional<ConnectionSettings> settings, int threads, int queueLimit)
    : m_name(std::move(name)), m_settings(std::move(settings)), m_size(qBound(1, threads, 1024)),
      m_queueLimit(qMax(0, queueLimit))
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
    if (!m_settings)
        return static_cast<WorkerContext *>(nullptr);
    if (m_contexts.hasLocalData()) {
        WorkerContext *existing = m_contexts.localData();
        if (!existing->broken && existing->connection && existing->connection->database().isOpen())
            return existing;
        m_contexts.setLocalData(nullptr); // deletes the old context
    }
    auto connection = DatabaseConnection::open(*m_settings, QStringLiteral("web-%1").arg(m_name));
    if (!connection)
        return connection.error();
    auto context = std::make_unique<WorkerContext>();
    context->connection = std::move(connection.value());
    const QSqlDatabase database = context->connection->database();
    context->inventory = std::make_unique<PgInventory>(database);
    context->seatMaps = std::make_unique<PgSeatMapStore>(database);
    context->checkout = std::make_unique<PgCheckoutStore>(database, context->inventory->carts);
    context->buyers = std::make_unique<PgBuyerStore>(database);
    context->accounts = std::make_unique<PgAccountStore>(database);
    context->capStore = std::make_unique<PgBuyerCapStore>(database);
    context->unitOfWork = std::make_unique<PgUnitOfWork>(database);
    context->caps = std::make_unique<HoldCaps>(*context->capStore, *context->unitOfWork);
    context->holds = std::make_unique<SeatHoldService>(context->inventory->seats, context->caps.get());
    context->carts = std::make_unique<CartService>(context->inventory->carts);
    context->poolBatches = std::make_unique<PgPoolBatchStore>(database);
    context->seatBatches = std::make_unique<PgSeatBatchStore>(database);
    context->documents = std::make_unique<PgOrderDocuments>(database);
    qCDebug(lcWeb) << m_name << "lane thread" << QThread::currentThread() << "connected";
    WorkerContext *raw = context.release();
    m_contexts.setLocalData(raw);
    return raw;
}

void WorkerPool::run(const Job &job, int priority)
{
    ++m_outstanding;
    m_pool.start(
        [this, job] {
            ++m_busy;
            auto ctx = context();
            currentLane = this;
            currentLaneContext = ctx ? ctx.value() : nullptr;
            job(ctx);
            currentLane = nullptr;
            currentLaneContext = nullptr;
            --m_busy;
            --m_outstanding;
        },
        priority);
}

bool WorkerPool::tryStart(Job job)
{
    // Counted from what was accepted and has not finished, not from what the threads have picked up
    // yet, so the bound is exact however late a thread starts.
    if (m_outstanding.load() >= m_size + m_queueLimit) {
        ++m_refused;
        return false;
    }
    run(job, 0);
    return true;
}

void WorkerPool::startAdmitted(Job job)
{
    run(job, 1);
}

} // namespace boxoffice::web
