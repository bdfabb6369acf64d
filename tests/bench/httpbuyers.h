#pragma once

#include "clientcontext.h"
#include "outcome.h"

#include "app/ctl/simulatehttp.h"
#include "domain/result.h"

#include <QSqlDatabase>
#include <QStringList>
#include <QVector>

#include <memory>

namespace boxoffice::bench {

// The web buyers of the HTTP scenarios: one account per client, made once and reused by every run of
// the scenario, and carts made straight in the database before each run (so the measured window holds
// claims only). The events and pools the bench creates have no caps, so no buyer is ever refused for
// holding too much.
class HttpBuyers
{
public:
    // At least `count` buyers exist afterwards.
    Status ensure(QSqlDatabase database, int count);
    // `perClient` fresh carts for each of the first `clients` buyers, named "<prefix>-<client>-<n>".
    Status makeCarts(QSqlDatabase database, const QString &prefix, int clients, int perClient);

    const QString &token(int client) const { return m_tokens.at(client); }
    QStringList carts(int client) const;

private:
    QVector<qint64> m_ids;
    QStringList m_tokens;
    QString m_prefix;
    int m_perClient = 0;
};

// A client of an HTTP scenario: its buyer's keep-alive connection and the carts it may use.
class HttpBuyerClient final : public ClientState
{
public:
    HttpBuyerClient(const QString &host, quint16 port, const QString &token, QStringList carts);

    KeepAliveHttp &http() { return m_http; }
    // The next unused cart; when every prepared one is used, one more made through the API (rare: the
    // prepared count covers three times a client's fair share of the run).
    Result<CartId> nextCart();

private:
    KeepAliveHttp m_http;
    QStringList m_carts;
    int m_next = 0;
};

// 201: granted; 409 "lost": lost (the unit or place went to someone else); anything else an error
// with the server's words.
AttemptResult classifyAnswer(const HttpAnswer &answer);

} // namespace boxoffice::bench
