#pragma once

#include "httpserver.h"

namespace boxoffice::fakepay {

class BrowserAccess;
class ChargePlan;
class Ledger;
class SearchIndex;
class StripeObjects;
class WebhookDispatcher;

// /control/*: the test's own API, not Stripe's (JSON bodies, no key), to make the fake misbehave and
// to read what it holds:
//   POST /control/behaviour      {"next": [...], "slow_ms", "hang_ms"} (ChargePlan)
//   POST /control/webhooks       {"duplicate", "delay_ms", "reorder", "paused"}
//   POST /control/webhooks/flush sends what is held
//   POST /control/browsers       {"allow_origin": "https://..."}
//   POST /control/search         {"lag_ms": n}: search sees each change n ms late
//   GET  /control/state          intents ("charges"), refunds, deliveries, settings
class ControlApi
{
public:
    ControlApi(ChargePlan *plan, WebhookDispatcher *webhooks, BrowserAccess *browsers, SearchIndex *searchIndex,
               const Ledger *ledger, const StripeObjects *objects);

    void handle(const QString &path, const HttpRequest &request, const HttpResponder &responder);

private:
    QJsonObject state() const;

    ChargePlan *m_plan;
    WebhookDispatcher *m_webhooks;
    BrowserAccess *m_browsers;
    SearchIndex *m_searchIndex;
    const Ledger *m_ledger;
    const StripeObjects *m_objects;
};

} // namespace boxoffice::fakepay
