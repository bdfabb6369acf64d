#pragma once

#include "domain/orderdocuments.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// OrderDocumentStore on PostgreSQL: reads only, one statement a call.
class PgOrderDocuments final : public OrderDocumentStore
{
public:
    explicit PgOrderDocuments(QSqlDatabase database);

    Result<OrderDocument> document(OrderId order) override;
    Result<QVector<Ticket>> tickets(OrderId order) override;

private:
    PreparedStatements m_statements;
};

} // namespace boxoffice
