#pragma once

#include "domain/cartitems.h"
#include "domain/ids.h"
#include "domain/money.h"

#include <QDateTime>
#include <QHash>
#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice {

// Per-event lease policy, stored with the event so it can be tuned during an on-sale.
struct HoldPolicy
{
    int holdSeconds = 600;
    // The longest a cart can keep one unit is the first lease plus every extension; re-holding a unit
    // the cart already has refreshes its lease but never past it, so retries cannot hoard seats. The
    // database applies that rule (boxoffice_hold_lease_limit, migration 050), on its own clock.
    int maxExtensions = 1;
};

struct EventSummary
{
    EventId id = 0;
    QString name;
    QString venue;
    QDateTime startsAt;
    QString currency;
    HoldPolicy policy;
    int totalUnits = 0;
};

struct SeatRef
{
    UnitId unit = 0;
    QString label; // "A-1-5": section, row, seat number
};

struct HoldRequest
{
    EventId event = 0;
    CartId cart;
    QVector<UnitId> units;
    std::optional<int> ttlSeconds; // empty: the event's hold duration
    // A web buyer (0: staff at the counter): the claim then counts against the event's caps per buyer
    // and per payment card, under the same locks as the claim.
    BuyerId buyer = 0;
};

struct HeldUnit
{
    SeatRef seat;
    QDateTime expiresAt; // the database's clock, UTC
};

struct HoldGrant
{
    QVector<HeldUnit> held;
};

struct ReleaseOutcome
{
    QVector<SeatRef> released;
    QVector<UnitId> notHeld; // asked for, but not held by this cart (already free, sold, or another cart's)
    QHash<EventId, QVector<UnitId>> releasedByEvent; // the released seats again, by event (for the hold filter)
};

struct AvailabilityRow
{
    QString section;
    QString sectionName;
    QString priceBand;
    Money price; // in the event's currency
    int total = 0;
    int available = 0; // includes holds whose lease has run out: they are claimable
    int held = 0;
    int sold = 0;
};

struct EventAvailability
{
    EventId event = 0;
    QString currency;
    QVector<AvailabilityRow> rows;
    int total() const;
    int available() const;
    int held() const;
    int sold() const;
};

inline int EventAvailability::total() const
{
    int n = 0;
    for (const auto &r : rows)
        n += r.total;
    return n;
}
inline int EventAvailability::available() const
{
    int n = 0;
    for (const auto &r : rows)
        n += r.available;
    return n;
}
inline int EventAvailability::held() const
{
    int n = 0;
    for (const auto &r : rows)
        n += r.held;
    return n;
}
inline int EventAvailability::sold() const
{
    int n = 0;
    for (const auto &r : rows)
        n += r.sold;
    return n;
}

} // namespace boxoffice
