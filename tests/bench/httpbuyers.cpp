#include "httpbuyers.h"

#include "storage/pgarrays.h"
#include "storage/pgbuyerstore.h"
#include "storage/sqlerrors.h"

#include <QSqlQuery>

namespace boxoffice::bench {

namespace {

// One statement for every cart of a run: tens of thousands of rows in one round trip.
constexpr char makeCartsSql[] = R"SQL(
INSERT INTO buyer_carts (cart_id, buyer_id)
SELECT CAST(:prefix AS text) || '-' || b.client || '-' || n, b.id
FROM unnest(CAST(:buyers AS bigint[])) WITH ORDINALITY AS b(id, client),
     generate_series(1, CAST(:per AS integer)) AS n
)SQL";

} // namespace

Status HttpBuyers::ensure(QSqlDatabase database, int count)
{
    PgBuyerStore store(database);
    while (m_ids.size() < count) {
        auto buyer = store.addBuyer(QStringLiteral("bench web buyer %1").arg(m_ids.size() + 1));
        if (!buyer)
            return buyer.error();
        m_ids << buyer->buyer.id;
        m_tokens << buyer->token;
    }
    return Done{};
}

Status HttpBuyers::makeCarts(QSqlDatabase database, const QString &prefix, int clients, int perClient)
{
    QSqlQuery query(database);
    query.prepare(QString::fromUtf8(makeCartsSql));
    query.bindValue(QStringLiteral(":prefix"), prefix);
    query.bindValue(QStringLiteral(":buyers"), toBigintArray(m_ids.mid(0, clients)));
    query.bindValue(QStringLiteral(":per"), perClient);
    if (!query.exec())
        return fromSqlError(query.lastError(), QStringLiteral("making the web buyers' carts"));
    m_prefix = prefix;
    m_perClient = perClient;
    return Done{};
}

QStringList HttpBuyers::carts(int client) const
{
    QStringList carts;
    carts.reserve(m_perClient);
    // WITH ORDINALITY counts from 1.
    for (int n = 1; n <= m_perClient; ++n)
        carts << QStringLiteral("%1-%2-%3").arg(m_prefix).arg(client + 1).arg(n);
    return carts;
}

HttpBuyerClient::HttpBuyerClient(const QString &host, quint16 port, const QString &token, QStringList carts)
    : m_http(host, port), m_carts(std::move(carts))
{
    m_http.setBearer(token);
}

Result<CartId> HttpBuyerClient::nextCart()
{
    if (m_next < m_carts.size())
        return m_carts.at(m_next++);
    const HttpAnswer created = m_http.send("POST", "/api/v1/carts");
    const QString cart = created.json().value(QStringLiteral("cart")).toString();
    if (created.status != 201 || cart.isEmpty())
        return makeError(ErrorCode::Unavailable, QStringLiteral("creating a cart: %1 %2")
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
    result.detail = answer.status == 0 ? answer.failure
                                       : QStringLiteral("HTTP %1 %2").arg(answer.status).arg(QString::fromUtf8(answer.body.left(200)));
    return result;
}

} // namespace boxoffice::bench
