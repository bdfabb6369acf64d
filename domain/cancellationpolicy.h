#pragma once

#include <QDateTime>
#include <QString>
#include <QTime>

#include <optional>

namespace boxoffice {

// A hotel's cancellation policy (a manager's data, migration 033): free until `freeUntilHours` before
// the arrival day's check-in time, on the database's clock; after that a late-cancellation fee, and a
// no-show fee for a guest who never arrives. A fee is never more than the stay's price.
enum class PolicyFeeKind {
    None,
    FirstNight, // the stay's price divided by its nights, rounded down
    Percent, // `value` percent (0..100) of the stay's price, rounded down
    Fixed // `value` in minor units
};

struct PolicyFee
{
    PolicyFeeKind kind = PolicyFeeKind::None;
    qint64 value = 0;
};

// What the policy asks of one stay now, as the database computed it (boxoffice_cancellation_terms).
struct CancellationTerms
{
    bool hasPolicy = false; // none: free to cancel at any time, no no-show fee
    QDateTime freeUntil; // invalid without a policy
    bool late = false; // the free-cancellation deadline has passed
    qint64 cancelFeeMinor = 0; // what a cancellation now keeps: 0 before the deadline
    qint64 noShowFeeMinor = 0;
};

namespace CancellationPolicy {

// The same arithmetic as the database's boxoffice_policy_fee, for quotes and tests.
qint64 fee(const PolicyFee &fee, qint64 stayPriceMinor, int nights);
QString kindName(PolicyFeeKind kind); // "NONE", "FIRST_NIGHT", "PERCENT", "FIXED"
std::optional<PolicyFeeKind> kindFromName(const QString &name); // case-insensitive; "first-night" too

} // namespace CancellationPolicy

} // namespace boxoffice
