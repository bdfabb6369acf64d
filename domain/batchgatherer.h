#pragma once

#include "domain/result.h"

#include <QHash>
#include <QLoggingCategory>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

Q_DECLARE_LOGGING_CATEGORY(lcBatch)

namespace boxoffice {

// Gathers the asks that callers on many threads make on one key (a hot pool, an event's seats) at about
// the same time into one batch, sent to the database as one call and one commit. No thread of its own:
// the first caller of a batch leads it: it waits up to `window` for others to join, and while the key
// already has `inFlight` batches in the database it keeps gathering (so under load each batch grows to
// what the last ones took), then sends the batch on ITS OWN connection and hands every follower its
// answer. A batch closes early at `maxBatch` asks.
//
// `send(asks)` answers every ask in order, or fails as a whole (the connection lost): then every ask
// gets that error, and none was granted.
template <typename Key, typename Ask, typename Answer>
class BatchGatherer
{
public:
    struct Options
    {
        std::chrono::microseconds window{1000};
        int maxBatch = 500;
        int inFlight = 1; // batches of one key in the database at once
    };
    struct Figures
    {
        qint64 batches = 0;
        qint64 asks = 0;
        int largest = 0;
    };

    explicit BatchGatherer(Options options) : m_options(options) { }
    BatchGatherer(const BatchGatherer &) = delete;
    BatchGatherer &operator=(const BatchGatherer &) = delete;

    // Blocks until the caller's own ask is answered (by whichever caller led its batch).
    template <typename Send>
    Result<Answer> submit(const Key &key, const Ask &ask, Send &&send)
    {
        Pending own;
        own.ask = &ask;
        std::unique_lock lock(m_mutex);
        std::shared_ptr<Lane> &slot = m_lanes[key];
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
        if (!leader) {
            batch->answeredChanged.wait(lock, [&] { return batch->answered; });
            return std::move(*own.answer);
        }

        const auto deadline = std::chrono::steady_clock::now() + m_options.window;
        lane->changed.wait_until(lock, deadline, [&] { return batch->closed; });
        lane->changed.wait(lock, [&] { return batch->closed || lane->sending < qMax(1, m_options.inFlight); });
        if (lane->open == batch)
            lane->open.reset();
        batch->closed = true;
        ++lane->sending;
        std::vector<Ask> asks;
        asks.reserve(batch->asks.size());
        for (const Pending *pending : batch->asks)
            asks.push_back(*pending->ask);
        lock.unlock();

        Result<std::vector<Result<Answer>>> answers = send(asks);

        lock.lock();
        --lane->sending;
        lane->changed.notify_all();
        ++m_figures.batches;
        m_figures.asks += qint64(asks.size());
        m_figures.largest = qMax(m_figures.largest, int(asks.size()));
        if (answers && answers->size() != asks.size()) {
            qCWarning(lcBatch) << "a batch of" << asks.size() << "got" << answers->size() << "answers";
            answers = makeError(ErrorCode::Internal, QStringLiteral("The batched claim did not answer every ask."));
        }
        for (size_t i = 0; i < batch->asks.size(); ++i)
            batch->asks[i]->answer.emplace(answers ? answers->at(i) : Result<Answer>(answers.error()));
        batch->answered = true;
        batch->answeredChanged.notify_all();
        return std::move(*own.answer);
    }

    Figures figures() const
    {
        std::lock_guard lock(m_mutex);
        return m_figures;
    }
    Options options() const { return m_options; }

private:
    struct Pending
    {
        const Ask *ask = nullptr;
        std::optional<Result<Answer>> answer;
    };
    struct Batch
    {
        std::vector<Pending *> asks; // arrival order; they live on their callers' stacks until answered
        bool closed = false; // no more asks join
        bool answered = false;
        std::condition_variable answeredChanged; // the followers wait here
    };
    // One per key: the batch still gathering asks, and how many of the key's batches are in the database.
    struct Lane
    {
        std::shared_ptr<Batch> open;
        int sending = 0;
        std::condition_variable changed; // leaders wait here: their batch filled up, or one finished sending
    };

    const Options m_options;
    mutable std::mutex m_mutex;
    QHash<Key, std::shared_ptr<Lane>> m_lanes;
    Figures m_figures;
};

} // namespace boxoffice
