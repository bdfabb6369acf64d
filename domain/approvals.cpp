#include "domain/approvals.h"

#include "domain/unitofwork.h"

namespace boxoffice {

QString formatOrderItemRefs(const QVector<OrderItemRef> &items)
{
    QStringList parts;
    for (const OrderItemRef &item : items)
        parts << QStringLiteral("%1:%2").arg(itemKindName(item.kind)).arg(item.id);
    return parts.join(QLatin1Char(','));
}

ApprovalService::ApprovalService(ApprovalStore &store, CounterRefundService &refunds, ExchangeService &exchanges,
                                 UnitOfWork &unit)
    : m_store(store), m_refunds(refunds), m_exchanges(exchanges), m_unit(unit)
{ }

Result<qint64> ApprovalService::requestRefund(OrderId order, const QVector<OrderItemRef> &items, const QString &reason,
                                              const QString &terminal)
{
    if (order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("An order number is a positive number."));
    if (reason.trimmed().isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A refund needs a reason."));
    ApprovalRequest request;
    request.kind = ApprovalKind::Refund;
    request.order = order;
    request.items = items;
    request.reason = reason.trimmed();
    request.terminal = terminal;
    return m_store.file(request);
}

Result<qint64> ApprovalService::requestExchange(const ExchangeRequest &exchange, const QString &terminal)
{
    if (auto status = ExchangeRules::check(exchange); !status)
        return status.error();
    ApprovalRequest request;
    request.kind = ApprovalKind::Exchange;
    request.order = exchange.order;
    request.items = exchange.giveBack;
    request.reason = exchange.reason.trimmed();
    request.cart = exchange.cart;
    request.seenTotal = exchange.seen.total;
    request.payment = exchange.payment;
    request.payment.cardReference = exchange.payment.cardReference.trimmed();
    request.terminal = terminal;
    return m_store.file(request);
}

Result<QVector<ApprovalRequest>> ApprovalService::pending()
{
    return m_store.pending();
}

Result<ApprovalOutcome> ApprovalService::approve(qint64 id)
{
    return m_unit.run(QStringLiteral("approving a refund or an exchange"), [&]() -> Result<ApprovalOutcome> {
        auto decision = m_store.decide(id, true);
        if (!decision)
            return decision.error();
        ApprovalOutcome outcome;
        outcome.state = decision->state;
        if (!decision->decided)
            return outcome; // decided before: nothing more happens
        auto request = m_store.request(id);
        if (!request)
            return request.error();
        if (request->kind == ApprovalKind::Refund) {
            auto refunded = m_refunds.record(request->order, request->items, request->reason);
            if (!refunded)
                return refunded.error();
            outcome.refund = refunded.value();
        } else {
            ExchangeRequest exchange;
            exchange.order = request->order;
            exchange.giveBack = request->items;
            exchange.cart = request->cart;
            exchange.seen.cart = request->cart;
            exchange.seen.total = request->seenTotal;
            exchange.payment = request->payment;
            exchange.reason = request->reason;
            exchange.approvalRequest = id;
            auto exchanged = m_exchanges.exchange(exchange);
            if (!exchanged)
                return exchanged.error();
            outcome.exchange = exchanged.value();
        }
        if (auto status = m_store.finish(id); !status)
            return status.error();
        outcome.state = ApprovalState::Done;
        outcome.carriedOut = true;
        return outcome;
    });
}

Result<ApprovalOutcome> ApprovalService::decline(qint64 id)
{
    auto decision = m_store.decide(id, false);
    if (!decision)
        return decision.error();
    ApprovalOutcome outcome;
    outcome.state = decision->state;
    return outcome;
}

} // namespace boxoffice
