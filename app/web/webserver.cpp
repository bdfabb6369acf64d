#include "webserver.h"

#include "ratelimitmemory.h"
#include "webfront.h"
#include "weblanes.h"
#include "weblogging.h"
#include "workerpool.h"

#include "accounts/sodiumpasswords.h"
#include "payments/httppaymentprovider.h"

#include <QMetaObject>
#include <QThread>

namespace boxoffice::web {

WebServer::WebServer(WebConfig config, SharedState shared, QObject *parent)
    : QObject(parent), m_services(std::make_unique<WebServices>(std::move(config), std::move(shared)))
{
    const WebConfig &cfg = m_services->config;
    if (!cfg.providerUrl.isEmpty())
        m_services->provider
            = std::make_unique<HttpPaymentProvider>(cfg.providerUrl, cfg.providerKey, cfg.providerTimeoutMs);
    if (!cfg.providerPublishableKey.isEmpty()) {
        const QUrl publicUrl = cfg.providerPublicUrl.isEmpty() ? cfg.providerUrl : cfg.providerPublicUrl;
        m_services->browserProviderOrigin
            = publicUrl.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment)
                  .toString(QUrl::StripTrailingSlash)
                  .toLatin1();
    }
    std::shared_ptr<RateCounters> counters = m_services->shared.rateCounters;
    if (!counters)
        counters = std::make_shared<MemoryRateCounters>();
    m_services->limits = std::make_unique<RequestLimits>(std::move(counters), cfg.maxCartsPerMinute,
                                                         cfg.maxFailedSignInsPerMinute, cfg.maxQueueJoinsPerMinute);
    m_lanes = std::make_unique<WebLanes>(cfg);
    m_services->lanes = m_lanes.get();
    // The batchers let as many holds wait as the claim lane would: its connections and its queue.
    const int batchWaitLimit = cfg.claimConnectionCount() + cfg.claimQueueLimit;
    m_services->poolBatcher = std::make_unique<PoolHoldBatcher>(PoolHoldBatcher::Options{500, 1, batchWaitLimit});
    if (cfg.seatBatching)
        m_services->seatBatcher = std::make_unique<SeatHoldBatcher>(SeatHoldBatcher::Options{200, 1, batchWaitLimit});
    m_services->passwords = std::make_unique<SodiumPasswords>();
    WebLanes *lanes = m_lanes.get();
    AccountSettings accountSettings;
    accountSettings.publicUrl = cfg.publicUrl.toString(QUrl::StripTrailingSlash);
    accountSettings.shopName = cfg.shopName;
    m_services->accounts = std::make_unique<AccountService>(
        [lanes](const AccountWork &work) -> Status {
            // On a lane thread with a connection (a read or a claim): its own; from a thread with none
            // (the provider lane, where passwords are hashed): a claim connection, for these rows only.
            if (WorkerContext *here = WorkerPool::currentContext())
                return work(*here->accounts, *here->unitOfWork);
            std::optional<Status> outcome;
            const Status ran = lanes->onClaim([&](WorkerContext &claimContext) {
                outcome.emplace(work(*claimContext.accounts, *claimContext.unitOfWork));
                if (!outcome->ok() && outcome->error().code == ErrorCode::Unavailable)
                    claimContext.broken = true;
            });
            return ran ? *outcome : ran;
        },
        *m_services->passwords, accountSettings);
    WorkerPool *claim = &m_lanes->claim();
    m_services->admission->start(cfg.database, cfg.onSaleRefreshMs, &m_services->metrics,
                                 [claim] { return claim->size() > 0 ? double(claim->busy()) / claim->size() : 0.0; });

    // More specific patterns first.
    for (const auto &routes : {queueRoutes(*m_services), healthRoutes(*m_services), accountRoutes(*m_services),
                               bestAvailableRoutes(*m_services), paymentConfigRoutes(*m_services),
                               eventRoutes(*m_services), cartRoutes(*m_services), orderRoutes(*m_services),
                               webhookRoutes(*m_services), pageRoutes(*m_services), shapeRoutes(*m_services)})
        m_routes += routes;

    // The first front answers on this object's thread, as a one-front server always did; each of the
    // others gets a thread of its own.
    m_services->metrics.setHttpThreads(cfg.httpThreadCount());
    m_fronts.push_back(new WebFront(*m_services, *m_lanes, m_routes, 0));
    for (int index = 1; index < cfg.httpThreadCount(); ++index) {
        auto *thread = new QThread;
        thread->setObjectName(QStringLiteral("http-front-%1").arg(index));
        auto *front = new WebFront(*m_services, *m_lanes, m_routes, index);
        front->moveToThread(thread);
        thread->start();
        m_frontThreads.push_back(thread);
        m_fronts.push_back(front);
    }
}

WebServer::~WebServer()
{
    // Fronts first, each on its own thread, so no request reaches the lanes while they wind down;
    // a job still running then posts its answer to a closed mailbox, which drops it.
    for (std::size_t index = 1; index < m_fronts.size(); ++index) {
        WebFront *front = m_fronts[index];
        QMetaObject::invokeMethod(
            front, [front] { delete front; }, Qt::BlockingQueuedConnection);
        QThread *thread = m_frontThreads[index - 1];
        thread->quit();
        thread->wait();
        delete thread;
    }
    delete m_fronts.front();
    m_fronts.clear();
    m_services->admission->stop(); // it samples the claim lane
    // Jobs still running finish first.
    m_lanes.reset();
}

Status WebServer::listen()
{
    const QHostAddress address = m_services->config.listen;
    if (Status first = m_fronts.front()->listen(address, m_services->config.port, true); !first)
        return first;
    const quint16 chosen = m_fronts.front()->port();
    // Links in account mails point here unless --public-url says otherwise. Set before the other fronts
    // listen, and while the first one's thread (this one) is busy here: no request reads it meanwhile.
    if (m_services->config.publicUrl.isEmpty())
        m_services->accounts->setPublicUrl(baseUrl().toString());
    for (std::size_t index = 1; index < m_fronts.size(); ++index) {
        WebFront *front = m_fronts[index];
        Status listening = Done{};
        QMetaObject::invokeMethod(
            front, [&] { listening = front->listen(address, chosen, false); }, Qt::BlockingQueuedConnection);
        if (!listening)
            return listening;
    }
    qCInfo(lcWeb).noquote() << QStringLiteral("%1 HTTP thread(s) share port %2").arg(m_fronts.size()).arg(chosen);
    return Done{};
}

quint16 WebServer::port() const
{
    return m_fronts.front()->port();
}

QUrl WebServer::baseUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    const QHostAddress address = m_fronts.front()->address();
    url.setHost(address.isNull() ? QStringLiteral("127.0.0.1") : address.toString());
    url.setPort(port());
    return url;
}

} // namespace boxoffice::web
