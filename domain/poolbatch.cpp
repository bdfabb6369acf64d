#include "domain/poolbatch.h"

#include <QLoggingCategory>

#include <optional>

namespace boxoffice {

namespace {
Q_LOGGING_CATEGORY(lcBatch, "boxoffice.poolbatch", QtWarningMsg)
} // namespace

struct PoolBatcher::Ask
{
    const PoolHoldRequest *request = nullptr;
    std::optional<Result<PoolHold>> answer;
};

struct PoolBatcher::Batch
{
    std::vector<Ask *> asks; // arrival order; the asks live on their callers' stacks until answered
    bool closed = false; // no more asks join
    bool answered = false;
    std::condition_variable answeredChanged; // the followers wait here
};

// One per pool: the batch still gathering asks, and how many of the pool's batches are in the database.
struct PoolBatcher::Lane
{
    std::shared_ptr<Batch> open;
    int sending = 0;
    std::condition_variable changed; // leaders wait here: their batch filled up, or one finished sending
};

PoolBatcher::PoolBatcher() : PoolBatcher(Options{}) { }

PoolBatcher::PoolBatcher(Options options) : m_options(options) { }

PoolBatcher::~PoolBatcher() = default;

PoolBatcher::Figures PoolBatcher::figures() const
{
    std::lock_guard lock(m_mutex);
    return m_figures;
}

Result<PoolHold> PoolBatcher::hold(const PoolHoldRequest &request, PoolBatchStore &store)
{
    Ask own;
    own.request = &request;
    std::unique_lock lock(m_mutex);
    std::shared_ptr<Lane> &slot = m_lanes[request.pool];
    if (!slot)
        slot = std::make_shared<Lane>();
    const std::shared_ptr<Lane> lane = slot;
    std::shared_ptr<Batch> batch = lane->open;
    const bool leader = !batch;
    if (leader) {
        batch = std::make_shared<Batch>();
        lane->open = batch;
    }
    batch->asks.push_back(&own);
    if (int(batch->asks.size()) >= qMax(1, m_options.maxBatch)) {
        batch->closed = true;
        lane->open.reset();
        lane->changed.notify_all();
    }
    if (leader)
        return this->lead(lock, *lane, batch, own, store);
    batch->answeredChanged.wait(lock, [&] { return batch->answered; });
    return std::move(*own.answer);
}

Result<PoolHold> PoolBatcher::lead(std::unique_lock<std::mutex> &lock, Lane &lane, const std::shared_ptr<Batch> &batch,
                                   Ask &own, PoolBatchStore &store)
{
    const auto deadline = std::chrono::steady_clock::now() + m_options.window;
    lane.changed.wait_until(lock, deadline, [&] { return batch->closed; });
    // While the pool's previous batch holds its row lock, sending would only queue behind it: keep
    // gathering instead, so under load each batch is as large as the last one took.
    lane.changed.wait(lock, [&] { return batch->closed || lane.sending == 0; });
    if (lane.open == batch)
        lane.open.reset();
    batch->closed = true;
    ++lane.sending;
    std::vector<PoolHoldRequest> requests;
    requests.reserve(batch->asks.size());
    for (const Ask *ask : batch->asks)
        requests.push_back(*ask->request);
    const PoolId pool = own.request->pool;
    lock.unlock();

    auto answers = store.holdBatch(pool, requests);

    lock.lock();
    --lane.sending;
    lane.changed.notify_all();
    ++m_figures.batches;
    m_figures.asks += qint64(requests.size());
    m_figures.largest = qMax(m_figures.largest, int(requests.size()));
    if (answers && answers->size() != requests.size()) {
        qCWarning(lcBatch) << "pool" << pool << "batch of" << requests.size() << "got" << answers->size() << "answers";
        answers = makeError(ErrorCode::Internal, QStringLiteral("The batched claim did not answer every ask."));
    }
    for (size_t i = 0; i < batch->asks.size(); ++i)
        batch->asks[i]->answer.emplace(answers ? answers->at(i) : Result<PoolHold>(answers.error()));
    batch->answered = true;
    batch->answeredChanged.notify_all();
    return std::move(*own.answer);
}

} // namespace boxoffice
