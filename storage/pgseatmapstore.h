#pragma once

#include "domain/seatmapstore.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// SeatMapStore on PostgreSQL: the whole map in one consistent snapshot, then the audit trail forward.
class PgSeatMapStore final : public SeatMapStore
{
public:
    explicit PgSeatMapStore(QSqlDatabase database);

    Result<SeatMap> seatMap(EventId event) override;
    Result<SeatChangeBatch> seatChangesSince(EventId event, qint64 auditCursor, int limit) override;
    Result<QDateTime> serverNow() override;

private:
    Status readSeats(EventId event, SeatMap &map);
    Result<qint64> readAuditCursor();

    PreparedStatements m_statements;
};

SeatState seatStateFromText(const QString &state);

} // namespace boxoffice
