#include "domain/staymoneyrules.h"

namespace boxoffice::StayMoneyRules {

namespace {

DomainError needsReason()
{
    return withReason(makeError(ErrorCode::BadInput,
                                QStringLiteral("Say why: a refund, a fee or a waiver is recorded "
                                               "with its reason. Nothing was changed.")),
                      ErrorReason::ReasonMissing);
}

DomainError badFee()
{
    return withReason(makeError(ErrorCode::BadInput,
                                QStringLiteral("A cancellation fee is at most what was paid for "
                                               "the stay, and not negative. Nothing was changed.")),
                      ErrorReason::FeeTooLarge);
}

// A fee or a compensation is in the stay's currency, never silently read as another's; only a zero may
// leave it unstated (boxoffice-ctl cancels without a fee before it has read the stay's money).
bool isInStayCurrency(const Money &amount, const StayMoney &seen)
{
    return amount.currency().isEmpty() ? amount.isZero() : amount.currency() == seen.currency;
}

DomainError otherCurrency(const StayMoney &seen)
{
    return makeError(
        ErrorCode::BadInput,
        QStringLiteral("Give the amount in the stay's currency (%1). Nothing was changed.").arg(seen.currency));
}

Status checkOverbooking(const StayMoney &seen, const Money &compensation, const QString &reason, const QDate &night)
{
    if (seen.stay <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a guest in the list first.")),
                          ErrorReason::StayNotChosen);
    if (compensation.isNegative() || reason.trimmed().isEmpty())
        return withReason(
            makeError(ErrorCode::BadInput,
                      QStringLiteral("Say why, and give a compensation of zero or more. Nothing was changed.")),
            ErrorReason::OverbookingIncomplete);
    if (!night.isValid())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose the overbooked night first.")),
                          ErrorReason::OverbookingNightMissing);
    if (!isInStayCurrency(compensation, seen))
        return otherCurrency(seen);
    return Done{};
}

} // namespace

Result<CancelDecision> decideCancel(const StayMoney &seen, const Money &fee, const QString &reason)
{
    if (seen.stay <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a stay in the list first.")),
                          ErrorReason::StayNotChosen);
    if (fee.isNegative())
        return badFee();
    if (!isInStayCurrency(fee, seen))
        return otherCurrency(seen);
    const qint64 feeMinor = fee.minor();
    const qint64 paidMinor = seen.amountPaid.minor();
    const Money inStayCurrency(0, seen.currency);
    const QString why = reason.trimmed();
    if (!seen.paid()) {
        if (feeMinor > 0)
            return withReason(makeError(ErrorCode::BadInput,
                                        QStringLiteral("Nothing was paid for this stay, so no fee can be kept.")),
                              ErrorReason::FeeNothingPaid);
        return CancelDecision{seen, inStayCurrency, inStayCurrency, why};
    }
    if (why.isEmpty())
        return needsReason();
    if (feeMinor > paidMinor)
        return badFee();
    // The policy caps the fee (nothing before its deadline); a manager may keep less, a waiver whose
    // reason is the one every paid cancel gives.
    if (seen.terms.hasPolicy && feeMinor > seen.terms.cancelFee.minor())
        return badFee();
    return CancelDecision{seen, inStayCurrency.withMinor(feeMinor), inStayCurrency.withMinor(paidMinor - feeMinor),
                          why};
}

Status checkSettlement(const MoveQuote &seen, const MoveSettlement &settlement)
{
    const qint64 difference = seen.difference().minor();
    const bool paid = seen.money.paid();
    const bool hasReason = !settlement.reason.trimmed().isEmpty();
    switch (settlement.how) {
    case PriceSettlement::None:
        if (difference == 0 || !paid)
            return Done{};
        return withReason(
            makeError(ErrorCode::Conflict,
                      QStringLiteral("The price changes with this move: charge the difference at the desk, or a "
                                     "manager waives or refunds it. Nothing was changed.")),
            ErrorReason::StayPriceChanges);
    case PriceSettlement::Charge:
        if (difference <= 0)
            return withReason(makeError(ErrorCode::BadInput,
                                        QStringLiteral("The new stay costs no more: there is nothing to charge.")),
                              ErrorReason::MoveNothingToCharge);
        if (!paid)
            return withReason(
                makeError(ErrorCode::BadInput,
                          QStringLiteral("Nothing has been paid for this stay yet: the guest pays the new price on "
                                         "departure, nothing is charged now.")),
                ErrorReason::MoveChargeUnpaid);
        if (settlement.payment.method == PaymentMethod::Guarantee)
            return withReason(
                makeError(ErrorCode::BadInput, QStringLiteral("Take the difference now, in cash or by card.")),
                ErrorReason::MovePayNow);
        return CounterPaymentRules::check(settlement.payment, seen.difference());
    case PriceSettlement::Refund:
        if (difference >= 0)
            return withReason(
                makeError(ErrorCode::BadInput, QStringLiteral("Only a move to a cheaper stay refunds a difference.")),
                ErrorReason::MoveNothingToRefund);
        if (!paid)
            return withReason(
                makeError(ErrorCode::BadInput,
                          QStringLiteral("Nothing has been paid for this stay, so nothing is refunded: the guest "
                                         "pays the lower price on departure.")),
                ErrorReason::MoveRefundUnpaid);
        return hasReason ? Status(Done{}) : Status(needsReason());
    case PriceSettlement::Waive:
        if (difference <= 0)
            return withReason(
                makeError(ErrorCode::BadInput, QStringLiteral("Only a dearer stay's difference can be waived.")),
                ErrorReason::MoveNothingToWaive);
        return hasReason ? Status(Done{}) : Status(needsReason());
    }
    return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Say how the price difference is settled.")),
                      ErrorReason::MoveSettlementMissing);
}

Result<MoveDecision> decideMove(const MoveQuote &seen, const MoveSettlement &settlement)
{
    if (seen.money.stay <= 0 || seen.roomType <= 0)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Choose the stay and the nights to move it to first.")),
            ErrorReason::MoveNotChosen);
    if (auto allowed = checkSettlement(seen, settlement); !allowed)
        return allowed.error();
    MoveSettlement clean = settlement;
    clean.reason = settlement.reason.trimmed();
    clean.payment.cardReference = settlement.payment.cardReference.trimmed();
    return MoveDecision{seen, clean};
}

PriceSettlement overbookingSettlement(const MoveQuote &seen)
{
    const qint64 difference = seen.difference().minor();
    if (difference > 0)
        return PriceSettlement::Waive;
    if (difference < 0 && seen.money.paid())
        return PriceSettlement::Refund;
    return PriceSettlement::None;
}

Result<OverbookingDecision> decideWalk(const StayMoney &seen, const Money &compensation, const QString &reason,
                                       const QDate &night)
{
    if (auto checked = checkOverbooking(seen, compensation, reason, night); !checked)
        return checked.error();
    OverbookingDecision decision;
    decision.action = OverbookingAction::Walk;
    decision.seen.money = seen;
    decision.refund = Money(seen.amountPaid.minor(), seen.currency);
    decision.compensation = Money(compensation.minor(), seen.currency);
    decision.reason = reason.trimmed();
    decision.night = night;
    return decision;
}

Result<OverbookingDecision> decideOverbookingMove(OverbookingAction action, const MoveQuote &seen,
                                                  const Money &compensation, const QString &reason, const QDate &night)
{
    if (action == OverbookingAction::Walk)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A walk is not a move.")),
                          ErrorReason::WalkNotMove);
    if (auto checked = checkOverbooking(seen.money, compensation, reason, night); !checked)
        return checked.error();
    if (seen.roomType <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose the room type to move the guest to.")),
                          ErrorReason::RoomTypeMissing);
    OverbookingDecision decision;
    decision.action = action;
    decision.seen = seen;
    decision.settlement = overbookingSettlement(seen);
    decision.compensation = Money(compensation.minor(), seen.money.currency);
    decision.reason = reason.trimmed();
    decision.night = night;
    if (auto allowed = checkSettlement(seen, {decision.settlement, {}, decision.reason}); !allowed)
        return allowed.error();
    return decision;
}

} // namespace boxoffice::StayMoneyRules
