#include "domain/frontdeskservice.h"

#include "domain/staymoneyrules.h"
#include "domain/textrules.h"

namespace boxoffice {

FrontDeskService::FrontDeskService(FrontDeskStore &store, CounterSaleStore &counter, UnitOfWork &unit)
    : m_store(store), m_counter(counter), m_unit(unit)
{ }

Result<HotelCalendar> FrontDeskService::calendar(HotelId hotel, const QDate &from, const QDate &until)
{
    return m_store.calendar(hotel, from, until);
}

Result<QVector<StayRecord>> FrontDeskService::findStays(const QString &query)
{
    return m_store.findStays(query);
}

Result<StayMoney> FrontDeskService::stayMoney(StayId stay)
{
    return m_store.stayMoney(stay);
}

Result<MoveQuote> FrontDeskService::quoteMove(StayId stay, RoomTypeId roomType, const QDate &checkIn,
                                              const QDate &checkOut)
{
    return m_store.quoteMove(stay, roomType, checkIn, checkOut);
}

Result<StayMoneyOutcome> FrontDeskService::cancelStay(const StayMoney &seen, const Money &fee, const QString &reason)
{
    auto decision = StayMoneyRules::decideCancel(seen, fee, reason);
    if (!decision)
        return decision.error();
    return m_store.cancelStay(decision.value());
}

Result<StayMoneyOutcome> FrontDeskService::cancelStay(StayId stay, const Money &fee, const QString &reason)
{
    auto money = m_store.stayMoney(stay);
    if (!money)
        return money.error();
    return cancelStay(money.value(), fee, reason);
}

Result<StayMoneyOutcome> FrontDeskService::moveStay(const MoveQuote &seen, const MoveSettlement &settlement)
{
    auto decision = StayMoneyRules::decideMove(seen, settlement);
    if (!decision)
        return decision.error();
    return m_store.moveStay(decision.value());
}

Result<StayMoneyOutcome> FrontDeskService::moveStay(StayId stay, RoomTypeId roomType, const QDate &checkIn,
                                                    const QDate &checkOut, const MoveSettlement &settlement)
{
    if (!checkIn.isValid() || !checkOut.isValid() || checkOut <= checkIn)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Check-out must be after check-in.")),
                          ErrorReason::DatesReversed);
    auto quote = m_store.quoteMove(stay, roomType, checkIn, checkOut);
    if (!quote)
        return quote.error();
    return moveStay(quote.value(), settlement);
}

Status FrontDeskService::walk(const StayMoney &seen, const Money &compensation, const QString &reason,
                              const QDate &night, qint64 partner)
{
    auto decision = StayMoneyRules::decideWalk(seen, compensation, reason, night);
    if (!decision)
        return decision.error();
    if (partner <= 0)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Name the partner property the guest goes to.")),
            ErrorReason::WalkPartnerMissing);
    decision.value().partner = partner;
    return m_store.resolveOverbooking(decision.value());
}

Status FrontDeskService::resolveOverbooking(StayId stay, OverbookingAction action, RoomTypeId target,
                                            const Money &compensation, const QString &reason, const QDate &night,
                                            qint64 partner)
{
    if (action == OverbookingAction::Walk) {
        auto money = m_store.stayMoney(stay);
        if (!money)
            return money.error();
        return walk(money.value(), compensation, reason, night, partner);
    }
    // Null dates: priced on the nights the stay has, which the move keeps.
    auto quote = m_store.quoteMove(stay, target, QDate(), QDate());
    if (!quote)
        return quote.error();
    auto decision = StayMoneyRules::decideOverbookingMove(action, quote.value(), compensation, reason, night);
    if (!decision)
        return decision.error();
    return m_store.resolveOverbooking(decision.value());
}

Status FrontDeskService::checkIn(StayId stay)
{
    return m_store.checkIn(stay);
}

Status FrontDeskService::allowEarlyCheckIn(StayId stay, const QString &reason)
{
    const QString trimmed = reason.trimmed();
    if (trimmed.isEmpty())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Say why the guest may check in early.")),
                          ErrorReason::EarlyCheckInNeedsReason);
    if (trimmed.size() > 500)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("A note can be at most %1 characters.").arg(500)),
            ErrorReason::NoteTooLong, {QString::number(500)});
    if (hasUnshowableCharacters(trimmed))
        return makeError(ErrorCode::BadInput, QStringLiteral("The reason contains control characters."));
    return m_store.allowEarlyCheckIn(stay, trimmed);
}

Result<CheckOutOutcome> FrontDeskService::checkOut(StayId stay, const std::optional<CounterPayment> &payment)
{
    auto out = m_unit.run(QStringLiteral("checking a guest out"), [&] { return settleAndCheckOut(stay, payment); });
    if (!out && payment) {
        // The clerk may already hold the guest's money: say that none of it was taken.
        DomainError error = out.error();
        error.message += QStringLiteral(" No payment was recorded: give back what the guest handed over.");
        return error;
    }
    return out;
}

Result<CheckOutOutcome> FrontDeskService::settleAndCheckOut(StayId stay, const std::optional<CounterPayment> &payment)
{
    auto money = m_store.stayMoney(stay);
    if (!money)
        return money.error();
    const bool guaranteed = money->orderState == OrderState::Guaranteed;
    if (guaranteed && !payment)
        return withReason(
            makeError(ErrorCode::BadInput,
                      QStringLiteral("This stay was booked on guarantee: take the payment, then check out.")),
            ErrorReason::CheckOutNeedsPayment);
    if (!guaranteed && payment)
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("Nothing is owed for this stay on departure, "
                                                   "so no payment was taken. Nothing was changed.")),
                          ErrorReason::CheckOutNothingOwed);
    CheckOutOutcome outcome;
    if (payment) {
        if (payment->method == PaymentMethod::Guarantee)
            return withReason(
                makeError(ErrorCode::BadInput, QStringLiteral("Settle a guarantee with cash or a card payment.")),
                ErrorReason::CheckOutCashOrCard);
        // The amount due is the order's, read under its lock by the store, which refuses short cash.
        if (auto checked = CounterPaymentRules::check(*payment, Money(0, money->currency)); !checked)
            return checked.error();
        CounterPayment clean = *payment;
        clean.cardReference = payment->cardReference.trimmed();
        auto sale = m_counter.settleGuarantee(money->order, clean);
        if (!sale)
            return sale.error();
        outcome.settled = true;
        outcome.sale = sale.value();
    }
    if (auto out = m_store.checkOut(stay); !out)
        return out.error();
    return outcome;
}

Result<QVector<ArrivalAtRisk>> FrontDeskService::arrivalsAtRisk(HotelId hotel, const QDate &night)
{
    return m_store.arrivalsAtRisk(hotel, night);
}

Result<QVector<CompensationEntry>> FrontDeskService::compensations(HotelId hotel, const QDate &from, const QDate &until)
{
    return m_store.compensations(hotel, from, until);
}

Result<QVector<RefundCase>> FrontDeskService::openRefundCases()
{
    return m_store.openRefundCases();
}

Status FrontDeskService::closeRefundCase(qint64 id)
{
    return m_store.closeRefundCase(id);
}

} // namespace boxoffice
