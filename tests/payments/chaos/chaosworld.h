#pragma once

#include "domain/frontdeskservice.h"
#include "domain/hotel.h"
#include "domain/timeslots.h"
#include "payments/httppaymentprovider.h"
#include "storage/connectionsettings.h"
#include "storage/databaseconnection.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/pgunitofwork.h"

#include <QJsonObject>
#include <QThread>
#include <QUrl>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace boxoffice::test {

class ChaosStats;
class TestDatabase;
class FakePayProcess;

// What every thread of a chaos run shares, read-only once the run starts: the inventory (a hall of
// seats, a GA pool, a hotel whose rooms may be overbooked, a restaurant), the provider and the logins.
struct ChaosWorld
{
    static constexpr int providerTimeoutMs = 1200;
    static constexpr int hangMs = 1800; // past the client's timeout: the charge lands, the answer is lost
    static constexpr int hotelNights = 40;
    static constexpr int restaurantDays = 20;
    static inline const QString providerName = QStringLiteral("fakepay");
    static inline const QByteArray apiKey = "sk_test_chaos";
    static inline const QByteArray webhookSecret = "whsec_chaos";

    ConnectionSettings settings;
    QString ctlProgram;
    QUrl providerUrl;
    FakePayProcess *fakepay = nullptr;
    QString clerkLogin;
    QString clerkPassword;

    EventId event = 0;
    QVector<UnitId> seats;
    PoolId pool = 0;
    HotelId hotel = 0;
    qint64 partner = 0; // the hotel's partner property, where a walked guest goes
    QVector<RoomTypeSummary> roomTypes; // by rank, worst first
    RestaurantId restaurant = 0;

    // Late-answer operations in their window: while any is, the reconciliation job and the provider's
    // webhook delivery count as down (an outage), so nothing settles or re-pins those orders early.
    mutable std::atomic<int> outages{0};

    // Loads the inventory into the suite's database. Empty on success, else why not.
    QString load(TestDatabase &db);
    // The fake provider's control endpoints, from any thread (each call its own connection).
    QJsonObject control(const QString &path, const QJsonObject &body = {}, bool post = true) const;
    void behave(const QString &next) const;
};

// One thread's connection and everything on it. Opened and used in that thread only.
struct ChaosSession
{
    // Signs in as the suite's owner (a manager's rights and more), or as `login` when given.
    static std::unique_ptr<ChaosSession> open(const ChaosWorld &world, const QString &purpose,
                                              const QString &login = {}, const QString &password = {},
                                              QString *error = nullptr);

    std::unique_ptr<DatabaseConnection> connection; // declared first: it goes last
    std::unique_ptr<PgInventory> inventory;
    std::unique_ptr<PgCheckoutStore> store;
    std::unique_ptr<PgFrontDesk> frontDeskStore;
    std::unique_ptr<PgCounterSales> counter;
    std::unique_ptr<PgUnitOfWork> unit;
    std::unique_ptr<FrontDeskService> frontDesk; // the desk's use-cases, as the panel calls them
    std::unique_ptr<HttpPaymentProvider> provider;

    QSqlDatabase database() const { return connection->database(); }
};

// The provider's webhooks, received on loopback and applied with PaymentWebhooks on a thread (and
// connection) of their own, as the web channel would. Deliveries are counted in the stats; an error
// no genuine delivery should meet is a failure.
class WebhookThread : public QThread
{
public:
    WebhookThread(const ChaosWorld &world, ChaosStats &stats);
    // Waits until the receiver listens; empty on failure (`error` says why).
    QString startListening(QString *error);

protected:
    void run() override;

private:
    const ChaosWorld &m_world;
    ChaosStats &m_stats;
    std::mutex m_mutex;
    std::condition_variable m_readyChanged;
    QString m_url;
    QString m_error;
    bool m_ready = false;
};

} // namespace boxoffice::test
