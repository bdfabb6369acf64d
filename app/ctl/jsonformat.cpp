#include "jsonformat.h"

#include "domain/jsonvocabulary.h"

#include <QJsonArray>

namespace boxoffice::ctl {

namespace {

QJsonObject seatToJson(const SeatRef &seat)
{
    return {{QStringLiteral("unit"), seat.unit}, {QStringLiteral("seat"), seat.label}};
}

QJsonObject heldToJson(const HeldUnit &held)
{
    QJsonObject object = seatToJson(held.seat);
    object.insert(QStringLiteral("expires_at"), jsonTime(held.expiresAt));
    return object;
}

QJsonObject itemToJson(const CartItem &item)
{
    QJsonObject object{{QStringLiteral("kind"), itemKindName(item.kind)},
                       {QStringLiteral("id"), item.id},
                       {QStringLiteral("label"), item.label},
                       {QStringLiteral("quantity"), item.quantity}};
    if (item.expiresAt.isValid())
        object.insert(QStringLiteral("expires_at"), jsonTime(item.expiresAt));
    return object;
}

QJsonArray linesToJson(const QVector<OrderLine> &lines)
{
    QJsonArray array;
    for (const OrderLine &line : lines)
        array.append(QJsonObject{{QStringLiteral("kind"), itemKindName(line.kind)},
                                 {QStringLiteral("id"), line.id},
                                 {QStringLiteral("label"), line.label},
                                 {QStringLiteral("quantity"), line.quantity},
                                 {QStringLiteral("amount"), line.amount.minor()},
                                 {QStringLiteral("state"), jsonState(line.state)}});
    return array;
}

QJsonArray seatsToJson(const QVector<SeatRef> &seats)
{
    QJsonArray array;
    for (const SeatRef &seat : seats)
        array.append(seatToJson(seat));
    return array;
}

} // namespace

QJsonObject errorToJson(const DomainError &error)
{
    QJsonObject object{{QStringLiteral("ok"), false},
                       {QStringLiteral("error"), errorCodeName(error.code)},
                       {QStringLiteral("message"), error.message}};
    if (!error.units.isEmpty())
        object.insert(error.code == ErrorCode::Lost ? QStringLiteral("lost") : QStringLiteral("units"),
                      QJsonArray::fromStringList(error.units));
    return object;
}

QJsonObject holdToJson(const HoldRequest &request, const HoldGrant &grant)
{
    QJsonArray held;
    for (const HeldUnit &unit : grant.held)
        held.append(heldToJson(unit));
    return {{QStringLiteral("ok"), true},
            {QStringLiteral("event"), request.event},
            {QStringLiteral("cart"), request.cart},
            {QStringLiteral("held"), held}};
}

QJsonObject releaseToJson(const CartId &cart, const ReleaseOutcome &outcome)
{
    QJsonArray notHeld;
    for (UnitId unit : outcome.notHeld)
        notHeld.append(unit);
    return {{QStringLiteral("ok"), true},
            {QStringLiteral("cart"), cart},
            {QStringLiteral("released"), seatsToJson(outcome.released)},
            {QStringLiteral("not_held"), notHeld}};
}

QJsonObject cartReleaseToJson(const CartId &cart, const CartRelease &outcome)
{
    QJsonArray released;
    for (const CartItem &item : outcome.released)
        released.append(itemToJson(item));
    return {{QStringLiteral("ok"), true}, {QStringLiteral("cart"), cart}, {QStringLiteral("released"), released}};
}

QJsonObject extendToJson(const CartId &cart, const ExtendOutcome &outcome)
{
    QJsonArray extended;
    for (const CartItem &item : outcome.extended)
        extended.append(itemToJson(item));
    return {{QStringLiteral("ok"), true},
            {QStringLiteral("cart"), cart},
            {QStringLiteral("extended"), extended},
            {QStringLiteral("extensions_left"), outcome.extensionsLeft}};
}

QJsonObject orderToJson(const OrderSummary &order)
{
    return {{QStringLiteral("ok"), true},
            {QStringLiteral("order"), order.id},
            {QStringLiteral("cart"), order.cart},
            {QStringLiteral("state"), jsonState(order.state)},
            {QStringLiteral("amount"), order.amount.minor()},
            {QStringLiteral("currency"), order.currency},
            {QStringLiteral("lines"), linesToJson(order.lines)}};
}

QJsonObject confirmToJson(const ConfirmOutcome &outcome)
{
    return {{QStringLiteral("ok"), outcome.lost.isEmpty()},
            {QStringLiteral("order"), outcome.order},
            {QStringLiteral("sold"), linesToJson(outcome.sold)},
            {QStringLiteral("lost"), linesToJson(outcome.lost)},
            {QStringLiteral("already_confirmed"), outcome.alreadyConfirmed}};
}

QJsonObject availabilityToJson(const EventAvailability &availability)
{
    QJsonArray rows;
    for (const AvailabilityRow &row : availability.rows) {
        rows.append(QJsonObject{{QStringLiteral("section"), row.section},
                                {QStringLiteral("section_name"), row.sectionName},
                                {QStringLiteral("price_band"), row.priceBand},
                                {QStringLiteral("price"), row.price.minor()},
                                {QStringLiteral("total"), row.total},
                                {QStringLiteral("available"), row.available},
                                {QStringLiteral("held"), row.held},
                                {QStringLiteral("sold"), row.sold}});
    }
    return {{QStringLiteral("event"), availability.event},
            {QStringLiteral("currency"), availability.currency},
            {QStringLiteral("total"), availability.total()},
            {QStringLiteral("available"), availability.available()},
            {QStringLiteral("held"), availability.held()},
            {QStringLiteral("sold"), availability.sold()},
            {QStringLiteral("rows"), rows}};
}

QJsonObject auditToJson(const AuditReport &report)
{
    QJsonArray checks;
    for (const AuditCheck &check : report.checks)
        checks.append(QJsonObject{{QStringLiteral("check"), check.name},
                                  {QStringLiteral("description"), check.description},
                                  {QStringLiteral("passed"), check.passed}});
    QJsonArray findings;
    for (const AuditFinding &finding : report.findings)
        findings.append(QJsonObject{{QStringLiteral("check"), finding.check},
                                    {QStringLiteral("count"), finding.count},
                                    {QStringLiteral("examples"), QJsonArray::fromStringList(finding.examples)}});
    return {{QStringLiteral("ok"), report.ok()},
            {QStringLiteral("checks"), checks},
            {QStringLiteral("findings"), findings}};
}

} // namespace boxoffice::ctl

namespace boxoffice::ctl {

QJsonObject poolToJson(const PoolSummary &pool)
{
    return {{QStringLiteral("id"), pool.id},
            {QStringLiteral("event"), pool.event},
            {QStringLiteral("code"), pool.code},
            {QStringLiteral("name"), pool.name},
            {QStringLiteral("price"), pool.price.minor()},
            {QStringLiteral("currency"), pool.currency},
            {QStringLiteral("strategy"), claimStrategyName(pool.strategy)},
            {QStringLiteral("rows"), pool.subpools},
            {QStringLiteral("capacity"), pool.capacity},
            {QStringLiteral("sold"), pool.sold},
            {QStringLiteral("held"), pool.held},
            {QStringLiteral("available"), pool.available}};
}

QJsonObject poolHoldToJson(const CartId &cart, const PoolHold &hold)
{
    return {{QStringLiteral("ok"), true},
            {QStringLiteral("cart"), cart},
            {QStringLiteral("hold"), hold.holdId},
            {QStringLiteral("pool"), hold.pool},
            {QStringLiteral("quantity"), hold.quantity},
            {QStringLiteral("expires_at"), jsonTime(hold.expiresAt)},
            {QStringLiteral("refreshed"), hold.refreshed}};
}

QJsonObject hotelToJson(const HotelSummary &hotel)
{
    QJsonArray roomTypes;
    for (const RoomTypeSummary &type : hotel.roomTypes)
        roomTypes.append(QJsonObject{{QStringLiteral("id"), type.id},
                                     {QStringLiteral("code"), type.code},
                                     {QStringLiteral("name"), type.name},
                                     {QStringLiteral("rank"), type.rank},
                                     {QStringLiteral("price_per_night"), type.price.minor()}});
    return {{QStringLiteral("id"), hotel.id},
            {QStringLiteral("name"), hotel.name},
            {QStringLiteral("currency"), hotel.currency},
            {QStringLiteral("hold_seconds"), hotel.holdSeconds},
            {QStringLiteral("max_extensions"), hotel.maxExtensions},
            {QStringLiteral("first_night"), jsonDate(hotel.firstNight)},
            {QStringLiteral("last_night"), jsonDate(hotel.lastNight)},
            {QStringLiteral("room_types"), roomTypes}};
}

QJsonObject stayHoldToJson(const CartId &cart, const StayHold &hold)
{
    return {{QStringLiteral("ok"), true},
            {QStringLiteral("cart"), cart},
            {QStringLiteral("stay"), hold.id},
            {QStringLiteral("reference"), hold.reference},
            {QStringLiteral("room_type"), hold.roomType},
            {QStringLiteral("check_in"), jsonDate(hold.checkIn)},
            {QStringLiteral("check_out"), jsonDate(hold.checkOut)},
            {QStringLiteral("nights"), int(hold.checkIn.daysTo(hold.checkOut))},
            {QStringLiteral("expires_at"), jsonTime(hold.expiresAt)},
            {QStringLiteral("refreshed"), hold.refreshed}};
}

QJsonObject rangeToJson(const RangeAvailability &range)
{
    QJsonArray nights;
    for (const NightAvailability &night : range.nights)
        nights.append(QJsonObject{{QStringLiteral("night"), jsonDate(night.night)},
                                  {QStringLiteral("sellable"), night.capacity},
                                  {QStringLiteral("physical"), night.physical},
                                  {QStringLiteral("booked"), night.booked},
                                  {QStringLiteral("free"), night.free()},
                                  {QStringLiteral("overbooked"), night.overbooked()},
                                  {QStringLiteral("price"), night.price.minor()}});
    return {{QStringLiteral("room_type"), range.roomType.id},
            {QStringLiteral("code"), range.roomType.code},
            {QStringLiteral("name"), range.roomType.name},
            {QStringLiteral("price_per_night"), range.roomType.price.minor()},
            {QStringLiteral("total"), range.total.minor()},
            {QStringLiteral("currency"), range.currency},
            {QStringLiteral("free_every_night"), range.freeEveryNight},
            {QStringLiteral("nights"), nights}};
}

QJsonObject restaurantToJson(const RestaurantSummary &restaurant)
{
    QJsonArray tables;
    for (const TableSummary &table : restaurant.tables)
        tables.append(QJsonObject{{QStringLiteral("id"), table.id},
                                  {QStringLiteral("code"), table.code},
                                  {QStringLiteral("seats"), table.seats}});
    return {{QStringLiteral("id"), restaurant.id},
            {QStringLiteral("name"), restaurant.name},
            {QStringLiteral("currency"), restaurant.currency},
            {QStringLiteral("deposit"), restaurant.deposit.minor()},
            {QStringLiteral("tables"), tables}};
}

QJsonObject slotHoldToJson(const CartId &cart, const SlotHold &hold)
{
    return {{QStringLiteral("ok"), true},
            {QStringLiteral("cart"), cart},
            {QStringLiteral("booking"), hold.id},
            {QStringLiteral("table"), hold.table},
            {QStringLiteral("table_id"), hold.resource},
            {QStringLiteral("starts_at"), jsonTime(hold.start)},
            {QStringLiteral("ends_at"), jsonTime(hold.end)},
            {QStringLiteral("expires_at"), jsonTime(hold.expiresAt)},
            {QStringLiteral("refreshed"), hold.refreshed}};
}

} // namespace boxoffice::ctl
