#pragma once

#include "domain/rooms.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

class PgRoomStore final : public RoomStore
{
public:
    explicit PgRoomStore(QSqlDatabase database);

    Result<RoomRack> rack(HotelId hotel, const QDate &from, const QDate &until) override;
    Status assign(StayId stay, RoomId room) override;
    Status move(StayId stay, RoomId room) override;
    Status setHousekeeping(RoomId room, Housekeeping state) override;
    Status outOfOrder(const OutOfOrderRequest &request) override;
    Status backInService(RoomId room) override;

private:
    // Runs one of the room functions and turns its one-word answer into a Status.
    Status answered(const char *sql, const QString &context, PreparedStatements::Bindings bindings);

    PreparedStatements m_statements;
};

} // namespace boxoffice
