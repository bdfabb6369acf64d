#pragma once

#include "storage/pgcartstore.h"
#include "storage/pghotelstore.h"
#include "storage/pgpoolstore.h"
#include "storage/pgseatstore.h"
#include "storage/pgslotstore.h"

#include <functional>

namespace boxoffice {

// Every store of one connection, wired together: what a worker thread, a desktop session or a command
// needs. Destroy it before the connection.
class PgInventory
{
public:
    explicit PgInventory(QSqlDatabase database)
        : seats(database), pools(database), hotels(database), timeSlots(database),
          carts(database, pools, hotels, timeSlots)
    { }

    // Display tidying for every shape; sales never depend on it.
    Result<int> sweepExpiredHolds()
    {
        int total = 0;
        for (const auto &sweep : {std::function<Result<int>()>([this] { return seats.sweepExpiredHolds(); }),
                                  std::function<Result<int>()>([this] { return pools.sweepExpiredHolds(); }),
                                  std::function<Result<int>()>([this] { return hotels.sweepExpiredHolds(); }),
                                  std::function<Result<int>()>([this] { return timeSlots.sweepExpiredHolds(); })}) {
            auto swept = sweep();
            if (!swept)
                return swept.error();
            total += swept.value();
        }
        return total;
    }

    PgSeatStore seats;
    PgPoolStore pools;
    PgHotelStore hotels;
    PgSlotStore timeSlots;
    PgCartStore carts;
};

} // namespace boxoffice
