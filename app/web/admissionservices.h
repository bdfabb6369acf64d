#pragma once

#include "domain/admissionmemorystore.h"
#include "domain/admissiononsalestore.h"
#include "domain/admissionrate.h"
#include "domain/admissiontoken.h"
#include "domain/admissionwaitingroom.h"
#include "storage/connectionsettings.h"

#include <QHash>
#include <QMutex>
#include <QReadWriteLock>
#include <QThread>
#include <QWaitCondition>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace boxoffice::web {

class WebMetrics;

// The operators' on-sales as this web server knows them: re-read every few seconds off the request
// path, so a hold asks memory, never the database, whether its event needs an admission token.
class OnSaleCache
{
public:
    std::optional<OnSale> forEvent(EventId event) const;
    std::optional<OnSale> forPool(qint64 pool) const;
    void replace(const QVector<OnSaleEntry> &entries);

private:
    mutable QReadWriteLock m_lock;
    QHash<EventId, OnSale> m_sales;
    QHash<qint64, EventId> m_pools;
};

// The waiting room's parts for the routes: the signer (one secret shared by every web server), the
// queue (in memory, or the store it is given: Redis), the on-sales, and the admitter's automatic rate.
class AdmissionServices
{
public:
    // `store`: the shared waiting room (Redis), or null for one in this server's memory. An empty
    // `secret` gets a random one: tokens then hold on this server only (logged as a warning).
    AdmissionServices(QByteArray secret, WaitingRoomStore *store = nullptr);
    ~AdmissionServices();

    // Reads the on-sales now (waiting up to a few seconds for the first read) and then every
    // `intervalMs` on a thread of its own with its own connection; samples the claim rate as it goes.
    void start(const ConnectionSettings &database, int intervalMs, const WebMetrics *metrics,
               std::function<double()> poolBusy);
    void stop(); // before whatever start() was given goes away

    const AdmissionSigner &signer() const { return m_signer; }
    WaitingRoom &room() { return *m_room; }
    const OnSaleCache &onSales() const { return m_onSales; }
    // Admissions a second for `sale`: the operator's, or the automatic one.
    double rateFor(const OnSale &sale) const;

private:
    class Refresher;

    AdmissionSigner m_signer;
    std::unique_ptr<MemoryWaitingRoomStore> m_ownStore;
    WaitingRoomStore *m_store = nullptr;
    std::unique_ptr<WaitingRoom> m_room;
    OnSaleCache m_onSales;
    std::atomic<double> m_automaticRate{AdmissionRateRules::start};
    std::unique_ptr<Refresher> m_refresher;
};

} // namespace boxoffice::web
