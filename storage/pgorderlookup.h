#pragma once

#include "domain/orderlookup.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// OrderLookupStore on PostgreSQL: SELECTs only, each in its own implicit transaction. A clerk may read
// every table involved (migrations 003-006, 015); of buyers only the name.
class PgOrderLookup final : public OrderLookupStore
{
public:
    explicit PgOrderLookup(QSqlDatabase database);

    Result<QVector<OrderHit>> byId(OrderId order) override;
    Result<QVector<OrderHit>> byTicketCode(const QString &code) override;
    Result<QVector<OrderHit>> byText(const QString &text, int limit) override;
    Result<OrderDetails> details(OrderId order) override;

    // `text` as an ILIKE pattern (ESCAPE '\') that finds it anywhere, every character literal.
    static QString containsPattern(const QString &text);

private:
    Result<QVector<OrderHit>> hits(const char *sql, PreparedStatements::Bindings bindings);
    Status readLines(OrderDetails &details);
    Status readPayments(OrderDetails &details);
    Status readRefunds(OrderDetails &details);
    Status readTickets(OrderDetails &details);
    Status readExchanges(OrderDetails &details);

    PreparedStatements m_statements;
};

} // namespace boxoffice
