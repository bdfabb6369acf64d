#pragma once

// The buyer's copy of an order's document: the attachment of its confirmation (mail_spool, one per
// order), read back as it was mailed. Tickets are read as CounterSql::tickets reads them.
namespace boxoffice::OrderDocumentSql {

// No row: no such order. Then the order's state, whether its confirmation is spooled, and its PDF
// (NULL: nothing was attached).
inline constexpr char document[] = R"SQL(
SELECT o.state, m.id IS NOT NULL, m.attachment
FROM orders o LEFT JOIN mail_spool m ON m.order_id = o.id
WHERE o.id = :order
)SQL";

} // namespace boxoffice::OrderDocumentSql
