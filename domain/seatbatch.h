#pragma once

#include "domain/drainingbatcher.h"
#include "domain/seatholds.h"

#include <QHash>

#include <mutex>

#include <optional>
#include <vector>

namespace boxoffice {

// One ask of a seat batch as the database answered it: the seats granted, or no grant when a cap of the
// event applies to the ask's cart (the ask is then claimed the single way, under its cap locks).
struct SeatBatchAnswer
{
    std::optional<HoldGrant> grant;
};

// The batched seat claim of web buyers (migration 044): many asks on one event granted by one call and
// one commit, in the order given, each answered on its own as the single claim would answer it (no
// such cart, seats lost, unknown seats). The outer error is the batch failing as a whole (the
// connection lost): then no ask was granted.
class SeatBatchStore
{
public:
    virtual ~SeatBatchStore() = default;
    virtual Result<std::vector<Result<SeatBatchAnswer>>> holdSeatBatch(EventId event,
                                                                       const std::vector<HoldRequest> &asks)
        = 0;
};

// Gathers web buyers' seat holds on one event into batches (DrainingBatcher): one call and one
// commit for the holds that arrived while the event's previous batch was in the database. An event's
// batches touch different rows and could overlap; one at a time measured best, since the next batch
// grows while one is in the database.
class SeatHoldBatcher
{
public:
    using Batcher = DrainingBatcher<EventId, HoldRequest, SeatBatchAnswer>;
    using Options = Batcher::Options;
    using Figures = Batcher::Figures;
    using Answerer = Batcher::Answerer;

    SeatHoldBatcher() : SeatHoldBatcher(Options{200, 1, 0}) { }
    explicit SeatHoldBatcher(Options options) : m_batcher(options) { }

    // Checks the request as every seat hold is checked, then queues it; `answer` gets the grant, "a cap
    // applies: claim it the single way", or the error, now or later, on this thread or a sender's.
    // `store` is this thread's: used only if this thread becomes a sender, before this returns.
    // False: the event has Options::maxPending holds waiting already; nothing was queued or answered.
    bool hold(const HoldRequest &request, Answerer answer, SeatBatchStore &store);

    Figures figures() const { return m_batcher.figures(); }

    // An event a cap applied to a moment ago: its holds go the single way for a few seconds instead
    // of costing a batch call each before it (caps are set per event, and rarely change).
    void rememberCapped(EventId event);
    bool knownCapped(EventId event) const;
    static constexpr qint64 cappedMemoryMs = 5000;

private:
    Batcher m_batcher;
    mutable std::mutex m_cappedMutex;
    QHash<EventId, qint64> m_cappedUntilMs;
};

} // namespace boxoffice
