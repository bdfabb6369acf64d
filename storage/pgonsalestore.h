#pragma once

#include "domain/admissiononsalestore.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

class PgOnSaleStore final : public OnSaleStore
{
public:
    explicit PgOnSaleStore(QSqlDatabase database);

    Result<QVector<OnSaleEntry>> onSales() override;
    Result<std::optional<OnSale>> onSale(EventId event) override;
    Status setOnSale(const OnSale &sale) override;
    Status clearOnSale(EventId event) override;

private:
    PreparedStatements m_statements;
};

} // namespace boxoffice
