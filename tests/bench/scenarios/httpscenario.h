#pragma once

#include "httpbuyers.h"
#include "httpwebprocess.h"
#include "scenario.h"

#include <memory>

namespace boxoffice::bench {

// What the HTTP scenarios share: a real boxoffice-web started on first use, a keep-alive connection
// per client, and `cartsPerClient` carts for each made before the run (HttpBuyers).
class HttpScenario : public Scenario
{
public:
    bool connectsClients() const override { return false; }
    Status prepareClients(QSqlDatabase database, int clients) override;
    Status openClient(ClientContext &client) override;

protected:
    virtual int cartsPerClient(int clients) const = 0;

private:
    std::shared_ptr<HttpWebProcess> m_web;
    HttpBuyers m_buyers;
    int m_runs = 0;
};

} // namespace boxoffice::bench
