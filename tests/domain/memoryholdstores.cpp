#include "memoryholdstores.h"

#include "domain/holdcaprules.h"

namespace boxoffice::test {

namespace {

bool overlaps(const MemoryHoldWorld::Held &held, const QDateTime &start, const QDateTime &end)
{
    return held.start < end && start < held.end;
}

} // namespace

Status MemoryBuyerCapStore::lockBuyer(BuyerId buyer)
{
    m_journal << QStringLiteral("lock buyer %1").arg(buyer);
    return Done{};
}

Result<QString> MemoryBuyerCapStore::cartInstrument(const CartId &cart)
{
    return m_world.cartInstruments.value(cart);
}

Status MemoryBuyerCapStore::lockInstrument(const QString &instrument)
{
    m_journal << QStringLiteral("lock card %1").arg(instrument);
    return Done{};
}

Result<CapUsage> MemoryBuyerCapStore::buyerUsage(BuyerId buyer, const CapAsk &ask)
{
    m_journal << QStringLiteral("count buyer %1").arg(buyer);
    return usage([&](const CartId &cart) { return m_world.cartBuyers.value(cart) == buyer; }, CapHolder::Buyer, ask);
}

Result<CapUsage> MemoryBuyerCapStore::instrumentUsage(const QString &instrument, const CapAsk &ask)
{
    m_journal << QStringLiteral("count card %1").arg(instrument);
    return usage([&](const CartId &cart) { return m_world.cartInstruments.value(cart) == instrument; },
                 CapHolder::Instrument, ask);
}

int MemoryBuyerCapStore::heldOnEvent(const std::function<bool(const CartId &)> &holders, EventId event,
                                     const CapAsk &ask) const
{
    const auto *seats = std::get_if<HoldRequest>(&ask);
    const auto *places = std::get_if<PoolHoldRequest>(&ask);
    int held = 0;
    for (auto it = m_world.heldSeats.cbegin(); it != m_world.heldSeats.cend(); ++it) {
        const bool askedAgain = seats && seats->units.contains(it.key());
        held += holders(it.value()) && m_world.seatEvents.value(it.key()) == event && !askedAgain;
    }
    for (const auto &place : m_world.places) {
        const bool askedAgain = places && places->pool == place.what && places->cart == place.cart;
        if (place.live && holders(place.cart) && m_world.poolEvents.value(place.what) == event && !askedAgain)
            held += place.units;
    }
    return held;
}

CapUsage MemoryBuyerCapStore::usage(const std::function<bool(const CartId &)> &holders, CapHolder holder,
                                    const CapAsk &ask) const
{
    const auto capOf
        = [holder](const MemoryCaps &caps) { return holder == CapHolder::Buyer ? caps.perBuyer : caps.perInstrument; };
    CapUsage usage;
    if (const auto *seats = std::get_if<HoldRequest>(&ask)) {
        usage.cap = capOf(m_world.eventCaps.value(seats->event));
        usage.held = heldOnEvent(holders, seats->event, ask);
    } else if (const auto *places = std::get_if<PoolHoldRequest>(&ask)) {
        const EventId event = m_world.poolEvents.value(places->pool);
        usage.cap = capOf(m_world.eventCaps.value(event));
        usage.held = heldOnEvent(holders, event, ask);
    } else if (const auto *stay = std::get_if<StayRequest>(&ask)) {
        const HotelId hotel = m_world.roomHotels.value(stay->roomType);
        usage.cap = capOf(m_world.hotelCaps.value(hotel));
        for (const auto &held : m_world.stays) {
            const bool askedAgain = held.cart == stay->cart && held.what == stay->roomType
                && held.checkIn == stay->checkIn && held.checkOut == stay->checkOut;
            usage.held
                += held.live && holders(held.cart) && m_world.roomHotels.value(held.what) == hotel && !askedAgain;
        }
    } else {
        const auto *table = std::get_if<SlotRequest>(&ask);
        const RestaurantId restaurant
            = table ? m_world.tableRestaurants.value(table->resource) : std::get<TableSearch>(ask).restaurant;
        usage.cap = capOf(m_world.restaurantCaps.value(restaurant));
        for (const auto &held : m_world.tables) {
            const bool askedAgain = table && held.cart == table->cart && held.what == table->resource
                && held.start == table->start && held.end == table->end;
            usage.held += held.live && holders(held.cart) && m_world.tableRestaurants.value(held.what) == restaurant
                && !askedAgain;
        }
    }
    return usage;
}

Status MemoryUnitOfWork::runAtomically(const QString &context, const std::function<Status()> &work)
{
    const MemoryHoldWorld before = m_world;
    ++depth;
    m_journal << QStringLiteral("begin %1").arg(context);
    const Status status = work();
    --depth;
    if (!status) {
        m_world = before;
        m_journal << QStringLiteral("roll back");
        return status;
    }
    m_journal << QStringLiteral("commit");
    return Done{};
}

DomainError MemoryClaims::unsupported()
{
    return makeError(ErrorCode::Internal, QStringLiteral("Not kept by the in-memory stores."));
}

Result<HoldGrant> MemorySeatStore::hold(const HoldRequest &request)
{
    QStringList lost;
    for (UnitId unit : request.units) {
        const CartId holder = m_world.heldSeats.value(unit);
        if (!holder.isEmpty() && holder != request.cart)
            lost << QString::number(unit);
    }
    if (!lost.isEmpty())
        return makeError(ErrorCode::Lost, QStringLiteral("Taken by another buyer; nothing was held."), lost);
    HoldGrant grant;
    for (UnitId unit : request.units) {
        m_world.heldSeats.insert(unit, request.cart);
        grant.held << HeldUnit{SeatRef{unit, QString::number(unit)}, {}};
    }
    return finish(QStringLiteral("claim seats"), grant);
}

Result<PoolHold> MemoryPoolStore::hold(const PoolHoldRequest &request)
{
    int taken = 0;
    for (const auto &place : m_world.places) {
        if (place.live && place.what == request.pool && place.cart == request.cart) {
            if (place.units != request.quantity)
                return makeError(ErrorCode::Conflict, QStringLiteral("The cart holds another number of places."));
            return finish(QStringLiteral("refresh places"), PoolHold{0, request.pool, request.quantity, {}, true});
        }
        if (place.live && place.what == request.pool)
            taken += place.units;
    }
    if (taken + request.quantity > m_world.poolCapacity.value(request.pool))
        return makeError(ErrorCode::Lost, QStringLiteral("Fewer places are left; nothing was held."));
    MemoryHoldWorld::Held held;
    held.what = request.pool;
    held.cart = request.cart;
    held.units = request.quantity;
    m_world.places << held;
    return finish(QStringLiteral("claim places"),
                  PoolHold{qint64(m_world.places.size()), request.pool, request.quantity, {}, false});
}

Result<StayHold> MemoryHotelStore::holdStay(const StayRequest &request)
{
    StayHold hold;
    hold.roomType = request.roomType;
    hold.checkIn = request.checkIn;
    hold.checkOut = request.checkOut;
    for (const auto &stay : m_world.stays) {
        if (stay.live && stay.cart == request.cart && stay.what == request.roomType && stay.checkIn == request.checkIn
            && stay.checkOut == request.checkOut) {
            hold.refreshed = true;
            return finish(QStringLiteral("refresh stay"), hold);
        }
    }
    MemoryHoldWorld::Held held;
    held.what = request.roomType;
    held.cart = request.cart;
    held.checkIn = request.checkIn;
    held.checkOut = request.checkOut;
    m_world.stays << held;
    hold.id = m_world.stays.size();
    return finish(QStringLiteral("claim stay"), hold);
}

Result<SlotHold> MemorySlotStore::holdSlot(const SlotRequest &request)
{
    SlotHold hold;
    hold.resource = request.resource;
    hold.start = request.start;
    hold.end = request.end;
    for (const auto &table : m_world.tables) {
        if (!table.live || table.what != request.resource || !overlaps(table, request.start, request.end))
            continue;
        if (table.cart == request.cart && table.start == request.start && table.end == request.end) {
            hold.refreshed = true;
            return finish(QStringLiteral("refresh table"), hold);
        }
        return makeError(ErrorCode::Lost, QStringLiteral("That table is already booked for part of that time."));
    }
    MemoryHoldWorld::Held held;
    held.what = request.resource;
    held.cart = request.cart;
    held.start = request.start;
    held.end = request.end;
    m_world.tables << held;
    hold.id = m_world.tables.size();
    return finish(QStringLiteral("claim table %1").arg(request.resource), hold);
}

Result<QVector<TableSummary>> MemorySlotStore::candidates(RestaurantId restaurant, int, const QDateTime &start,
                                                          const QDateTime &end, int limit)
{
    QVector<TableSummary> free;
    QList<ResourceId> tables = m_world.tableRestaurants.keys(restaurant);
    std::sort(tables.begin(), tables.end());
    for (ResourceId resource : tables) {
        const bool taken = std::any_of(m_world.tables.cbegin(), m_world.tables.cend(), [&](const auto &held) {
            return held.live && held.what == resource && overlaps(held, start, end);
        });
        if (!taken && free.size() < limit)
            free << TableSummary{resource, QStringLiteral("T%1").arg(resource), 4};
    }
    return free;
}

int MemoryHolds::seatsHeldBy(const CartId &cart) const
{
    return int(std::count(world.heldSeats.cbegin(), world.heldSeats.cend(), cart));
}

int MemoryHolds::placesHeldBy(const CartId &cart) const
{
    int places = 0;
    for (const auto &held : world.places)
        places += held.live && held.cart == cart ? held.units : 0;
    return places;
}

int MemoryHolds::staysHeldBy(const CartId &cart) const
{
    return int(std::count_if(world.stays.cbegin(), world.stays.cend(),
                             [&](const auto &held) { return held.live && held.cart == cart; }));
}

int MemoryHolds::tablesHeldBy(const CartId &cart) const
{
    return int(std::count_if(world.tables.cbegin(), world.tables.cend(),
                             [&](const auto &held) { return held.live && held.cart == cart; }));
}

} // namespace boxoffice::test
