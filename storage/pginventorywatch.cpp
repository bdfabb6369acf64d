#include "storage/pginventorywatch.h"

#include "storage/databaseconnection.h"
#include "storage/logging.h"
#include "storage/sqlerrors.h"

#include <QSqlDriver>
#include <QSqlQuery>
#include <QTimer>

namespace boxoffice {

namespace {

// Any fixed number, as long as nothing else in the database uses it for a session advisory lock.
constexpr qint64 relayLockKey = 0x626f78'72656c6179; // "boxrelay"

} // namespace

PgInventoryWatch::PgInventoryWatch(ConnectionSettings settings, InventoryWatchTiming timing)
    : m_settings(std::move(settings)), m_timing(timing)
{ }

PgInventoryWatch::~PgInventoryWatch() = default;

void PgInventoryWatch::start()
{
    m_relayTimer = new QTimer(this);
    m_relayTimer->setInterval(m_timing.relayMs);
    connect(m_relayTimer, &QTimer::timeout, this, &PgInventoryWatch::relay);
    m_fallbackTimer = new QTimer(this);
    m_fallbackTimer->setInterval(m_timing.fallbackMs);
    connect(m_fallbackTimer, &QTimer::timeout, this, [this] {
        if (m_connection)
            emit inventoryChanged();
    });
    m_leadTimer = new QTimer(this);
    m_leadTimer->setInterval(m_timing.leadRetryMs);
    connect(m_leadTimer, &QTimer::timeout, this, &PgInventoryWatch::tryToLead);
    m_reconnectTimer = new QTimer(this);
    m_reconnectTimer->setInterval(m_timing.reconnectMs);
    connect(m_reconnectTimer, &QTimer::timeout, this, &PgInventoryWatch::connectToServer);
    connectToServer();
}

void PgInventoryWatch::stop()
{
    m_relayTimer->stop();
    m_fallbackTimer->stop();
    m_leadTimer->stop();
    m_reconnectTimer->stop();
    m_connection.reset();
}

void PgInventoryWatch::restartAs(const ConnectionSettings &settings)
{
    stop();
    m_leader = false;
    m_settings = settings;
    connectToServer();
}

void PgInventoryWatch::connectToServer()
{
    auto connection = DatabaseConnection::open(m_settings, QStringLiteral("watch"));
    if (!connection) {
        if (!m_lost)
            lose(connection.error().message);
        return;
    }
    m_connection = std::move(connection.value());
    QSqlDriver *driver = m_connection->database().driver();
    connect(driver, &QSqlDriver::notification, this,
            [this](const QString &name, QSqlDriver::NotificationSource, const QVariant &) { onNotification(name); });
    if (!driver->subscribeToNotification(QString::fromLatin1(channel))) {
        const QString reason = driver->lastError().text();
        m_connection.reset();
        lose(reason);
        return;
    }
    m_reconnectTimer->stop();
    m_leader = false;
    m_lastAnnounced = -1;
    m_fallbackTimer->start();
    m_leadTimer->start();
    m_relayTimer->start();
    tryToLead();
    if (m_lost) {
        m_lost = false;
        qCInfo(lcStorage) << "inventory watch: connection restored";
        emit connectionRestored();
    }
}

void PgInventoryWatch::tryToLead()
{
    if (!m_connection || m_leader)
        return;
    QSqlQuery query(m_connection->database());
    query.prepare(QStringLiteral("SELECT pg_try_advisory_lock(:key)"));
    query.bindValue(QStringLiteral(":key"), relayLockKey);
    if (!query.exec() || !query.next()) {
        lose(query.lastError().text());
        return;
    }
    m_leader = query.value(0).toBool();
    if (m_leader)
        qCInfo(lcStorage) << "inventory watch: this terminal relays change notifications";
}

void PgInventoryWatch::relay()
{
    if (!m_connection || !m_leader)
        return;
    QSqlQuery newest(m_connection->database());
    if (!newest.exec(QStringLiteral("SELECT COALESCE(max(id), 0) FROM inventory_audit")) || !newest.next()) {
        lose(newest.lastError().text());
        return;
    }
    const qint64 id = newest.value(0).toLongLong();
    if (id == m_lastAnnounced)
        return;
    m_lastAnnounced = id;
    QSqlQuery notify(m_connection->database());
    notify.prepare(QStringLiteral("SELECT pg_notify(:channel, :payload)"));
    notify.bindValue(QStringLiteral(":channel"), QString::fromLatin1(channel));
    notify.bindValue(QStringLiteral(":payload"), QString::number(id));
    if (!notify.exec())
        lose(notify.lastError().text());
}

void PgInventoryWatch::onNotification(const QString &name)
{
    if (name == QLatin1String(channel))
        emit inventoryChanged();
}

void PgInventoryWatch::lose(const QString &reason)
{
    qCWarning(lcStorage) << "inventory watch: connection lost:" << reason;
    m_relayTimer->stop();
    m_fallbackTimer->stop();
    m_leadTimer->stop();
    m_connection.reset();
    m_leader = false;
    if (!m_lost) {
        m_lost = true;
        emit connectionLost(reason);
    }
    m_reconnectTimer->start();
}

InventoryWatchThread::InventoryWatchThread(ConnectionSettings settings, InventoryWatchTiming timing)
    : m_watch(new PgInventoryWatch(std::move(settings), timing))
{
    m_thread.setObjectName(QStringLiteral("inventory-watch"));
    m_watch->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_watch, &QObject::deleteLater);
}

void InventoryWatchThread::start()
{
    m_thread.start();
    QMetaObject::invokeMethod(m_watch, &PgInventoryWatch::start, Qt::QueuedConnection);
}

void InventoryWatchThread::stop()
{
    if (m_thread.isRunning())
        QMetaObject::invokeMethod(m_watch, &PgInventoryWatch::stop, Qt::BlockingQueuedConnection);
}

void InventoryWatchThread::restartAs(const ConnectionSettings &settings)
{
    if (!m_thread.isRunning())
        return;
    PgInventoryWatch *watch = m_watch;
    QMetaObject::invokeMethod(
        m_watch, [watch, settings] { watch->restartAs(settings); }, Qt::QueuedConnection);
}

InventoryWatchThread::~InventoryWatchThread()
{
    if (m_thread.isRunning()) {
        QMetaObject::invokeMethod(m_watch, &PgInventoryWatch::stop, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    } else {
        delete m_watch;
    }
}

} // namespace boxoffice
