// PgFrontDesk's money side: what a stay's money is, and cancelling or moving a stay with it. Each change
// is one call of a database function (migration 015) that decides who may do it, locks in the one fixed
// order and writes the money through the order ledger; this file binds values and puts answers in words.

#include "storage/pgfrontdesk.h"

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
    money.priceMinor = q.value(3).toLongLong();
    money.paidMinor = q.value(4).toLongLong();
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

} // namespace

Status PgFrontDesk::moneyAnswer(const QString &outcome, StayId stay)
{
    if (outcome == QLatin1String("NEEDS_REASON"))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Say why: a refund, a fee or a waiver is recorded with its "
                                        "reason. Nothing was changed."));
    if (outcome == QLatin1String("BAD_FEE"))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("A cancellation fee is at most what was paid for the stay, and not "
                                        "negative. Nothing was changed."));
    if (outcome == QLatin1String("NOTHING_TAKEN"))
        return makeError(ErrorCode::BadInput, QStringLiteral("Nothing was paid for this stay, so no fee can be kept."));
    if (outcome == QLatin1String("PRICE_CHANGES"))
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("The price changes with this move: charge the difference "
                                        "at the desk, or a manager waives or refunds it. Nothing "
                                        "was changed."));
    if (outcome == QLatin1String("SHORT_CASH"))
        return makeError(ErrorCode::BadInput, QStringLiteral("The cash handed over is less than the difference due."));
    if (outcome == QLatin1String("BAD_PAYMENT"))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Take the difference in cash, or type the card terminal's "
                                        "reference."));
    if (outcome == QLatin1String("CHECKED_IN"))
        return makeError(ErrorCode::Conflict, QStringLiteral("The guest has checked in: check the stay out instead."));
    if (outcome == QLatin1String("NOT_BOOKED"))
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("Stay %1 is not a current booking: nothing to change.").arg(stay));
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
        return makeError(ErrorCode::NotFound, QStringLiteral("Stay %1 does not exist.").arg(stay));
    }
    auto money = stayMoneyFromRow(stay, q);
    q.finish();
    return money;
}

Result<MoveQuote> PgFrontDesk::quoteMove(StayId stay, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut)
{
    if (!checkIn.isValid() || !checkOut.isValid() || checkOut <= checkIn)
        return makeError(ErrorCode::BadInput, QStringLiteral("Check-out must be after check-in."));
    auto read = m_statements.exec(StayMoneySql::quoteMove, moneyContext,
                                  {{QStringLiteral(":check_out"), checkOut},
                                   {QStringLiteral(":check_in"), checkIn},
                                   {QStringLiteral(":stay"), stay},
                                   {QStringLiteral(":room_type"), roomType}});
    if (!read)
        return read.error();
    QSqlQuery &q = *read.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("Stay %1 or that room type does not exist.").arg(stay));
    }
    auto money = stayMoneyFromRow(stay, q);
    const qint64 newPriceMinor = q.value(6).toLongLong();
    q.finish();
    if (!money)
        return money.error();
    return MoveQuote{money.value(), newPriceMinor};
}

Result<StayMoneyOutcome> PgFrontDesk::cancelStay(StayId stay, qint64 feeMinor, const QString &reason)
{
    auto cancelled = m_statements.exec(
        StayMoneySql::cancelStay, QStringLiteral("cancelling a stay"),
        {{QStringLiteral(":stay"), stay},
         {QStringLiteral(":fee"), feeMinor},
         {QStringLiteral(":reason"), reason.trimmed().isEmpty() ? nullText() : QVariant(reason.trimmed())}});
    if (!cancelled)
        return cancelled.error();
    QSqlQuery &q = *cancelled.value();
    const QString outcome = q.next() ? q.value(0).toString() : QString();
    StayMoneyOutcome result;
    result.nightsReturned = q.value(1).toInt();
    result.refundedMinor = q.value(2).toLongLong();
    result.feeMinor = q.value(3).toLongLong();
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

Result<StayMoneyOutcome> PgFrontDesk::moveStay(StayId stay, RoomTypeId roomType, const QDate &checkIn,
                                               const QDate &checkOut, const MoveSettlement &settlement)
{
    if (!checkIn.isValid() || !checkOut.isValid() || checkOut <= checkIn)
        return makeError(ErrorCode::BadInput, QStringLiteral("Check-out must be after check-in."));
    const CounterPayment &payment = settlement.payment;
    const bool charge = settlement.how == PriceSettlement::Charge;
    if (charge && payment.method == PaymentMethod::Guarantee)
        return makeError(ErrorCode::BadInput, QStringLiteral("Take the difference now, in cash or by card."));
    const bool cash = payment.method == PaymentMethod::Cash;
    auto moved = m_statements.exec(
        StayMoneySql::moveStay, QStringLiteral("moving a stay"),
        {{QStringLiteral(":stay"), stay},
         {QStringLiteral(":room_type"), roomType},
         {QStringLiteral(":check_in"), checkIn},
         {QStringLiteral(":check_out"), checkOut},
         {QStringLiteral(":settle"), settlementName(settlement.how)},
         {QStringLiteral(":reason"), settlement.reason.trimmed()},
         {QStringLiteral(":method"),
          !charge ? nullText() : QVariant(cash ? QStringLiteral("cash") : QStringLiteral("card"))},
         {QStringLiteral(":tendered"),
          charge && cash ? QVariant(payment.tenderedMinor) : QVariant(QMetaType::fromType<qint64>())},
         {QStringLiteral(":reference"), charge && !cash ? QVariant(payment.cardReference.trimmed()) : nullText()}});
    if (!moved)
        return moved.error();
    QSqlQuery &q = *moved.value();
    const QString outcome = q.next() ? q.value(0).toString() : QString();
    StayMoneyOutcome result;
    result.chargedMinor = q.value(2).toLongLong();
    result.refundedMinor = q.value(3).toLongLong();
    result.waivedMinor = q.value(4).toLongLong();
    result.refundAtDesk = q.value(5).toBool();
    result.supplementOrder = q.value(6).toLongLong();
    q.finish();
    if (auto status = moneyAnswer(outcome, stay); !status)
        return status.error();
    result.changeMinor = charge && cash ? payment.tenderedMinor - result.chargedMinor : 0;
    return result;
}

} // namespace boxoffice
