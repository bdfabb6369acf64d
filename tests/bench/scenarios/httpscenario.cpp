#include "httpscenario.h"

namespace boxoffice::bench {

Status HttpScenario::prepareClients(QSqlDatabase database, int clients)
{
    if (!m_web) {
        ConnectionSettings settings;
        settings.host = database.hostName();
        settings.port = database.port();
        settings.database = database.databaseName();
        settings.user = database.userName();
        settings.password = database.password();
        auto web = HttpWebProcess::shared(settings);
        if (!web)
            return web.error();
        m_web = web.value();
    }
    return m_buyers.make(database, QStringLiteral("%1-r%2").arg(name()).arg(++m_runs), clients,
                         cartsPerClient(clients));
}

Status HttpScenario::openClient(ClientContext &client)
{
    auto state = std::make_unique<HttpBuyerClient>(m_web->host(), m_web->port(), m_buyers.carts(client.index()));
    // Connected and signed in before the start barrier: the window measures holds, not handshakes.
    const HttpAnswer health = state->http().send("GET", "/healthz");
    if (health.status != 200)
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("boxoffice-web: %1 %2")
                             .arg(health.status)
                             .arg(health.failure + QString::fromUtf8(health.body.left(200))));
    client.setState(std::move(state));
    return Done{};
}

} // namespace boxoffice::bench
