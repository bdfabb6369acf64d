// The database's side of the verdict: each promise as a query for counter-examples (one text column),
// beside the inventory audit's own checks.

#include "chaosverdict.h"

#include <QSqlError>
#include <QSqlQuery>

namespace boxoffice::test {

namespace {

struct Promise
{
    const char *name;
    const char *counterExamples;
};

// Every line of an order, whatever its shape, as one relation: "{lines}" in a promise's query.
const char everyLine[] = "(SELECT order_id, amount_minor, 'seat' AS kind, state FROM order_lines"
                         " UNION ALL SELECT order_id, amount_minor, 'ga', state FROM order_pool_lines"
                         " UNION ALL SELECT order_id, amount_minor, 'stay', state FROM order_stay_lines"
                         " UNION ALL SELECT order_id, amount_minor, 'table', state FROM order_slot_lines"
                         " UNION ALL SELECT order_id, amount_minor, 'supplement', state FROM order_supplement_lines)";

const Promise promises[] = {
    {"money balances per order",
     // taken - refunded (due or done, not failed) = delivered + fees kept, for every order
     "WITH delivered AS (SELECT order_id, sum(amount_minor) AS amount FROM {lines} l WHERE state = 'SOLD'"
     "                   GROUP BY order_id)"
     " SELECT 'order ' || m.order_id || ' (' || m.state || '): taken ' || m.captured_minor"
     " || ', refunded ' || m.refunded_minor || ', delivered ' || COALESCE(d.amount, 0) || ', fees ' || m.fees_minor"
     " FROM order_money m LEFT JOIN delivered d ON d.order_id = m.order_id"
     " WHERE m.captured_minor - m.refunded_minor <> COALESCE(d.amount, 0) + m.fees_minor"},
    {"the ledger's captures are the payments taken",
     "SELECT 'order ' || m.order_id || ': ledger captured ' || m.captured_minor || ', payments '"
     " || COALESCE(p.amount, 0) || ', counter ' || COALESCE(c.amount, 0)"
     " FROM order_money m"
     " LEFT JOIN (SELECT order_id, sum(amount_minor) AS amount FROM payments WHERE state = 'SUCCEEDED'"
     "            GROUP BY order_id) p ON p.order_id = m.order_id"
     " LEFT JOIN (SELECT order_id, sum(amount_minor) AS amount FROM counter_payments WHERE method <> 'guarantee'"
     "            GROUP BY order_id) c ON c.order_id = m.order_id"
     " WHERE m.captured_minor <> COALESCE(p.amount, 0) + COALESCE(c.amount, 0)"},
    {"the ledger's refunds are the refunds carried out",
     "SELECT 'order ' || o.id || ': ledger refunds done ' || COALESCE(l.amount, 0) || ', refund rows '"
     " || COALESCE(r.amount, 0) || ', the order says ' || o.refunded_minor"
     " FROM orders o"
     " LEFT JOIN (SELECT order_id, sum(amount_minor) AS amount FROM order_ledger WHERE entry = 'REFUND_DONE'"
     "            GROUP BY order_id) l ON l.order_id = o.id"
     " LEFT JOIN (SELECT order_id, sum(amount_minor) AS amount FROM refunds WHERE state = 'SUCCEEDED'"
     "            GROUP BY order_id) r ON r.order_id = o.id"
     " WHERE COALESCE(l.amount, 0) <> COALESCE(r.amount, 0) OR COALESCE(r.amount, 0) <> o.refunded_minor"},
    // An order's amount is what it was charged for. Before any money is taken a re-priced line moves it
    // (a stay moved on guarantee), so it is its lines' exactly. Once money is taken it is the charge and
    // stays so, while a stay moved to a cheaper room lowers its still-sold line by the difference it
    // refunds: then the lines may fall short of the amount, by no more than was handed back, never exceed
    // it (whether every minor unit is accounted for is "money balances per order").
    {"an order's amount is its lines' and its payment's",
     "WITH l AS (SELECT order_id, sum(amount_minor) AS amount FROM {lines} x WHERE state <> 'REPLACED'"
     "           GROUP BY order_id)"
     " SELECT 'order ' || o.id || ': amount ' || o.amount_minor || ', lines ' || COALESCE(l.amount, 0)"
     " || ', taken ' || m.captured_minor || ', refunded ' || m.refunded_minor"
     " FROM orders o JOIN order_money m ON m.order_id = o.id LEFT JOIN l ON l.order_id = o.id"
     " WHERE CASE WHEN m.captured_minor = 0 THEN o.amount_minor <> COALESCE(l.amount, 0)"
     "            ELSE COALESCE(l.amount, 0) > o.amount_minor"
     "                 OR o.amount_minor - COALESCE(l.amount, 0) > m.refunded_minor END"
     " UNION ALL SELECT 'payment ' || p.id || ' of order ' || o.id || ': ' || p.amount_minor || ' for '"
     " || o.amount_minor FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.amount_minor <> o.amount_minor"},
    {"sold lines only on paid orders",
     "SELECT 'order ' || o.id || ' (' || o.state || ') still has a sold ' || l.kind || ' line'"
     " FROM orders o JOIN {lines} l ON l.order_id = o.id"
     " WHERE l.state = 'SOLD' AND o.state NOT IN ('PAID', 'GUARANTEED')"},
    {"paid orders were charged",
     "SELECT 'order ' || o.id || ' is ' || o.state || ' without a successful payment' FROM orders o"
     " WHERE o.state IN ('PAID', 'REFUNDED')"
     " AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'SUCCEEDED')"},
    {"nothing left open after reconciliation",
     "SELECT 'payment ' || id || ' of order ' || order_id || ' still ' || state FROM payments"
     " WHERE state IN ('CHARGING', 'UNKNOWN')"
     " UNION ALL SELECT 'order ' || o.id || ' charged but still pending' FROM orders o JOIN payments p"
     " ON p.order_id = o.id WHERE o.state = 'PENDING' AND p.state = 'SUCCEEDED'"
     " UNION ALL SELECT 'refund ' || id || ' of order ' || order_id || ' (' || amount_minor || ') ' || state"
     " FROM refunds WHERE state IN ('DUE', 'FAILED')"
     " UNION ALL SELECT 'stray charge ' || provider_payment_id || ' refund ' || refund_state FROM stray_charges"
     " WHERE refund_state <> 'SUCCEEDED'"},
    {"a place, stay or table is sold once",
     "SELECT 'GA hold ' || hold_id || ' on ' || count(*) || ' sold lines' FROM order_pool_lines"
     " WHERE state = 'SOLD' GROUP BY hold_id HAVING count(*) > 1"
     " UNION ALL SELECT 'stay ' || stay_id || ' on ' || count(*) || ' sold lines' FROM order_stay_lines"
     " WHERE state = 'SOLD' GROUP BY stay_id HAVING count(*) > 1"
     " UNION ALL SELECT 'booking ' || booking_id || ' on ' || count(*) || ' sold lines' FROM order_slot_lines"
     " WHERE state = 'SOLD' GROUP BY booking_id HAVING count(*) > 1"},
    {"every unit sold is on a sold line of its order",
     "SELECT 'GA hold ' || h.id || ' sold to order ' || h.order_id || ' without its line' FROM ga_holds h"
     " WHERE h.state = 'SOLD' AND NOT EXISTS (SELECT 1 FROM order_pool_lines l"
     "  WHERE l.hold_id = h.id AND l.order_id = h.order_id AND l.state = 'SOLD')"
     " UNION ALL SELECT 'stay ' || s.id || ' ' || s.state || ' for order ' || s.order_id || ' without its line'"
     " FROM stays s WHERE s.state IN ('BOOKED', 'CHECKED_IN', 'CHECKED_OUT') AND NOT EXISTS ("
     "  SELECT 1 FROM order_stay_lines l WHERE l.stay_id = s.id AND l.order_id = s.order_id AND l.state = 'SOLD')"
     " UNION ALL SELECT 'booking ' || b.id || ' booked for order ' || b.order_id || ' without its line'"
     " FROM slot_bookings b WHERE b.state = 'BOOKED' AND NOT EXISTS (SELECT 1 FROM order_slot_lines l"
     "  WHERE l.booking_id = b.id AND l.order_id = b.order_id AND l.state = 'SOLD')"},
    {"a unit refunded, lost or replaced is no longer the order's",
     "SELECT 'seat ' || s.id || ' still sold to order ' || l.order_id || ' whose line is ' || l.state"
     " FROM order_lines l JOIN event_seats s ON s.id = l.unit_id"
     " WHERE l.state <> 'SOLD' AND s.state = 'SOLD' AND s.order_id = l.order_id"
     " UNION ALL SELECT 'GA hold ' || h.id || ' still sold to order ' || l.order_id || ' whose line is ' || l.state"
     " FROM order_pool_lines l JOIN ga_holds h ON h.id = l.hold_id"
     " WHERE l.state <> 'SOLD' AND h.state = 'SOLD' AND h.order_id = l.order_id"
     " UNION ALL SELECT 'stay ' || s.id || ' still ' || s.state || ' for order ' || l.order_id || ' whose line is '"
     " || l.state FROM order_stay_lines l JOIN stays s ON s.id = l.stay_id"
     " WHERE l.state <> 'SOLD' AND s.state IN ('BOOKED', 'CHECKED_IN') AND s.order_id = l.order_id"
     " UNION ALL SELECT 'booking ' || b.id || ' still booked for order ' || l.order_id || ' whose line is '"
     " || l.state FROM order_slot_lines l JOIN slot_bookings b ON b.id = l.booking_id"
     " WHERE l.state <> 'SOLD' AND b.state = 'BOOKED' AND b.order_id = l.order_id"},
};

} // namespace

QStringList ChaosVerdict::violations(const QString &name, const QString &sql) const
{
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    if (!query.exec(sql))
        return {name + QStringLiteral(": the check itself failed: ") + query.lastError().text()};
    QStringList examples;
    int count = 0;
    while (query.next()) {
        if (++count <= 8)
            examples << query.value(0).toString();
    }
    if (count == 0)
        return {};
    return {
        QStringLiteral("%1: %2 counter-example(s): %3").arg(name).arg(count).arg(examples.join(QStringLiteral("; ")))};
}

QStringList ChaosVerdict::databaseChecks() const
{
    QStringList found;
    for (const Promise &promise : promises)
        found << violations(QLatin1String(promise.name),
                            QLatin1String(promise.counterExamples)
                                .toString()
                                .replace(QLatin1String("{lines}"), QLatin1String(everyLine)));
    return found;
}

} // namespace boxoffice::test
