#include "storage/pgpoolstore.h"

#include "storage/poolsql.h"
#include "storage/sqlerrors.h"
#include "storage/sqlvalues.h"
#include "storage/transactionguard.h"

#include <QRandomGenerator>

namespace boxoffice {

namespace {

bool isUniqueViolation(const DomainError &error)
{
    return error.sqlState == QLatin1String("23505");
}

} // namespace

PgPoolStore::PgPoolStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<PgPoolStore::Meta> PgPoolStore::meta(PoolId pool)
{
    const auto cached = m_meta.constFind(pool);
    if (cached != m_meta.constEnd())
        return cached.value();
    const QString context = QStringLiteral("reading a pool");
    auto query = m_statements.exec(PoolSql::meta, context, {{QStringLiteral(":pool"), pool}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next())
        return makeError(ErrorCode::NotFound, QStringLiteral("Pool %1 does not exist.").arg(pool));
    Meta meta;
    meta.strategy = claimStrategyFromName(q.value(0).toString()).value_or(ClaimStrategy::Atomic);
    for (const QString &id : q.value(1).toString().split(QLatin1Char(','), Qt::SkipEmptyParts))
        meta.subpools << id.toLongLong();
    q.finish();
    m_meta.insert(pool, meta);
    return meta;
}

Result<PgPoolStore::Attempt> PgPoolStore::claimOn(qint64 subpool, ClaimStrategy strategy,
                                                  const PoolHoldRequest &request, OrderId soldTo)
{
    if (strategy == ClaimStrategy::Pessimistic && soldTo == 0)
        return claimPessimistic(subpool, request);
    return claimAtomic(subpool, request, soldTo);
}

Result<PgPoolStore::Attempt> PgPoolStore::claimAtomic(qint64 subpool, const PoolHoldRequest &request, OrderId soldTo)
{
    auto query = m_statements.exec(PoolSql::claim, QStringLiteral("holding general-admission places"),
                                   {{QStringLiteral(":subpool"), subpool},
                                    {QStringLiteral(":cart"), request.cart},
                                    {QStringLiteral(":quantity"), request.quantity},
                                    {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)},
                                    {QStringLiteral(":sold_order"), nullableId(soldTo)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    Attempt attempt;
    if (q.next()) {
        attempt.fits = q.value(0).toBool();
        attempt.holdId = q.value(2).toLongLong();
        attempt.expiresAt = fromEpochMs(q.value(3));
    }
    q.finish();
    return attempt;
}

Result<PgPoolStore::Attempt> PgPoolStore::claimPessimistic(qint64 subpool, const PoolHoldRequest &request)
{
    // The production case's way: lock the row, look, decide here, write, commit. Nothing else runs
    // while the lock is held, and it is held for four short statements.
    const QString context = QStringLiteral("holding general-admission places");
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(context); !status)
        return status.error();
    auto locked = m_statements.exec(PoolSql::lockSubpool, context, {{QStringLiteral(":subpool"), subpool}});
    if (!locked)
        return locked.error();
    if (!locked.value()->next())
        return makeError(ErrorCode::NotFound, QStringLiteral("That pool row does not exist."));
    const PoolId pool = locked.value()->value(0).toLongLong();
    const int capacity = locked.value()->value(1).toInt();
    const int sold = locked.value()->value(2).toInt();
    int held = locked.value()->value(3).toInt();
    locked.value()->finish();

    auto expired = m_statements.exec(PoolSql::expireSubpoolHolds, context, {{QStringLiteral(":subpool"), subpool}});
    if (!expired)
        return expired.error();
    if (expired.value()->next())
        held -= expired.value()->value(0).toInt();
    expired.value()->finish();

    Attempt attempt;
    attempt.fits = capacity - sold - held >= request.quantity;
    if (attempt.fits)
        held += request.quantity;
    auto counted = m_statements.exec(PoolSql::setSubpoolHeld, context,
                                     {{QStringLiteral(":held"), held}, {QStringLiteral(":subpool"), subpool}});
    if (!counted)
        return counted.error();
    counted.value()->finish();
    if (attempt.fits) {
        auto inserted = m_statements.exec(PoolSql::insertHold, context,
                                          {{QStringLiteral(":pool"), pool},
                                           {QStringLiteral(":subpool"), subpool},
                                           {QStringLiteral(":cart"), request.cart},
                                           {QStringLiteral(":quantity"), request.quantity},
                                           {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)}});
        if (!inserted)
            return inserted.error();
        if (inserted.value()->next()) {
            attempt.holdId = inserted.value()->value(0).toLongLong();
            attempt.expiresAt = fromEpochMs(inserted.value()->value(1));
        }
        inserted.value()->finish();
    }
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return attempt;
}

Result<PgPoolStore::Attempt> PgPoolStore::claimAcross(const PoolHoldRequest &request, OrderId soldTo)
{
    auto query = m_statements.exec(PoolSql::claimAcross, QStringLiteral("holding general-admission places"),
                                   {{QStringLiteral(":pool"), request.pool},
                                    {QStringLiteral(":cart"), request.cart},
                                    {QStringLiteral(":quantity"), request.quantity},
                                    {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)},
                                    {QStringLiteral(":sold_order"), nullableId(soldTo)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    Attempt attempt;
    if (q.next()) {
        attempt.fits = q.value(0).toBool();
        attempt.holdId = q.value(1).toLongLong();
        attempt.expiresAt = fromEpochMs(q.value(2));
    }
    q.finish();
    return attempt;
}

Result<PoolHold> PgPoolStore::claimAnywhere(const Meta &meta, const PoolHoldRequest &request, qint64 firstSubpool)
{
    // A random first row spreads buyers over the counters; the others are the fallback, so the last
    // units of a split pool are still all sellable.
    const int count = int(meta.subpools.size());
    int start = int(meta.subpools.indexOf(firstSubpool));
    if (start < 0)
        start = count > 1 ? int(QRandomGenerator::global()->bounded(count)) : 0;
    for (int step = 0; step < count; ++step) {
        const qint64 subpool = meta.subpools.at((start + step) % count);
        auto attempt = claimOn(subpool, meta.strategy, request, 0);
        if (!attempt)
            return attempt.error();
        if (attempt->fits)
            return PoolHold{attempt->holdId, request.pool, request.quantity, attempt->expiresAt, false};
    }
    return makeError(
        ErrorCode::Lost,
        request.quantity == 1
            ? QStringLiteral("This pool is sold out.")
            : QStringLiteral("Fewer than %1 places are left in this pool; nothing was held.").arg(request.quantity));
}

Result<PoolHold> PgPoolStore::claim(const Meta &meta, const PoolHoldRequest &request, qint64 firstSubpool)
{
    auto single = claimAnywhere(meta, request, firstSubpool);
    if (single || single.error().code != ErrorCode::Lost || meta.subpools.size() < 2)
        return single;
    // No one row has that many places left: the rows together may, taken in one statement or not at all.
    auto across = claimAcross(request, 0);
    if (!across)
        return across.error();
    if (across->fits)
        return PoolHold{across->holdId, request.pool, request.quantity, across->expiresAt, false};
    return single; // refused in the same words
}

Result<PoolHold> PgPoolStore::hold(const PoolHoldRequest &request)
{
    auto pool = meta(request.pool);
    if (!pool)
        return pool.error();
    auto claimed = withRetryPoint(m_statements.database(), QStringLiteral("holding general-admission places"),
                                  [&] { return claim(pool.value(), request, 0); });
    if (claimed || !isUniqueViolation(claimed.error()))
        return claimed;
    // The cart already holds this pool (a retry, or a double click racing the first click).
    return holdAgain(pool.value(), request);
}

Result<PoolHold> PgPoolStore::holdAgain(const Meta &meta, const PoolHoldRequest &request)
{
    const QString context = QStringLiteral("holding general-admission places");
    auto own = m_statements.exec(PoolSql::ownHold, context,
                                 {{QStringLiteral(":pool"), request.pool}, {QStringLiteral(":cart"), request.cart}});
    if (!own)
        return own.error();
    QSqlQuery &o = *own.value();
    if (!o.next()) {
        o.finish();
        return claim(meta, request, 0); // it was released meanwhile
    }
    const qint64 holdId = o.value(0).toLongLong();
    const qint64 subpool = o.value(1).toLongLong();
    const int quantity = o.value(2).toInt();
    const bool live = o.value(3).toBool();
    o.finish();
    if (live && quantity != request.quantity)
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("This cart already holds %1 place(s) of this pool; release them to change the "
                                        "number.")
                             .arg(quantity));
    if (live) {
        auto refreshed = m_statements.exec(PoolSql::refresh, context,
                                           {{QStringLiteral(":pool"), request.pool},
                                            {QStringLiteral(":cart"), request.cart},
                                            {QStringLiteral(":quantity"), request.quantity},
                                            {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)}});
        if (!refreshed)
            return refreshed.error();
        QDateTime expiresAt; // the earliest of its rows (they are refreshed alike)
        while (refreshed.value()->next()) {
            const QDateTime rowExpiry = fromEpochMs(refreshed.value()->value(1));
            if (!expiresAt.isValid() || rowExpiry < expiresAt)
                expiresAt = rowExpiry;
        }
        refreshed.value()->finish();
        if (expiresAt.isValid())
            return PoolHold{holdId, request.pool, quantity, expiresAt, true};
    }
    // Its own hold ran out: claiming on its lead's row first returns it and, room permitting, takes it
    // anew (a claim across rows returns every expired row of the pool).
    return claim(meta, request, subpool);
}

Result<QVector<CartItem>> PgPoolStore::releaseHolds(const QVariant &pool, const CartId &cart)
{
    auto query = m_statements.exec(PoolSql::release, QStringLiteral("releasing general-admission places"),
                                   {{QStringLiteral(":pool"), pool}, {QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    QVector<CartItem> released;
    while (query.value()->next())
        released << CartItem{ItemKind::Pool,
                             query.value()->value(0).toLongLong(),
                             query.value()->value(1).toString(),
                             query.value()->value(2).toInt(),
                             {}};
    query.value()->finish();
    return released;
}

Result<int> PgPoolStore::release(const CartId &cart, PoolId pool)
{
    auto released = releaseHolds(pool, cart);
    if (!released)
        return released.error();
    return released->isEmpty() ? 0 : released->first().quantity;
}

Result<QVector<CartItem>> PgPoolStore::releaseCart(const CartId &cart)
{
    return releaseHolds(QVariant(QMetaType::fromType<qint64>()), cart);
}

Result<qint64> PgPoolStore::sellAfresh(PoolId pool, const CartId &cart, int quantity, OrderId order)
{
    PoolHoldRequest request;
    request.pool = pool;
    request.cart = cart;
    request.quantity = quantity;
    auto attempt = claimAcross(request, order);
    if (!attempt)
        return attempt.error();
    if (!attempt->fits)
        return makeError(ErrorCode::Lost, QStringLiteral("The pool sold out after the hold expired."));
    return attempt->holdId;
}

Result<QVector<PoolSummary>> PgPoolStore::summaries(const QVariant &pool, const QVariant &event)
{
    auto query = m_statements.exec(PoolSql::summaries, QStringLiteral("reading pools"),
                                   {{QStringLiteral(":pool"), pool}, {QStringLiteral(":event"), event}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<PoolSummary> pools;
    while (q.next()) {
        PoolSummary summary;
        summary.id = q.value(0).toLongLong();
        summary.event = q.value(1).toLongLong();
        summary.code = q.value(2).toString();
        summary.name = q.value(3).toString();
        summary.currency = q.value(5).toString();
        summary.price = Money(q.value(4).toLongLong(), summary.currency);
        summary.strategy = claimStrategyFromName(q.value(6).toString()).value_or(ClaimStrategy::Atomic);
        summary.subpools = q.value(7).toInt();
        summary.capacity = q.value(8).toInt();
        summary.sold = q.value(9).toInt();
        summary.held = q.value(10).toInt();
        summary.available = summary.capacity - summary.sold - summary.held;
        pools << summary;
    }
    q.finish();
    return pools;
}

Result<PoolSummary> PgPoolStore::pool(PoolId pool)
{
    auto found = summaries(pool, QVariant(QMetaType::fromType<qint64>()));
    if (!found)
        return found.error();
    if (found->isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("Pool %1 does not exist.").arg(pool));
    return found->first();
}

Result<QVector<PoolSummary>> PgPoolStore::pools(EventId event)
{
    return summaries(QVariant(QMetaType::fromType<qint64>()), event);
}

Result<PoolSummary> PgPoolStore::createPool(const PoolSpec &spec)
{
    const QString context = QStringLiteral("creating a pool");
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(context); !status)
        return status.error();
    auto created = m_statements.exec(PoolSql::createPool, context,
                                     {{QStringLiteral(":event"), spec.event},
                                      {QStringLiteral(":code"), spec.code},
                                      {QStringLiteral(":name"), spec.name.isEmpty() ? spec.code : spec.name},
                                      {QStringLiteral(":price"), spec.price.minor()},
                                      {QStringLiteral(":strategy"), claimStrategyName(spec.strategy)}});
    if (!created) {
        if (created.error().sqlState == QLatin1String("23503"))
            return makeError(ErrorCode::NotFound, QStringLiteral("Event %1 does not exist.").arg(spec.event));
        if (isUniqueViolation(created.error()))
            return makeError(ErrorCode::Conflict, QStringLiteral("The event already has a pool %1.").arg(spec.code));
        return created.error();
    }
    if (!created.value()->next())
        return makeError(ErrorCode::Internal, QStringLiteral("The new pool got no id."));
    const PoolId pool = created.value()->value(0).toLongLong();
    created.value()->finish();
    auto rows = m_statements.exec(PoolSql::createSubpools, context,
                                  {{QStringLiteral(":pool"), pool},
                                   {QStringLiteral(":capacity"), spec.capacity},
                                   {QStringLiteral(":rows"), spec.subpools}});
    if (!rows)
        return rows.error();
    rows.value()->finish();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return this->pool(pool);
}

Status PgPoolStore::setStrategy(PoolId pool, ClaimStrategy strategy)
{
    auto query = m_statements.exec(
        PoolSql::setStrategy, QStringLiteral("changing a pool's claim strategy"),
        {{QStringLiteral(":strategy"), claimStrategyName(strategy)}, {QStringLiteral(":pool"), pool}});
    if (!query)
        return query.error();
    const int changed = query.value()->numRowsAffected();
    query.value()->finish();
    if (changed != 1)
        return makeError(ErrorCode::NotFound, QStringLiteral("Pool %1 does not exist.").arg(pool));
    m_meta.remove(pool);
    return Done{};
}

Result<int> PgPoolStore::sweepExpiredHolds()
{
    int total = 0;
    for (;;) {
        auto query = m_statements.exec(PoolSql::sweep, QStringLiteral("tidying expired GA holds"), {});
        if (!query)
            return query.error();
        const int swept = query.value()->next() ? query.value()->value(0).toInt() : 0;
        query.value()->finish();
        total += swept;
        if (swept == 0)
            return total;
    }
}

} // namespace boxoffice
