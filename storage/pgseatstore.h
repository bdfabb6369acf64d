#pragma once

#include "domain/seatinventorystore.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// SeatInventoryStore on PostgreSQL. One instance per connection (and so per thread); it keeps its
// statements prepared on that connection.
class PgSeatStore final : public SeatInventoryStore
{
public:
    explicit PgSeatStore(QSqlDatabase database);

    Result<QVector<EventSummary>> events() override;
    Result<EventSummary> event(EventId event) override;
    Result<QVector<SeatRef>> resolveSeats(EventId event, const QStringList &labels) override;

    Result<HoldGrant> hold(const HoldRequest &request) override;
    Result<ReleaseOutcome> release(const CartId &cart, const QVector<UnitId> &units) override;

    Result<EventAvailability> availability(EventId event) override;
    Result<int> sweepExpiredHolds() override;

private:
    Result<QVector<EventSummary>> queryEvents(const QVariant &event);
    Result<HoldGrant> holdOne(const HoldRequest &request);
    Result<ReleaseOutcome> collectReleased(QSqlQuery &query, const QVector<UnitId> &requested);

    PreparedStatements m_statements;
};

} // namespace boxoffice
