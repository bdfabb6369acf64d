#include "scenario.h"

#include "storage/pgarrays.h"
#include "storage/sqlerrors.h"

#include <QHash>
#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::bench {

namespace {

// Told holds the database does not back, and held rows of the event nobody was told about. Set
// differences, not NOT EXISTS: the planner expects ten rows from unnest() and would pick a nested loop,
// quadratic over the 20,000 holds a run leaves.
constexpr char mismatchSql[] = R"SQL(
WITH told AS (
    SELECT t.unit_id, t.cart_id
    FROM unnest(CAST(:units AS bigint[]), CAST(:carts AS text[])) AS t(unit_id, cart_id)
), held AS (
    SELECT s.id AS unit_id, s.cart_id FROM event_seats s WHERE s.event_id = :event AND s.state = 'HELD'
)
SELECT (SELECT count(*) FROM (SELECT unit_id, cart_id FROM told EXCEPT ALL SELECT unit_id, cart_id FROM held) AS x),
       (SELECT count(*) FROM (SELECT unit_id, cart_id FROM held EXCEPT ALL SELECT unit_id, cart_id FROM told) AS y)
)SQL";

} // namespace

qint64 Scenario::attemptBudget(const BenchInventory &) const
{
    return 0;
}

qint64 halfTheEvent(const BenchInventory &inventory)
{
    return inventory.units().size() / 2;
}

Status Scenario::prepareClients(QSqlDatabase, int)
{
    return Done{};
}

AttemptResult Scenario::afterGrant(ClientContext &)
{
    return AttemptResult::granted();
}

Result<Verification> Scenario::verify(QSqlDatabase database, const BenchInventory &inventory,
                                      const QVector<const ClientContext *> &clients)
{
    return checkHolds(database, inventory, clients);
}

Result<Verification> checkHolds(QSqlDatabase database, const BenchInventory &inventory,
                                const QVector<const ClientContext *> &clients)
{
    Verification verification;
    QHash<UnitId, int> holders;
    QVector<qint64> units;
    QStringList carts;
    for (const ClientContext *client : clients) {
        verification.doubleSold += client->stolen();
        for (const HeldClaim &claim : client->holds()) {
            ++holders[claim.unit];
            units << claim.unit;
            carts << claim.cart;
        }
    }
    for (auto it = holders.cbegin(); it != holders.cend(); ++it) {
        if (it.value() > 1)
            ++verification.doubleSold;
    }

    QSqlQuery query(database);
    query.setForwardOnly(true);
    query.prepare(QString::fromUtf8(mismatchSql));
    query.bindValue(QStringLiteral(":units"), toBigintArray(units));
    query.bindValue(QStringLiteral(":carts"), toTextArray(carts));
    query.bindValue(QStringLiteral(":event"), inventory.event());
    if (!query.exec() || !query.next())
        return fromSqlError(query.lastError(), QStringLiteral("checking holds against the database"));
    verification.databaseMismatches = query.value(0).toInt() + query.value(1).toInt();
    return verification;
}

} // namespace boxoffice::bench
