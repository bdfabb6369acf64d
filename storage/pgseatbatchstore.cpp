#include "storage/pgseatbatchstore.h"

#include "storage/pgarrays.h"
#include "storage/seatclaimrows.h"

namespace boxoffice {

namespace {

// Every ask of the batch in one call (migration 044); rows come back by ask, then seat.
constexpr char holdSeatBatchSql[] = R"SQL(
SELECT r_ask, r_outcome, r_unit, r_label, r_expires_ms
FROM boxoffice_web_hold_seat_batch(CAST(:event AS bigint), CAST(:buyers AS bigint[]), CAST(:carts AS text[]),
                                   CAST(:ttls AS integer[]), CAST(:asks AS integer[]), CAST(:units AS bigint[]))
)SQL";

Result<SeatBatchAnswer> answerOf(const HoldRequest &ask, const QVector<SeatClaimRow> &rows)
{
    if (rows.size() == 1 && rows.first().outcome == QLatin1String("capped"))
        return SeatBatchAnswer{};
    if (rows.size() == 1 && rows.first().outcome == QLatin1String("bad_input"))
        return makeError(ErrorCode::BadInput, QStringLiteral("Name at least one seat, for a buyer's cart."));
    auto claim = seatClaimFromRows(ask, rows);
    if (!claim)
        return claim.error();
    return SeatBatchAnswer{claim->grant};
}

} // namespace

PgSeatBatchStore::PgSeatBatchStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<std::vector<Result<SeatBatchAnswer>>> PgSeatBatchStore::holdSeatBatch(EventId event,
                                                                             const std::vector<HoldRequest> &asks)
{
    QVector<qint64> buyers;
    QStringList carts;
    QVector<std::optional<int>> ttls;
    QVector<int> askOfUnit;
    QVector<qint64> units;
    for (size_t i = 0; i < asks.size(); ++i) {
        const HoldRequest &ask = asks.at(i);
        buyers << ask.buyer;
        carts << ask.cart;
        ttls << ask.ttlSeconds;
        for (const UnitId unit : ask.units) {
            askOfUnit << int(i + 1);
            units << unit;
        }
    }
    auto query = m_statements.exec(holdSeatBatchSql, QStringLiteral("holding seats"),
                                   {{QStringLiteral(":event"), event},
                                    {QStringLiteral(":buyers"), toBigintArray(buyers)},
                                    {QStringLiteral(":carts"), toTextArray(carts)},
                                    {QStringLiteral(":ttls"), toNullableIntArray(ttls)},
                                    {QStringLiteral(":asks"), toIntArray(askOfUnit)},
                                    {QStringLiteral(":units"), toBigintArray(units)}});
    m_lostConnection = !query && query.error().code == ErrorCode::Unavailable;
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    std::vector<QVector<SeatClaimRow>> rowsOfAsk(asks.size());
    bool stray = false;
    while (q.next()) {
        const int ask = q.value(0).toInt();
        if (ask < 1 || size_t(ask) > asks.size()) {
            stray = true;
            continue;
        }
        rowsOfAsk[size_t(ask - 1)] << SeatClaimRow{q.value(1).toString(),
                                                   SeatRef{q.value(2).toLongLong(), q.value(3).toString()}, q.value(4)};
    }
    q.finish();
    if (stray)
        return makeError(ErrorCode::Internal, QStringLiteral("The batched seat claim answered an ask nobody made."));
    std::vector<Result<SeatBatchAnswer>> answers;
    answers.reserve(asks.size());
    for (size_t i = 0; i < asks.size(); ++i)
        answers.push_back(answerOf(asks.at(i), rowsOfAsk.at(i)));
    return answers;
}

} // namespace boxoffice
