// The other inventory shapes on the web: general-admission places of an event, hotel stays and
// restaurant tables, browsed and held into the same carts as seats (checkout sells them together);
// and giving a whole cart back.

#include "admissioncheck.h"
#include "jsonbody.h"
#include "routes.h"
#include "weblanes.h"
#include "workerpool.h"

#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "domain/slotservice.h"

namespace boxoffice::web {

namespace {

Result<CartId> buyersCart(const ApiCall &call, WorkerContext *context)
{
    const CartId cart = call.args.value(0);
    if (auto owner = context->buyers->checkCartOwner(call.buyerId(), cart); !owner)
        return owner.error();
    return cart;
}

Result<QDate> isoDate(const QString &text, const QString &field)
{
    const QDate date = QDate::fromString(text, Qt::ISODate);
    if (!date.isValid() || text.size() != 10)
        return makeError(ErrorCode::BadInput, QStringLiteral("%1 must be a date such as 2026-03-12.").arg(field));
    return date;
}

ApiReply listPools(const ApiCall &call, WorkerContext *context)
{
    auto event = pathId(call.args.value(0), QStringLiteral("The event id"));
    if (!event)
        return ApiReply::fromDomainError(event.error());
    auto pools = PoolService(context->inventory->pools).pools(event.value());
    if (!pools)
        return ApiReply::fromDomainError(pools.error());
    QJsonArray list;
    for (const PoolSummary &pool : pools.value())
        list.append(QJsonObject{{QStringLiteral("id"), pool.id},
                                {QStringLiteral("code"), pool.code},
                                {QStringLiteral("name"), pool.name},
                                {QStringLiteral("price"), pool.price.minor()},
                                {QStringLiteral("currency"), pool.currency},
                                {QStringLiteral("available"), qMax(0, pool.capacity - pool.sold - pool.held)}});
    return ApiReply::json(200, {{QStringLiteral("event"), event.value()}, {QStringLiteral("pools"), list}});
}

ApiReply placesAnswer(const CartId &cart, const Result<PoolHold> &held)
{
    if (!held)
        return ApiReply::fromDomainError(held.error());
    return ApiReply::json(201,
                          {{QStringLiteral("cart"), cart},
                           {QStringLiteral("hold"), held->holdId},
                           {QStringLiteral("pool"), held->pool},
                           {QStringLiteral("quantity"), held->quantity},
                           {QStringLiteral("expires_at"), jsonTime(held->expiresAt)}});
}

ApiReply holdPlaces(WebServices &services, const ApiCall &call, WorkerContext *context)
{
    auto body = parseObject(call.body, {QStringLiteral("pool"), QStringLiteral("quantity")}, false);
    if (!body)
        return ApiReply::fromDomainError(body.error());
    auto pool = positiveId(body->value(QStringLiteral("pool")), QStringLiteral("pool"));
    if (!pool)
        return ApiReply::fromDomainError(pool.error());
    if (auto refusedEntry = admissionRefusedForPool(services, call, pool.value()))
        return *refusedEntry;
    auto quantity = positiveId(body->value(QStringLiteral("quantity")), QStringLiteral("quantity"));
    if (!quantity)
        return ApiReply::fromDomainError(quantity.error());
    // The cart's owner is checked inside the claim (one call, or the batch): one round trip.
    const CartId cart = call.args.value(0);
    if (!isValidCartId(cart))
        return ApiReply::fromDomainError(makeError(ErrorCode::NotFound, QStringLiteral("No such cart.")));
    PoolHoldRequest request;
    request.pool = pool.value();
    request.cart = cart;
    request.quantity = int(qMin<qint64>(quantity.value(), 1000000));
    request.buyer = call.buyerId();
    const bool taken = PoolService(context->inventory->pools, context->caps.get(), context->poolBatches.get())
                           .holdQueued(request, *services.poolBatcher,
                                       [self = call.shared_from_this(), cart](Result<PoolHold> held) {
                                           // Answered on the thread that claimed it (this one, or a batch's
                                           // sender): a lost connection is that thread's to reopen.
                                           if (!held && held.error().code == ErrorCode::Unavailable) {
                                               if (WorkerContext *claimer = WorkerPool::currentContext())
                                                   claimer->broken = true;
                                           }
                                           self->answerLater(placesAnswer(cart, held));
                                       });
    // As many holds wait for this pool's batches as the claim lane would let wait: come back.
    return taken ? ApiReply::answeredLater() : busyAnswer(services.lanes->claim().name());
}

ApiReply listHotels(WorkerContext *context)
{
    auto hotels = HotelService(context->inventory->hotels).hotels();
    if (!hotels)
        return ApiReply::fromDomainError(hotels.error());
    QJsonArray list;
    for (const HotelSummary &hotel : hotels.value()) {
        QJsonArray rooms;
        for (const RoomTypeSummary &room : hotel.roomTypes)
            rooms.append(QJsonObject{{QStringLiteral("id"), room.id},
                                     {QStringLiteral("code"), room.code},
                                     {QStringLiteral("name"), room.name},
                                     {QStringLiteral("price_per_night"), room.price.minor()}});
        list.append(QJsonObject{{QStringLiteral("id"), hotel.id},
                                {QStringLiteral("name"), hotel.name},
                                {QStringLiteral("currency"), hotel.currency},
                                {QStringLiteral("first_night"), hotel.firstNight.toString(Qt::ISODate)},
                                {QStringLiteral("last_night"), hotel.lastNight.toString(Qt::ISODate)},
                                {QStringLiteral("room_types"), rooms}});
    }
    return ApiReply::json(200, {{QStringLiteral("hotels"), list}});
}

ApiReply hotelAvailability(const ApiCall &call, WorkerContext *context)
{
    auto hotel = pathId(call.args.value(0), QStringLiteral("The hotel id"));
    if (!hotel)
        return ApiReply::fromDomainError(hotel.error());
    auto from = isoDate(call.query.queryItemValue(QStringLiteral("check_in")), QStringLiteral("check_in"));
    if (!from)
        return ApiReply::fromDomainError(from.error());
    auto until = isoDate(call.query.queryItemValue(QStringLiteral("check_out")), QStringLiteral("check_out"));
    if (!until)
        return ApiReply::fromDomainError(until.error());
    auto rooms = HotelService(context->inventory->hotels).availability(hotel.value(), from.value(), until.value());
    if (!rooms)
        return ApiReply::fromDomainError(rooms.error());
    QJsonArray list;
    for (const RangeAvailability &room : rooms.value())
        list.append(QJsonObject{{QStringLiteral("room_type"), room.roomType.id},
                                {QStringLiteral("code"), room.roomType.code},
                                {QStringLiteral("name"), room.roomType.name},
                                {QStringLiteral("free_every_night"), room.freeEveryNight},
                                {QStringLiteral("total"), room.total.minor()},
                                {QStringLiteral("currency"), room.currency}});
    return ApiReply::json(200,
                          {{QStringLiteral("hotel"), hotel.value()},
                           {QStringLiteral("check_in"), from->toString(Qt::ISODate)},
                           {QStringLiteral("check_out"), until->toString(Qt::ISODate)},
                           {QStringLiteral("room_types"), list}});
}

ApiReply holdStay(const ApiCall &call, WorkerContext *context)
{
    auto body = parseObject(
        call.body,
        {QStringLiteral("room_type"), QStringLiteral("check_in"), QStringLiteral("check_out"), QStringLiteral("guest")},
        false);
    if (!body)
        return ApiReply::fromDomainError(body.error());
    auto room = positiveId(body->value(QStringLiteral("room_type")), QStringLiteral("room_type"));
    if (!room)
        return ApiReply::fromDomainError(room.error());
    auto checkIn = isoDate(body->value(QStringLiteral("check_in")).toString(), QStringLiteral("check_in"));
    if (!checkIn)
        return ApiReply::fromDomainError(checkIn.error());
    auto checkOut = isoDate(body->value(QStringLiteral("check_out")).toString(), QStringLiteral("check_out"));
    if (!checkOut)
        return ApiReply::fromDomainError(checkOut.error());
    const QJsonValue guest = body->value(QStringLiteral("guest"));
    if (!guest.isUndefined() && (!guest.isString() || guest.toString().size() > 200))
        return ApiReply::fromDomainError(
            makeError(ErrorCode::BadInput, QStringLiteral("guest is a name of at most 200 characters.")));
    auto cart = buyersCart(call, context);
    if (!cart)
        return ApiReply::fromDomainError(cart.error());
    StayRequest request;
    request.roomType = room.value();
    request.cart = cart.value();
    request.checkIn = checkIn.value();
    request.checkOut = checkOut.value();
    request.guestName = guest.toString().trimmed();
    // A stay is booked only in a guest's name (migration 030): without one given, the buyer's.
    if (request.guestName.isEmpty() && call.buyer)
        request.guestName = call.buyer->name;
    request.buyer = call.buyerId();
    auto held = HotelService(context->inventory->hotels, context->caps.get()).holdStay(request);
    if (!held)
        return ApiReply::fromDomainError(held.error());
    return ApiReply::json(201,
                          {{QStringLiteral("cart"), cart.value()},
                           {QStringLiteral("stay"), held->id},
                           {QStringLiteral("reference"), held->reference},
                           {QStringLiteral("check_in"), held->checkIn.toString(Qt::ISODate)},
                           {QStringLiteral("check_out"), held->checkOut.toString(Qt::ISODate)},
                           {QStringLiteral("expires_at"), jsonTime(held->expiresAt)}});
}

ApiReply listRestaurants(WorkerContext *context)
{
    auto restaurants = SlotService(context->inventory->timeSlots).restaurants();
    if (!restaurants)
        return ApiReply::fromDomainError(restaurants.error());
    QJsonArray list;
    for (const RestaurantSummary &restaurant : restaurants.value()) {
        QJsonArray tables;
        for (const TableSummary &table : restaurant.tables)
            tables.append(QJsonObject{{QStringLiteral("id"), table.id},
                                      {QStringLiteral("code"), table.code},
                                      {QStringLiteral("seats"), table.seats}});
        list.append(QJsonObject{{QStringLiteral("id"), restaurant.id},
                                {QStringLiteral("name"), restaurant.name},
                                {QStringLiteral("currency"), restaurant.currency},
                                {QStringLiteral("deposit"), restaurant.deposit.minor()},
                                {QStringLiteral("tables"), tables}});
    }
    return ApiReply::json(200, {{QStringLiteral("restaurants"), list}});
}

// "A table for 4 at 19:00 for two hours": the best free table, claimed (candidates tried in turn).
ApiReply holdTable(const ApiCall &call, WorkerContext *context)
{
    auto body = parseObject(
        call.body,
        {QStringLiteral("restaurant"), QStringLiteral("party"), QStringLiteral("at"), QStringLiteral("minutes")},
        false);
    if (!body)
        return ApiReply::fromDomainError(body.error());
    auto restaurant = positiveId(body->value(QStringLiteral("restaurant")), QStringLiteral("restaurant"));
    if (!restaurant)
        return ApiReply::fromDomainError(restaurant.error());
    auto party = positiveId(body->value(QStringLiteral("party")), QStringLiteral("party"));
    if (!party)
        return ApiReply::fromDomainError(party.error());
    auto minutes = positiveId(body->value(QStringLiteral("minutes")), QStringLiteral("minutes"));
    if (!minutes)
        return ApiReply::fromDomainError(minutes.error());
    const QDateTime at = QDateTime::fromString(body->value(QStringLiteral("at")).toString(), Qt::ISODateWithMs);
    if (!at.isValid() || at.timeSpec() == Qt::LocalTime)
        return ApiReply::fromDomainError(makeError(
            ErrorCode::BadInput, QStringLiteral("at is a time with its offset, such as 2026-03-12T19:00:00+01:00.")));
    auto cart = buyersCart(call, context);
    if (!cart)
        return ApiReply::fromDomainError(cart.error());
    TableSearch search;
    search.restaurant = restaurant.value();
    search.cart = cart.value();
    search.partySize = int(qMin<qint64>(party.value(), 1000));
    search.start = at;
    search.minutes = int(qMin<qint64>(minutes.value(), 24 * 60));
    search.buyer = call.buyerId();
    auto held = SlotService(context->inventory->timeSlots, context->caps.get()).findAndHold(search);
    if (!held)
        return ApiReply::fromDomainError(held.error());
    return ApiReply::json(201,
                          {{QStringLiteral("cart"), cart.value()},
                           {QStringLiteral("booking"), held->id},
                           {QStringLiteral("table"), held->table},
                           {QStringLiteral("start"), jsonTime(held->start)},
                           {QStringLiteral("end"), jsonTime(held->end)},
                           {QStringLiteral("expires_at"), jsonTime(held->expiresAt)}});
}

// Gives back everything the cart holds, of every shape.
ApiReply releaseCart(const ApiCall &call, WorkerContext *context)
{
    auto cart = buyersCart(call, context);
    if (!cart)
        return ApiReply::fromDomainError(cart.error());
    auto released = context->carts->releaseCart(cart.value());
    if (!released)
        return ApiReply::fromDomainError(released.error());
    QJsonArray items;
    for (const CartItem &item : released->released)
        items.append(cartItemJson(item));
    return ApiReply::json(200, {{QStringLiteral("cart"), cart.value()}, {QStringLiteral("released"), items}});
}

MethodHandler buyerOnly(const QString &method, Handler handler)
{
    MethodHandler result{method, std::move(handler)};
    result.auth = true;
    return result;
}

} // namespace

QVector<Route> shapeRoutes(WebServices &services)
{
    // The listings are browse reads (a standby may answer them, a moment behind); every hold is a
    // claim on the main database, which alone decides what is free.
    Route pools{QStringLiteral("/api/v1/events/<arg>/pools"), QStringLiteral("/api/v1/events/{id}/pools"), 1, {}};
    pools.methods.append({QStringLiteral("GET"), listPools, false, Lane::Browse});
    Route places{QStringLiteral("/api/v1/carts/<arg>/places"), QStringLiteral("/api/v1/carts/{id}/places"), 1, {}};
    places.methods.append(buyerOnly(QStringLiteral("POST"), [&services](const ApiCall &call, WorkerContext *context) {
        return holdPlaces(services, call, context);
    }));
    Route hotels{QStringLiteral("/api/v1/hotels"), QStringLiteral("/api/v1/hotels"), 0, {}};
    hotels.methods.append({QStringLiteral("GET"),
                           [](const ApiCall &, WorkerContext *context) { return listHotels(context); }, false,
                           Lane::Browse});
    Route availability{
        QStringLiteral("/api/v1/hotels/<arg>/availability"), QStringLiteral("/api/v1/hotels/{id}/availability"), 1, {}};
    availability.methods.append({QStringLiteral("GET"), hotelAvailability, false, Lane::Browse});
    Route stays{QStringLiteral("/api/v1/carts/<arg>/stays"), QStringLiteral("/api/v1/carts/{id}/stays"), 1, {}};
    stays.methods.append(buyerOnly(QStringLiteral("POST"), holdStay));
    Route restaurants{QStringLiteral("/api/v1/restaurants"), QStringLiteral("/api/v1/restaurants"), 0, {}};
    restaurants.methods.append({QStringLiteral("GET"),
                                [](const ApiCall &, WorkerContext *context) { return listRestaurants(context); }, false,
                                Lane::Browse});
    Route tables{QStringLiteral("/api/v1/carts/<arg>/tables"), QStringLiteral("/api/v1/carts/{id}/tables"), 1, {}};
    tables.methods.append(buyerOnly(QStringLiteral("POST"), holdTable));
    Route cart{QStringLiteral("/api/v1/carts/<arg>"), QStringLiteral("/api/v1/carts/{id}"), 1, {}};
    cart.methods.append(buyerOnly(QStringLiteral("DELETE"), releaseCart));
    return {pools, places, hotels, availability, stays, restaurants, tables, cart};
}

} // namespace boxoffice::web
