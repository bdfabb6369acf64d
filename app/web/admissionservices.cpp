#include "admissionservices.h"

#include "weblogging.h"
#include "webmetrics.h"

#include "domain/admissionrate.h"
#include "storage/databaseconnection.h"
#include "storage/pgonsalestore.h"

#include <QElapsedTimer>
#include <QSemaphore>

namespace boxoffice::web {

std::optional<OnSale> OnSaleCache::forEvent(EventId event) const
{
    QReadLocker lock(&m_lock);
    const auto found = m_sales.constFind(event);
    if (found == m_sales.constEnd())
        return std::nullopt;
    return found.value();
}

std::optional<OnSale> OnSaleCache::forPool(qint64 pool) const
{
    QReadLocker lock(&m_lock);
    const auto event = m_pools.constFind(pool);
    if (event == m_pools.constEnd())
        return std::nullopt;
    return m_sales.value(event.value());
}

void OnSaleCache::replace(const QVector<OnSaleEntry> &entries)
{
    QHash<EventId, OnSale> sales;
    QHash<qint64, EventId> pools;
    for (const OnSaleEntry &entry : entries) {
        sales.insert(entry.sale.event, entry.sale);
        for (qint64 pool : entry.pools)
            pools.insert(pool, entry.sale.event);
    }
    QWriteLocker lock(&m_lock);
    m_sales.swap(sales);
    m_pools.swap(pools);
}

// One thread, one connection: the on-sales re-read and the claim rate sampled every interval.
class AdmissionServices::Refresher final : public QThread
{
public:
    Refresher(AdmissionServices &owner, ConnectionSettings database, int intervalMs, const WebMetrics *metrics,
              std::function<double()> poolBusy)
        : m_owner(owner), m_database(std::move(database)), m_intervalMs(qMax(50, intervalMs)), m_metrics(metrics),
          m_poolBusy(std::move(poolBusy))
    { }

    void stop()
    {
        {
            QMutexLocker lock(&m_mutex);
            m_stopping = true;
            m_wake.wakeAll();
        }
        wait();
    }

    QSemaphore firstRead;

protected:
    void run() override
    {
        std::unique_ptr<DatabaseConnection> connection;
        std::unique_ptr<PgOnSaleStore> store;
        QElapsedTimer sampled;
        sampled.start();
        quint64 lastGranted = m_metrics ? m_metrics->holdsGranted() : 0;
        bool first = true;
        for (;;) {
            if (!store) {
                auto opened = DatabaseConnection::open(m_database, QStringLiteral("web-onsales"));
                if (opened) {
                    connection = std::move(opened).value();
                    store = std::make_unique<PgOnSaleStore>(connection->database());
                } else {
                    qCWarning(lcWeb).noquote() << "cannot read the on-sales:" << opened.error().message;
                }
            }
            if (store) {
                auto entries = store->onSales();
                if (entries) {
                    m_owner.m_onSales.replace(entries.value());
                } else {
                    // The last settings stay in force; the connection is opened afresh next time.
                    qCWarning(lcWeb).noquote()
                        << "cannot read the on-sales:" << entries.error().message << entries.error().detail;
                    store.reset();
                    connection.reset();
                }
            }
            if (first) {
                first = false;
                firstRead.release();
            }
            if (m_metrics && sampled.elapsed() > 0) {
                const quint64 granted = m_metrics->holdsGranted();
                AdmissionRateSample sample;
                sample.currentRate = m_owner.m_automaticRate.load();
                sample.grantedPerSecond = double(granted - lastGranted) * 1000.0 / double(sampled.elapsed());
                sample.poolBusy = m_poolBusy ? m_poolBusy() : 0;
                m_owner.m_automaticRate.store(nextAutomaticRate(sample));
                lastGranted = granted;
                sampled.restart();
            }
            QMutexLocker lock(&m_mutex);
            if (m_stopping)
                break;
            m_wake.wait(&m_mutex, QDeadlineTimer(m_intervalMs));
            if (m_stopping)
                break;
        }
        store.reset();
        connection.reset();
    }

private:
    AdmissionServices &m_owner;
    const ConnectionSettings m_database;
    const int m_intervalMs;
    const WebMetrics *m_metrics;
    const std::function<double()> m_poolBusy;
    QMutex m_mutex;
    QWaitCondition m_wake;
    bool m_stopping = false;
};

AdmissionServices::AdmissionServices(QByteArray secret, WaitingRoomStore *store)
    : m_signer(secret.isEmpty() ? AdmissionSigner::randomSecret() : secret)
{
    if (secret.isEmpty())
        qCWarning(lcWeb) << "no admission secret (BOXOFFICE_ADMISSION_SECRET): using a random one, so admission "
                            "tokens and queue tickets hold on this server only; several servers then disagree";
    if (!store) {
        m_ownStore = std::make_unique<MemoryWaitingRoomStore>();
        store = m_ownStore.get();
    }
    m_store = store;
    m_room = std::make_unique<WaitingRoom>(*m_store, m_signer);
}

AdmissionServices::~AdmissionServices()
{
    stop();
}

void AdmissionServices::start(const ConnectionSettings &database, int intervalMs, const WebMetrics *metrics,
                              std::function<double()> poolBusy)
{
    if (m_refresher)
        return;
    m_refresher = std::make_unique<Refresher>(*this, database, intervalMs, metrics, std::move(poolBusy));
    m_refresher->start();
    // Holds must not pass unchecked while the first read is under way; a database that does not
    // answer in time is retried by the thread, and logged there.
    if (!m_refresher->firstRead.tryAcquire(1, 10000))
        qCWarning(lcWeb) << "the on-sales were not read within 10 s: holds need no admission token until they are";
}

void AdmissionServices::stop()
{
    if (m_refresher) {
        m_refresher->stop();
        m_refresher.reset();
    }
}

double AdmissionServices::rateFor(const OnSale &sale) const
{
    return admissionRate(sale.admitPerSecond, m_automaticRate.load());
}

} // namespace boxoffice::web
