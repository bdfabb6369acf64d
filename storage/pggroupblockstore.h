#pragma once

#include "domain/groupblocks.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// GroupBlockStore on PostgreSQL. One per connection (and so per thread).
class PgGroupBlockStore final : public GroupBlockStore
{
public:
    explicit PgGroupBlockStore(QSqlDatabase database);

    Result<QVector<GroupBlock>> blocks(HotelId hotel, const QDate &from) override;
    Result<GroupBlockId> create(const GroupBlockRequest &request) override;
    Result<PickUpHold> pickUp(const PickUpRequest &request) override;
    Result<int> returnPickUp(const CartId &cart, StayId stay) override;
    Result<int> shrink(GroupBlockId block, std::optional<int> rooms) override;

private:
    PreparedStatements m_statements;
};

} // namespace boxoffice
