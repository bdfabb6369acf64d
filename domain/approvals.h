#pragma once

#include "domain/counterrefund.h"
#include "domain/exchangeservice.h"

#include <QDateTime>

#include <optional>

namespace boxoffice {

class UnitOfWork;

enum class ApprovalKind { Refund, Exchange };
// Committed, a request is Pending, Declined or Done: Approved lives only inside the approving
// manager's transaction, which carries the action out and finishes it.
enum class ApprovalState { Pending, Approved, Declined, Done };

// A refund or an exchange a clerk asked a manager to approve.
struct ApprovalRequest
{
    qint64 id = 0;
    ApprovalKind kind = ApprovalKind::Refund;
    OrderId order = 0;
    QVector<OrderItemRef> items; // refund: empty for the whole order; exchange: the units given back
    QString reason;
    // Exchange only: the desk's cart holding the new units, the total shown, and how a difference is paid.
    CartId cart;
    Money seenTotal;
    CounterPayment payment;
    QString terminal;
    QString requestedBy; // the database's session user, never what the desk says
    QDateTime requestedAt;
    ApprovalState state = ApprovalState::Pending;
    QString decidedBy;
    QDateTime decidedAt;
};

// What approving or declining did. `carriedOut`: this call did the refund or exchange; false when the
// request had already been decided (approving twice does nothing more).
struct ApprovalOutcome
{
    ApprovalState state = ApprovalState::Pending;
    bool carriedOut = false;
    std::optional<CounterRefund> refund;
    std::optional<CounterExchange> exchange;
};

class ApprovalStore
{
public:
    virtual ~ApprovalStore() = default;
    // Anyone at the desk. Conflict when the same order already waits for the same kind of decision.
    virtual Result<qint64> file(const ApprovalRequest &request) = 0;
    virtual Result<QVector<ApprovalRequest>> pending() = 0; // oldest first
    virtual Result<ApprovalRequest> request(qint64 id) = 0; // NotFound
    struct Decision
    {
        bool decided = false; // false: it was not pending any more
        ApprovalState state = ApprovalState::Pending;
    };
    // A manager's only (PermissionDenied for anyone else, by the database).
    virtual Result<Decision> decide(qint64 id, bool approve) = 0;
    virtual Status finish(qint64 id) = 0; // Approved -> Done, in the approving transaction
};

// The approval queue: a clerk files a refund or exchange for a manager, a manager's desk lists what
// waits and approves (carrying it out in the same transaction as the decision: the request is Done
// exactly when the money moved) or declines (nothing moves). Enforced by the database: only a manager
// decides, and only a manager's connection can write a refund or an exchange.
class ApprovalService
{
public:
    // `refunds` is used through record(): no provider call inside the approving transaction.
    ApprovalService(ApprovalStore &store, CounterRefundService &refunds, ExchangeService &exchanges, UnitOfWork &unit);

    Result<qint64> requestRefund(OrderId order, const QVector<OrderItemRef> &items, const QString &reason,
                                 const QString &terminal);
    Result<qint64> requestExchange(const ExchangeRequest &exchange, const QString &terminal);
    Result<QVector<ApprovalRequest>> pending();
    Result<ApprovalOutcome> approve(qint64 id);
    Result<ApprovalOutcome> decline(qint64 id);

private:
    ApprovalStore &m_store;
    CounterRefundService &m_refunds;
    ExchangeService &m_exchanges;
    UnitOfWork &m_unit;
};

// "seat:5,ga:3" for the items of a request (as parseOrderItemRefs reads it).
QString formatOrderItemRefs(const QVector<OrderItemRef> &items);

} // namespace boxoffice
