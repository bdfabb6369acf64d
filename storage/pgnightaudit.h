#pragma once

#include "domain/nightaudit.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// NightAuditStore on PostgreSQL: the run is one database function (migration 033), the report what it
// stored.
class PgNightAudit final : public NightAuditStore
{
public:
    explicit PgNightAudit(QSqlDatabase database);

    Result<NightAuditReport> run(HotelId hotel, const QDate &businessDate) override;
    Result<std::optional<NightAuditReport>> report(HotelId hotel, const QDate &businessDate) override;

private:
    Result<NightAuditReport> readRun(qint64 run);

    PreparedStatements m_statements;
};

} // namespace boxoffice
