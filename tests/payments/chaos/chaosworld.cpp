#include "chaosworld.h"

#include "chaosstats.h"
#include "fakepayprocess.h"
#include "testdatabase.h"

#include "domain/poolservice.h"
#include "domain/reconciler.h"
#include "storage/propertyloader.h"

#include <QJsonDocument>

namespace boxoffice::test {

namespace {

// Small enough that the run fights over units (holds lost, seats reclaimed and replaced), large enough
// that refunds keep stock coming back over a long run. Standard rooms may be sold above the physical
// rooms, so there are arrivals at risk to move, upgrade or walk.
const char hotelJson[] = R"({"name": "Chaos Inn", "currency": "EUR", "hold_seconds": 600, "max_extensions": 1,
    "nights": 40, "room_types": [
      {"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 5, "sellable": 7},
      {"code": "DLX", "name": "Deluxe", "rank": 2, "price_minor": 14000, "rooms": 3},
      {"code": "STE", "name": "Suite", "rank": 3, "price_minor": 25000, "rooms": 1}]})";
const char restaurantJson[] = R"({"name": "Chaos Cafe", "currency": "EUR", "deposit_minor": 500,
    "hold_seconds": 600, "max_extensions": 1,
    "tables": [{"code": "T1", "seats": 4}, {"code": "T2", "seats": 4}, {"code": "T3", "seats": 6},
               {"code": "T4", "seats": 6}]})";

// The event's type and order, enough to find it in the database.
QByteArray eventSummary(const QByteArray &body)
{
    const QJsonObject event = QJsonDocument::fromJson(body).object();
    const QJsonObject object
        = event.value(QStringLiteral("data")).toObject().value(QStringLiteral("object")).toObject();
    return event.value(QStringLiteral("type")).toString().toUtf8() + " of order "
        + object.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("order_id")).toString().toUtf8()
        + " (" + event.value(QStringLiteral("id")).toString().toUtf8() + ")";
}

} // namespace

QString ChaosWorld::load(TestDatabase &db)
{
    settings = db.settings();
    const LoadedVenue hall = db.loadHall(QStringLiteral("Chaos Hall"), 20, 30, 600, 1, 4500);
    if (hall.eventId == 0)
        return QStringLiteral("the hall did not load");
    event = hall.eventId;
    seats = db.units(event);
    PgInventory inventory(db.database());
    auto created = PoolService(inventory.pools)
                       .createPool({event, QStringLiteral("GA"), QStringLiteral("Standing"), 300,
                                    Money(1500, QStringLiteral("EUR")), 2, ClaimStrategy::Atomic});
    if (!created)
        return created.error().message;
    pool = created->id;
    PropertyLoader properties(db.database());
    if (auto loaded = properties.loadHotel(hotelJson); !loaded)
        return loaded.error().message;
    if (auto loaded = properties.loadRestaurant(restaurantJson); !loaded)
        return loaded.error().message;
    auto hotels = inventory.hotels.hotels();
    auto restaurants = inventory.timeSlots.restaurants();
    if (!hotels || hotels->isEmpty() || !restaurants || restaurants->isEmpty())
        return QStringLiteral("the hotel or the restaurant did not load");
    hotel = hotels->first().id;
    partner = db.scalar(QStringLiteral(
                            "INSERT INTO partner_hotels (hotel_id, name) VALUES (:h, 'Chaos Annex') RETURNING id"),
                        {{QStringLiteral("h"), hotel}})
                  .toLongLong();
    roomTypes = hotels->first().roomTypes;
    std::sort(roomTypes.begin(), roomTypes.end(), [](const auto &a, const auto &b) { return a.rank < b.rank; });
    restaurant = restaurants->first().id;
    return {};
}

QJsonObject ChaosWorld::control(const QString &path, const QJsonObject &body, bool post) const
{
    return fakepay->control(path, body, post);
}

void ChaosWorld::behave(const QString &next) const
{
    fakepay->behave(next.isEmpty() ? QStringList{} : QStringList{next}, hangMs);
}

std::unique_ptr<ChaosSession> ChaosSession::open(const ChaosWorld &world, const QString &purpose, const QString &login,
                                                 const QString &password, QString *error)
{
    ConnectionSettings settings = world.settings;
    if (!login.isEmpty()) {
        settings.user = login;
        settings.password = password;
    }
    auto connection = DatabaseConnection::open(settings, purpose);
    if (!connection) {
        if (error)
            *error = connection.error().message + QLatin1Char(' ') + connection.error().detail;
        return nullptr;
    }
    auto session = std::make_unique<ChaosSession>();
    session->connection = std::move(connection.value());
    session->inventory = std::make_unique<PgInventory>(session->database());
    session->store = std::make_unique<PgCheckoutStore>(session->database(), session->inventory->carts);
    session->frontDeskStore = std::make_unique<PgFrontDesk>(session->database());
    session->counter = std::make_unique<PgCounterSales>(session->database(), session->inventory->carts);
    session->unit = std::make_unique<PgUnitOfWork>(session->database());
    session->frontDesk
        = std::make_unique<FrontDeskService>(*session->frontDeskStore, *session->counter, *session->unit);
    session->provider
        = std::make_unique<HttpPaymentProvider>(world.providerUrl, ChaosWorld::apiKey, ChaosWorld::providerTimeoutMs);
    return session;
}

WebhookThread::WebhookThread(const ChaosWorld &world, ChaosStats &stats) : m_world(world), m_stats(stats) { }

QString WebhookThread::startListening(QString *error)
{
    start();
    std::unique_lock lock(m_mutex);
    if (!m_readyChanged.wait_for(lock, std::chrono::seconds(20), [this] { return m_ready; }))
        *error = QStringLiteral("the webhook receiver did not start");
    else if (!m_error.isEmpty())
        *error = m_error;
    return m_url;
}

void WebhookThread::run()
{
    QString error;
    // The provider's url is not known yet; the receiver needs only the database.
    auto session = ChaosSession::open(m_world, QStringLiteral("chaos-webhooks"), {}, {}, &error);
    if (!session) {
        std::lock_guard lock(m_mutex);
        m_error = error;
        m_ready = true;
        m_readyChanged.notify_all();
        return;
    }
    PaymentWebhooks webhooks(*session->store, ChaosWorld::providerName, ChaosWorld::webhookSecret);
    WebhookReceiver receiver([this, &webhooks](const WebhookDelivery &delivery) {
        const auto handled = webhooks.handle(delivery, QDateTime::currentDateTimeUtc());
        if (!handled) {
            if (handled.error().code == ErrorCode::Busy) {
                m_stats.note(QStringLiteral("webhook: busy, delivered again later"));
            } else {
                const DomainError &error = handled.error();
                m_stats.failure(QStringLiteral("webhook"),
                                QStringLiteral("%1: %2 [%3 %4] for %5")
                                    .arg(errorCodeName(error.code), error.message, error.sqlState, error.detail,
                                         QString::fromUtf8(eventSummary(delivery.rawBody))));
            }
            return 500;
        }
        static const char *const names[] = {"applied", "duplicate", "ignored", "rejected"};
        m_stats.note(QStringLiteral("webhook: ") + QLatin1String(names[int(handled.value())]));
        // Every delivery here is the provider's own: one that contradicts its payment is a broken promise.
        if (handled.value() == InboxOutcome::Rejected)
            m_stats.failure(QStringLiteral("webhook"),
                            QStringLiteral("a genuine event was rejected: ")
                                + QString::fromUtf8(eventSummary(delivery.rawBody)));
        return 200;
    });
    {
        std::lock_guard lock(m_mutex);
        m_url = receiver.url();
        m_ready = true;
    }
    m_readyChanged.notify_all();
    exec();
}

} // namespace boxoffice::test
