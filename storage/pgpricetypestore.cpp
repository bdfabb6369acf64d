#include "storage/pgpricetypestore.h"

#include "storage/pricetypesql.h"
#include "storage/statetext.h"

namespace boxoffice {

PgPriceTypeStore::PgPriceTypeStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<QVector<TypePrice>> PgPriceTypeStore::prices(EventId event)
{
    auto query = m_statements.exec(PriceTypeSql::prices, QStringLiteral("reading the price types"),
                                   {{QStringLiteral(":event"), event}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<TypePrice> prices;
    while (q.next()) {
        auto type = priceTypeFromText(q.value(2).toString());
        if (!type) {
            q.finish();
            return type.error();
        }
        prices << TypePrice{q.value(0).toString(), q.value(1).toString(), type.value(),
                            Money(q.value(3).toLongLong(), q.value(4).toString())};
    }
    q.finish();
    return prices;
}

Status PgPriceTypeStore::setPrice(EventId event, const QString &bandCode, PriceType type, const Money &amount)
{
    const bool adult = type == PriceType::Adult;
    auto query = m_statements.exec(adult ? PriceTypeSql::setAdultPrice : PriceTypeSql::setTypePrice,
                                   QStringLiteral("setting a price"),
                                   {{QStringLiteral(":event"), event},
                                    {QStringLiteral(":band"), bandCode},
                                    {QStringLiteral(":type"), toText(type)},
                                    {QStringLiteral(":amount"), amount.minor()},
                                    {QStringLiteral(":currency"), amount.currency()}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    const bool answered = q.next();
    const qint64 written = answered ? q.value(0).toLongLong() : 0;
    const QString eventCurrency = answered ? q.value(1).toString() : QString();
    q.finish();
    if (written > 0)
        return Done{};
    if (eventCurrency.isEmpty())
        return withReason(
            makeError(ErrorCode::NotFound, QStringLiteral("Event %1 has no price band %2.").arg(event).arg(bandCode)),
            ErrorReason::PriceBandUnknown, {bandCode});
    return makeError(ErrorCode::BadInput,
                     QStringLiteral("Event %1 sells in %2: give the price in %2, not in %3.")
                         .arg(event)
                         .arg(eventCurrency,
                              amount.currency().isEmpty() ? QStringLiteral("no stated currency") : amount.currency()));
}

Result<Money> PgPriceTypeStore::choose(const PriceTypeChoice &choice)
{
    auto query = m_statements.exec(PriceTypeSql::choose, QStringLiteral("choosing a price type"),
                                   {{QStringLiteral(":cart"), choice.cart},
                                    {QStringLiteral(":unit"), choice.unit},
                                    {QStringLiteral(":unit2"), choice.unit},
                                    {QStringLiteral(":type"), toText(choice.type)},
                                    {QStringLiteral(":reason"), choice.compReason}});
    if (!query) {
        DomainError error = query.error();
        if (error.sqlState == QLatin1String("55000")) {
            error.code = ErrorCode::Lost;
            error.message = QStringLiteral("That seat is no longer held by this sale.");
            error.reason = QLatin1String(ErrorReason::PriceSeatNotHeld);
        } else if (error.sqlState == QLatin1String("P0002")) {
            error.code = ErrorCode::NotFound;
            error.message = QStringLiteral("There is no %1 price for that seat's band.")
                                .arg(priceTypeName(choice.type).toLower());
            error.reason = QLatin1String(ErrorReason::PriceTypeMissing);
        } else if (error.sqlState == QLatin1String("23514") && choice.type == PriceType::Complimentary) {
            error.code = ErrorCode::BadInput;
            error.message = QStringLiteral("A complimentary seat needs a reason.");
            error.reason = QLatin1String(ErrorReason::CompReasonMissing);
        }
        return error;
    }
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::Internal, QStringLiteral("Choosing a price type answered nothing."));
    }
    const Money amount(q.value(0).toLongLong(), q.value(1).toString());
    q.finish();
    return amount;
}

} // namespace boxoffice
