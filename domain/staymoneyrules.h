#pragma once

#include "domain/frontdesk.h"

namespace boxoffice {

// What the front desk may do with a stay's money, decided over the figures the store reported and
// nothing else, so every channel decides alike and the rules can be checked without a database. Who may
// do it (a manager for a paid cancel, a waiver, a refund, a walk) stays the database's decision: it
// refuses whatever a tampered client sends.
namespace StayMoneyRules {

// Nothing paid: the nights go back, no fee, no reason needed. Paid: a reason, a fee of 0..paid kept
// (and, under a cancellation policy, at most the policy's fee now), and the rest refunded. The fee is in
// the stay's currency (a zero may leave its currency unstated); the decision's amounts always are.
Result<CancelDecision> decideCancel(const StayMoney &seen, const Money &fee, const QString &reason);

// Which settlement a move's difference allows: Charge a dearer stay that was paid for (at the counter,
// with a payment CounterPaymentRules accepts), Refund a cheaper one that was paid for, Waive a dearer
// one; None when the price stays the same or nothing was taken (the new price is paid on departure).
// A refund and a waiver need a reason.
Status checkSettlement(const MoveQuote &seen, const MoveSettlement &settlement);
Result<MoveDecision> decideMove(const MoveQuote &seen, const MoveSettlement &settlement);

// A guest moved for an overbooked night is not asked for more: a dearer room is waived, a cheaper one
// refunded when it was paid for (otherwise its lower price simply applies).
PriceSettlement overbookingSettlement(const MoveQuote &seen);
// A walk refunds all that was paid for the stay; the compensation is at least zero, in the stay's
// currency (a zero may leave its currency unstated), with a reason.
Result<OverbookingDecision> decideWalk(const StayMoney &seen, const Money &compensation, const QString &reason,
                                       const QDate &night);
// Move or Upgrade on an overbooked night, to the room type `seen` priced.
Result<OverbookingDecision> decideOverbookingMove(OverbookingAction action, const MoveQuote &seen,
                                                  const Money &compensation, const QString &reason, const QDate &night);

} // namespace StayMoneyRules

} // namespace boxoffice
