#include "jsonformat.h"

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
    object.insert("expires_at", held.expiresAt.toString(Qt::ISODateWithMs));
    return object;
}

QJsonArray seatsToJson(const QVector<SeatRef> &seats)
{
    QJsonArray array;
    for (const SeatRef &seat : seats)
        array.append(seatToJson(seat));
    return array;
}

} // namespace

QString formatMoney(qint64 minor, const QString &currency)
{
    return QStringLiteral("%1 %2.%3").arg(currency).arg(minor / 100).arg(minor % 100, 2, 10, QLatin1Char('0'));
}

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
            {"starts_at", event.startsAt.toString(Qt::ISODate)},
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

QJsonObject extendToJson(const CartId &cart, const ExtendOutcome &outcome)
{
    QJsonArray extended;
    for (const HeldUnit &unit : outcome.extended)
        extended.append(heldToJson(unit));
    return {{"ok", true}, {"cart", cart}, {"extended", extended}, {"extensions_left", outcome.extensionsLeft}};
}

QJsonObject orderToJson(const OrderSummary &order)
{
    return {{"ok", true},
            {"order", order.id},
            {"cart", order.cart},
            {"state", order.state},
            {"amount_minor", order.amountMinor},
            {"currency", order.currency},
            {"units", seatsToJson(order.units)}};
}

QJsonObject confirmToJson(const ConfirmOutcome &outcome)
{
    return {{"ok", outcome.lost.isEmpty()},
            {"order", outcome.order},
            {"sold", seatsToJson(outcome.sold)},
            {"lost", seatsToJson(outcome.lost)},
            {"already_confirmed", outcome.alreadyConfirmed}};
}

QJsonObject availabilityToJson(const EventAvailability &availability)
{
    QJsonArray rows;
    for (const AvailabilityRow &row : availability.rows) {
        rows.append(QJsonObject{{"section", row.section},
                                {"section_name", row.sectionName},
                                {"price_band", row.priceBand},
                                {"price_minor", row.priceMinor},
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
