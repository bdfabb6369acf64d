#include "workerservice.h"

#include "databaselink.h"
#include "workermetrics.h"
#include "workerpass.h"

#include "app/service/servicenotifier.h"
#include "app/service/stopsignals.h"
#include "storage/pgaccountstore.h"
#include "storage/pginventory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLoggingCategory>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QTimer>

#include <atomic>

Q_LOGGING_CATEGORY(lcWorker, "boxoffice.worker", QtInfoMsg)

namespace boxoffice::ctl {

namespace {

std::atomic<bool> stopRequested{false};

// Sleeps until the next round, or until the database says there is new work (migration 046's
// triggers notify "boxoffice_worker" when an outbox event or a mail is inserted), or a stop signal.
// Without the notification (it failed to subscribe) the worker still polls every interval.
class WorkerWakeUp : public QObject
{
public:
    explicit WorkerWakeUp(QSqlDatabase database) : m_database(std::move(database))
    {
        QSqlDriver *driver = m_database.driver();
        if (driver && driver->subscribeToNotification(QStringLiteral("boxoffice_worker")))
            connect(driver, &QSqlDriver::notification, this, [this] { m_loop.quit(); });
        else
            qCWarning(lcWorker) << "could not LISTEN for new work; polling every interval";
        m_round.setSingleShot(true);
        connect(&m_round, &QTimer::timeout, &m_loop, &QEventLoop::quit);
    }
    ~WorkerWakeUp() override
    {
        if (QSqlDriver *driver = m_database.driver())
            driver->unsubscribeFromNotification(QStringLiteral("boxoffice_worker"));
    }
    void waitAtMost(int milliseconds)
    {
        if (stopRequested)
            return;
        m_round.start(milliseconds);
        m_loop.exec();
        m_round.stop();
    }
    QEventLoop &loop() { return m_loop; }

private:
    QSqlDatabase m_database;
    QEventLoop m_loop;
    QTimer m_round;
};

// Everything that lives on one database connection; rebuilt whole after a reconnect, since a QPSQL
// connection that lost its server does not come back.
struct ConnectedWorker
{
    ConnectedWorker(QSqlDatabase database, const WorkerServiceOptions &options)
        : database(database), inventory(database), store(database, inventory.carts), tickets(database, inventory.carts),
          issuer(database, tickets), accounts(database), wakeUp(database)
    {
        if (options.smtp) {
            mail.spool = std::make_unique<PgMailSpool>(database);
            mail.transport = std::make_unique<SmtpTransport>(*options.smtp);
            mail.delivery = std::make_unique<MailDelivery>(*mail.spool, *mail.transport,
                                                           MailDelivery::Options{options.smtp->from});
        }
    }

    QSqlDatabase database;
    PgInventory inventory;
    PgCheckoutStore store;
    PgCounterSales tickets;
    PgTicketIssuer issuer;
    PgAccountStore accounts;
    MailSending mail;
    WorkerWakeUp wakeUp;
};

bool stillConnected(QSqlDatabase database)
{
    QSqlQuery probe(database);
    return probe.exec(QStringLiteral("SELECT 1"));
}

void logPass(const WorkerPass &pass)
{
    if (!pass.failure.isEmpty())
        qCWarning(lcWorker).noquote() << "pass failed:" << pass.failure;
    if (pass.counts.failed > 0)
        qCWarning(lcWorker).noquote() << countsText(pass.counts);
    else if (pass.counts.total() > 0 || pass.counts.stillUnknown > 0 || pass.issued > 0)
        qCInfo(lcWorker).noquote() << countsText(pass.counts)
                                   << QStringLiteral("Tickets issued for %1 order(s).").arg(pass.issued);
    if (pass.mail.sent + pass.mail.retried + pass.mail.givenUp > 0)
        qCInfo(lcWorker).noquote() << mailText(pass.mail);
}

} // namespace

int runWorkerService(const WorkerServiceOptions &options)
{
    ServiceNotifier notifier;
    WorkerProcessFigures figures;
    std::unique_ptr<WorkerMetricsServer> metrics;
    if (options.metricsPort != 0 || !options.metricsAddress.isNull()) {
        metrics = std::make_unique<WorkerMetricsServer>(options.database, figures, options.intervalSeconds);
        auto listening = metrics->listen(options.metricsAddress, options.metricsPort);
        if (!listening) {
            qCCritical(lcWorker).noquote() << listening.error().message;
            return 1;
        }
        qCInfo(lcWorker).noquote()
            << "metrics on"
            << QStringLiteral("http://%1:%2/metrics").arg(options.metricsAddress.toString()).arg(listening.value());
    }
    DatabaseLink link(options.database, QStringLiteral("worker"));
    std::unique_ptr<ConnectedWorker> connected;
    QEventLoop idle; // waits between reconnect attempts, when there is no connection to LISTEN on
    stopOnSignals([&] {
        stopRequested = true;
        if (connected)
            connected->wakeUp.loop().quit();
        idle.quit();
    });
    notifier.startWatchdog();
    bool announced = false;
    // Woken by new work, the worker issues and sends at once, but asks the provider for its list of
    // charges only once a round: a rush of payments must not become a rush of reconciliations.
    QElapsedTimer sinceReconcile;
    while (!stopRequested) {
        if (!connected) {
            DatabaseConnection *connection = link.get();
            if (!connection) {
                figures.connected = false;
                notifier.status(QStringLiteral("Waiting for the database"));
                QTimer::singleShot(std::max(link.msUntilRetry(), 100), &idle, &QEventLoop::quit);
                idle.exec();
                continue;
            }
            connected = std::make_unique<ConnectedWorker>(connection->database(), options);
            figures.connected = true;
            if (announced)
                ++figures.reconnects;
        }
        if (!announced) {
            announced = true;
            notifier.ready(QStringLiteral("Working: every %1 s and when woken").arg(options.intervalSeconds));
        }
        const bool reconcileDue
            = !sinceReconcile.isValid() || sinceReconcile.hasExpired(qint64(options.intervalSeconds) * 1000);
        if (reconcileDue) {
            sinceReconcile.start();
            // Once a round as well: ended sign-in sessions and mailed links, kept a day, then deleted.
            if (auto purged = connected->accounts.purgeExpired(); !purged)
                qCWarning(lcWorker).noquote() << "could not delete ended sessions:" << purged.error().message;
        }
        const WorkerPass pass = workOnce(connected->store, options.pollOutbox ? &connected->issuer : nullptr,
                                         reconcileDue ? options.provider : nullptr,
                                         connected->mail.delivery ? &connected->mail : nullptr);
        figures.recordPass(pass.failure.isEmpty(), pass.counts.failed);
        logPass(pass);
        notifier.alive();
        if (!pass.failure.isEmpty() && !stillConnected(connected->database)) {
            qCWarning(lcWorker) << "lost the database; reconnecting";
            notifier.status(QStringLiteral("Reconnecting to the database"));
            connected.reset();
            link.drop(pass.failureError);
            sinceReconcile.invalidate(); // what failed is tried again first thing
            continue;
        }
        notifier.status(QStringLiteral("Idle: last pass %1")
                            .arg(pass.failure.isEmpty() ? QStringLiteral("fine") : QStringLiteral("failed")));
        connected->wakeUp.waitAtMost(options.intervalSeconds * 1000);
    }
    notifier.stopping();
    qCInfo(lcWorker) << "stopped";
    return 0;
}

} // namespace boxoffice::ctl
