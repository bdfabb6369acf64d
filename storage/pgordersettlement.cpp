// PgCheckoutStore's money side: settling a successful charge against what the order can still deliver,
// and refunds of sold units of every shape. Each runs inside the caller's transaction with the order row
// locked first; every amount it decides lands in the order ledger through the refund and payment rows.

#include "storage/pgcheckoutstore.h"

#include "storage/checkoutsql.h"
#include "storage/pgarrays.h"
#include "storage/returnsql.h"
#include "storage/statetext.h"
#include "storage/transactionguard.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice {

namespace {

const QString settleContext = QStringLiteral("settling a paid order");

bool endedWithoutDelivery(OrderState state)
{
    return state == OrderState::Cancelled || state == OrderState::Expired;
}

} // namespace

Result<Settlement> PgCheckoutStore::settlePaidOrder(OrderId order)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(settleContext); !status)
        return status.error();
    auto settled = settleLocked(order);
    if (!settled)
        return settled.error();
    if (auto status = transaction.commit(settleContext); !status)
        return status.error();
    return settled;
}

Result<PaymentRecord> PgCheckoutStore::paymentOfOrderLocked(OrderId order)
{
    auto payments = readPayments(CheckoutSql::paymentOfOrder, settleContext, {{QStringLiteral(":order"), order}});
    if (!payments)
        return payments.error();
    return payments->isEmpty() ? PaymentRecord{} : payments->first();
}

// Idempotent by key: a second decision for the same money finds the first refund row, never a new one.
// `payment` 0: money taken at the counter, so there is no provider payment to refund.
Result<qint64> PgCheckoutStore::dueRefund(OrderId order, qint64 payment, const Money &amount, const QString &reason,
                                          const QString &key)
{
    auto refund = m_statements.exec(
        CheckoutSql::insertRefund, settleContext,
        {{QStringLiteral(":order"), order},
         {QStringLiteral(":payment"), payment ? QVariant(payment) : QVariant(QMetaType::fromType<qint64>())},
         {QStringLiteral(":amount"), amount.minor()},
         {QStringLiteral(":reason"), reason},
         {QStringLiteral(":key"), key}});
    if (!refund)
        return refund.error();
    qint64 id = refund.value()->next() ? refund.value()->value(0).toLongLong() : 0;
    refund.value()->finish();
    if (id != 0)
        return id;
    auto existing = m_statements.exec(CheckoutSql::refundByKey, settleContext, {{QStringLiteral(":key"), key}});
    if (!existing)
        return existing.error();
    id = existing.value()->next() ? existing.value()->value(0).toLongLong() : 0;
    existing.value()->finish();
    if (id == 0)
        return makeError(ErrorCode::Internal, QStringLiteral("Refund %1 was neither written nor found.").arg(key));
    return id;
}

Status PgCheckoutStore::openCase(OrderId order, qint64 refund, const QString &unit, const Money &amount,
                                 const QString &reason)
{
    auto compensation = m_statements.exec(CheckoutSql::insertCompensation, settleContext,
                                          {{QStringLiteral(":order"), order},
                                           {QStringLiteral(":refund"), refund},
                                           {QStringLiteral(":unit"), unit},
                                           {QStringLiteral(":amount"), amount.minor()},
                                           {QStringLiteral(":reason"), reason}});
    if (!compensation)
        return compensation.error();
    compensation.value()->finish();
    return Done{};
}

Result<Settlement> PgCheckoutStore::settlementFromLines(OrderId order)
{
    auto summary = m_carts.order(order);
    if (!summary)
        return summary.error();
    Settlement settlement;
    settlement.order = order;
    settlement.alreadySettled = true;
    settlement.refundDue = Money(0, summary->currency); // decided before: nothing more falls due now
    for (const OrderLine &line : summary->lines) {
        if (line.state == LineState::Sold)
            settlement.sold << line;
        else if (line.state == LineState::Replaced)
            settlement.replaced << line;
        else if (line.state == LineState::Refunded || line.state == LineState::Lost)
            settlement.refunded << line;
    }
    return settlement;
}

Result<Settlement> PgCheckoutStore::settleLocked(OrderId order)
{
    auto locked = lockOrder(order, settleContext);
    if (!locked)
        return locked.error();
    auto payment = paymentOfOrderLocked(order);
    if (!payment)
        return payment.error();
    if (payment->state != PaymentState::Succeeded)
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("Order %1 has no successful payment to settle.").arg(order));

    if (endedWithoutDelivery(locked->state))
        return refundEndedOrder(order, payment->id, locked->amount, locked->state);
    if (locked->state != OrderState::Pending)
        return settlementFromLines(order); // settled before: by the checkout, a webhook or reconciliation

    auto confirmed = m_carts.confirmInTransaction(order);
    if (!confirmed)
        return confirmed.error();
    Settlement settlement;
    settlement.order = order;
    settlement.sold = confirmed->sold;

    QVector<OrderLine> stillLost;
    for (const OrderLine &line : confirmed->lost) {
        if (line.state != LineState::Lost)
            continue;
        // A failed statement aborts the whole settlement: going on would only meet 25P02 and hide why.
        auto replacement
            = line.kind == ItemKind::Seat ? replaceLostSeat(order, locked->cart, line) : Result<OrderLine>(OrderLine{});
        if (!replacement)
            return replacement.error();
        if (replacement->id != 0) {
            settlement.replaced << line;
            settlement.sold << *replacement;
            if (auto status = logStep(order, QStringLiteral("unit-replaced"),
                                      QStringLiteral("%1 -> %2").arg(line.label, replacement->label));
                !status)
                return status.error();
            continue;
        }
        stillLost << line;
    }
    if (!settlement.replaced.isEmpty()) {
        if (auto status = markReplacedOrderPaid(order); !status)
            return status.error();
    }
    if (auto status = refundLostLines(order, payment->id, stillLost); !status)
        return status.error();
    settlement.refunded = stillLost;
    qint64 refundDueMinor = 0;
    for (const OrderLine &line : stillLost)
        refundDueMinor += line.amount.minor();
    settlement.refundDue = locked->amount.withMinor(refundDueMinor);

    if (settlement.sold.isEmpty()) {
        // Nothing could be delivered: the whole amount is on its way back and the order says so.
        auto refunded = m_statements.exec(CheckoutSql::markOrderRefundedFromPending, settleContext,
                                          {{QStringLiteral(":order"), order}});
        if (!refunded)
            return refunded.error();
        refunded.value()->finish();
    } else {
        const QJsonObject payload{{QStringLiteral("order"), order},
                                  {QStringLiteral("units"), int(settlement.sold.size())}};
        auto outbox = m_statements.exec(
            CheckoutSql::insertOutbox, settleContext,
            {{QStringLiteral(":order"), order},
             {QStringLiteral(":payload"), QString::fromUtf8(QJsonDocument(payload).toJson(QJsonDocument::Compact))}});
        if (!outbox)
            return outbox.error();
        outbox.value()->finish();
    }
    if (auto status = logStep(order, QStringLiteral("confirmed"), QString::number(settlement.sold.size())); !status)
        return status.error();
    return settlement;
}

Status PgCheckoutStore::markReplacedOrderPaid(OrderId order)
{
    auto paid = m_statements.exec(CheckoutSql::markReplacedOrderPaid, settleContext,
                                  {{QStringLiteral(":order"), order}, {QStringLiteral(":order2"), order}});
    if (!paid)
        return paid.error();
    paid.value()->finish();
    return Done{};
}

Result<Settlement> PgCheckoutStore::refundEndedOrder(OrderId order, qint64 payment, const Money &amount,
                                                     OrderState state)
{
    // Charged after the order ended (its holds went back): every cent goes back, once.
    const QString key = QStringLiteral("order-%1-refund-all").arg(order);
    auto known = m_statements.exec(CheckoutSql::refundByKey, settleContext, {{QStringLiteral(":key"), key}});
    if (!known)
        return known.error();
    const bool decidedBefore = known.value()->next();
    known.value()->finish();
    Settlement settlement;
    settlement.order = order;
    settlement.alreadySettled = decidedBefore;
    settlement.refundDue = amount;
    if (decidedBefore || amount.isZero())
        return settlement;
    auto refund = dueRefund(order, payment, amount, QStringLiteral("charged after the order ended"), key);
    if (!refund)
        return refund.error();
    if (auto status = openCase(order, refund.value(), QStringLiteral("the whole order"), amount,
                               QStringLiteral("paid after the order %1").arg(toText(state).toLower()));
        !status)
        return status.error();
    if (auto status = logStep(order, QStringLiteral("refund-due"), QStringLiteral("order was %1").arg(toText(state)));
        !status)
        return status.error();
    return settlement;
}

Result<OrderLine> PgCheckoutStore::replaceLostSeat(OrderId order, const CartId &cart, const OrderLine &line)
{
    auto equivalent = m_statements.exec(
        CheckoutSql::sellEquivalentSeat, settleContext,
        {{QStringLiteral(":order"), order}, {QStringLiteral(":unit"), line.id}, {QStringLiteral(":cart"), cart}});
    if (!equivalent)
        return equivalent.error();
    OrderLine replacement;
    if (equivalent.value()->next()) {
        replacement = line;
        replacement.id = equivalent.value()->value(0).toLongLong();
        replacement.label = equivalent.value()->value(1).toString();
        replacement.state = LineState::Sold;
    }
    equivalent.value()->finish();
    return replacement;
}

// Lines that could not be delivered, of any shape: REFUNDED, one refund row for their sum, a case each.
Status PgCheckoutStore::refundLostLines(OrderId order, qint64 payment, const QVector<OrderLine> &lost)
{
    if (lost.isEmpty())
        return Done{};
    qint64 dueMinor = 0;
    for (const OrderLine &line : lost)
        dueMinor += line.amount.minor();
    const Money due = lost.first().amount.withMinor(dueMinor); // the lines share their order's currency
    auto refund = dueRefund(order, payment, due, QStringLiteral("units lost after their hold ran out"),
                            QStringLiteral("order-%1-refund-lost").arg(order));
    if (!refund)
        return refund.error();
    for (const OrderLine &line : lost) {
        if (auto status = openCase(order, refund.value(), line.label, line.amount,
                                   QStringLiteral("taken by another buyer after the hold ran out"));
            !status)
            return status;
        auto marked = m_statements.exec(ReturnSql::markLostRefunded, settleContext,
                                        {{QStringLiteral(":order"), order},
                                         {QStringLiteral(":kind"), itemKindName(line.kind)},
                                         {QStringLiteral(":unit"), line.id}});
        if (!marked)
            return marked.error();
        marked.value()->finish();
    }
    return logStep(order, QStringLiteral("refund-due"), QString::number(due.minor()));
}

Result<PgCheckoutStore::Returned> PgCheckoutStore::returnSoldItems(OrderId order, const QVector<OrderItemRef> &items)
{
    const QString context = QStringLiteral("refunding an order");
    QVector<qint64> seats, places, tables;
    QVector<qint64> stays;
    for (const OrderItemRef &item : items) {
        switch (item.kind) {
        case ItemKind::Seat:
            seats << item.id;
            break;
        case ItemKind::Pool:
            places << item.id;
            break;
        case ItemKind::Stay:
            stays << item.id;
            break;
        case ItemKind::Slot:
            tables << item.id;
            break;
        }
    }
    const bool whole = items.isEmpty();
    // The caller holds the order row already; locking it again only reads the currency the sum is in.
    auto locked = lockOrder(order, context);
    if (!locked)
        return locked.error();
    Returned returned;
    qint64 returnedMinor = 0;
    auto add = [&returned, &returnedMinor](QSqlQuery &q) {
        if (q.next()) {
            returned.lines += q.value(0).toInt();
            returnedMinor += q.value(1).toLongLong();
        }
        q.finish();
    };
    // The lock order: seats by id, GA sub-pools, hotel nights by date, then tables.
    if (whole || !seats.isEmpty()) {
        auto q
            = m_statements.exec(ReturnSql::seats, context,
                                {{QStringLiteral(":order"), order}, {QStringLiteral(":units"), toBigintArray(seats)}});
        if (!q)
            return q.error();
        add(*q.value());
    }
    if (whole || !places.isEmpty()) {
        auto q
            = m_statements.exec(ReturnSql::places, context,
                                {{QStringLiteral(":order"), order}, {QStringLiteral(":holds"), toBigintArray(places)}});
        if (!q)
            return q.error();
        add(*q.value());
    }
    if (whole) {
        auto sold = m_statements.exec(ReturnSql::soldStays, context, {{QStringLiteral(":order"), order}});
        if (!sold)
            return sold.error();
        while (sold.value()->next())
            stays << sold.value()->value(0).toLongLong();
        sold.value()->finish();
    }
    for (const qint64 stay : stays) {
        auto q = m_statements.exec(ReturnSql::stay, context,
                                   {{QStringLiteral(":order"), order}, {QStringLiteral(":stay"), stay}});
        if (!q)
            return q.error();
        add(*q.value());
    }
    if (whole || !tables.isEmpty()) {
        auto q = m_statements.exec(
            ReturnSql::tables, context,
            {{QStringLiteral(":order"), order}, {QStringLiteral(":bookings"), toBigintArray(tables)}});
        if (!q)
            return q.error();
        add(*q.value());
    }
    returned.amount = locked->amount.withMinor(returnedMinor);
    return returned;
}

Result<RefundRecord> PgCheckoutStore::refundUnits(OrderId order, const QVector<OrderItemRef> &items,
                                                  const QString &reason)
{
    const QString context = QStringLiteral("refunding an order");
    if (reason.trimmed().isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A refund needs a reason."));
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(context); !status)
        return status.error();
    auto locked = lockOrder(order, context);
    if (!locked)
        return locked.error();
    if (locked->state != OrderState::Paid)
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("Order %1 is %2, not paid: nothing to refund.")
                             .arg(order)
                             .arg(toText(locked->state).toLower()));
    auto payment = paymentOfOrderLocked(order);
    if (!payment)
        return payment.error();
    const qint64 paymentId = payment->state == PaymentState::Succeeded ? payment->id : 0;

    auto returned = returnSoldItems(order, items);
    if (!returned)
        return returned.error();
    if (returned->lines == 0 || (!items.isEmpty() && returned->lines != items.size()))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Only units sold on order %1 (and not yet used) can be refunded; nothing was "
                                        "changed.")
                             .arg(order));

    auto number = m_statements.exec(CheckoutSql::refundNumber, context, {{QStringLiteral(":order"), order}});
    if (!number)
        return number.error();
    const int n = number.value()->next() ? number.value()->value(0).toInt() : 1;
    number.value()->finish();
    RefundRecord record;
    record.order = order;
    record.amount = returned->amount;
    record.reason = reason.trimmed();
    record.idempotencyKey = QStringLiteral("order-%1-refund-%2").arg(order).arg(n);
    record.atCounter = paymentId == 0;
    // Refund rows are a manager's to write: a clerk's connection is refused here (42501).
    auto refund = dueRefund(order, paymentId, record.amount, record.reason, record.idempotencyKey);
    if (!refund)
        return refund.error();
    record.id = refund.value();
    if (record.atCounter) {
        // Money taken at the counter goes back at the counter, now.
        auto done
            = m_statements.exec(CheckoutSql::counterRefundDone, context, {{QStringLiteral(":refund"), record.id}});
        if (!done)
            return done.error();
        done.value()->finish();
        auto added = m_statements.exec(
            CheckoutSql::addRefunded, context,
            {{QStringLiteral(":amount"), record.amount.minor()}, {QStringLiteral(":order"), order}});
        if (!added)
            return added.error();
        added.value()->finish();
    }
    auto left = m_statements.exec(CheckoutSql::soldLinesLeft, context,
                                  {{QStringLiteral(":order"), order},
                                   {QStringLiteral(":order2"), order},
                                   {QStringLiteral(":order3"), order},
                                   {QStringLiteral(":order4"), order}});
    if (!left)
        return left.error();
    const int remaining = left.value()->next() ? left.value()->value(0).toInt() : 0;
    left.value()->finish();
    if (remaining == 0) {
        auto refunded = m_statements.exec(CheckoutSql::markOrderRefunded, context, {{QStringLiteral(":order"), order}});
        if (!refunded)
            return refunded.error();
        refunded.value()->finish();
    }
    if (auto status = logStep(order, QStringLiteral("refund-requested"),
                              QStringLiteral("%1 unit(s): %2").arg(returned->lines).arg(record.reason));
        !status)
        return status.error();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return record;
}

} // namespace boxoffice
