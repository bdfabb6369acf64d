#include "domain/orderlookup.h"

#include "domain/textrules.h"
#include "domain/ticket.h"

#include <QSet>

namespace boxoffice {

namespace OrderLookupRules {

Result<QString> query(const QString &typed)
{
    const QString query = typed.trimmed();
    if (query.isEmpty())
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Type an order number, a name, a ticket code or a card reference."));
    if (query.size() > maxQueryLength)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("A search is at most %1 characters; type a shorter part.").arg(maxQueryLength));
    if (hasUnshowableCharacters(query))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The search has characters that cannot be shown; clear it and type it again."));
    return query;
}

QString matchName(OrderMatch match)
{
    switch (match) {
    case OrderMatch::OrderNumber:
        return QStringLiteral("order number");
    case OrderMatch::TicketCode:
        return QStringLiteral("ticket code");
    case OrderMatch::BuyerName:
        return QStringLiteral("buyer name");
    case OrderMatch::GuestName:
        return QStringLiteral("guest name");
    case OrderMatch::CardReference:
        return QStringLiteral("card terminal reference");
    }
    return QString();
}

} // namespace OrderLookupRules

OrderLookupService::OrderLookupService(OrderLookupStore &store) : m_store(store) { }

Result<QVector<OrderHit>> OrderLookupService::find(const QString &typed)
{
    auto checked = OrderLookupRules::query(typed);
    if (!checked)
        return checked.error();
    const QString query = checked.value();

    if (auto code = ticketCodeFromScan(query))
        return m_store.byTicketCode(code.value());

    QVector<OrderHit> hits;
    bool isNumber = false;
    const OrderId id = query.toLongLong(&isNumber);
    if (isNumber && id > 0 && query.at(0).isDigit()) {
        auto exact = m_store.byId(id);
        if (!exact)
            return exact.error();
        hits = exact.value();
    }
    // A terminal reference can be all digits too, so a number is also searched as text.
    auto text = m_store.byText(query, OrderLookupRules::maxHits);
    if (!text)
        return text.error();
    QSet<OrderId> seen;
    for (const OrderHit &hit : hits)
        seen.insert(hit.id);
    for (const OrderHit &hit : text.value()) {
        if (hits.size() >= OrderLookupRules::maxHits)
            break;
        if (!seen.contains(hit.id)) {
            seen.insert(hit.id);
            hits << hit;
        }
    }
    return hits;
}

Result<OrderDetails> OrderLookupService::details(OrderId order)
{
    if (order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("Choose an order first."));
    return m_store.details(order);
}

const OrderExchangeRecord *OrderDetails::exchangeOf(const OrderLine &line) const
{
    if (line.state != LineState::Refunded)
        return nullptr;
    for (const OrderExchangeRecord &exchange : exchanges) {
        if (exchange.fromOrder != id)
            continue;
        for (const OrderItemRef &item : exchange.items) {
            if (item.kind == line.kind && item.id == line.id)
                return &exchange;
        }
    }
    return nullptr;
}

} // namespace boxoffice
