#include "storage/inventoryauditor.h"

#include "storage/sqlerrors.h"

#include <QSqlQuery>
#include <QVariant>

namespace boxoffice {

namespace {

struct Check
{
    const char *name;
    const char *description;
    // Each query returns one text column: an example of a violation (a unit, an order, an event).
    const char *violations;
};

// Every check is a query for counter-examples; an empty answer means the invariant holds.
const Check checks[] = {
    {"unit-sold-once", "no unit is on two sold order lines",
     "SELECT 'unit ' || unit_id FROM order_lines WHERE state = 'SOLD' GROUP BY unit_id HAVING count(*) > 1"},
    {"state-columns", "every unit's columns match its state (HELD has a cart and an expiry, SOLD has an order)",
     "SELECT 'unit ' || id || ' ' || state FROM event_seats WHERE NOT ("
     " (state = 'AVAILABLE' AND cart_id IS NULL AND hold_expires_at IS NULL AND order_id IS NULL)"
     " OR (state = 'HELD' AND cart_id IS NOT NULL AND hold_expires_at IS NOT NULL AND order_id IS NULL)"
     " OR (state = 'SOLD' AND order_id IS NOT NULL AND hold_expires_at IS NULL))"},
    {"sold-unit-has-sold-line", "every sold unit is a sold line of its order",
     "SELECT 'unit ' || s.id || ' order ' || s.order_id FROM event_seats s"
     " LEFT JOIN order_lines l ON l.order_id = s.order_id AND l.unit_id = s.id AND l.state = 'SOLD'"
     " WHERE s.state = 'SOLD' AND l.order_id IS NULL"},
    {"sold-line-has-sold-unit", "every sold order line's unit is sold to that order",
     "SELECT 'order ' || l.order_id || ' unit ' || l.unit_id FROM order_lines l JOIN event_seats s ON s.id = l.unit_id"
     " WHERE l.state = 'SOLD' AND (s.state <> 'SOLD' OR s.order_id IS DISTINCT FROM l.order_id)"},
    {"paid-orders-settled", "a paid order has no line still waiting to be confirmed",
     "SELECT DISTINCT 'order ' || o.id FROM orders o JOIN order_lines l ON l.order_id = o.id"
     " WHERE o.state = 'PAID' AND l.state = 'PENDING'"},
    {"inventory-complete", "every event has exactly one inventory row per seat of its layout",
     "SELECT 'event ' || e.id || ': ' || count(s.id) || ' rows for ' ||"
     " (SELECT count(*) FROM seats st WHERE st.layout_id = e.layout_id) || ' seats'"
     " FROM events e LEFT JOIN event_seats s ON s.event_id = e.id GROUP BY e.id, e.layout_id"
     " HAVING count(s.id) <> (SELECT count(*) FROM seats st WHERE st.layout_id = e.layout_id)"},
    {"counts-add-up", "per event, available + held + sold equals the inventory",
     "SELECT 'event ' || event_id FROM event_seats GROUP BY event_id HAVING"
     " count(*) FILTER (WHERE state = 'AVAILABLE') + count(*) FILTER (WHERE state = 'HELD')"
     " + count(*) FILTER (WHERE state = 'SOLD') <> count(*)"},
    {"unit-matches-layout", "every unit's seat belongs to its event's layout",
     "SELECT 'unit ' || s.id FROM event_seats s JOIN events e ON e.id = s.event_id JOIN seats st ON st.id = s.seat_id"
     " WHERE st.layout_id <> e.layout_id"},
};

} // namespace

InventoryAuditor::InventoryAuditor(QSqlDatabase database) : m_database(std::move(database)) { }

Result<AuditReport> InventoryAuditor::run()
{
    AuditReport report;
    for (const Check &check : checks) {
        QSqlQuery query(m_database);
        query.setForwardOnly(true);
        if (!query.exec(QString::fromUtf8(check.violations)))
            return fromSqlError(query.lastError(), QStringLiteral("auditing %1").arg(QLatin1String(check.name)));
        AuditFinding finding;
        finding.check = QString::fromUtf8(check.name);
        finding.description = QString::fromUtf8(check.description);
        while (query.next()) {
            ++finding.count;
            if (finding.examples.size() < 10)
                finding.examples << query.value(0).toString();
        }
        report.checks << AuditCheck{finding.check, finding.description, finding.count == 0};
        if (finding.count > 0)
            report.findings << finding;
    }
    return report;
}

} // namespace boxoffice
