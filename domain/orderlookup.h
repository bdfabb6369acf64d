#pragma once

#include "domain/cartitems.h"
#include "domain/checkoutstore.h"
#include "domain/ids.h"
#include "domain/money.h"
#include "domain/result.h"
#include "domain/states.h"

#include <QDateTime>
#include <QString>
#include <QVector>

namespace boxoffice {

// What made an order turn up in a search.
enum class OrderMatch { OrderNumber, TicketCode, BuyerName, GuestName, CardReference };

// One order in a list of search results.
struct OrderHit
{
    OrderId id = 0;
    OrderState state = OrderState::Pending;
    Money amount;
    QDateTime createdAt; // the database's clock, UTC
    OrderMatch matchedBy = OrderMatch::OrderNumber;
    QString matched; // the value that matched: the name, the reference, the ticket code, the number
};

// Money taken for an order: at the counter (cash, card, guarantee) or online (a provider's charge).
struct OrderPaymentRecord
{
    bool online = false;
    QString method; // counter: "cash", "card", "guarantee"; online: the provider's name
    Money amount;
    QString state; // counter: "TAKEN"; online: the payment's state as stored (SUCCEEDED, DECLINED, ...)
    QString reference; // card terminal reference or the provider's payment id; may be empty
    QString takenBy; // counter only: the clerk's login
    QDateTime at;
};

struct OrderRefundRecord
{
    Money amount;
    RefundState state = RefundState::Due;
    QString reason;
    QDateTime at;
};

struct OrderTicketRecord
{
    QString code;
    QString eventName;
    QString seatLabel; // a standing place's ticket: "Standing — <area>"
    bool standing = false;
};

// An exchange the order took part in: its units given back into `toOrder`, or its units sold in
// exchange for units of `fromOrder`. The credit carried the old units' value over to the new order.
struct OrderExchangeRecord
{
    OrderId fromOrder = 0;
    OrderId toOrder = 0;
    QVector<OrderItemRef> items; // the units of fromOrder given back; empty for an exchange that did not record them
    Money returnedTotal;
    Money newTotal;
    Money credit;
    QString reason;
    QString by; // the manager's login
    QDateTime at;
};

// Everything the counter may want to see about one order. Read only.
struct OrderDetails
{
    OrderId id = 0;
    OrderState state = OrderState::Pending;
    Money amount;
    Money refunded;
    QString currency; // of its lines and every amount
    QString channel; // "counter" or "web"
    QString buyer; // the web buyer's name, or the buyer recorded on the order; may be empty
    QDateTime createdAt;
    QDateTime paidAt;
    QVector<OrderLine> lines; // every shape: seats, GA, stays, tables, room supplements
    QVector<OrderPaymentRecord> payments;
    QVector<OrderRefundRecord> refunds;
    QVector<OrderTicketRecord> tickets;
    QVector<OrderExchangeRecord> exchanges; // oldest first, either way (from this order or into it)

    // The exchange that gave `line` back, if any: its units read as exchanged, not refunded.
    const OrderExchangeRecord *exchangeOf(const OrderLine &line) const;
};

// The lookup's reads. Each answers at most `limit` orders, newest first; none of them writes.
class OrderLookupStore
{
public:
    virtual ~OrderLookupStore() = default;
    virtual Result<QVector<OrderHit>> byId(OrderId order) = 0;
    // `code` as ticketCodeFromScan answers it (lower-case uuid).
    virtual Result<QVector<OrderHit>> byTicketCode(const QString &code) = 0;
    // Orders whose buyer or guest name, or card terminal reference, contains `text` (case-insensitive;
    // every character literal, % and _ included).
    virtual Result<QVector<OrderHit>> byText(const QString &text, int limit) = 0;
    // NotFound when the order does not exist.
    virtual Result<OrderDetails> details(OrderId order) = 0;
};

namespace OrderLookupRules {
inline constexpr int maxQueryLength = 100;
inline constexpr int maxHits = 50;
// The query as searched (trimmed); BadInput, worded for a clerk, when empty, too long or with control
// characters.
Result<QString> query(const QString &typed);
// "order number", "ticket code", "buyer name", "guest name", "card terminal reference".
QString matchName(OrderMatch match);
} // namespace OrderLookupRules

// Finding an order at the counter: by order number, ticket code (typed or scanned), buyer or guest
// name, or card terminal reference. Read only: it never changes an order, a payment or a refund.
class OrderLookupService
{
public:
    explicit OrderLookupService(OrderLookupStore &store);

    // A number is an order number (and also searched as a card reference); a ticket code or its QR
    // payload finds the ticket's order; anything else is a part of a name or a card reference.
    // At most OrderLookupRules::maxHits orders, newest first (an exact order number first).
    Result<QVector<OrderHit>> find(const QString &typed);
    Result<OrderDetails> details(OrderId order);

private:
    OrderLookupStore &m_store;
};

} // namespace boxoffice
