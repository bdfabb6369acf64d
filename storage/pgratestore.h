#pragma once

#include "domain/rates.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// RateStore on PostgreSQL (migration 031). Each change is one call of a database function: it checks the
// manager, writes the rule and reprices the nights it covers in one statement.
class PgRateStore final : public RateStore
{
public:
    explicit PgRateStore(QSqlDatabase database);

    Result<QVector<RateRule>> rules(HotelId hotel) override;
    Result<RateId> add(const RateRule &rule) override;
    Status remove(RateId rule) override;

private:
    PreparedStatements m_statements;
};

} // namespace boxoffice
