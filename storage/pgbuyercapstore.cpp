#include "storage/pgbuyercapstore.h"

#include "storage/capsql.h"
#include "storage/pgarrays.h"

namespace boxoffice {

namespace {

const QString counting = QStringLiteral("counting what a buyer holds");

QVariant noId()
{
    return QVariant(QMetaType::fromType<qint64>());
}

QVariant noText()
{
    return QVariant(QMetaType::fromType<QString>());
}

// Bound as text with an explicit offset, as the claim binds it, so both compare the same range.
QVariant timestamp(const QDateTime &time)
{
    return time.isValid() ? QVariant(time.toUTC().toString(Qt::ISODateWithMs)) : noText();
}

} // namespace

PgBuyerCapStore::PgBuyerCapStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Status PgBuyerCapStore::lock(const char *sql, PreparedStatements::Bindings bindings)
{
    auto locked = m_statements.exec(sql, QStringLiteral("waiting for a buyer's other holds"), bindings);
    if (!locked)
        return locked.error();
    locked.value()->finish();
    return Done{};
}

Status PgBuyerCapStore::lockBuyer(BuyerId buyer)
{
    return lock(CapSql::lockBuyer, {{QStringLiteral(":buyer"), buyer}});
}

Status PgBuyerCapStore::lockInstrument(const QString &instrument)
{
    return lock(CapSql::lockInstrument, {{QStringLiteral(":instrument"), instrument}});
}

Result<QString> PgBuyerCapStore::cartInstrument(const CartId &cart)
{
    auto query = m_statements.exec(CapSql::cartInstrument, counting, {{QStringLiteral(":cart"), cart}});
    if (!query)
        return query.error();
    const QString instrument = query.value()->next() ? query.value()->value(0).toString() : QString();
    query.value()->finish();
    return instrument;
}

Result<CapUsage> PgBuyerCapStore::buyerUsage(BuyerId buyer, const CapAsk &ask)
{
    return usage(buyer, noText(), ask);
}

Result<CapUsage> PgBuyerCapStore::instrumentUsage(const QString &instrument, const CapAsk &ask)
{
    return usage(noId(), instrument, ask);
}

Result<CapUsage> PgBuyerCapStore::read(const char *sql, PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, counting, bindings);
    if (!query)
        return query.error();
    CapUsage usage;
    if (query.value()->next()) {
        const QVariant cap = query.value()->value(0);
        if (!cap.isNull())
            usage.cap = cap.toInt();
        usage.held = query.value()->value(1).toInt();
    }
    query.value()->finish();
    return usage;
}

Result<CapUsage> PgBuyerCapStore::usage(const QVariant &buyer, const QVariant &instrument, const CapAsk &ask)
{
    const QString buyerKey = QStringLiteral(":buyer");
    const QString instrumentKey = QStringLiteral(":instrument");
    if (const auto *seats = std::get_if<HoldRequest>(&ask))
        return read(CapSql::eventUsage,
                    {{buyerKey, buyer},
                     {instrumentKey, instrument},
                     {QStringLiteral(":event"), seats->event},
                     {QStringLiteral(":pool"), noId()},
                     {QStringLiteral(":cart"), seats->cart},
                     {QStringLiteral(":units"), toBigintArray(seats->units)}});
    if (const auto *places = std::get_if<PoolHoldRequest>(&ask))
        return read(CapSql::eventUsage,
                    {{buyerKey, buyer},
                     {instrumentKey, instrument},
                     {QStringLiteral(":event"), noId()},
                     {QStringLiteral(":pool"), places->pool},
                     {QStringLiteral(":cart"), places->cart},
                     {QStringLiteral(":units"), toBigintArray({})}});
    if (const auto *stay = std::get_if<StayRequest>(&ask))
        return read(CapSql::hotelUsage,
                    {{buyerKey, buyer},
                     {instrumentKey, instrument},
                     {QStringLiteral(":room_type"), stay->roomType},
                     {QStringLiteral(":cart"), stay->cart},
                     {QStringLiteral(":check_in"), stay->checkIn.toString(Qt::ISODate)},
                     {QStringLiteral(":check_out"), stay->checkOut.toString(Qt::ISODate)}});
    if (const auto *table = std::get_if<SlotRequest>(&ask))
        return read(CapSql::restaurantUsage,
                    {{buyerKey, buyer},
                     {instrumentKey, instrument},
                     {QStringLiteral(":restaurant"), noId()},
                     {QStringLiteral(":resource"), table->resource},
                     {QStringLiteral(":cart"), table->cart},
                     {QStringLiteral(":starts"), timestamp(table->start)},
                     {QStringLiteral(":ends"), timestamp(table->end)}});
    const auto &search = std::get<TableSearch>(ask);
    return read(CapSql::restaurantUsage,
                {{buyerKey, buyer},
                 {instrumentKey, instrument},
                 {QStringLiteral(":restaurant"), search.restaurant},
                 {QStringLiteral(":resource"), noId()},
                 {QStringLiteral(":cart"), search.cart},
                 {QStringLiteral(":starts"), noText()},
                 {QStringLiteral(":ends"), noText()}});
}

} // namespace boxoffice
