#include "memorycheckoutstore.h"

#include "domain/paymentmatching.h"

namespace boxoffice::test {

bool MemoryCheckoutStore::isLive(const Order &order) const
{
    return order.state == OrderState::Pending || order.state == OrderState::Paid
        || order.state == OrderState::Guaranteed;
}

int MemoryCheckoutStore::ordersOf(const CartId &cart) const
{
    int count = 0;
    for (const Order &order : m_orders)
        count += order.cart == cart;
    return count;
}

PaymentRecord MemoryCheckoutStore::paymentOf(OrderId order) const
{
    for (const Payment &payment : m_payments) {
        if (payment.record.order == order)
            return payment.record;
    }
    return {};
}

qint64 MemoryCheckoutStore::refundedMinor(OrderId order) const
{
    qint64 sum = 0;
    for (const Refund &refund : m_refunds) {
        if (refund.record.order == order && refund.state != RefundState::Failed)
            sum += refund.record.amount.minor();
    }
    return sum;
}

int MemoryCheckoutStore::refundRows(OrderId order) const
{
    int rows = 0;
    for (const Refund &refund : m_refunds)
        rows += refund.record.order == order;
    return rows;
}

void MemoryCheckoutStore::passDeadlines()
{
    for (Payment &payment : m_payments)
        payment.inFlight = false;
}

bool MemoryCheckoutStore::releaseCartFromChannel(const CartId &cart)
{
    for (auto it = m_orders.cbegin(); it != m_orders.cend(); ++it) {
        const PaymentRecord payment = paymentOf(it.key());
        if (it->cart == cart && it->state == OrderState::Pending && payment.id != 0
            && payment.state != PaymentState::Declined)
            return false;
    }
    for (Unit &unit : m_units) {
        if (unit.cart == cart && !unit.sold && !unit.taken)
            unit.cart.clear();
    }
    return true;
}

Result<OrderSummary> MemoryCheckoutStore::openOrder(const CartId &cart, const QString &, const QString &)
{
    for (const Order &order : m_orders) {
        if (order.cart == cart && isLive(order))
            return makeError(ErrorCode::Conflict, QStringLiteral("Cart %1 already has an order.").arg(cart));
    }
    Order order;
    order.cart = cart;
    for (auto it = m_units.cbegin(); it != m_units.cend(); ++it) {
        if (it->cart == cart && !it->sold && !it->taken) {
            order.units << it.key();
            order.lineStates.insert(it.key(), LineState::Pending);
            order.amountMinor += it->priceMinor;
        }
    }
    if (order.units.isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("Cart %1 holds nothing.").arg(cart));
    const OrderId id = m_nextOrder++;
    m_orders.insert(id, order);
    OrderSummary summary;
    summary.id = id;
    summary.cart = cart;
    summary.state = order.state;
    summary.currency = QStringLiteral("EUR");
    summary.amount = Money(order.amountMinor, summary.currency);
    return summary;
}

Result<OrderId> MemoryCheckoutStore::liveOrder(const CartId &cart)
{
    for (auto it = m_orders.cbegin(); it != m_orders.cend(); ++it) {
        if (it->cart == cart && isLive(*it))
            return it.key();
    }
    return OrderId(0);
}

Result<PaymentRecord> MemoryCheckoutStore::beginCharge(OrderId id, const QString &provider, const QString &key, int)
{
    if (!m_orders.contains(id))
        return makeError(ErrorCode::NotFound, QStringLiteral("No order %1.").arg(id));
    for (const Payment &payment : m_payments) {
        if (payment.record.idempotencyKey == key)
            return payment.record;
    }
    Order &order = m_orders[id];
    if (order.state != OrderState::Pending)
        return makeError(ErrorCode::Conflict, QStringLiteral("Order %1 is not pending.").arg(id));
    for (const qint64 unit : order.units) {
        const Unit &held = m_units[unit];
        if (held.cart != order.cart || held.taken) {
            order.state = OrderState::Cancelled;
            return makeError(ErrorCode::Conflict, QStringLiteral("The cart changed; nothing was charged."));
        }
    }
    for (const qint64 unit : order.units)
        m_units[unit].pinned = true;
    Payment payment;
    payment.record.id = m_nextPayment++;
    payment.record.order = id;
    payment.record.provider = provider;
    payment.record.idempotencyKey = key;
    payment.record.amount = Money(order.amountMinor, QStringLiteral("EUR"));
    payment.record.state = PaymentState::Charging;
    payment.record.cart = order.cart;
    m_payments.insert(payment.record.id, payment);
    return payment.record;
}

Result<int> MemoryCheckoutStore::permitSend(qint64 id, int)
{
    Payment &payment = m_payments[id];
    if (payment.closed || isDecided(payment.record.state))
        return 0;
    payment.inFlight = true;
    return ++payment.attempts;
}

Status MemoryCheckoutStore::sendAnswered(qint64 id, int attempt)
{
    Payment &payment = m_payments[id];
    if (payment.attempts == attempt)
        payment.inFlight = false;
    return Done{};
}

Result<bool> MemoryCheckoutStore::closeKey(qint64 id)
{
    Payment &payment = m_payments[id];
    payment.closed = true;
    return !payment.inFlight;
}

Result<int> MemoryCheckoutStore::repinPaymentsInFlight(int)
{
    return 0; // pins here never run out
}

Result<PaymentRecord> MemoryCheckoutStore::paymentForCharge(const ProviderCharge &charge)
{
    for (const Payment &payment : m_payments) {
        if (payment.record.idempotencyKey == charge.idempotencyKey
            || (!charge.providerPaymentId.isEmpty() && payment.record.providerPaymentId == charge.providerPaymentId))
            return payment.record;
    }
    return PaymentRecord{};
}

Result<bool> MemoryCheckoutStore::recordStrayCharge(const ProviderCharge &, const QString &)
{
    return false;
}

Result<QVector<ProviderCharge>> MemoryCheckoutStore::strayRefundsDue()
{
    return QVector<ProviderCharge>{};
}

Status MemoryCheckoutStore::recordStrayRefund(const QString &, const RefundOutcome &)
{
    return Done{};
}

void MemoryCheckoutStore::releaseOrderUnits(const Order &order)
{
    for (const qint64 unit : order.units) {
        Unit &held = m_units[unit];
        held.pinned = false;
        if (held.cart == order.cart && !held.sold)
            held.cart.clear();
    }
}

Status MemoryCheckoutStore::recordChargeOutcome(qint64 id, const ChargeOutcome &outcome)
{
    Payment &payment = m_payments[id];
    PaymentState &state = payment.record.state;
    const bool undecided = !isDecided(state);
    const bool movedAfterAll = state == PaymentState::Declined && outcome.status == ChargeStatus::Succeeded;
    if (!undecided && !movedAfterAll)
        return Done{};
    if (!outcome.providerPaymentId.isEmpty())
        payment.record.providerPaymentId = outcome.providerPaymentId;
    switch (outcome.status) {
    case ChargeStatus::Succeeded:
        state = PaymentState::Succeeded;
        break;
    case ChargeStatus::Declined: {
        state = PaymentState::Declined;
        Order &order = m_orders[payment.record.order];
        if (order.state == OrderState::Pending) {
            order.state = OrderState::Cancelled;
            releaseOrderUnits(order);
        }
        break;
    }
    case ChargeStatus::Unknown:
        state = PaymentState::Unknown;
        break;
    }
    return Done{};
}

qint64 MemoryCheckoutStore::dueRefund(OrderId order, qint64 amountMinor, const QString &key)
{
    for (const Refund &refund : m_refunds) {
        if (refund.record.idempotencyKey == key)
            return refund.record.id;
    }
    Refund refund;
    refund.record.id = m_nextRefund++;
    refund.record.order = order;
    refund.record.idempotencyKey = key;
    refund.record.amount = Money(amountMinor, QStringLiteral("EUR"));
    refund.record.providerPaymentId = paymentOf(order).providerPaymentId;
    m_refunds.insert(refund.record.id, refund);
    return refund.record.id;
}

Result<Settlement> MemoryCheckoutStore::settlePaidOrder(OrderId id)
{
    Order &order = m_orders[id];
    if (paymentOf(id).state != PaymentState::Succeeded)
        return makeError(ErrorCode::Conflict, QStringLiteral("Order %1 has no successful payment.").arg(id));
    Settlement settlement;
    settlement.order = id;
    if (order.state == OrderState::Cancelled || order.state == OrderState::Expired) {
        dueRefund(id, order.amountMinor, QStringLiteral("order-%1-refund-all").arg(id));
        settlement.refundDue = Money(order.amountMinor, QStringLiteral("EUR"));
        return settlement;
    }
    settlement.alreadySettled = order.state != OrderState::Pending;
    QVector<OrderLine> lost;
    for (const qint64 unit : order.units) {
        Unit &held = m_units[unit];
        OrderLine line;
        line.id = unit;
        line.amount = Money(held.priceMinor, QStringLiteral("EUR"));
        if (!settlement.alreadySettled) {
            const bool deliverable = !held.taken && (held.cart == order.cart || held.cart.isEmpty());
            order.lineStates[unit] = deliverable ? LineState::Sold : LineState::Refunded;
            held.sold = deliverable;
            held.pinned = false;
            if (!deliverable)
                lost << line;
        }
        line.state = order.lineStates.value(unit);
        (line.state == LineState::Sold ? settlement.sold : settlement.refunded) << line;
    }
    if (!settlement.alreadySettled) {
        qint64 dueMinor = 0;
        for (const OrderLine &line : lost)
            dueMinor += line.amount.minor();
        settlement.refundDue = Money(dueMinor, QStringLiteral("EUR"));
        if (dueMinor > 0)
            dueRefund(id, dueMinor, QStringLiteral("order-%1-refund-lost").arg(id));
        order.state = settlement.sold.isEmpty() ? OrderState::Refunded : OrderState::Paid;
    }
    return settlement;
}

Result<InboxOutcome> MemoryCheckoutStore::applyPaymentEvent(const QString &, const PaymentEvent &event)
{
    if (m_inbox.contains(event.eventId))
        return m_inbox.value(event.eventId) == InboxOutcome::Rejected ? InboxOutcome::Rejected
                                                                      : InboxOutcome::Duplicate;
    const PaymentRecord payment = paymentOf(event.order);
    if (payment.id == 0) {
        m_inbox.insert(event.eventId, InboxOutcome::Ignored);
        return InboxOutcome::Ignored;
    }
    if (!PaymentMatching::eventContradicts(event, payment).isEmpty()) {
        m_inbox.insert(event.eventId, InboxOutcome::Rejected);
        return InboxOutcome::Rejected;
    }
    ChargeOutcome outcome;
    outcome.providerPaymentId = event.providerPaymentId;
    outcome.status
        = event.type == QLatin1String("payment_intent.succeeded") ? ChargeStatus::Succeeded : ChargeStatus::Declined;
    if (auto status = recordChargeOutcome(payment.id, outcome); !status)
        return status.error();
    if (outcome.status == ChargeStatus::Succeeded) {
        if (auto settled = settlePaidOrder(event.order); !settled)
            return settled.error();
    }
    m_inbox.insert(event.eventId, InboxOutcome::Applied);
    return InboxOutcome::Applied;
}

Result<PaymentRecord> MemoryCheckoutStore::payment(qint64 id)
{
    if (!m_payments.contains(id))
        return makeError(ErrorCode::NotFound, QStringLiteral("No payment %1.").arg(id));
    return m_payments.value(id).record;
}

Result<QVector<PaymentRecord>> MemoryCheckoutStore::paymentsToResolve(int)
{
    QVector<PaymentRecord> open;
    for (const Payment &payment : m_payments) {
        if (!isDecided(payment.record.state))
            open << payment.record;
    }
    return open;
}

Result<QVector<PaymentRecord>> MemoryCheckoutStore::paidButUnsettled()
{
    QVector<PaymentRecord> unsettled;
    for (const Payment &payment : m_payments) {
        if (payment.record.state != PaymentState::Succeeded)
            continue;
        const Order &order = m_orders[payment.record.order];
        const bool ended = order.state == OrderState::Cancelled || order.state == OrderState::Expired;
        if (order.state == OrderState::Pending || (ended && refundRows(payment.record.order) == 0))
            unsettled << payment.record;
    }
    return unsettled;
}

Result<QVector<RefundRecord>> MemoryCheckoutStore::refundsDue()
{
    QVector<RefundRecord> due;
    for (const Refund &refund : m_refunds) {
        if (refund.state == RefundState::Due)
            due << refund.record;
    }
    return due;
}

Status MemoryCheckoutStore::recordRefundOutcome(qint64 id, const RefundOutcome &outcome)
{
    if (outcome.status == ChargeStatus::Unknown)
        return Done{};
    Refund &refund = m_refunds[id];
    if (refund.state == RefundState::Due)
        refund.state = outcome.status == ChargeStatus::Succeeded ? RefundState::Succeeded : RefundState::Failed;
    return Done{};
}

Result<int> MemoryCheckoutStore::expireAbandonedOrders()
{
    return 0;
}

Status MemoryCheckoutStore::countRepairs(const ReconcileCounts &)
{
    return Done{};
}

Result<RefundRecord> MemoryCheckoutStore::refundUnits(OrderId, const QVector<OrderItemRef> &, const QString &)
{
    return makeError(ErrorCode::Internal, QStringLiteral("Manager refunds are tested against PostgreSQL."));
}

Result<QVector<ReconcileDay>> MemoryCheckoutStore::repairReport(int)
{
    return QVector<ReconcileDay>{};
}

} // namespace boxoffice::test
