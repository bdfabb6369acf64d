#include "domain/slotservice.h"

#include "domain/holdcaps.h"
#include "domain/seatholdrules.h"

namespace boxoffice {

SlotService::SlotService(SlotStore &store, HoldCaps *caps) : m_store(store), m_caps(caps) { }

namespace {

Status checkSlot(const CartId &cart, int partySize, const QDateTime &start, const QDateTime &end,
                 const std::optional<int> &ttl)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status;
    if (partySize < 1 || partySize > 100)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A party is 1 to 100 people.")),
                          ErrorReason::PartySize, {QStringLiteral("1"), QStringLiteral("100")});
    if (!start.isValid() || !end.isValid())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Give a start and an end time.")),
                          ErrorReason::BookingTimesMissing);
    if (end <= start)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("The booking must end after it starts.")),
                          ErrorReason::BookingEndsFirst);
    if (start.secsTo(end) > SlotService::maxMinutes * 60)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A booking lasts at most 12 hours.")),
                          ErrorReason::BookingTooLong, {QString::number(SlotService::maxMinutes / 60)});
    if (ttl && (*ttl <= 0 || *ttl > SeatHoldRules::maxTtlSeconds))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A hold lasts from one second to 24 hours.")),
                          ErrorReason::HoldTimeRange);
    return Done{};
}

} // namespace

Result<QVector<RestaurantSummary>> SlotService::restaurants()
{
    return m_store.restaurants();
}

Result<SlotHold> SlotService::holdSlot(const SlotRequest &request)
{
    if (request.resource <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a table.")), ErrorReason::TableMissing);
    if (auto status = checkSlot(request.cart, request.partySize, request.start, request.end, request.ttlSeconds);
        !status)
        return status.error();
    return HoldCaps::claim(m_caps, request, [&] { return m_store.holdSlot(request); });
}

Result<int> SlotService::releaseSlot(const CartId &cart, BookingId booking)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    if (booking <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A booking id is a positive number.")),
                          ErrorReason::BookingUnknown);
    return m_store.releaseSlot(cart, booking);
}

Result<SlotHold> SlotService::findAndHold(const TableSearch &search)
{
    if (search.restaurant <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a restaurant.")),
                          ErrorReason::RestaurantMissing);
    const QDateTime end = search.start.addSecs(qint64(search.minutes) * 60);
    if (auto status = checkSlot(search.cart, search.partySize, search.start, end, search.ttlSeconds); !status)
        return status.error();
    // One booking whichever table it lands on: the caps are checked once, before the first try.
    return HoldCaps::claim(m_caps, search, [&] { return claimFirstFree(search, end); });
}

Result<SlotHold> SlotService::claimFirstFree(const TableSearch &search, const QDateTime &end)
{
    auto tables = m_store.candidates(search.restaurant, search.partySize, search.start, end, maxCandidates);
    if (!tables)
        return tables.error();
    for (const TableSummary &table : tables.value()) {
        SlotRequest request{table.id, search.cart,       search.partySize, search.start,
                            end,      search.ttlSeconds, search.buyer};
        auto held = m_store.holdSlot(request);
        if (held || held.error().code != ErrorCode::Lost)
            return held;
    }
    const QString from = search.start.toString(QStringLiteral("HH:mm"));
    return withReason(makeError(ErrorCode::Lost,
                                QStringLiteral("No table for %1 is free from %2 for %3 minutes.")
                                    .arg(search.partySize)
                                    .arg(from)
                                    .arg(search.minutes)),
                      ErrorReason::TablesFull,
                      {QString::number(search.partySize), from, QString::number(search.minutes)});
}

} // namespace boxoffice
