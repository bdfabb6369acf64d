#pragma once

#include "domain/result.h"

#include <deque>
#include <functional>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace boxoffice {

// Gathers asks on one key into batches without keeping any caller waiting: an ask is queued with the
// function that answers it, and its caller goes on. While fewer than `senders` callers are sending a
// key's batches, the caller that queued an ask becomes a sender: on ITS OWN thread and connection
// (`send`) it claims everything queued, in arrival order, up to `maxBatch` at a time, answers each ask,
// and goes on until the queue is empty. Asks that arrive meanwhile join the next batch, so a batch
// grows with the load and no thread is held by an ask that merely waits.
//
// `send(asks)` answers every ask in order, or fails as a whole (then every ask gets that error).
// `answer` runs on the sender's thread: it must not touch the caller's connection.
template<typename Key, typename Ask, typename Answer> class DrainingBatcher
{
public:
    using Answerer = std::function<void(Result<Answer>)>;
    struct Options
    {
        int maxBatch = 200;
        int senders = 2; // a key's batches in the database at once
        int maxPending = 0; // a key's asks queued or in the database, beyond which an ask is refused; 0: no bound
    };
    struct Figures
    {
        qint64 batches = 0;
        qint64 asks = 0;
        int largest = 0;
        int pending = 0; // asks queued or in the database now, every key (not those being answered)
        qint64 refused = 0; // asks refused because their key had maxPending already
    };

    explicit DrainingBatcher(Options options) : m_options(options) { }
    DrainingBatcher(const DrainingBatcher &) = delete;
    DrainingBatcher &operator=(const DrainingBatcher &) = delete;

    // False: the key already has maxPending asks, and this one was not taken (nor answered).
    template<typename Send> bool submit(const Key &key, Ask ask, Answerer answer, Send &&send)
    {
        std::unique_lock lock(m_mutex);
        Lane &lane = m_lanes[key];
        if (m_options.maxPending > 0 && lane.pending >= m_options.maxPending) {
            ++m_figures.refused;
            return false;
        }
        ++lane.pending;
        ++m_figures.pending;
        lane.queue.push_back(Queued{std::move(ask), std::move(answer)});
        if (lane.sending >= qMax(1, m_options.senders))
            return true; // a sender takes it with the next batch
        ++lane.sending;
        while (!lane.queue.empty()) {
            const size_t take = qMin(lane.queue.size(), size_t(qMax(1, m_options.maxBatch)));
            std::vector<Queued> batch;
            batch.reserve(take);
            for (size_t i = 0; i < take; ++i) {
                batch.push_back(std::move(lane.queue.front()));
                lane.queue.pop_front();
            }
            ++m_figures.batches;
            m_figures.asks += qint64(take);
            m_figures.largest = qMax(m_figures.largest, int(take));
            lock.unlock();

            std::vector<Ask> asks;
            asks.reserve(batch.size());
            for (const Queued &queued : batch)
                asks.push_back(queued.ask);
            Result<std::vector<Result<Answer>>> answers = send(asks);
            if (answers && answers->size() != asks.size())
                answers = makeError(ErrorCode::Internal, QStringLiteral("The batched claim did not answer every ask."));
            // Out of the database: no longer pending, before the answers go (an answered buyer's next
            // ask may arrive while the rest of this batch is being answered).
            lock.lock(); // `lane` stays valid: lanes are never removed, and the map's nodes never move
            lane.pending -= int(batch.size());
            m_figures.pending -= int(batch.size());
            lock.unlock();
            for (size_t i = 0; i < batch.size(); ++i)
                batch[i].answer(answers ? answers->at(i) : Result<Answer>(answers.error()));
            lock.lock();
        }
        --lane.sending;
        return true;
    }

    Figures figures() const
    {
        std::lock_guard lock(m_mutex);
        return m_figures;
    }

private:
    struct Queued
    {
        Ask ask;
        Answerer answer;
    };
    struct Lane
    {
        std::deque<Queued> queue;
        int sending = 0;
        int pending = 0; // queued, or in a batch being sent
    };

    const Options m_options;
    mutable std::mutex m_mutex;
    std::unordered_map<Key, Lane> m_lanes;
    Figures m_figures;
};

} // namespace boxoffice
