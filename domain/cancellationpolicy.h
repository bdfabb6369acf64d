#pragma once

#include "domain/money.h"

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
    Fixed // `value` in minor units of the stay's currency
};

struct PolicyFee
{
    PolicyFeeKind kind = PolicyFeeKind::None;
    qint64 value = 0;
};

// What the policy asks of one stay now, as the database computed it (boxoffice_cancellation_terms),
// in the stay's currency.
struct CancellationTerms
{
    bool hasPolicy = false; // none: free to cancel at any time, no no-show fee
    QDateTime freeUntil; // invalid without a policy
    bool late = false; // the free-cancellation deadline has passed
    Money cancelFee; // what a cancellation now keeps: 0 before the deadline
    Money noShowFee;
};

namespace CancellationPolicy {

// The same arithmetic as the database's boxoffice_policy_fee, for quotes and tests: in the currency
// of `stayPrice`.
Money fee(const PolicyFee &fee, const Money &stayPrice, int nights);
QString kindName(PolicyFeeKind kind); // "NONE", "FIRST_NIGHT", "PERCENT", "FIXED"
std::optional<PolicyFeeKind> kindFromName(const QString &name); // case-insensitive; "first-night" too

} // namespace CancellationPolicy

} // namespace boxoffice
