#include "domain/seatbatch.h"

#include "domain/seatholdrules.h"

#include <chrono>

namespace boxoffice {

bool SeatHoldBatcher::hold(const HoldRequest &request, Answerer answer, SeatBatchStore &store)
{
    if (auto status = SeatHoldRules::checkHold(request); !status) {
        answer(status.error());
        return true;
    }
    if (request.buyer == 0) {
        // Staff claim through their own statement; a batch is for buyers, whose carts it checks.
        answer(makeError(ErrorCode::BadInput, QStringLiteral("Only a web buyer's holds are batched.")));
        return true;
    }
    const EventId event = request.event;
    return m_batcher.submit(event, request, std::move(answer), [&store, event](const std::vector<HoldRequest> &asks) {
        return store.holdSeatBatch(event, asks);
    });
}

namespace {

qint64 nowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace

void SeatHoldBatcher::rememberCapped(EventId event)
{
    std::lock_guard lock(m_cappedMutex);
    m_cappedUntilMs.insert(event, nowMs() + cappedMemoryMs);
}

bool SeatHoldBatcher::knownCapped(EventId event) const
{
    std::lock_guard lock(m_cappedMutex);
    const auto until = m_cappedUntilMs.constFind(event);
    return until != m_cappedUntilMs.cend() && until.value() > nowMs();
}

} // namespace boxoffice
