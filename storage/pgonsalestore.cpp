#include "storage/pgonsalestore.h"

#include "storage/onsalesql.h"
#include "storage/sqlvalues.h"

#include <QSqlQuery>

namespace boxoffice {

namespace {

OnSale onSaleFrom(const QSqlQuery &q)
{
    OnSale sale;
    sale.event = q.value(0).toLongLong();
    sale.drawClosesAt = fromEpochMs(q.value(1));
    sale.admitPerSecond = q.value(2).toDouble();
    sale.tokenSeconds = q.value(3).toInt();
    return sale;
}

} // namespace

PgOnSaleStore::PgOnSaleStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<QVector<OnSaleEntry>> PgOnSaleStore::onSales()
{
    auto query = m_statements.exec(OnSaleSql::all, QStringLiteral("reading the on-sales"), {});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<OnSaleEntry> entries;
    while (q.next()) {
        OnSaleEntry entry;
        entry.sale = onSaleFrom(q);
        for (const QString &pool : q.value(4).toString().split(QLatin1Char(','), Qt::SkipEmptyParts))
            entry.pools << pool.toLongLong();
        entries << entry;
    }
    q.finish();
    return entries;
}

Result<std::optional<OnSale>> PgOnSaleStore::onSale(EventId event)
{
    auto query
        = m_statements.exec(OnSaleSql::one, QStringLiteral("reading an on-sale"), {{QStringLiteral(":event"), event}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    std::optional<OnSale> sale;
    if (q.next())
        sale = onSaleFrom(q);
    q.finish();
    return sale;
}

Status PgOnSaleStore::setOnSale(const OnSale &sale)
{
    auto query = m_statements.exec(OnSaleSql::upsert, QStringLiteral("setting an on-sale"),
                                   {{QStringLiteral(":event"), sale.event},
                                    {QStringLiteral(":draw_ms"), sale.drawClosesAt.toMSecsSinceEpoch()},
                                    {QStringLiteral(":rate"), QString::number(sale.admitPerSecond, 'f', 3)},
                                    {QStringLiteral(":token_seconds"), sale.tokenSeconds}});
    if (!query) {
        if (query.error().sqlState == QLatin1String("23503"))
            return makeError(ErrorCode::NotFound, QStringLiteral("Event %1 does not exist.").arg(sale.event));
        return query.error();
    }
    query.value()->finish();
    return Done{};
}

Status PgOnSaleStore::clearOnSale(EventId event)
{
    auto query = m_statements.exec(OnSaleSql::remove, QStringLiteral("ending an on-sale"),
                                   {{QStringLiteral(":event"), event}});
    if (!query)
        return query.error();
    const int removed = query.value()->numRowsAffected();
    query.value()->finish();
    if (removed == 0)
        return makeError(ErrorCode::NotFound, QStringLiteral("Event %1 has no on-sale.").arg(event));
    return Done{};
}

} // namespace boxoffice
