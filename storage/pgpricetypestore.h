#pragma once

#include "domain/pricetypes.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// PriceTypeStore on PostgreSQL (migration 022): prices are written under the manager's grants, a seat's
// type through boxoffice_choose_price_type, which records a comp with who approved it and why.
class PgPriceTypeStore final : public PriceTypeStore
{
public:
    explicit PgPriceTypeStore(QSqlDatabase database);

    Result<QVector<TypePrice>> prices(EventId event) override;
    Status setPrice(EventId event, const QString &bandCode, PriceType type, const Money &amount) override;
    Result<Money> choose(const PriceTypeChoice &choice) override;

private:
    PreparedStatements m_statements;
};

} // namespace boxoffice
