#pragma once

#include "clientcontext.h"
#include "outcome.h"

#include "app/ctl/simulatehttp.h"
#include "domain/result.h"

#include <QSqlDatabase>
#include <QStringList>
#include <QVector>

namespace boxoffice::bench {

// A cart and the token of the web buyer who owns it.
struct BuyerCart
{
    CartId cart;
    QString token;
};

// The web buyers of one run of an HTTP scenario, made before the run (so the measured window holds
// claims only): a few carts per buyer, as in a real rush, and fresh buyers for every run. One account
// with thousands of carts would measure the per-buyer cap count over all of them instead, a cost no
// real buyer causes. The bench's events and pools have no caps, so nobody is refused for holding much.
class HttpBuyers
{
public:
    static constexpr int cartsPerBuyer = 16;

    // At least `perClient` carts for each of `clients` clients, under buyers of their own.
    Status make(QSqlDatabase database, const QString &prefix, int clients, int perClient);
    QVector<BuyerCart> carts(int client) const;

private:
    QStringList m_tokens;
    QString m_prefix;
    int m_buyersPerClient = 0;
};

// A client of an HTTP scenario: one keep-alive connection, over which its buyers take turns.
class HttpBuyerClient final : public ClientState
{
public:
    HttpBuyerClient(const QString &host, quint16 port, QVector<BuyerCart> carts);

    KeepAliveHttp &http() { return m_http; }
    // The next unused cart, its buyer signed in on the connection; when every prepared one is used,
    // one more made through the API by the last buyer (rare: the prepared count covers three times a
    // client's fair share of the run).
    Result<CartId> nextCart();

private:
    KeepAliveHttp m_http;
    QVector<BuyerCart> m_carts;
    int m_next = 0;
};

// 201: granted; 409 "lost": lost (the unit or place went to someone else); anything else an error
// with the server's words.
AttemptResult classifyAnswer(const HttpAnswer &answer);

} // namespace boxoffice::bench
