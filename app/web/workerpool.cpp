#include "workerpool.h"

#include "weblogging.h"

#include <QThread>

#include <chrono>

namespace boxoffice::web {

namespace {
thread_local const WorkerPool *currentLane = nullptr;
thread_local WorkerContext *currentLaneContext = nullptr;

// A preferred server that failed is left alone this long: long enough that a dead standby costs each
// thread one refused connection (or one connect timeout) per pause, short enough to be back on it soon.
constexpr qint64 preferredPauseMs = 10000;

qint64 steadyMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
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
    documents.reset();
    poolBatches.reset();
    seatBatches.reset();
    carts.reset();
    holds.reset();
    caps.reset();
    unitOfWork.reset();
    capStore.reset();
    buyers.reset();
    accounts.reset();
    checkout.reset();
    seatMaps.reset();
    inventory.reset();
    connection.reset();
}

WorkerPool::WorkerPool(QString name, std::optional<ConnectionSettings> settings, int threads, int queueLimit,
                       LaneReads reads)
    : m_name(std::move(name)), m_settings(std::move(settings)), m_reads(std::move(reads)),
      m_size(qBound(1, threads, 1024)), m_queueLimit(qMax(0, queueLimit))
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
        const bool usable = !existing->broken && existing->connection && existing->connection->database().isOpen();
        if (usable && !(existing->onFallback && preferredDue()))
            return existing;
        m_contexts.setLocalData(nullptr); // deletes the old context
    }
    bool fellBack = false;
    auto connection = connect(&fellBack);
    if (!connection)
        return connection.error();
    auto context = std::make_unique<WorkerContext>();
    context->connection = std::move(connection.value());
    context->onFallback = fellBack;
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

bool WorkerPool::preferredDue() const
{
    return m_reads.preferred && m_preferredRetryAtMs.load() <= steadyMs();
}

Status WorkerPool::limitToReads(DatabaseConnection &connection) const
{
    if (!m_reads.readOnly)
        return Done{};
    return execStatement(connection.database(), QStringLiteral("SET default_transaction_read_only = on"),
                         QStringLiteral("making the %1 lane's connection read-only").arg(m_name));
}

Result<std::unique_ptr<DatabaseConnection>> WorkerPool::connect(bool *fellBack)
{
    const QString purpose = QStringLiteral("web-%1").arg(m_name);
    *fellBack = false;
    if (preferredDue()) {
        auto preferred = DatabaseConnection::open(*m_reads.preferred, purpose);
        Status ready = preferred ? limitToReads(*preferred.value()) : Status(preferred.error());
        if (ready)
            return preferred;
        m_preferredRetryAtMs = steadyMs() + preferredPauseMs;
        const DomainError &why = ready.error();
        qCWarning(lcWeb).noquote() << QStringLiteral("%1 lane: %2 did not answer (%3); reading from the main "
                                                     "database, and trying it again in %4 s")
                                          .arg(m_name, m_reads.preferred->describe(),
                                               why.detail.isEmpty() ? why.message : why.detail)
                                          .arg(preferredPauseMs / 1000);
    }
    *fellBack = m_reads.preferred.has_value();
    auto connection = DatabaseConnection::open(*m_settings, purpose);
    if (!connection)
        return connection.error();
    if (auto ready = limitToReads(*connection.value()); !ready)
        return ready.error();
    return connection;
}

Result<WorkerContext *> WorkerPool::reopen()
{
    if (m_contexts.hasLocalData() && m_contexts.localData())
        m_contexts.localData()->broken = true;
    auto fresh = context();
    currentLaneContext = fresh ? fresh.value() : nullptr;
    return fresh;
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
