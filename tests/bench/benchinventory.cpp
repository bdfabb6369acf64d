#include "benchinventory.h"

#include "storage/databaseconnection.h"
#include "storage/sqlerrors.h"
#include "storage/transactionguard.h"
#include "storage/venueloader.h"

#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::bench {

Result<BenchInventory> BenchInventory::load(QSqlDatabase database, const QString &nameSuffix, const Progress &progress)
{
    auto spec = VenueLoader::demoStadium();
    if (!spec)
        return spec.error();
    VenueSpec venue = spec.value();
    venue.name += nameSuffix;
    auto loaded = VenueLoader(database).load(venue, progress);
    if (!loaded)
        return loaded.error();
    if (loaded->alreadyPresent)
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("A venue named \"%1\" already exists; the benchmark only works on a venue it "
                                        "loads itself.")
                             .arg(venue.name));

    BenchInventory inventory;
    inventory.m_layout = loaded->layoutId;
    inventory.m_event = loaded->eventId;
    QSqlQuery query(database);
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT id FROM event_seats WHERE event_id = :event ORDER BY id"));
    query.bindValue(QStringLiteral(":event"), inventory.m_event);
    if (!query.exec())
        return fromSqlError(query.lastError(), QStringLiteral("listing the benchmark's seats"));
    while (query.next())
        inventory.m_units << query.value(0).toLongLong();
    if (inventory.m_units.isEmpty())
        return makeError(ErrorCode::Internal, QStringLiteral("The benchmark stadium has no seats."));
    return inventory;
}

Status BenchInventory::reset(QSqlDatabase database) const
{
    const QString context = QStringLiteral("resetting the benchmark inventory");
    QSqlQuery query(database);
    query.prepare(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', cart_id = NULL, held_since = NULL, "
                                 "hold_expires_at = NULL, extensions_used = 0, order_id = NULL "
                                 "WHERE event_id = :event AND state <> 'AVAILABLE'"));
    query.bindValue(QStringLiteral(":event"), m_event);
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    // A churn run leaves hundreds of thousands of dead row versions behind; the next run should not
    // pay for them, nor for the previous run's checkpoint.
    if (auto status = execStatement(database, QStringLiteral("VACUUM (ANALYZE) event_seats"), context); !status)
        return status;
    QSqlQuery checkpoint(database);
    checkpoint.exec(QStringLiteral("CHECKPOINT")); // needs pg_checkpoint on a shared server; optional
    return Done{};
}

Status BenchInventory::remove(QSqlDatabase database) const
{
    const QString context = QStringLiteral("removing the benchmark stadium");
    TransactionGuard transaction(database);
    if (auto status = transaction.begin(context); !status)
        return status;
    QSqlQuery query(database);
    // The event first: its inventory rows go with it (ON DELETE CASCADE), then the layout and its seats.
    query.prepare(QStringLiteral("DELETE FROM events WHERE id = :event"));
    query.bindValue(QStringLiteral(":event"), m_event);
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    query.prepare(QStringLiteral("DELETE FROM venue_layouts WHERE id = :layout"));
    query.bindValue(QStringLiteral(":layout"), m_layout);
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    return transaction.commit(context);
}

} // namespace boxoffice::bench
