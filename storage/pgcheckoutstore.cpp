#include "storage/pgcheckoutstore.h"

#include "domain/paymentmatching.h"

#include "storage/checkoutsql.h"
#include "storage/logging.h"
#include "storage/pgarrays.h"
#include "storage/statetext.h"
#include "storage/transactionguard.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice {

namespace {

const QString sagaContext = QStringLiteral("recording a checkout step");

Result<PaymentRecord> paymentFromRow(const QSqlQuery &q)
{
    auto state = paymentStateFromText(q.value(7).toString());
    if (!state)
        return state.error();
    PaymentRecord record;
    record.id = q.value(0).toLongLong();
    record.order = q.value(1).toLongLong();
    record.provider = q.value(2).toString();
    record.idempotencyKey = q.value(3).toString();
    record.providerPaymentId = q.value(4).toString();
    record.amount = Money(q.value(5).toLongLong(), q.value(6).toString());
    record.state = state.value();
    record.cart = q.value(8).toString();
    record.paymentMethod = q.value(9).toString();
    return record;
}

PaymentState paymentStateFor(ChargeStatus status)
{
    switch (status) {
    case ChargeStatus::Succeeded:
        return PaymentState::Succeeded;
    case ChargeStatus::Declined:
        return PaymentState::Declined;
    case ChargeStatus::Unknown:
        break;
    }
    return PaymentState::Unknown;
}

} // namespace

PgCheckoutStore::PgCheckoutStore(QSqlDatabase database, PgCartStore &carts)
    : m_statements(std::move(database)), m_carts(carts)
{ }

Status PgCheckoutStore::logStep(OrderId order, const QString &step, const QString &detail)
{
    auto logged = m_statements.exec(
        CheckoutSql::logStep, sagaContext,
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
    const CartId cart = q.value(0).toString();
    auto state = orderStateFromText(q.value(1).toString());
    const Money amount(q.value(2).toLongLong(), q.value(3).toString());
    q.finish();
    if (!state)
        return state.error();
    return LockedOrder{cart, state.value(), amount};
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

Result<PaymentRecord> PgCheckoutStore::beginCharge(OrderId order, const QString &provider,
                                                   const QString &idempotencyKey, int pinSeconds)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(sagaContext); !status)
        return status.error();
    auto locked = lockOrder(order, sagaContext);
    if (!locked)
        return locked.error();
    const CartId cart = locked->cart;
    const OrderState state = locked->state;

    auto existing = readPayments(CheckoutSql::paymentByKey, sagaContext, {{QStringLiteral(":key"), idempotencyKey}});
    if (!existing)
        return existing.error();
    if (!existing->isEmpty()) // a retry of this very step: the same record, nothing new
        return existing->first();
    if (state != OrderState::Pending)
        return makeError(
            ErrorCode::Conflict,
            QStringLiteral("Order %1 is %2: there is nothing to pay for.").arg(order).arg(toText(state).toLower()));

    // Every unit must still be the cart's before a cent is asked for; pinned, it stays so until the
    // provider answers, whatever the hold's clock or the buyer's extensions say.
    auto pinned = pinUnits(order, cart, pinSeconds);
    if (!pinned)
        return pinned.error();
    if (!pinned.value()) {
        transaction.rollback();
        return cancelChangedOrder(order);
    }

    auto inserted = m_statements.exec(CheckoutSql::insertPayment, sagaContext,
                                      {{QStringLiteral(":provider"), provider},
                                       {QStringLiteral(":key"), idempotencyKey},
                                       {QStringLiteral(":order"), order}});
    if (!inserted)
        return inserted.error();
    inserted.value()->finish();
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

Result<bool> PgCheckoutStore::pinUnits(OrderId order, const CartId &cart, int pinSeconds)
{
    bool all = true;
    for (const char *sql :
         {CheckoutSql::pinSeats, CheckoutSql::pinPlaces, CheckoutSql::pinStays, CheckoutSql::pinTables}) {
        auto pinned = m_statements.exec(
            sql, sagaContext,
            {{QStringLiteral(":order"), order}, {QStringLiteral(":cart"), cart}, {QStringLiteral(":pin"), pinSeconds}});
        if (!pinned)
            return pinned.error();
        QSqlQuery &q = *pinned.value();
        if (q.next() && q.value(0).toLongLong() != q.value(1).toLongLong())
            all = false;
        q.finish();
    }
    return all;
}

Result<PaymentRecord> PgCheckoutStore::cancelChangedOrder(OrderId order)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(sagaContext); !status)
        return status.error();
    if (auto locked = lockOrder(order, sagaContext); !locked)
        return locked.error();
    auto cancelled = m_statements.exec(CheckoutSql::cancelOrder, sagaContext, {{QStringLiteral(":order"), order}});
    if (!cancelled)
        return cancelled.error();
    cancelled.value()->finish();
    if (auto status
        = logStep(order, QStringLiteral("order-cancelled"), QStringLiteral("cart changed before the charge"));
        !status)
        return status.error();
    if (auto status = transaction.commit(sagaContext); !status)
        return status.error();
    return makeError(ErrorCode::Conflict,
                     QStringLiteral("Something in the cart is no longer held for it (given back, or taken after its "
                                    "hold ran out). Nothing was charged; check out again with what the cart holds."));
}

Result<int> PgCheckoutStore::permitSend(qint64 payment, int windowSeconds)
{
    auto permitted
        = m_statements.exec(CheckoutSql::permitSend, sagaContext,
                            {{QStringLiteral(":window"), windowSeconds}, {QStringLiteral(":payment"), payment}});
    if (!permitted)
        return permitted.error();
    const int attempt = permitted.value()->next() ? permitted.value()->value(0).toInt() : 0;
    permitted.value()->finish();
    return attempt;
}

Status PgCheckoutStore::sendAnswered(qint64 payment, int attempt)
{
    auto cleared = m_statements.exec(CheckoutSql::sendAnswered, sagaContext,
                                     {{QStringLiteral(":payment"), payment}, {QStringLiteral(":attempt"), attempt}});
    if (!cleared)
        return cleared.error();
    cleared.value()->finish();
    return Done{};
}

Result<bool> PgCheckoutStore::closeKey(qint64 payment)
{
    auto closed = m_statements.exec(CheckoutSql::closeKey, QStringLiteral("closing a payment key"),
                                    {{QStringLiteral(":payment"), payment}});
    if (!closed)
        return closed.error();
    // No row: the payment was decided meanwhile; nothing is in flight under a decided key.
    const bool quiet = closed.value()->next() ? closed.value()->value(0).toBool() : true;
    closed.value()->finish();
    return quiet;
}

Result<int> PgCheckoutStore::repinPaymentsInFlight(int pinSeconds)
{
    const QString context = QStringLiteral("keeping units pinned to payments in flight");
    auto inFlight = m_statements.exec(CheckoutSql::ordersInFlight, context, {});
    if (!inFlight)
        return inFlight.error();
    QVector<std::pair<OrderId, CartId>> orders;
    while (inFlight.value()->next())
        orders.append({inFlight.value()->value(0).toLongLong(), inFlight.value()->value(1).toString()});
    inFlight.value()->finish();
    for (const auto &[order, cart] : orders) {
        TransactionGuard transaction(m_statements.database());
        if (auto status = transaction.begin(context); !status)
            return status.error();
        if (auto locked = lockOrder(order, context); !locked)
            return locked.error();
        if (auto pinned = pinUnits(order, cart, pinSeconds); !pinned)
            return pinned.error();
        if (auto status = transaction.commit(context); !status)
            return status.error();
    }
    return int(orders.size());
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
    const bool found = lock.value()->next();
    const QString beforeText = found ? lock.value()->value(1).toString() : QString();
    lock.value()->finish();
    if (!found)
        return Done{};
    auto before = paymentStateFromText(beforeText);
    if (!before)
        return before.error();
    const bool undecided = !isDecided(before.value());
    // The provider's word that money moved overrides a decline we recorded (a closed key, a lost race
    // with a retry): settling then gives the money back, as the order has ended.
    const bool moneyMovedAfterAll
        = before.value() == PaymentState::Declined && outcome.status == ChargeStatus::Succeeded;
    if (!undecided && !moneyMovedAfterAll)
        return Done{}; // already decided (a webhook or reconciliation got there first)

    const QString state = toText(paymentStateFor(outcome.status));
    auto updated = m_statements.exec(
        CheckoutSql::setPaymentState, sagaContext,
        {{QStringLiteral(":state"), state},
         {QStringLiteral(":state2"), state},
         {QStringLiteral(":provider_id"), outcome.providerPaymentId},
         {QStringLiteral(":detail"), outcome.declineReason.isEmpty() ? outcome.detail : outcome.declineReason},
         {QStringLiteral(":payment"), payment}});
    if (!updated)
        return updated.error();
    updated.value()->finish();
    if (auto status = logStep(order, QStringLiteral("charge-") + state.toLower(), outcome.detail); !status)
        return status;

    if (outcome.status != ChargeStatus::Declined || moneyMovedAfterAll)
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

Result<OrderId> PgCheckoutStore::liveOrder(const CartId &cart)
{
    return m_carts.liveOrder(cart);
}

Result<PaymentRecord> PgCheckoutStore::paymentForCharge(const ProviderCharge &charge)
{
    auto found = readPayments(CheckoutSql::paymentForCharge, QStringLiteral("matching a provider charge"),
                              {{QStringLiteral(":provider_id"), charge.providerPaymentId},
                               {QStringLiteral(":key"), charge.idempotencyKey},
                               {QStringLiteral(":provider_id2"), charge.providerPaymentId}});
    if (!found)
        return found.error();
    return found->isEmpty() ? PaymentRecord{} : found->first();
}

Result<bool> PgCheckoutStore::recordStrayCharge(const ProviderCharge &charge, const QString &why)
{
    auto inserted = m_statements.exec(CheckoutSql::insertStray, QStringLiteral("recording a stray charge"),
                                      {{QStringLiteral(":provider_id"), charge.providerPaymentId},
                                       {QStringLiteral(":key"), charge.idempotencyKey},
                                       {QStringLiteral(":order"), charge.order},
                                       {QStringLiteral(":amount"), charge.amount.minor()},
                                       {QStringLiteral(":currency"), charge.amount.currency()},
                                       {QStringLiteral(":why"), why}});
    if (!inserted)
        return inserted.error();
    const bool fresh = inserted.value()->next();
    inserted.value()->finish();
    return fresh;
}

Result<QVector<ProviderCharge>> PgCheckoutStore::strayRefundsDue()
{
    auto due = m_statements.exec(CheckoutSql::strayRefundsDue, QStringLiteral("finding stray charges to refund"), {});
    if (!due)
        return due.error();
    QVector<ProviderCharge> charges;
    while (due.value()->next()) {
        ProviderCharge charge;
        charge.providerPaymentId = due.value()->value(0).toString();
        charge.amount = Money(due.value()->value(1).toLongLong(), due.value()->value(4).toString());
        charge.order = due.value()->value(2).toLongLong();
        charges << charge;
    }
    due.value()->finish();
    return charges;
}

Status PgCheckoutStore::recordStrayRefund(const QString &providerPaymentId, const RefundOutcome &outcome)
{
    if (outcome.status == ChargeStatus::Unknown)
        return Done{}; // still due, asked again next run under the same key
    auto done = m_statements.exec(
        CheckoutSql::strayRefunded, QStringLiteral("recording a stray charge's refund"),
        {{QStringLiteral(":state"),
          toText(outcome.status == ChargeStatus::Succeeded ? RefundState::Succeeded : RefundState::Failed)},
         {QStringLiteral(":refund_id"), outcome.providerRefundId},
         {QStringLiteral(":provider_id"), providerPaymentId}});
    if (!done)
        return done.error();
    done.value()->finish();
    return Done{};
}

Result<InboxOutcome> PgCheckoutStore::applyPaymentEvent(const QString &provider, const PaymentEvent &event)
{
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(sagaContext); !status)
        return status.error();
    auto inbox = m_statements.exec(
        CheckoutSql::insertInbox, sagaContext,
        {{QStringLiteral(":provider"), provider},
         {QStringLiteral(":event"), event.eventId},
         {QStringLiteral(":type"), event.type},
         {QStringLiteral(":order"), event.order > 0 ? QVariant(event.order) : QVariant(QMetaType::fromType<qint64>())},
         {QStringLiteral(":provider_id"), event.providerPaymentId},
         {QStringLiteral(":amount"), event.amount.minor()},
         {QStringLiteral(":currency"), event.amount.currency()}});
    if (!inbox)
        return inbox.error();
    const bool fresh = inbox.value()->next();
    inbox.value()->finish();
    if (!fresh)
        return earlierInboxOutcome(provider, event.eventId); // rolled back: nothing to add

    ChargeOutcome outcome;
    outcome.providerPaymentId = event.providerPaymentId;
    outcome.detail = QStringLiteral("webhook %1").arg(event.eventId);
    const bool succeeded = event.type == QLatin1String("payment_intent.succeeded");
    const bool failed = event.type == QLatin1String("payment_intent.payment_failed");
    if ((!succeeded && !failed) || event.order <= 0)
        return finishInbox(transaction, provider, event.eventId, InboxOutcome::Ignored,
                           QStringLiteral("not a charge outcome of an order"));
    outcome.status = succeeded ? ChargeStatus::Succeeded : ChargeStatus::Declined;

    // Order row first, then its payment, as everywhere.
    auto locked = lockOrder(event.order, sagaContext);
    if (!locked && locked.error().code != ErrorCode::NotFound)
        return locked.error();
    if (!locked)
        return finishInbox(transaction, provider, event.eventId, InboxOutcome::Ignored,
                           QStringLiteral("no such order"));
    auto payment = paymentOfOrderLocked(event.order);
    if (!payment)
        return payment.error();
    if (payment->id == 0)
        return finishInbox(transaction, provider, event.eventId, InboxOutcome::Ignored,
                           QStringLiteral("the order has no payment"));
    if (const QString mismatch = PaymentMatching::eventContradicts(event, payment.value()); !mismatch.isEmpty()) {
        qCWarning(lcStorage).noquote() << "payment event" << event.eventId << "for order" << event.order
                                       << "rejected:" << mismatch;
        return finishInbox(transaction, provider, event.eventId, InboxOutcome::Rejected, mismatch);
    }
    if (auto status = recordOutcomeLocked(payment->id, event.order, outcome); !status)
        return status.error();
    if (succeeded) {
        auto settled = settleLocked(event.order);
        if (!settled)
            return settled.error();
    }
    if (auto status = transaction.commit(sagaContext); !status)
        return status.error();
    return InboxOutcome::Applied;
}

Result<InboxOutcome> PgCheckoutStore::finishInbox(TransactionGuard &transaction, const QString &provider,
                                                  const QString &eventId, InboxOutcome outcome, const QString &detail)
{
    const QString name = outcome == InboxOutcome::Rejected ? QStringLiteral("REJECTED") : QStringLiteral("IGNORED");
    auto marked = m_statements.exec(CheckoutSql::rejectInbox, sagaContext,
                                    {{QStringLiteral(":outcome"), name},
                                     {QStringLiteral(":detail"), detail},
                                     {QStringLiteral(":provider"), provider},
                                     {QStringLiteral(":event"), eventId}});
    if (!marked)
        return marked.error();
    marked.value()->finish();
    if (auto status = transaction.commit(sagaContext); !status)
        return status.error();
    return outcome;
}

Result<InboxOutcome> PgCheckoutStore::earlierInboxOutcome(const QString &provider, const QString &eventId)
{
    auto earlier = m_statements.exec(CheckoutSql::inboxOutcome, sagaContext,
                                     {{QStringLiteral(":provider"), provider}, {QStringLiteral(":event"), eventId}});
    if (!earlier)
        return earlier.error();
    const bool rejected = earlier.value()->next() && earlier.value()->value(0).toString() == QLatin1String("REJECTED");
    earlier.value()->finish();
    return rejected ? InboxOutcome::Rejected : InboxOutcome::Duplicate;
}

Result<QVector<PaymentRecord>> PgCheckoutStore::readPayments(const char *sql, const QString &context,
                                                             PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, context, bindings);
    if (!query)
        return query.error();
    QVector<PaymentRecord> records;
    while (query.value()->next()) {
        auto record = paymentFromRow(*query.value());
        if (!record) {
            query.value()->finish();
            return record.error();
        }
        records << record.value();
    }
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
        refunds << RefundRecord{q.value(0).toLongLong(),
                                q.value(1).toLongLong(),
                                q.value(2).toString(),
                                q.value(3).toString(),
                                Money(q.value(4).toLongLong(), q.value(6).toString()),
                                q.value(5).toString()};
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
    auto state = refundStateFromText(lock.value()->value(2).toString());
    lock.value()->finish();
    if (!state)
        return state.error();
    if (state.value() != RefundState::Due)
        return Done{};
    const bool succeeded = outcome.status == ChargeStatus::Succeeded;
    auto done = m_statements.exec(
        CheckoutSql::refundDone, sagaContext,
        {{QStringLiteral(":state"), toText(succeeded ? RefundState::Succeeded : RefundState::Failed)},
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
    if (auto status
        = logStep(order, succeeded ? QStringLiteral("refunded") : QStringLiteral("refund-failed"), outcome.detail);
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
