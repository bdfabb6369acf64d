#pragma once

#include "domain/houseseats.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// HouseSeatStore on PostgreSQL: boxoffice_house_hold and boxoffice_house_release (migration 023), each one
// statement in its own implicit transaction; the database refuses them to anyone but a manager.
class PgHouseSeatStore final : public HouseSeatStore
{
public:
    explicit PgHouseSeatStore(QSqlDatabase database);

    Result<QVector<SeatRef>> hold(const HouseHoldRequest &request) override;
    Result<QVector<SeatRef>> release(EventId event, const QVector<UnitId> &units) override;
    Result<QVector<HouseSeat>> list(EventId event) override;

private:
    PreparedStatements m_statements;
};

} // namespace boxoffice
