#pragma once

#include "domain/slotstore.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// SlotStore on PostgreSQL. One per connection (and so per thread).
class PgSlotStore final : public SlotStore
{
public:
    explicit PgSlotStore(QSqlDatabase database);

    Result<QVector<RestaurantSummary>> restaurants() override;
    Result<SlotHold> holdSlot(const SlotRequest &request) override;
    Result<int> releaseSlot(const CartId &cart, BookingId booking) override;
    Result<QVector<TableSummary>> candidates(RestaurantId restaurant, int partySize, const QDateTime &start,
                                             const QDateTime &end, int limit) override;

    // For a late confirm whose hold was returned: book the same table and time straight onto `order`.
    Result<BookingId> bookAfresh(const SlotRequest &request, OrderId order);
    Result<int> sweepExpiredHolds();

private:
    Result<SlotHold> claim(const SlotRequest &request, OrderId asOrder);

    PreparedStatements m_statements;
};

} // namespace boxoffice
