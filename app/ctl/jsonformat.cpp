#include "jsonformat.h"

#include "domain/jsonvocabulary.h"

#include <QJsonArray>

namespace boxoffice::ctl {

namespace {

QJsonObject seatToJson(const SeatRef &seat)
{
    return {{"unit", seat.unit}, {"seat", seat.label}};
}

QJsonObject heldToJson(const HeldUnit &held)
{
    QJsonObject object = seatToJson(held.seat);
    object.insert("expires_at", jsonTime(held.expiresAt));
    return object;
}

QJsonObject itemToJson(const CartItem &item)
{
    QJsonObject object{
        {"kind", itemKindName(item.kind)}, {"id", item.id}, {"label", item.label}, {"quantity", item.quantity}};
    if (item.expiresAt.isValid())
        object.insert("expires_at", jsonTime(item.expiresAt));
    return object;
}

QJsonArray linesToJson(const QVector<OrderLine> &lines)
{
    QJsonArray array;
    for (const OrderLine &line : lines)
        array.append(QJsonObject{{"kind", itemKindName(line.kind)},
                                 {"id", line.id},
                                 {"label", line.label},
                                 {"quantity", line.quantity},
                                 {"amount", line.amountMinor},
                                 {"state", jsonState(line.state)}});
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
    QJsonObject object{{"ok", false}, {"error", errorCodeName(error.code)}, {"message", error.message}};
    if (!error.units.isEmpty())
        object.insert(error.code == ErrorCode::Lost ? "lost" : "units", QJsonArray::fromStringList(error.units));
    return object;
}

QJsonObject eventToJson(const EventSummary &event)
{
    return {{"id", event.id},
            {"name", event.name},
            {"venue", event.venue},
            {"starts_at", jsonTime(event.startsAt)},
            {"currency", event.currency},
            {"hold_seconds", event.policy.holdSeconds},
            {"max_extensions", event.policy.maxExtensions},
            {"seats", event.totalUnits}};
}

QJsonObject holdToJson(const HoldRequest &request, const HoldGrant &grant)
{
    QJsonArray held;
    for (const HeldUnit &unit : grant.held)
        held.append(heldToJson(unit));
    return {{"ok", true}, {"event", request.event}, {"cart", request.cart}, {"held", held}};
}

QJsonObject releaseToJson(const CartId &cart, const ReleaseOutcome &outcome)
{
    QJsonArray notHeld;
    for (UnitId unit : outcome.notHeld)
        notHeld.append(unit);
    return {{"ok", true}, {"cart", cart}, {"released", seatsToJson(outcome.released)}, {"not_held", notHeld}};
}

QJsonObject cartReleaseToJson(const CartId &cart, const CartRelease &outcome)
{
    QJsonArray released;
    for (const CartItem &item : outcome.released)
        released.append(itemToJson(item));
    return {{"ok", true}, {"cart", cart}, {"released", released}};
}

QJsonObject extendToJson(const CartId &cart, const ExtendOutcome &outcome)
{
    QJsonArray extended;
    for (const CartItem &item : outcome.extended)
        extended.append(itemToJson(item));
    return {{"ok", true}, {"cart", cart}, {"extended", extended}, {"extensions_left", outcome.extensionsLeft}};
}

QJsonObject orderToJson(const OrderSummary &order)
{
    return {{"ok", true},
            {"order", order.id},
            {"cart", order.cart},
            {"state", jsonState(order.state)},
            {"amount", order.amountMinor},
            {"currency", order.currency},
            {"lines", linesToJson(order.lines)}};
}

QJsonObject confirmToJson(const ConfirmOutcome &outcome)
{
    return {{"ok", outcome.lost.isEmpty()},
            {"order", outcome.order},
            {"sold", linesToJson(outcome.sold)},
            {"lost", linesToJson(outcome.lost)},
            {"already_confirmed", outcome.alreadyConfirmed}};
}

QJsonObject availabilityToJson(const EventAvailability &availability)
{
    QJsonArray rows;
    for (const AvailabilityRow &row : availability.rows) {
        rows.append(QJsonObject{{"section", row.section},
                                {"section_name", row.sectionName},
                                {"price_band", row.priceBand},
                                {"price", row.priceMinor},
                                {"total", row.total},
                                {"available", row.available},
                                {"held", row.held},
                                {"sold", row.sold}});
    }
    return {{"event", availability.event},
            {"currency", availability.currency},
            {"total", availability.total()},
            {"available", availability.available()},
            {"held", availability.held()},
            {"sold", availability.sold()},
            {"rows", rows}};
}

QJsonObject auditToJson(const AuditReport &report)
{
    QJsonArray checks;
    for (const AuditCheck &check : report.checks)
        checks.append(QJsonObject{{"check", check.name}, {"description", check.description}, {"passed", check.passed}});
    QJsonArray findings;
    for (const AuditFinding &finding : report.findings)
        findings.append(QJsonObject{{"check", finding.check},
                                    {"count", finding.count},
                                    {"examples", QJsonArray::fromStringList(finding.examples)}});
    return {{"ok", report.ok()}, {"checks", checks}, {"findings", findings}};
}

} // namespace boxoffice::ctl

namespace boxoffice::ctl {

QJsonObject poolToJson(const PoolSummary &pool)
{
    return {{"id", pool.id},
            {"event", pool.event},
            {"code", pool.code},
            {"name", pool.name},
            {"price", pool.priceMinor},
            {"currency", pool.currency},
            {"strategy", claimStrategyName(pool.strategy)},
            {"rows", pool.subpools},
            {"capacity", pool.capacity},
            {"sold", pool.sold},
            {"held", pool.held},
            {"available", pool.available}};
}

QJsonObject poolHoldToJson(const CartId &cart, const PoolHold &hold)
{
    return {{"ok", true},
            {"cart", cart},
            {"hold", hold.holdId},
            {"pool", hold.pool},
            {"quantity", hold.quantity},
            {"expires_at", jsonTime(hold.expiresAt)},
            {"refreshed", hold.refreshed}};
}

QJsonObject hotelToJson(const HotelSummary &hotel)
{
    QJsonArray roomTypes;
    for (const RoomTypeSummary &type : hotel.roomTypes)
        roomTypes.append(QJsonObject{{"id", type.id},
                                     {"code", type.code},
                                     {"name", type.name},
                                     {"rank", type.rank},
                                     {"price_per_night", type.priceMinor}});
    return {{"id", hotel.id},
            {"name", hotel.name},
            {"currency", hotel.currency},
            {"hold_seconds", hotel.holdSeconds},
            {"max_extensions", hotel.maxExtensions},
            {"first_night", jsonDate(hotel.firstNight)},
            {"last_night", jsonDate(hotel.lastNight)},
            {"room_types", roomTypes}};
}

QJsonObject stayHoldToJson(const CartId &cart, const StayHold &hold)
{
    return {{"ok", true},
            {"cart", cart},
            {"stay", hold.id},
            {"reference", hold.reference},
            {"room_type", hold.roomType},
            {"check_in", jsonDate(hold.checkIn)},
            {"check_out", jsonDate(hold.checkOut)},
            {"nights", int(hold.checkIn.daysTo(hold.checkOut))},
            {"expires_at", jsonTime(hold.expiresAt)},
            {"refreshed", hold.refreshed}};
}

QJsonObject rangeToJson(const RangeAvailability &range)
{
    QJsonArray nights;
    for (const NightAvailability &night : range.nights)
        nights.append(QJsonObject{{"night", jsonDate(night.night)},
                                  {"sellable", night.capacity},
                                  {"physical", night.physical},
                                  {"booked", night.booked},
                                  {"free", night.free()},
                                  {"overbooked", night.overbooked()},
                                  {"price", night.priceMinor}});
    return {{"room_type", range.roomType.id},
            {"code", range.roomType.code},
            {"name", range.roomType.name},
            {"price_per_night", range.roomType.priceMinor},
            {"total", range.totalMinor},
            {"currency", range.currency},
            {"free_every_night", range.freeEveryNight},
            {"nights", nights}};
}

QJsonObject restaurantToJson(const RestaurantSummary &restaurant)
{
    QJsonArray tables;
    for (const TableSummary &table : restaurant.tables)
        tables.append(QJsonObject{{"id", table.id}, {"code", table.code}, {"seats", table.seats}});
    return {{"id", restaurant.id},
            {"name", restaurant.name},
            {"currency", restaurant.currency},
            {"deposit", restaurant.depositMinor},
            {"tables", tables}};
}

QJsonObject slotHoldToJson(const CartId &cart, const SlotHold &hold)
{
    return {{"ok", true},
            {"cart", cart},
            {"booking", hold.id},
            {"table", hold.table},
            {"table_id", hold.resource},
            {"starts_at", jsonTime(hold.start)},
            {"ends_at", jsonTime(hold.end)},
            {"expires_at", jsonTime(hold.expiresAt)},
            {"refreshed", hold.refreshed}};
}

} // namespace boxoffice::ctl
