#include "storage/pgbuyercapstore.h"

#include "storage/capsql.h"
#include "storage/pgarrays.h"
#include "storage/seatclaimrows.h"
#include "storage/sqlvalues.h"

#include "domain/holdcaprules.h"

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

// The ask's scope and what it asks again, as boxoffice_web_caps takes them (the others NULL).
struct AskScope
{
    QVariant event = noId(), units = noText(), pool = noId(), roomType = noId(), checkIn = noText(),
             checkOut = noText(), restaurant = noId(), resource = noId(), starts = noText(), ends = noText();
};

AskScope scopeOf(const CapAsk &ask)
{
    AskScope scope;
    if (const auto *seats = std::get_if<HoldRequest>(&ask)) {
        scope.event = seats->event;
        scope.units = toBigintArray(seats->units);
    } else if (const auto *places = std::get_if<PoolHoldRequest>(&ask)) {
        scope.pool = places->pool;
    } else if (const auto *stay = std::get_if<StayRequest>(&ask)) {
        scope.roomType = stay->roomType;
        scope.checkIn = stay->checkIn.toString(Qt::ISODate);
        scope.checkOut = stay->checkOut.toString(Qt::ISODate);
    } else if (const auto *table = std::get_if<SlotRequest>(&ask)) {
        scope.resource = table->resource;
        scope.starts = timestamp(table->start);
        scope.ends = timestamp(table->end);
    } else {
        scope.restaurant = std::get<TableSearch>(ask).restaurant;
    }
    return scope;
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

Result<std::optional<CapRefusal>> PgBuyerCapStore::checkCaps(const CapAsk &ask)
{
    const AskScope scope = scopeOf(ask);
    auto query = m_statements.exec(CapSql::checkCaps, counting,
                                   {{QStringLiteral(":buyer"), HoldCapRules::buyerOf(ask)},
                                    {QStringLiteral(":cart"), HoldCapRules::cartOf(ask)},
                                    {QStringLiteral(":asking"), HoldCapRules::unitsAsked(ask)},
                                    {QStringLiteral(":event"), scope.event},
                                    {QStringLiteral(":units"), scope.units},
                                    {QStringLiteral(":pool"), scope.pool},
                                    {QStringLiteral(":room_type"), scope.roomType},
                                    {QStringLiteral(":check_in"), scope.checkIn},
                                    {QStringLiteral(":check_out"), scope.checkOut},
                                    {QStringLiteral(":restaurant"), scope.restaurant},
                                    {QStringLiteral(":resource"), scope.resource},
                                    {QStringLiteral(":starts"), scope.starts},
                                    {QStringLiteral(":ends"), scope.ends}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    std::optional<CapRefusal> refusal;
    bool cartFound = true;
    if (q.next() && !q.value(0).isNull()) {
        const QString refused = q.value(0).toString();
        if (const auto holder = capHolderNamed(refused))
            refusal = CapRefusal{*holder, q.value(1).toInt(), q.value(2).toInt()};
        else
            cartFound = false;
    }
    q.finish();
    if (!cartFound)
        return noSuchCartError();
    return refusal;
}

Result<CappedSeatClaim> PgBuyerCapStore::holdSeats(const HoldRequest &request, const QStringList &labels)
{
    const QString context = QStringLiteral("holding seats");
    auto query = m_statements.exec(
        CapSql::holdSeats, context,
        {{QStringLiteral(":buyer"), request.buyer},
         {QStringLiteral(":cart"), request.cart},
         {QStringLiteral(":event"), request.event},
         {QStringLiteral(":units"), labels.isEmpty() ? QVariant(toBigintArray(request.units)) : noText()},
         {QStringLiteral(":labels"), labels.isEmpty() ? noText() : QVariant(toTextArray(labels))},
         {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<SeatClaimRow> rows;
    while (q.next())
        rows << SeatClaimRow{q.value(0).toString(), SeatRef{q.value(1).toLongLong(), q.value(2).toString()}, q.value(3),
                             q.value(4).toInt(), q.value(5).toInt()};
    q.finish();
    return seatClaimFromRows(request, rows);
}

Result<CappedPlacesClaim> PgBuyerCapStore::holdPlaces(const PoolHoldRequest &request)
{
    auto claimed = holdPlacesOnce(request);
    // Two clicks of one cart raced and the other inserted first: asking again refreshes its hold.
    if (!claimed && claimed.error().sqlState == QLatin1String("23505"))
        return holdPlacesOnce(request);
    return claimed;
}

Result<CappedPlacesClaim> PgBuyerCapStore::holdPlacesOnce(const PoolHoldRequest &request)
{
    const QString context = QStringLiteral("holding general-admission places");
    auto query = m_statements.exec(CapSql::holdPlaces, context,
                                   {{QStringLiteral(":buyer"), request.buyer},
                                    {QStringLiteral(":cart"), request.cart},
                                    {QStringLiteral(":pool"), request.pool},
                                    {QStringLiteral(":quantity"), request.quantity},
                                    {QStringLiteral(":ttl"), nullableInt(request.ttlSeconds)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::Internal, QStringLiteral("The database answered a hold with no row."));
    }
    const QString outcome = q.value(0).toString();
    const qint64 holdId = q.value(1).toLongLong();
    const QDateTime expiresAt = fromEpochMs(q.value(2));
    const int quantity = q.value(3).toInt();
    const std::optional<CapHolder> holder = capHolderNamed(q.value(4).toString());
    const CapRefusal refusal{holder.value_or(CapHolder::Buyer), q.value(5).toInt(), q.value(6).toInt()};
    q.finish();
    CappedPlacesClaim claim;
    // The same answers as PgPoolStore::hold.
    if (outcome == QLatin1String("granted") || outcome == QLatin1String("refreshed")) {
        claim.hold = PoolHold{holdId, request.pool, quantity, expiresAt, outcome == QLatin1String("refreshed")};
        return claim;
    }
    if (outcome == QLatin1String("refused") && holder) {
        claim.refusal = refusal;
        return claim;
    }
    if (outcome == QLatin1String("cart"))
        return noSuchCartError();
    if (outcome == QLatin1String("no_pool"))
        return makeError(ErrorCode::NotFound, QStringLiteral("Pool %1 does not exist.").arg(request.pool));
    if (outcome == QLatin1String("conflict"))
        return makeError(ErrorCode::Conflict,
                         QStringLiteral("This cart already holds %1 place(s) of this pool; release them to change the "
                                        "number.")
                             .arg(quantity));
    if (outcome == QLatin1String("lost"))
        return makeError(ErrorCode::Lost,
                         request.quantity == 1 ? QStringLiteral("This pool is sold out.")
                                               : QStringLiteral("Fewer than %1 places are left in this pool; nothing "
                                                                "was held.")
                                                     .arg(request.quantity));
    return makeError(ErrorCode::Internal, QStringLiteral("The database answered a hold with an unexpected row."));
}

Result<PgBuyerCapStore::ScopeCaps> PgBuyerCapStore::setCaps(CapScope scope, qint64 id, const CapChanges &changes)
{
    const char *sql = scope == CapScope::Hotel ? CapSql::setHotelCaps
        : scope == CapScope::Restaurant        ? CapSql::setRestaurantCaps
                                               : CapSql::setEventCaps;
    const auto value = [&changes](CapHolder holder) {
        const std::optional<int> cap = changes.value(int(holder));
        return cap ? QVariant(*cap) : QVariant(QMetaType::fromType<int>());
    };
    const auto named = [&changes](CapHolder holder) { return changes.contains(int(holder)); };
    auto query = m_statements.exec(sql, QStringLiteral("setting the hold caps"),
                                   {{QStringLiteral(":id"), id},
                                    {QStringLiteral(":set_buyer"), named(CapHolder::Buyer)},
                                    {QStringLiteral(":buyer"), value(CapHolder::Buyer)},
                                    {QStringLiteral(":set_card"), named(CapHolder::Instrument)},
                                    {QStringLiteral(":card"), value(CapHolder::Instrument)},
                                    {QStringLiteral(":set_unknown"), named(CapHolder::UnknownCard)},
                                    {QStringLiteral(":unknown"), value(CapHolder::UnknownCard)},
                                    {QStringLiteral(":set_address"), named(CapHolder::Address)},
                                    {QStringLiteral(":address"), value(CapHolder::Address)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("No such %1: %2.")
                             .arg(scope == CapScope::Hotel            ? QStringLiteral("hotel")
                                      : scope == CapScope::Restaurant ? QStringLiteral("restaurant")
                                                                      : QStringLiteral("event"))
                             .arg(id));
    }
    ScopeCaps caps;
    for (int column = 0; column < 4; ++column)
        if (!q.value(column).isNull())
            caps[size_t(column)] = q.value(column).toInt();
    q.finish();
    return caps;
}

} // namespace boxoffice
