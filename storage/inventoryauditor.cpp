#include "storage/inventoryauditor.h"

#include "storage/moneyauditsql.h"
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
     " OR (state = 'SOLD' AND order_id IS NOT NULL AND hold_expires_at IS NULL)"
     " OR (state = 'HOUSE' AND cart_id IS NULL AND hold_expires_at IS NULL AND order_id IS NULL))"},
    // House seats (migration 023): off sale with no expiry, each with exactly one live hold naming its owner.
    {"house-seats-have-owner", "every house seat has one live house hold (owner, reason), and only house seats do",
     "SELECT 'unit ' || s.id || ' ' || s.state || ' with ' || count(h.id) || ' live house holds' FROM event_seats s"
     " LEFT JOIN house_holds h ON h.unit_id = s.id AND h.released_at IS NULL"
     " GROUP BY s.id, s.state HAVING count(h.id) <> CASE WHEN s.state = 'HOUSE' THEN 1 ELSE 0 END"},
    // Comps (migration 022): a sold comp is a unit at 0 whose comp a manager approved with a reason.
    {"comps-recorded", "every complimentary line is at 0 with a comp a manager approved for that unit",
     "SELECT 'order ' || l.order_id || ' unit ' || l.unit_id || ' comp at ' || l.amount_minor FROM order_lines l"
     " LEFT JOIN seat_comps c ON c.id = l.comp_id AND c.unit_id = l.unit_id"
     " WHERE l.price_type = 'COMPLIMENTARY' AND (l.amount_minor <> 0 OR c.id IS NULL OR btrim(c.reason) = '')"},
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
    {"counts-add-up", "per event, available + held + sold + house equals the inventory",
     "SELECT 'event ' || event_id FROM event_seats GROUP BY event_id HAVING"
     " count(*) FILTER (WHERE state = 'AVAILABLE') + count(*) FILTER (WHERE state = 'HELD')"
     " + count(*) FILTER (WHERE state = 'SOLD') + count(*) FILTER (WHERE state = 'HOUSE') <> count(*)"},
    {"unit-matches-layout", "every unit's seat belongs to its event's layout",
     "SELECT 'unit ' || s.id FROM event_seats s JOIN events e ON e.id = s.event_id JOIN seats st ON st.id = s.seat_id"
     " WHERE st.layout_id <> e.layout_id"},
    {"ga-counters-match-holds", "every GA sub-pool's held and sold counters equal the sum of its hold rows",
     "SELECT 'sub-pool ' || s.id || ': held ' || s.held || '/' || COALESCE(h.held, 0) || ', sold ' || s.sold || '/'"
     " || COALESCE(h.sold, 0) FROM ga_subpools s LEFT JOIN ("
     "  SELECT subpool_id, sum(quantity) FILTER (WHERE state = 'HELD') AS held,"
     "         sum(quantity) FILTER (WHERE state = 'SOLD') AS sold FROM ga_holds GROUP BY subpool_id) h"
     " ON h.subpool_id = s.id"
     " WHERE s.held <> COALESCE(h.held, 0) OR s.sold <> COALESCE(h.sold, 0)"},
    {"ga-within-capacity", "no GA sub-pool has more held and sold than its capacity",
     "SELECT 'sub-pool ' || id FROM ga_subpools WHERE held + sold > capacity"},
    {"ga-sold-lines", "every sold GA order line names a sold hold of that order",
     "SELECT 'order ' || l.order_id || ' hold ' || l.hold_id FROM order_pool_lines l JOIN ga_holds h ON h.id = "
     "l.hold_id"
     " WHERE l.state = 'SOLD' AND (h.state <> 'SOLD' OR h.order_id IS DISTINCT FROM l.order_id)"},
    {"nights-match-stays",
     "every night's booked count equals the held, booked, checked-in and checked-out stays covering it",
     "SELECT 'room type ' || n.room_type_id || ' night ' || n.night || ': ' || n.booked || ' vs ' || count(s.id)"
     " FROM room_nights n LEFT JOIN stays s ON s.room_type_id = n.room_type_id"
     "  AND s.state IN ('HELD', 'BOOKED', 'CHECKED_IN', 'CHECKED_OUT')"
     "  AND n.night >= s.check_in AND n.night < s.check_out"
     " GROUP BY n.room_type_id, n.night, n.booked HAVING n.booked <> count(s.id)"
     // plus the rooms a group block holds there and nobody has picked up yet (migration 034)
     "  + (SELECT COALESCE(sum(b.rooms - b.picked), 0) FROM group_block_nights b"
     "     WHERE b.room_type_id = n.room_type_id AND b.night = n.night AND NOT b.released)"},
    {"nights-within-capacity", "no night has more booked than its sellable capacity",
     "SELECT 'room type ' || room_type_id || ' night ' || night FROM room_nights WHERE booked > capacity"},
    // A cancelled or walked stay's line is settled (refunded, or cancelled when nothing was paid).
    {"stay-sold-lines", "every sold stay line names a booked, checked-in or checked-out stay of that order",
     "SELECT 'order ' || l.order_id || ' stay ' || l.stay_id FROM order_stay_lines l JOIN stays s ON s.id = l.stay_id"
     " WHERE l.state = 'SOLD' AND (s.state NOT IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT')"
     " OR s.order_id IS DISTINCT FROM l.order_id)"},
    {"stay-supplements", "every sold supplement belongs to a stay still delivered, on a paid order of its own",
     "SELECT 'order ' || l.order_id || ' stay ' || l.stay_id FROM order_supplement_lines l"
     " JOIN stays s ON s.id = l.stay_id JOIN orders o ON o.id = l.order_id"
     " WHERE l.state = 'SOLD' AND (s.state NOT IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT') OR o.state <> 'PAID')"},
    {"slots-never-overlap", "no two live bookings of one table overlap",
     "SELECT 'bookings ' || a.id || ' and ' || b.id FROM slot_bookings a JOIN slot_bookings b"
     " ON a.resource_id = b.resource_id AND a.id < b.id AND a.during && b.during"
     " WHERE a.state IN ('HELD', 'BOOKED') AND b.state IN ('HELD', 'BOOKED')"},
    {"slot-sold-lines", "every sold table line names a booking of that order",
     "SELECT 'order ' || l.order_id || ' booking ' || l.booking_id FROM order_slot_lines l"
     " JOIN slot_bookings b ON b.id = l.booking_id"
     " WHERE l.state = 'SOLD' AND (b.state NOT IN ('BOOKED', 'CANCELLED') OR b.order_id IS DISTINCT FROM l.order_id)"},
    // Money: the checkout saga's promises. Orders without any payment row (a staff confirm from the
    // command line) carry no money and are left out of the money check.
    {"paid-orders-delivered", "a paid order paid online has every unit sold, replaced or refunded",
     "SELECT DISTINCT 'order ' || o.id || ' line ' || l.unit_id || ' ' || l.state FROM orders o"
     " JOIN order_lines l ON l.order_id = o.id"
     " WHERE o.state = 'PAID' AND l.state IN ('PENDING', 'LOST')"
     " AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'SUCCEEDED')"},
    {"sold-units-paid", "every sold seat belongs to a paid order",
     "SELECT 'unit ' || s.id || ' of order ' || o.id || ' (' || o.state || ')' FROM event_seats s"
     " JOIN orders o ON o.id = s.order_id WHERE s.state = 'SOLD' AND o.state <> 'PAID'"},
    // Money and leases (moneyauditsql.h). money-balances-per-order supersedes money-matches-units, which
    // compared payments with the prices of sold units of PAID orders only and so missed fees, failed
    // refunds and money kept on orders that ended without delivering.
    {"no-cart-with-two-live-orders", "no cart has two orders pending, paid or guaranteed at once",
     MoneyAuditSql::oneLiveOrderPerCart},
    {"captured-charge-maps-to-one-order",
     "every capture is one payment of its own order, every succeeded or counter payment has one capture, and no "
     "provider payment is captured twice or also refunded as a stray charge",
     MoneyAuditSql::capturedChargeMapsToOneOrder},
    {"money-balances-per-order",
     "per ended order, money taken minus refunds (due or done, not failed) equals its sold lines plus fees kept",
     MoneyAuditSql::moneyBalancesPerOrder},
    {"no-paid-order-without-units", "a paid order has at least one sold line", MoneyAuditSql::noPaidOrderWithoutUnits},
    {"no-ended-stay-with-money-kept",
     "a cancelled or walked stay's line is not sold, and money its order keeps beyond what it delivered has a fee "
     "row saying why",
     MoneyAuditSql::noEndedStayWithMoneyKept},
    {"no-unit-held-by-two-carts-at-once",
     "the audit trail shows no seat taken from another cart's hold before that hold ran out",
     MoneyAuditSql::noUnitHeldByTwoCarts},
    {"webhook-amounts-equal-payments",
     "every applied payment success carries its order's payment amount, currency and provider payment id",
     MoneyAuditSql::webhookAmountsEqualPayments},
    {"refunds-never-exceed-captured", "no order has more refunded (due or done) than was taken for it",
     MoneyAuditSql::refundsNeverExceedCaptured},
    {"stray-charges-refunded", "a stray charge is refunded, or its case closed, within a day of being found",
     MoneyAuditSql::strayChargesRefunded},
    {"exchange-credits-match-exchanges",
     "every exchange credit in the ledger, out of the old order and into the new, is an exchange's credit",
     MoneyAuditSql::exchangeCreditsMatchExchanges},
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
