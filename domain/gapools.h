#pragma once

#include "domain/ids.h"
#include "domain/money.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace boxoffice {

using PoolId = qint64;

// How a claim on a pool row is made. Both are correct; they differ under contention, which is why the
// choice is a per-pool setting the benchmark can compare.
enum class ClaimStrategy {
    Atomic, // one conditional UPDATE: the test and the write are one statement
    Pessimistic, // a short transaction: SELECT ... FOR UPDATE on the row, decide, write, commit
    // Asks arriving together are granted by one call in arrival order, one commit per batch
    // (PoolBatcher, migration 038): one row lock serves many buyers, for the hottest pools.
    Batched
};

QString claimStrategyName(ClaimStrategy strategy);
// "atomic", "pessimistic" or "batched"; anything else is empty.
std::optional<ClaimStrategy> claimStrategyFromName(const QString &name);

struct PoolSpec
{
    EventId event = 0;
    QString code;
    QString name;
    int capacity = 0;
    Money price; // in the event's currency
    int subpools = 1; // a hot pool is split over this many rows
    ClaimStrategy strategy = ClaimStrategy::Atomic;
};

// A pool as reports and buyers see it: always one number, however many rows it is split over.
struct PoolSummary
{
    PoolId id = 0;
    EventId event = 0;
    QString code;
    QString name;
    Money price;
    QString currency;
    ClaimStrategy strategy = ClaimStrategy::Atomic;
    int subpools = 1;
    int capacity = 0;
    int sold = 0;
    int held = 0; // live holds only
    int available = 0; // capacity - sold - live holds
};

struct PoolHoldRequest
{
    PoolId pool = 0;
    CartId cart;
    int quantity = 0;
    std::optional<int> ttlSeconds;
    BuyerId buyer = 0; // a web buyer: held within the event's caps (0: staff, uncapped)
    // Batched pools only: fewer places than asked rather than none when fewer are left (or the caps
    // leave fewer); otherwise all or nothing.
    bool allowPartial = false;
};

struct PoolHold
{
    qint64 holdId = 0; // a hold spread over several rows: its lead row
    PoolId pool = 0;
    int quantity = 0;
    QDateTime expiresAt;
    bool refreshed = false; // the cart already held this quantity: the lease was refreshed
};

} // namespace boxoffice
