#pragma once

// The stores a capped hold runs over, held in memory, for unit tests of the cap rules without a
// database: a BuyerCapStore, a claim store per shape and a UnitOfWork that snapshots everything they
// hold and puts it back when the work fails. They keep the PostgreSQL stores' promises in the simplest
// form that can be checked by eye (a cart asking again for what it holds refreshes it; a unit another
// cart holds is Lost); tst_holdcaps runs the same caps against PostgreSQL.
// The journal records the locks, counts and claims in the order they happen.

#include "domain/buyercapstore.h"
#include "domain/hotelstore.h"
#include "domain/poolstore.h"
#include "domain/seatinventorystore.h"
#include "domain/slotstore.h"
#include "domain/unitofwork.h"

#include <QHash>
#include <QStringList>

namespace boxoffice::test {

struct MemoryCaps
{
    std::optional<int> perBuyer;
    std::optional<int> perInstrument;
};

// Everything held, in one value: what a unit of work snapshots and restores.
struct MemoryHoldWorld
{
    struct Held
    {
        qint64 what = 0; // the pool, room type or table held
        CartId cart;
        int units = 1;
        bool live = true; // false: expired, nobody's any more
        QDate checkIn, checkOut;
        QDateTime start, end;
    };

    QHash<UnitId, EventId> seatEvents;
    QHash<UnitId, CartId> heldSeats;
    QHash<PoolId, EventId> poolEvents;
    QHash<PoolId, int> poolCapacity;
    QHash<RoomTypeId, HotelId> roomHotels;
    QHash<ResourceId, RestaurantId> tableRestaurants;
    QVector<Held> places, stays, tables;
    QHash<EventId, MemoryCaps> eventCaps;
    QHash<HotelId, MemoryCaps> hotelCaps;
    QHash<RestaurantId, MemoryCaps> restaurantCaps;
    QHash<CartId, BuyerId> cartBuyers;
    QHash<CartId, QString> cartInstruments;
};

class MemoryBuyerCapStore final : public BuyerCapStore
{
public:
    MemoryBuyerCapStore(const MemoryHoldWorld &world, QStringList &journal) : m_world(world), m_journal(journal) { }

    Status lockBuyer(BuyerId buyer) override;
    Result<QString> cartInstrument(const CartId &cart) override;
    Status lockInstrument(const QString &instrument) override;
    Result<CapUsage> buyerUsage(BuyerId buyer, const CapAsk &ask) override;
    Result<CapUsage> instrumentUsage(const QString &instrument, const CapAsk &ask) override;

private:
    CapUsage usage(const std::function<bool(const CartId &)> &holders, CapHolder holder, const CapAsk &ask) const;
    int heldOnEvent(const std::function<bool(const CartId &)> &holders, EventId event, const CapAsk &ask) const;

    const MemoryHoldWorld &m_world;
    QStringList &m_journal;
};

// A unit of work over the world: nested units snapshot too, so an inner failure restores the inner part.
class MemoryUnitOfWork final : public UnitOfWork
{
public:
    MemoryUnitOfWork(MemoryHoldWorld &world, QStringList &journal) : m_world(world), m_journal(journal) { }
    int depth = 0;

protected:
    Status runAtomically(const QString &context, const std::function<Status()> &work) override;

private:
    MemoryHoldWorld &m_world;
    QStringList &m_journal;
};

// The claim stores share one failure switch: the next claim writes what it claims, then fails (as a
// connection lost before the commit would), so a test can see the unit of work undo it.
class MemoryClaims
{
public:
    MemoryClaims(MemoryHoldWorld &world, QStringList &journal) : m_world(world), m_journal(journal) { }
    bool failNextClaimAfterWriting = false;

protected:
    template<typename T> Result<T> finish(const QString &entry, T value)
    {
        m_journal << entry;
        if (std::exchange(failNextClaimAfterWriting, false))
            return makeError(ErrorCode::Unavailable, QStringLiteral("The connection went away mid-claim."));
        return value;
    }
    static DomainError unsupported();

    MemoryHoldWorld &m_world;
    QStringList &m_journal;
};

class MemorySeatStore final : public SeatInventoryStore, public MemoryClaims
{
public:
    using MemoryClaims::MemoryClaims;
    Result<QVector<EventSummary>> events() override { return unsupported(); }
    Result<EventSummary> event(EventId) override { return unsupported(); }
    Result<QVector<SeatRef>> resolveSeats(EventId, const QStringList &) override { return unsupported(); }
    Result<HoldGrant> hold(const HoldRequest &request) override;
    Result<ReleaseOutcome> release(const CartId &, const QVector<UnitId> &) override { return unsupported(); }
    Result<EventAvailability> availability(EventId) override { return unsupported(); }
    Result<int> sweepExpiredHolds() override { return unsupported(); }
};

class MemoryPoolStore final : public PoolStore, public MemoryClaims
{
public:
    using MemoryClaims::MemoryClaims;
    Result<PoolSummary> createPool(const PoolSpec &) override { return unsupported(); }
    Result<PoolSummary> pool(PoolId) override { return unsupported(); }
    Result<QVector<PoolSummary>> pools(EventId) override { return unsupported(); }
    Status setStrategy(PoolId, ClaimStrategy) override { return unsupported(); }
    Result<PoolHold> hold(const PoolHoldRequest &request) override;
    Result<int> release(const CartId &, PoolId) override { return unsupported(); }
};

class MemoryHotelStore final : public HotelStore, public MemoryClaims
{
public:
    using MemoryClaims::MemoryClaims;
    Result<QVector<HotelSummary>> hotels() override { return unsupported(); }
    Result<StayHold> holdStay(const StayRequest &request) override;
    Result<int> releaseStay(const CartId &, StayId) override { return unsupported(); }
    Result<int> cancelStay(StayId) override { return unsupported(); }
    Result<QVector<RangeAvailability>> availability(HotelId, const QDate &, const QDate &, const QStringList &) override
    {
        return unsupported();
    }
    Result<int> changeCapacity(const CapacityChange &) override { return unsupported(); }
};

class MemorySlotStore final : public SlotStore, public MemoryClaims
{
public:
    using MemoryClaims::MemoryClaims;
    Result<QVector<RestaurantSummary>> restaurants() override { return unsupported(); }
    Result<SlotHold> holdSlot(const SlotRequest &request) override;
    Result<int> releaseSlot(const CartId &, BookingId) override { return unsupported(); }
    Result<QVector<TableSummary>> candidates(RestaurantId restaurant, int partySize, const QDateTime &start,
                                             const QDateTime &end, int limit) override;
};

// One world with every store over it, as a worker's connection has them.
struct MemoryHolds
{
    MemoryHoldWorld world;
    QStringList journal;
    MemoryBuyerCapStore capStore{world, journal};
    MemoryUnitOfWork unit{world, journal};
    MemorySeatStore seats{world, journal};
    MemoryPoolStore pools{world, journal};
    MemoryHotelStore hotels{world, journal};
    MemorySlotStore tables{world, journal};

    int seatsHeldBy(const CartId &cart) const;
    int placesHeldBy(const CartId &cart) const;
    int staysHeldBy(const CartId &cart) const;
    int tablesHeldBy(const CartId &cart) const;
};

} // namespace boxoffice::test
