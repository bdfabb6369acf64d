#include "storage/pgcheckoutstore.h"

#include "storage/checkoutsql.h"
#include "storage/pgarrays.h"
#include "storage/transactionguard.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice {

namespace {

const QString sagaContext = QStringLiteral("recording a checkout step");

PaymentRecord paymentFromRow(const QSqlQuery &q)
{
    PaymentRecord record;
    record.id = q.value(0).toLongLong();
    record.order = q.value(1).toLongLong();
    record.provider = q.value(2).toString();
    record.idempotencyKey = q.value(3).toString();
    record.providerPaymentId = q.value(4).toString();
    record.amountMinor = q.value(5).toLongLong();
    record.currency = q.value(6).toString().trimmed();
    record.state = q.value(7).toString();
    record.cart = q.value(8).toString();
    return record;
}

QString paymentStateFor(ChargeStatus status)
{
    switch (status) {
    case ChargeStatus::Succeeded:
        return QStringLiteral("SUCCEEDED");
    case ChargeStatus::Declined:
        return QStringLiteral("DECLINED");
    case ChargeStatus::Unknown:
        break;
    }
    return QStringLiteral("UNKNOWN");
}

} // namespace

PgCheckoutStore::PgCheckoutStore(QSqlDatabase database, PgCartStore &carts)
    : m_statements(std::move(database)), m_carts(carts)
{ }

Status PgCheckoutStore::logStep(OrderId order, const QString &step, const QString &detail)
{
    auto logged = m_statements.exec(CheckoutSql::logStep, sagaContext,
                                    {{QStringLiteral(":order"), order},
                                     {QStringLiteral(":step"), step},
                                     {QStringLiteral(":detail"), detail.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(detail)}});
    if (!logged)
        return logged.error();
    logged.value()->finish();
    return Done{};
}

Result<PgCheckoutStore::LockedOrder> PgCheckoutStore::lockOrder(OrderId order, const QString &context)
{
    auto lock = m_statements.exec(CheckoutSql::lockOrder, context, {{QStringLiteral(":order"), order}});
    if (!lock)
        return lock.error();
    QSqlQuery &q = *lock.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("Order %1 does not exist.").arg(order));
    }
    LockedOrder locked{q.value(0).toString(), q.value(1).toString(), q.value(2).toLongLong()};
    q.finish();
    return locked;
}

Result<OrderSummary> PgCheckoutStore::openOrder(const CartId &cart, const QString &channel, const QString &buyer)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(sagaContext); !status)
        return status.error();
    auto order = m_carts.createOrder(cart);
    if (!order)
        return order.error();
    auto tagged = m_statements.exec(CheckoutSql::tagOrder, sagaContext,
                                    {{QStringLiteral(":channel"), channel},
                                     {QStringLiteral(":buyer"), buyer},
                                     {QStringLiteral(":order"), order->id}});
    if (!tagged)
        return tagged.error();
    tagged.value()->finish();
    if (auto status = logStep(order->id, QStringLiteral("order-opened"), channel); !status)
        return status.error();
    if (auto status = transaction.commit(sagaContext); !status)
        return status.error();
    return order;
}

Result<PaymentRecord> PgCheckoutStore::beginCharge(OrderId order, const QString &provider, const QString &idempotencyKey)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(sagaContext); !status)
        return status.error();
    auto locked = lockOrder(order, sagaContext);
    if (!locked)
        return locked.error();
    const CartId cart = locked->cart;
    const QString state = locked->state;

    auto existing = readPayments(CheckoutSql::paymentByKey, sagaContext, {{QStringLiteral(":key"), idempotencyKey}});
    if (!existing)
        return existing.error();
    if (!existing->isEmpty()) // a retry of this very step: the same record, nothing new
        return existing->first();
    if (state != QLatin1String("PENDING"))
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("Order %1 is %2: there is nothing to pay for.").arg(order).arg(state.toLower()));

    auto inserted = m_statements.exec(CheckoutSql::insertPayment, sagaContext,
                                      {{QStringLiteral(":provider"), provider},
                                       {QStringLiteral(":key"), idempotencyKey},
                                       {QStringLiteral(":order"), order}});
    if (!inserted)
        return inserted.error();
    inserted.value()->finish();
    // While the money is in flight the holds must not run out: one more period, within the limit.
    if (auto extended = m_carts.extend(cart); !extended && extended.error().code != ErrorCode::LimitReached
        && extended.error().code != ErrorCode::NotFound)
        return extended.error();
    if (auto status = logStep(order, QStringLiteral("charge-started"), idempotencyKey); !status)
        return status.error();
    auto record = readPayments(CheckoutSql::paymentByKey, sagaContext, {{QStringLiteral(":key"), idempotencyKey}});
    if (!record)
        return record.error();
    if (record->isEmpty())
        return makeError(ErrorCode::Internal, QStringLiteral("The payment record of order %1 vanished.").arg(order));
    if (auto status = transaction.commit(sagaContext); !status)
        return status.error();
    return record->first();
}

Status PgCheckoutStore::recordChargeOutcome(qint64 payment, const ChargeOutcome &outcome)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(sagaContext); !status)
        return status.error();
    auto record = this->payment(payment);
    if (!record)
        return record.error();
    // Order row first, then the payment: the order every path locks in.
    if (auto locked = lockOrder(record->order, sagaContext); !locked)
        return locked.error();
    if (auto status = recordOutcomeLocked(payment, record->order, outcome); !status)
        return status;
    return transaction.commit(sagaContext);
}

Status PgCheckoutStore::recordOutcomeLocked(qint64 payment, OrderId order, const ChargeOutcome &outcome)
{
    auto lock = m_statements.exec(CheckoutSql::lockPayment, sagaContext, {{QStringLiteral(":payment"), payment}});
    if (!lock)
        return lock.error();
    const QString before = lock.value()->next() ? lock.value()->value(1).toString() : QString();
    lock.value()->finish();
    if (before != QLatin1String("CHARGING") && before != QLatin1String("UNKNOWN"))
        return Done{}; // already decided (a webhook or reconciliation got there first)

    const QString state = paymentStateFor(outcome.status);
    auto updated = m_statements.exec(
        CheckoutSql::setPaymentState, sagaContext,
        {{QStringLiteral(":state"), state},
         {QStringLiteral(":provider_id"), outcome.providerPaymentId},
         {QStringLiteral(":detail"), outcome.declineReason.isEmpty() ? outcome.detail : outcome.declineReason},
         {QStringLiteral(":payment"), payment}});
    if (!updated)
        return updated.error();
    updated.value()->finish();
    if (auto status = logStep(order, QStringLiteral("charge-") + state.toLower(), outcome.detail); !status)
        return status;

    if (outcome.status != ChargeStatus::Declined)
        return Done{};
    // No money moved: the seats go back at once and the buyer may try another card.
    auto locked = lockOrder(order, sagaContext); // held already: this reads the cart
    if (!locked)
        return locked.error();
    const CartId cart = locked->cart;
    auto cancelled = m_statements.exec(CheckoutSql::cancelOrder, sagaContext, {{QStringLiteral(":order"), order}});
    if (!cancelled)
        return cancelled.error();
    cancelled.value()->finish();
    if (!cart.isEmpty()) {
        if (auto released = m_carts.releaseCart(cart); !released)
            return released.error();
    }
    return logStep(order, QStringLiteral("order-cancelled"), outcome.declineReason);
}

Result<Settlement> PgCheckoutStore::settlePaidOrder(OrderId order)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(sagaContext); !status)
        return status.error();
    auto settled = settleLocked(order);
    if (!settled)
        return settled.error();
    if (auto status = transaction.commit(sagaContext); !status)
        return status.error();
    return settled;
}

// `payment` 0: money taken at the counter, so there is no provider payment to refund.
Result<qint64> PgCheckoutStore::dueRefund(OrderId order, qint64 payment, qint64 amountMinor, const QString &reason,
                                          const QString &key)
{
    auto refund = m_statements.exec(CheckoutSql::insertRefund, sagaContext,
                                    {{QStringLiteral(":order"), order},
                                     {QStringLiteral(":payment"), payment ? QVariant(payment) : QVariant(QMetaType::fromType<qint64>())},
                                     {QStringLiteral(":amount"), amountMinor},
                                     {QStringLiteral(":reason"), reason},
                                     {QStringLiteral(":key"), key}});
    if (!refund)
        return refund.error();
    const qint64 id = refund.value()->next() ? refund.value()->value(0).toLongLong() : 0;
    refund.value()->finish();
    return id;
}

Result<Settlement> PgCheckoutStore::settleLocked(OrderId order)
{
    auto locked = lockOrder(order, sagaContext);
    if (!locked)
        return locked.error();
    const CartId cart = locked->cart;
    const QString state = locked->state;
    const qint64 amount = locked->amountMinor;

    auto live = m_statements.exec(CheckoutSql::livePaymentOfOrder, sagaContext, {{QStringLiteral(":order"), order}});
    if (!live)
        return live.error();
    const bool hasPayment = live.value()->next();
    const qint64 payment = hasPayment ? live.value()->value(0).toLongLong() : 0;
    const QString paymentState = hasPayment ? live.value()->value(1).toString() : QString();
    live.value()->finish();
    if (paymentState != QLatin1String("SUCCEEDED"))
        return makeError(ErrorCode::Conflict, QStringLiteral("Order %1 has no successful payment to settle.").arg(order));

    Settlement settlement;
    settlement.order = order;
    if (state == QLatin1String("CANCELLED") || state == QLatin1String("EXPIRED")) {
        // Charged after the order ended (its holds went back): every cent goes back.
        auto refund = dueRefund(order, payment, amount, QStringLiteral("charged after the order ended"),
                                QStringLiteral("order-%1-refund-all").arg(order));
        if (!refund)
            return refund.error();
        if (refund.value() != 0) {
            auto compensation = m_statements.exec(CheckoutSql::insertCompensation, sagaContext,
                                                  {{QStringLiteral(":order"), order},
                                                   {QStringLiteral(":refund"), refund.value()},
                                                   {QStringLiteral(":unit"), QStringLiteral("the whole order")},
                                                   {QStringLiteral(":amount"), amount},
                                                   {QStringLiteral(":reason"), QStringLiteral("paid after the order %1").arg(state.toLower())}});
            if (!compensation)
                return compensation.error();
            compensation.value()->finish();
        }
        settlement.refundDueMinor = amount;
        if (auto status = logStep(order, QStringLiteral("refund-due"), QStringLiteral("order was %1").arg(state)); !status)
            return status.error();
        return settlement;
    }

    auto confirmed = m_carts.confirmInTransaction(order);
    if (!confirmed)
        return confirmed.error();
    settlement.alreadySettled = confirmed->alreadyConfirmed;
    settlement.sold = confirmed->sold;

    QVector<OrderLine> stillLost;
    for (const OrderLine &line : confirmed->lost) {
        if (line.state != QLatin1String("LOST"))
            continue;
        if (line.kind == ItemKind::Seat) {
            auto equivalent = m_statements.exec(CheckoutSql::sellEquivalentSeat, sagaContext,
                                                {{QStringLiteral(":order"), order},
                                                 {QStringLiteral(":unit"), line.id},
                                                 {QStringLiteral(":cart"), cart}});
            if (!equivalent)
                return equivalent.error();
            if (equivalent.value()->next()) {
                OrderLine replacement = line;
                replacement.id = equivalent.value()->value(0).toLongLong();
                replacement.label = equivalent.value()->value(1).toString();
                replacement.state = QStringLiteral("SOLD");
                settlement.replaced << line;
                settlement.sold << replacement;
                equivalent.value()->finish();
                if (auto status = logStep(order, QStringLiteral("unit-replaced"),
                                          QStringLiteral("%1 -> %2").arg(line.label, replacement.label));
                    !status)
                    return status.error();
                continue;
            }
            equivalent.value()->finish();
        }
        stillLost << line;
    }

    if (!stillLost.isEmpty()) {
        qint64 due = 0;
        for (const OrderLine &line : stillLost)
            due += line.amountMinor;
        auto refund = dueRefund(order, payment, due, QStringLiteral("units lost after their hold ran out"),
                                QStringLiteral("order-%1-refund-lost").arg(order));
        if (!refund)
            return refund.error();
        for (const OrderLine &line : stillLost) {
            auto compensation = m_statements.exec(CheckoutSql::insertCompensation, sagaContext,
                                                  {{QStringLiteral(":order"), order},
                                                   {QStringLiteral(":refund"), refund.value()},
                                                   {QStringLiteral(":unit"), line.label},
                                                   {QStringLiteral(":amount"), line.amountMinor},
                                                   {QStringLiteral(":reason"), QStringLiteral("taken by another buyer after the hold ran out")}});
            if (!compensation)
                return compensation.error();
            compensation.value()->finish();
            if (line.kind == ItemKind::Seat) {
                auto marked = m_statements.exec(CheckoutSql::markLineRefunded, sagaContext,
                                                {{QStringLiteral(":order"), order}, {QStringLiteral(":unit"), line.id}});
                if (!marked)
                    return marked.error();
                marked.value()->finish();
            }
        }
        settlement.refunded = stillLost;
        settlement.refundDueMinor = due;
        if (auto status = logStep(order, QStringLiteral("refund-due"), QString::number(due)); !status)
            return status.error();
    }

    if (!settlement.sold.isEmpty()) {
        const QJsonObject payload{{"order", order}, {"units", int(settlement.sold.size())}};
        auto outbox = m_statements.exec(CheckoutSql::insertOutbox, sagaContext,
                                        {{QStringLiteral(":order"), order},
                                         {QStringLiteral(":payload"), QString::fromUtf8(QJsonDocument(payload).toJson(QJsonDocument::Compact))}});
        if (!outbox)
            return outbox.error();
        outbox.value()->finish();
    }
    if (!settlement.alreadySettled) {
        if (auto status = logStep(order, QStringLiteral("confirmed"), QString::number(settlement.sold.size())); !status)
            return status.error();
    }
    return settlement;
}

Result<InboxOutcome> PgCheckoutStore::applyPaymentEvent(const QString &provider, const PaymentEvent &event)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(sagaContext); !status)
        return status.error();
    auto inbox = m_statements.exec(CheckoutSql::insertInbox, sagaContext,
                                   {{QStringLiteral(":provider"), provider},
                                    {QStringLiteral(":event"), event.eventId},
                                    {QStringLiteral(":type"), event.type},
                                    {QStringLiteral(":order"), event.order > 0 ? QVariant(event.order) : QVariant(QMetaType::fromType<qint64>())}});
    if (!inbox)
        return inbox.error();
    const bool fresh = inbox.value()->next();
    inbox.value()->finish();
    if (!fresh)
        return InboxOutcome::Duplicate; // rolled back: nothing to add

    ChargeOutcome outcome;
    outcome.providerPaymentId = event.providerPaymentId;
    outcome.detail = QStringLiteral("webhook %1").arg(event.eventId);
    if (event.type == QLatin1String("payment_intent.succeeded"))
        outcome.status = ChargeStatus::Succeeded;
    else if (event.type == QLatin1String("payment_intent.payment_failed"))
        outcome.status = ChargeStatus::Declined;
    else {
        if (auto status = transaction.commit(sagaContext); !status)
            return status.error();
        return InboxOutcome::Ignored;
    }
    if (event.order <= 0) {
        if (auto status = transaction.commit(sagaContext); !status)
            return status.error();
        return InboxOutcome::Ignored;
    }

    // Order row first, then its payment, as everywhere.
    auto locked = lockOrder(event.order, sagaContext);
    if (!locked && locked.error().code != ErrorCode::NotFound)
        return locked.error();
    const bool orderExists = bool(locked);
    auto live = m_statements.exec(CheckoutSql::livePaymentOfOrder, sagaContext, {{QStringLiteral(":order"), event.order}});
    if (!live)
        return live.error();
    const qint64 payment = live.value()->next() ? live.value()->value(0).toLongLong() : 0;
    live.value()->finish();
    if (!orderExists || payment == 0) {
        if (auto status = transaction.commit(sagaContext); !status)
            return status.error();
        return InboxOutcome::Ignored;
    }
    if (auto status = recordOutcomeLocked(payment, event.order, outcome); !status)
        return status.error();
    if (outcome.status == ChargeStatus::Succeeded) {
        auto settled = settleLocked(event.order);
        if (!settled)
            return settled.error();
    }
    if (auto status = transaction.commit(sagaContext); !status)
        return status.error();
    return InboxOutcome::Applied;
}

Result<QVector<PaymentRecord>> PgCheckoutStore::readPayments(const char *sql, const QString &context,
                                                             PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, context, bindings);
    if (!query)
        return query.error();
    QVector<PaymentRecord> records;
    while (query.value()->next())
        records << paymentFromRow(*query.value());
    query.value()->finish();
    return records;
}

Result<PaymentRecord> PgCheckoutStore::payment(qint64 payment)
{
    auto records = readPayments(CheckoutSql::paymentById, QStringLiteral("reading a payment"),
                                {{QStringLiteral(":payment"), payment}});
    if (!records)
        return records.error();
    if (records->isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("Payment %1 does not exist.").arg(payment));
    return records->first();
}

Result<QVector<PaymentRecord>> PgCheckoutStore::paymentsToResolve(int olderThanSeconds)
{
    return readPayments(CheckoutSql::paymentsToResolve, QStringLiteral("finding payments with no known outcome"),
                        {{QStringLiteral(":age"), olderThanSeconds}});
}

Result<QVector<PaymentRecord>> PgCheckoutStore::paidButUnsettled()
{
    return readPayments(CheckoutSql::paidButUnsettled, QStringLiteral("finding paid orders not settled"), {});
}

Result<QVector<RefundRecord>> PgCheckoutStore::refundsDue()
{
    auto query = m_statements.exec(CheckoutSql::refundsDue, QStringLiteral("finding refunds due"), {});
    if (!query)
        return query.error();
    QVector<RefundRecord> refunds;
    QSqlQuery &q = *query.value();
    while (q.next())
        refunds << RefundRecord{q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
                                q.value(3).toString(), q.value(4).toLongLong(), q.value(5).toString()};
    q.finish();
    return refunds;
}

Status PgCheckoutStore::recordRefundOutcome(qint64 refund, const RefundOutcome &outcome)
{
    if (outcome.status == ChargeStatus::Unknown)
        return Done{}; // still DUE: asked again on the next run, under the same idempotency key
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(sagaContext); !status)
        return status.error();
    auto lock = m_statements.exec(CheckoutSql::lockRefund, sagaContext, {{QStringLiteral(":refund"), refund}});
    if (!lock)
        return lock.error();
    if (!lock.value()->next())
        return makeError(ErrorCode::NotFound, QStringLiteral("Refund %1 does not exist.").arg(refund));
    const OrderId order = lock.value()->value(0).toLongLong();
    const qint64 amount = lock.value()->value(1).toLongLong();
    const bool due = lock.value()->value(2).toString() == QLatin1String("DUE");
    lock.value()->finish();
    if (!due)
        return Done{};
    const bool succeeded = outcome.status == ChargeStatus::Succeeded;
    auto done = m_statements.exec(CheckoutSql::refundDone, sagaContext,
                                  {{QStringLiteral(":state"), succeeded ? QStringLiteral("SUCCEEDED") : QStringLiteral("FAILED")},
                                   {QStringLiteral(":provider_id"), outcome.providerRefundId},
                                   {QStringLiteral(":refund"), refund}});
    if (!done)
        return done.error();
    done.value()->finish();
    if (succeeded) {
        auto added = m_statements.exec(CheckoutSql::addRefunded, sagaContext,
                                       {{QStringLiteral(":amount"), amount}, {QStringLiteral(":order"), order}});
        if (!added)
            return added.error();
        added.value()->finish();
    }
    if (auto status = logStep(order, succeeded ? QStringLiteral("refunded") : QStringLiteral("refund-failed"), outcome.detail);
        !status)
        return status;
    return transaction.commit(sagaContext);
}

Result<int> PgCheckoutStore::expireAbandonedOrders()
{
    auto expired = m_statements.exec(CheckoutSql::expireAbandoned, QStringLiteral("expiring abandoned orders"), {});
    if (!expired)
        return expired.error();
    const int count = expired.value()->numRowsAffected();
    expired.value()->finish();
    return count;
}

Status PgCheckoutStore::countRepairs(const ReconcileCounts &counts)
{
    for (const auto &[kind, count] : {std::pair{QStringLiteral("confirmed"), counts.confirmed},
                                      std::pair{QStringLiteral("cancelled"), counts.cancelled},
                                      std::pair{QStringLiteral("expired"), counts.expired},
                                      std::pair{QStringLiteral("refunded"), counts.refunded}}) {
        if (count == 0)
            continue;
        auto counted = m_statements.exec(CheckoutSql::countRepair, QStringLiteral("counting repairs"),
                                         {{QStringLiteral(":kind"), kind}, {QStringLiteral(":count"), count}});
        if (!counted)
            return counted.error();
        counted.value()->finish();
    }
    return Done{};
}

Result<RefundRecord> PgCheckoutStore::refundUnits(OrderId order, const QVector<UnitId> &units, const QString &reason)
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
    const QString state = locked->state;
    if (state != QLatin1String("PAID"))
        return makeError(ErrorCode::Conflict, QStringLiteral("Order %1 is %2, not paid: nothing to refund.").arg(order).arg(state.toLower()));

    auto live = m_statements.exec(CheckoutSql::livePaymentOfOrder, context, {{QStringLiteral(":order"), order}});
    if (!live)
        return live.error();
    const qint64 payment = live.value()->next() ? live.value()->value(0).toLongLong() : 0;
    live.value()->finish();

    auto returned = m_statements.exec(CheckoutSql::returnSoldSeats, context,
                                      {{QStringLiteral(":order"), order}, {QStringLiteral(":units"), toBigintArray(units)}});
    if (!returned)
        return returned.error();
    returned.value()->next();
    const int seats = returned.value()->value(0).toInt();
    const qint64 amount = returned.value()->value(1).toLongLong();
    returned.value()->finish();
    if (seats == 0 || (!units.isEmpty() && seats != units.size()))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Only seats sold on order %1 can be refunded; nothing was changed.").arg(order));

    auto number = m_statements.exec(CheckoutSql::refundNumber, context, {{QStringLiteral(":order"), order}});
    if (!number)
        return number.error();
    const int n = number.value()->next() ? number.value()->value(0).toInt() : 1;
    number.value()->finish();
    RefundRecord record;
    record.order = order;
    record.amountMinor = amount;
    record.reason = reason.trimmed();
    record.idempotencyKey = QStringLiteral("order-%1-refund-%2").arg(order).arg(n);
    // Refund rows are a manager's to write: a clerk's connection is refused here (42501).
    auto refund = dueRefund(order, payment, amount, record.reason, record.idempotencyKey);
    if (!refund)
        return refund.error();
    record.id = refund.value();
    record.atCounter = payment == 0;
    if (payment == 0) {
        // Money taken at the counter goes back at the counter, now.
        auto done = m_statements.exec(CheckoutSql::counterRefundDone, context, {{QStringLiteral(":refund"), record.id}});
        if (!done)
            return done.error();
        done.value()->finish();
        auto added = m_statements.exec(CheckoutSql::addRefunded, context,
                                       {{QStringLiteral(":amount"), amount}, {QStringLiteral(":order"), order}});
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
    if (auto status = logStep(order, QStringLiteral("refund-requested"), QStringLiteral("%1 seat(s): %2").arg(seats).arg(record.reason));
        !status)
        return status.error();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return record;
}

Result<QVector<ReconcileDay>> PgCheckoutStore::repairReport(int days)
{
    auto query = m_statements.exec(CheckoutSql::repairReport, QStringLiteral("reading the repair report"),
                                   {{QStringLiteral(":days"), days}});
    if (!query)
        return query.error();
    QVector<ReconcileDay> report;
    QSqlQuery &q = *query.value();
    while (q.next())
        report << ReconcileDay{q.value(0).toDate(), q.value(1).toString(), q.value(2).toInt()};
    q.finish();
    return report;
}

} // namespace boxoffice
