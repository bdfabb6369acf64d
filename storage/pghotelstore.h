#pragma once

#include "domain/hotelstore.h"
#include "domain/states.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// HotelStore on PostgreSQL. One per connection (and so per thread).
class PgHotelStore final : public HotelStore
{
public:
    explicit PgHotelStore(QSqlDatabase database);

    Result<QVector<HotelSummary>> hotels() override;
    Result<StayHold> holdStay(const StayRequest &request) override;
    Result<int> releaseStay(const CartId &cart, StayId stay) override;
    Result<int> cancelStay(StayId stay) override;
    Result<QVector<RangeAvailability>> availability(HotelId hotel, const QDate &from, const QDate &until,
                                                    const QStringList &roomTypeCodes) override;
    Result<int> changeCapacity(const CapacityChange &change) override;

    // For a late confirm whose hold was returned: book the same nights straight onto `order`.
    Result<StayId> bookAfresh(const StayRequest &request, OrderId order);
    Result<int> sweepExpiredHolds();

    static QString newReference();

private:
    Result<StayHold> claim(const StayRequest &request, OrderId asOrder);
    Result<int> giveBack(StayId stay, const QVariant &cart, StayState from, StayState to);

    PreparedStatements m_statements;
};

} // namespace boxoffice
