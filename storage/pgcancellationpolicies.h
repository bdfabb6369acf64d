#pragma once

#include "domain/cancellationpolicystore.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// CancellationPolicyStore on PostgreSQL: one upsert, whose grant (managers only) and checks the
// database enforces.
class PgCancellationPolicies final : public CancellationPolicyStore
{
public:
    explicit PgCancellationPolicies(QSqlDatabase database);

    Status setPolicy(const HotelCancellationPolicy &policy) override;
    Result<std::optional<HotelCancellationPolicy>> policy(HotelId hotel) override;

private:
    PreparedStatements m_statements;
};

} // namespace boxoffice
