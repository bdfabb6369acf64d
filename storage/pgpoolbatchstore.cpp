#include "storage/pgpoolbatchstore.h"

#include "domain/holdcaprules.h"
#include "storage/pgarrays.h"
#include "storage/poolbatchsql.h"
#include "storage/sqlvalues.h"

#include <QHash>

namespace boxoffice {

namespace {

QString booleanArray(const std::vector<PoolHoldRequest> &asks)
{
    QStringList parts;
    for (const PoolHoldRequest &ask : asks)
        parts << (ask.allowPartial ? QStringLiteral("t") : QStringLiteral("f"));
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

// The same words the single claim uses, so a buyer cannot tell which path answered.
Result<PoolHold> answerOf(const PoolHoldRequest &ask, const QString &outcome, qint64 holdId, int quantity,
                          const QVariant &expiresMs, const QVariant &cap, int used)
{
    if (outcome == QLatin1String("held") || outcome == QLatin1String("refreshed"))
        return PoolHold{holdId, ask.pool, quantity, fromEpochMs(expiresMs), outcome == QLatin1String("refreshed")};
    if (outcome == QLatin1String("lost"))
        return makeError(ErrorCode::Lost,
                         ask.quantity == 1 ? QStringLiteral("This pool is sold out.")
                                           : QStringLiteral("Fewer than %1 places are left in this "
                                                            "pool; nothing was held.")
                                                 .arg(ask.quantity));
    if (outcome == QLatin1String("conflict"))
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("This cart already holds %1 place(s) of this pool; release them to change the "
                                        "number.")
                             .arg(used));
    static const QHash<QString, CapHolder> holders{{QStringLiteral("buyer_cap"), CapHolder::Buyer},
                                                   {QStringLiteral("card_cap"), CapHolder::Instrument},
                                                   {QStringLiteral("unknown_card_cap"), CapHolder::UnknownCard},
                                                   {QStringLiteral("address_cap"), CapHolder::Address}};
    if (const auto holder = holders.constFind(outcome); holder != holders.cend())
        return HoldCapRules::refusal(CapRefusal{holder.value(), cap.toInt(), used}, ask.quantity, CapScope::Event);
    if (outcome == QLatin1String("no_pool"))
        return makeError(ErrorCode::NotFound, QStringLiteral("Pool %1 does not exist.").arg(ask.pool));
    if (outcome == QLatin1String("not_found"))
        return makeError(ErrorCode::NotFound, QStringLiteral("Cart %1 is not one of yours.").arg(ask.cart));
    if (outcome == QLatin1String("bad_input"))
        return makeError(ErrorCode::BadInput, QStringLiteral("Hold between 1 and 50 units at a time, for a cart."));
    return makeError(ErrorCode::Internal, QStringLiteral("The batched claim answered \"%1\".").arg(outcome));
}

} // namespace

PgPoolBatchStore::PgPoolBatchStore(QSqlDatabase database) : m_statements(std::move(database))
{
    m_clock.start();
}

Result<ClaimStrategy> PgPoolBatchStore::strategyOf(PoolId pool)
{
    const auto known = m_strategies.constFind(pool);
    if (known != m_strategies.constEnd() && m_clock.elapsed() - known->readAtMs < strategyMaxAgeMs)
        return known->strategy;
    auto query = m_statements.exec(PoolBatchSql::strategy, QStringLiteral("reading a pool's claim strategy"),
                                   {{QStringLiteral(":pool"), pool}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        m_strategies.remove(pool);
        return makeError(ErrorCode::NotFound, QStringLiteral("Pool %1 does not exist.").arg(pool));
    }
    const ClaimStrategy strategy = claimStrategyFromName(q.value(0).toString()).value_or(ClaimStrategy::Atomic);
    q.finish();
    m_strategies.insert(pool, {strategy, m_clock.elapsed()});
    return strategy;
}

Result<std::vector<Result<PoolHold>>> PgPoolBatchStore::holdBatch(PoolId pool, const std::vector<PoolHoldRequest> &asks)
{
    QStringList carts;
    QVector<int> quantities;
    QVector<qint64> buyers;
    QVector<std::optional<int>> ttls;
    for (const PoolHoldRequest &ask : asks) {
        carts << ask.cart;
        quantities << ask.quantity;
        buyers << ask.buyer;
        ttls << ask.ttlSeconds;
    }
    auto query = m_statements.exec(PoolBatchSql::holdBatch, QStringLiteral("holding general-admission places"),
                                   {{QStringLiteral(":pool"), pool},
                                    {QStringLiteral(":carts"), toTextArray(carts)},
                                    {QStringLiteral(":quantities"), toIntArray(quantities)},
                                    {QStringLiteral(":ttls"), toNullableIntArray(ttls)},
                                    {QStringLiteral(":buyers"), toBigintArray(buyers)},
                                    {QStringLiteral(":partial"), booleanArray(asks)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    std::vector<Result<PoolHold>> answers;
    answers.reserve(asks.size());
    while (q.next() && answers.size() < asks.size()) {
        const PoolHoldRequest &ask = asks.at(answers.size());
        answers.push_back(answerOf(ask, q.value(1).toString(), q.value(2).toLongLong(), q.value(3).toInt(), q.value(4),
                                   q.value(5), q.value(6).toInt()));
    }
    q.finish();
    if (answers.size() != asks.size())
        return makeError(
            ErrorCode::Internal,
            QStringLiteral("The batched claim answered %1 of %2 asks.").arg(answers.size()).arg(asks.size()));
    return answers;
}

} // namespace boxoffice
