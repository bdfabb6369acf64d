// PgFrontDesk's money side: what a stay's money is, and carrying out a cancel, a move or a manager's
// answer to an overbooked night as decided over it. Each change is one call of a database function
// (migrations 015 and 018) that decides who may do it, locks in the one fixed order, checks that the
// figures the decision was made on still hold, and writes the money through the order ledger; this file
// binds values and puts answers in words.

#include "storage/pgfrontdesk.h"

#include "storage/sqlvalues.h"
#include "storage/statetext.h"
#include "storage/staymoneysql.h"

namespace boxoffice {

namespace {

const QString moneyContext = QStringLiteral("reading a stay's money");

// Columns 0-5 of StayMoneySql::stayMoney and ::quoteMove.
Result<StayMoney> stayMoneyFromRow(StayId stay, const QSqlQuery &q)
{
    auto orderState = optionalStateFromText(q.value(1).toString(), orderStateFromText);
    if (!orderState)
        return orderState.error();
    StayMoney money;
    money.stay = stay;
    money.order = q.value(0).toLongLong();
    money.orderState = orderState.value();
    money.currency = q.value(2).toString().trimmed();
    money.price = Money(q.value(3).toLongLong(), money.currency);
    money.amountPaid = Money(q.value(4).toLongLong(), money.currency);
    money.paidOnline = q.value(5).toBool();
    return money;
}

QString settlementName(PriceSettlement how)
{
    switch (how) {
    case PriceSettlement::Charge:
        return QStringLiteral("CHARGE");
    case PriceSettlement::Refund:
        return QStringLiteral("REFUND");
    case PriceSettlement::Waive:
        return QStringLiteral("WAIVE");
    case PriceSettlement::None:
        break;
    }
    return QStringLiteral("NONE");
}

QVariant nullText()
{
    return QVariant(QMetaType::fromType<QString>());
}

QVariant dateOrNull(const QDate &date)
{
    return date.isValid() ? QVariant(date) : QVariant(QMetaType::fromType<QDate>());
}

// Both dates (a new range), or neither (the stay keeps its nights).
Status checkRange(const QDate &checkIn, const QDate &checkOut)
{
    if (checkIn.isNull() && checkOut.isNull())
        return Done{};
    if (!checkIn.isValid() || !checkOut.isValid() || checkOut <= checkIn)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Check-out must be after check-in.")),
                          ErrorReason::DatesReversed);
    return Done{};
}

} // namespace

Status PgFrontDesk::moneyAnswer(const QString &outcome, StayId stay)
{
    if (outcome == QLatin1String("NEEDS_REASON"))
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("Say why: a refund, a fee or a waiver is recorded with its "
                                                   "reason. Nothing was changed.")),
                          ErrorReason::ReasonMissing);
    if (outcome == QLatin1String("BAD_FEE"))
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("A cancellation fee is at most what was paid for the stay and what "
                                                   "the hotel's cancellation policy asks now, and not negative. "
                                                   "Nothing was changed.")),
                          ErrorReason::FeeTooLarge);
    if (outcome == QLatin1String("NOTHING_TAKEN"))
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Nothing was paid for this stay, so no fee can be kept.")),
            ErrorReason::FeeNothingPaid);
    if (outcome == QLatin1String("PRICE_CHANGES"))
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("The price changes with this move: charge the difference "
                                                   "at the desk, or a manager waives or refunds it. Nothing "
                                                   "was changed.")),
                          ErrorReason::StayPriceChanges);
    if (outcome == QLatin1String("SHORT_CASH"))
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("The cash handed over is less than the difference due.")),
            ErrorReason::CashShort);
    if (outcome == QLatin1String("BAD_PAYMENT"))
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("Take the difference in cash, or type the card terminal's "
                                                   "reference.")),
                          ErrorReason::MovePaymentInvalid);
    if (outcome == QLatin1String("CHECKED_IN"))
        return withReason(
            makeError(ErrorCode::Conflict, QStringLiteral("The guest has checked in: check the stay out instead.")),
            ErrorReason::StayCheckedIn);
    if (outcome == QLatin1String("NOT_BOOKED"))
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("Stay %1 is not a current booking: nothing to change.").arg(stay)),
                          ErrorReason::StayNotBooked);
    if (outcome == QLatin1String("MONEY_CHANGED"))
        return withReason(
            makeError(ErrorCode::Conflict,
                      QStringLiteral("The stay's money changed since you looked (a payment, a refund or a new "
                                     "price). Look again; nothing was changed.")),
            ErrorReason::StayMoneyChanged);
    return answer(outcome, stay);
}

Result<StayMoney> PgFrontDesk::stayMoney(StayId stay)
{
    auto read = m_statements.exec(StayMoneySql::stayMoney, moneyContext, {{QStringLiteral(":stay"), stay}});
    if (!read)
        return read.error();
    QSqlQuery &q = *read.value();
    if (!q.next()) {
        q.finish();
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("Stay %1 does not exist.").arg(stay)),
                          ErrorReason::StayUnknown);
    }
    auto money = stayMoneyFromRow(stay, q);
    if (money) {
        // columns 6-10: the hotel's cancellation policy for the stay (migration 033), in its currency
        const QString &currency = money.value().currency;
        CancellationTerms &terms = money.value().terms;
        terms.hasPolicy = q.value(6).toBool();
        terms.freeUntil = fromEpochMs(q.value(7));
        terms.late = q.value(8).toBool();
        terms.cancelFee = Money(q.value(9).toLongLong(), currency);
        terms.noShowFee = Money(q.value(10).toLongLong(), currency);
    }
    q.finish();
    return money;
}

Result<MoveQuote> PgFrontDesk::quoteMove(StayId stay, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut)
{
    if (auto range = checkRange(checkIn, checkOut); !range)
        return range.error();
    auto read = m_statements.exec(StayMoneySql::quoteMove, moneyContext,
                                  {{QStringLiteral(":stay"), stay},
                                   {QStringLiteral(":room_type"), roomType},
                                   {QStringLiteral(":check_in"), dateOrNull(checkIn)},
                                   {QStringLiteral(":check_out"), dateOrNull(checkOut)}});
    if (!read)
        return read.error();
    QSqlQuery &q = *read.value();
    if (!q.next()) {
        q.finish();
        return withReason(
            makeError(ErrorCode::NotFound, QStringLiteral("Stay %1 or that room type does not exist.").arg(stay)),
            ErrorReason::StayOrRoomTypeUnknown);
    }
    auto money = stayMoneyFromRow(stay, q);
    const qint64 newPriceMinor = q.value(6).toLongLong();
    q.finish();
    if (!money)
        return money.error();
    return MoveQuote{money.value(), Money(newPriceMinor, money->currency), roomType, checkIn, checkOut};
}

Result<StayMoneyOutcome> PgFrontDesk::cancelStay(const CancelDecision &decision)
{
    const StayId stay = decision.seen.stay;
    auto cancelled
        = m_statements.exec(StayMoneySql::cancelStay, QStringLiteral("cancelling a stay"),
                            {{QStringLiteral(":stay"), stay},
                             {QStringLiteral(":fee"), decision.fee.minor()},
                             {QStringLiteral(":reason"),
                              decision.reason.trimmed().isEmpty() ? nullText() : QVariant(decision.reason.trimmed())},
                             {QStringLiteral(":seen_paid"), decision.seen.amountPaid.minor()}});
    if (!cancelled)
        return cancelled.error();
    QSqlQuery &q = *cancelled.value();
    const QString outcome = q.next() ? q.value(0).toString() : QString();
    StayMoneyOutcome result;
    result.nightsReturned = q.value(1).toInt();
    result.refunded = Money(q.value(2).toLongLong(), decision.seen.currency);
    result.fee = Money(q.value(3).toLongLong(), decision.seen.currency);
    result.refundAtDesk = q.value(4).toBool();
    const QString orderState = q.value(5).toString();
    q.finish();
    if (auto status = moneyAnswer(outcome, stay); !status)
        return status.error();
    auto state = optionalStateFromText(orderState, orderStateFromText);
    if (!state)
        return state.error();
    result.orderState = state.value();
    return result;
}

Result<StayMoneyOutcome> PgFrontDesk::moveStay(const MoveDecision &decision)
{
    const MoveQuote &seen = decision.seen;
    const StayId stay = seen.money.stay;
    if (auto range = checkRange(seen.checkIn, seen.checkOut); !range)
        return range.error();
    const MoveSettlement &settlement = decision.settlement;
    const CounterPayment &payment = settlement.payment;
    const bool charge = settlement.how == PriceSettlement::Charge;
    if (charge && payment.method == PaymentMethod::Guarantee)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Take the difference now, in cash or by card.")),
            ErrorReason::MovePayNow);
    const bool cash = payment.method == PaymentMethod::Cash;
    auto moved = m_statements.exec(
        StayMoneySql::moveStay, QStringLiteral("moving a stay"),
        {{QStringLiteral(":stay"), stay},
         {QStringLiteral(":room_type"), seen.roomType},
         {QStringLiteral(":check_in"), dateOrNull(seen.checkIn)},
         {QStringLiteral(":check_out"), dateOrNull(seen.checkOut)},
         {QStringLiteral(":settle"), settlementName(settlement.how)},
         {QStringLiteral(":reason"), settlement.reason.trimmed()},
         {QStringLiteral(":method"),
          !charge ? nullText() : QVariant(cash ? QStringLiteral("cash") : QStringLiteral("card"))},
         {QStringLiteral(":tendered"),
          charge && cash ? QVariant(payment.tendered.minor()) : QVariant(QMetaType::fromType<qint64>())},
         {QStringLiteral(":reference"), charge && !cash ? QVariant(payment.cardReference.trimmed()) : nullText()},
         {QStringLiteral(":seen_price"), seen.money.price.minor()},
         {QStringLiteral(":seen_new_price"), seen.newPrice.minor()},
         {QStringLiteral(":seen_paid"), seen.money.amountPaid.minor()}});
    if (!moved)
        return moved.error();
    QSqlQuery &q = *moved.value();
    const QString outcome = q.next() ? q.value(0).toString() : QString();
    const Money inStayCurrency(0, seen.money.currency);
    StayMoneyOutcome result;
    result.charged = inStayCurrency.withMinor(q.value(2).toLongLong());
    result.refunded = inStayCurrency.withMinor(q.value(3).toLongLong());
    result.waived = inStayCurrency.withMinor(q.value(4).toLongLong());
    result.refundAtDesk = q.value(5).toBool();
    result.supplementOrder = q.value(6).toLongLong();
    q.finish();
    if (auto status = moneyAnswer(outcome, stay); !status)
        return status.error();
    result.change = inStayCurrency.withMinor(charge && cash ? payment.tendered.minor() - result.charged.minor() : 0);
    return result;
}

Status PgFrontDesk::resolveOverbooking(const OverbookingDecision &decision)
{
    const MoveQuote &seen = decision.seen;
    const StayId stay = seen.money.stay;
    const bool walk = decision.action == OverbookingAction::Walk;
    const QVariant noAmount(QMetaType::fromType<qint64>());
    auto resolved = m_statements.exec(
        StayMoneySql::resolveOverbooking, QStringLiteral("resolving an overbooked night"),
        {{QStringLiteral(":stay"), stay},
         {QStringLiteral(":action"), overbookingActionName(decision.action)},
         {QStringLiteral(":room_type"), walk ? noAmount : QVariant(seen.roomType)},
         {QStringLiteral(":amount"), decision.compensation.minor()},
         {QStringLiteral(":reason"), decision.reason},
         {QStringLiteral(":night"), decision.night},
         {QStringLiteral(":settle"), walk ? nullText() : QVariant(settlementName(decision.settlement))},
         {QStringLiteral(":seen_price"), walk ? noAmount : QVariant(seen.money.price.minor())},
         {QStringLiteral(":seen_new_price"), walk ? noAmount : QVariant(seen.newPrice.minor())},
         {QStringLiteral(":seen_paid"), seen.money.amountPaid.minor()},
         {QStringLiteral(":partner"), walk && decision.partner > 0 ? QVariant(decision.partner) : noAmount}});
    if (!resolved)
        return resolved.error();
    const QString outcome = resolved.value()->next() ? resolved.value()->value(0).toString() : QString();
    resolved.value()->finish();
    if (outcome == QLatin1String("NO_PARTNER"))
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("Name one of this hotel's partner properties for the walk. Nothing "
                                                   "was changed.")),
                          ErrorReason::WalkPartnerMissing);
    return moneyAnswer(outcome, stay);
}

} // namespace boxoffice
