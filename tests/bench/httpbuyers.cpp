#include "httpbuyers.h"

#include "storage/pgarrays.h"
#include "storage/pgbuyerstore.h"
#include "storage/sqlerrors.h"

#include <QSqlQuery>

namespace boxoffice::bench {

namespace {

// Every cart of a run in one statement: tens of thousands of rows in one round trip.
constexpr char makeCartsSql[] = R"SQL(
INSERT INTO buyer_carts (cart_id, buyer_id)
SELECT CAST(:prefix AS text) || '-' || b.k || '-' || n, b.id
FROM unnest(CAST(:buyers AS bigint[])) WITH ORDINALITY AS b(id, k),
     generate_series(1, CAST(:per AS integer)) AS n
)SQL";

QString cartName(const QString &prefix, int buyer, int n)
{
    // WITH ORDINALITY and generate_series count from 1.
    return QStringLiteral("%1-%2-%3").arg(prefix).arg(buyer + 1).arg(n + 1);
}

} // namespace

Status HttpBuyers::make(QSqlDatabase database, const QString &prefix, int clients, int perClient)
{
    m_prefix = prefix;
    m_buyersPerClient = (perClient + cartsPerBuyer - 1) / cartsPerBuyer;
    m_tokens.clear();
    QVector<qint64> ids;
    // One commit for thousands of accounts instead of one each.
    if (!database.transaction())
        return fromSqlError(database.lastError(), QStringLiteral("starting to make web buyers"));
    {
        PgBuyerStore store(database);
        for (int i = 0; i < clients * m_buyersPerClient; ++i) {
            auto buyer = store.addBuyer(QStringLiteral("bench web buyer %1-%2").arg(prefix).arg(i + 1));
            if (!buyer) {
                database.rollback();
                return buyer.error();
            }
            ids << buyer->buyer.id;
            m_tokens << buyer->token;
        }
    }
    QSqlQuery query(database);
    query.prepare(QString::fromUtf8(makeCartsSql));
    query.bindValue(QStringLiteral(":prefix"), prefix);
    query.bindValue(QStringLiteral(":buyers"), toBigintArray(ids));
    query.bindValue(QStringLiteral(":per"), cartsPerBuyer);
    if (!query.exec()) {
        const QSqlError error = query.lastError();
        database.rollback();
        return fromSqlError(error, QStringLiteral("making the web buyers' carts"));
    }
    if (!database.commit())
        return fromSqlError(database.lastError(), QStringLiteral("making web buyers"));
    return Done{};
}

QVector<BuyerCart> HttpBuyers::carts(int client) const
{
    QVector<BuyerCart> carts;
    carts.reserve(m_buyersPerClient * cartsPerBuyer);
    for (int buyer = client * m_buyersPerClient; buyer < (client + 1) * m_buyersPerClient; ++buyer) {
        for (int n = 0; n < cartsPerBuyer; ++n)
            carts << BuyerCart{cartName(m_prefix, buyer, n), m_tokens.at(buyer)};
    }
    return carts;
}

HttpBuyerClient::HttpBuyerClient(const QString &host, quint16 port, QVector<BuyerCart> carts)
    : m_http(host, port), m_carts(std::move(carts))
{ }

Result<CartId> HttpBuyerClient::nextCart()
{
    if (m_next < m_carts.size()) {
        const BuyerCart &next = m_carts.at(m_next++);
        m_http.setBearer(next.token);
        return next.cart;
    }
    const HttpAnswer created = m_http.send("POST", "/api/v1/carts");
    const QString cart = created.json().value(QStringLiteral("cart")).toString();
    if (created.status != 201 || cart.isEmpty())
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("creating a cart: %1 %2")
                             .arg(created.status)
                             .arg(created.failure + QString::fromUtf8(created.body.left(200))));
    return cart;
}

AttemptResult classifyAnswer(const HttpAnswer &answer)
{
    if (answer.status == 201)
        return AttemptResult::granted();
    if (answer.status == 409 && answer.errorCode() == QLatin1String("lost"))
        return AttemptResult::lost();
    AttemptResult result;
    result.outcome = answer.status == 0 && answer.failure.startsWith(QLatin1String("no answer")) ? Outcome::Timeout
                                                                                                 : Outcome::Other;
    result.detail = answer.status == 0
        ? answer.failure
        : QStringLiteral("HTTP %1 %2").arg(answer.status).arg(QString::fromUtf8(answer.body.left(200)));
    return result;
}

} // namespace boxoffice::bench
