// The web channel and the worker sign in with logins of their own (migration 049): a member of
// boxoffice_web and a member of boxoffice_worker. These tests run each program's paths through the
// stores the program builds on its connections, signed in as such a login, so a statement a program
// runs without the grant for it fails here; and they try what neither role may do.

#include "accounts/sodiumpasswords.h"
#include "domain/buyeraccounts.h"
#include "domain/cartservice.h"
#include "domain/checkoutsaga.h"
#include "domain/holdcaps.h"
#include "domain/hotelservice.h"
#include "domain/maildelivery.h"
#include "domain/poolservice.h"
#include "domain/reconciler.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"
#include "fakepayprocess.h"
#include "storage/migrator.h"
#include "storage/pgaccountstore.h"
#include "storage/pgbuyercapstore.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/pgmailspool.h"
#include "storage/pgonsalestore.h"
#include "storage/pgorderdocuments.h"
#include "storage/pgoutboxbacklog.h"
#include "storage/pgoutboxrelay.h"
#include "storage/pgpoolbatchstore.h"
#include "storage/pgseatbatchstore.h"
#include "storage/pgseatmapstore.h"
#include "storage/pgticketissuer.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "testdatabase.h"
#include "webcall.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QUuid>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

// The provider's side of a charge, kept by idempotency key as a real provider keeps it. The next
// charge can be told to go through with its answer lost on the way back (the saga sees Unknown, and
// reconciliation or a webhook learns the outcome later).
class KeptChargesProvider final : public PaymentProvider
{
public:
    bool loseNextAnswer = false;

    Result<ChargeOutcome> charge(const ChargeRequest &request) override
    {
        if (!m_charges.contains(request.idempotencyKey)) {
            ProviderCharge kept;
            kept.providerPaymentId = QStringLiteral("pi_role_%1").arg(m_charges.size() + 1);
            kept.idempotencyKey = request.idempotencyKey;
            kept.order = request.order;
            kept.status = ChargeStatus::Succeeded;
            kept.amount = request.amount;
            kept.created = QDateTime::currentDateTimeUtc();
            m_charges.insert(request.idempotencyKey, kept);
        }
        if (std::exchange(loseNextAnswer, false))
            return ChargeOutcome{};
        return outcomeOf(m_charges.value(request.idempotencyKey));
    }
    Result<ChargeOutcome> chargeByKey(const QString &key) override
    {
        if (!m_charges.contains(key))
            return makeError(ErrorCode::NotFound, QStringLiteral("no charge under this key"));
        return outcomeOf(m_charges.value(key));
    }
    Result<RefundOutcome> refund(const RefundRequest &request) override
    {
        RefundOutcome outcome;
        outcome.status = ChargeStatus::Succeeded;
        outcome.providerRefundId = QStringLiteral("re_%1").arg(request.idempotencyKey);
        return outcome;
    }
    Result<QVector<ProviderCharge>> listCharges(const QDateTime &, const QString &keyPrefix) override
    {
        QVector<ProviderCharge> listed;
        for (const ProviderCharge &kept : std::as_const(m_charges)) {
            if (kept.idempotencyKey.startsWith(keyPrefix))
                listed << kept;
        }
        return listed;
    }
    ProviderCharge chargeOf(OrderId order) const
    {
        for (const ProviderCharge &kept : m_charges) {
            if (kept.order == order)
                return kept;
        }
        return {};
    }

private:
    static ChargeOutcome outcomeOf(const ProviderCharge &kept)
    {
        ChargeOutcome outcome;
        outcome.status = kept.status;
        outcome.providerPaymentId = kept.providerPaymentId;
        outcome.amount = kept.amount;
        outcome.answered = true;
        return outcome;
    }

    QHash<QString, ProviderCharge> m_charges;
};

// A mail relay that accepts everything and remembers to whom.
class AcceptingRelay final : public MailTransport
{
public:
    std::optional<MailRefusal> send(const QString &, const QString &recipient, const QByteArray &) override
    {
        recipients << recipient;
        return std::nullopt;
    }
    QStringList recipients;
};

// What one of the web server's lane threads builds on its connection (app/web/workerpool.cpp).
struct WebLane
{
    explicit WebLane(QSqlDatabase database)
        : inventory(database), seatMaps(database), checkout(database, inventory.carts), buyers(database),
          accounts(database), capStore(database), unitOfWork(database), caps(capStore, unitOfWork),
          holds(inventory.seats, &caps), carts(inventory.carts), poolBatches(database), seatBatches(database),
          documents(database), onSales(database)
    { }

    PgInventory inventory;
    PgSeatMapStore seatMaps;
    PgCheckoutStore checkout;
    PgBuyerStore buyers;
    PgAccountStore accounts;
    PgBuyerCapStore capStore;
    PgUnitOfWork unitOfWork;
    HoldCaps caps;
    SeatHoldService holds;
    CartService carts;
    PgPoolBatchStore poolBatches;
    PgSeatBatchStore seatBatches;
    PgOrderDocuments documents;
    PgOnSaleStore onSales;
};

// What boxoffice-ctl worker builds on its connection (app/ctl/workerservice.cpp), with the outbox relay
// of `boxoffice-ctl outbox` and the AMQP worker (app/ctl/relayloop.cpp).
struct WorkerSession
{
    explicit WorkerSession(QSqlDatabase database)
        : inventory(database), checkout(database, inventory.carts), tickets(database, inventory.carts),
          issuer(database, tickets), spool(database), accounts(database), relay(database), backlog(database)
    { }

    PgInventory inventory;
    PgCheckoutStore checkout;
    PgCounterSales tickets;
    PgTicketIssuer issuer;
    PgMailSpool spool;
    PgAccountStore accounts;
    PgOutboxRelay relay;
    PgOutboxBacklog backlog;
};

// QPSQL prepares on the server, and PostgreSQL prepares no DDL or TRUNCATE: those (which take no
// values) run as they are.
QString sqlStateOf(QSqlDatabase database, const QString &sql, const QVariantMap &bindings)
{
    QSqlQuery query(database);
    bool ran = false;
    if (bindings.isEmpty()) {
        ran = query.exec(sql);
    } else {
        query.prepare(sql);
        for (auto it = bindings.begin(); it != bindings.end(); ++it)
            query.bindValue(QLatin1Char(':') + it.key(), it.value());
        ran = query.exec();
    }
    return ran ? QStringLiteral("ok") : query.lastError().nativeErrorCode();
}

} // namespace

class TestServiceRoles : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void servicesOnlyCheckTheSchema();
    void webSignsBuyersUpAndIn();
    void webGivesHoldsBack();
    void webHoldsEveryShapeAndPays();
    void webRecordsAWebhookOnce();
    void workerReconcilesAndRefundsALostOrder();
    void workerRelaysTheOutbox();
    void workerIssuesTicketsAndSendsTheMail();
    void refusedByTheServer_data();
    void refusedByTheServer();
    void webServerSellsOnItsLogin();
    void workerProgramRunsOnItsLogin();

private:
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;
    bool createLogin(const QString &login, const QString &group) const;
    QString orderState(OrderId order) const;
    Result<CheckoutOutcome> checkoutAsWeb(const CartId &cart, BuyerId buyer);

    std::unique_ptr<TestDatabase> m_db;
    QString m_webLogin;
    QString m_workerLogin;
    const QString m_password = QUuid::createUuid().toString(QUuid::WithoutBraces);
    std::unique_ptr<DatabaseConnection> m_webConnection;
    std::unique_ptr<DatabaseConnection> m_workerConnection;
    std::unique_ptr<WebLane> m_web;
    std::unique_ptr<WorkerSession> m_worker;
    KeptChargesProvider m_provider;

    LoadedVenue m_shopHall; // no caps: web seat holds go through the batched claim (044)
    LoadedVenue m_cappedHall; // a cap per buyer: seat and place holds count it (037, 038)
    LoadedVenue m_singleSeat; // one seat, for an order that loses it
    PoolId m_pool = 0;
    PoolId m_batchedPool = 0;
    RoomTypeId m_roomType = 0;
    RestaurantId m_restaurant = 0;
    BuyerId m_accountBuyer = 0;
    QString m_accountEmail;
    OrderId m_paidOrder = 0;
    OrderId m_webhookOrder = 0;
    OrderId m_lostOrder = 0;
    OrderId m_counterOrder = 0;
    QVector<qint64> m_relayed;
};

void TestServiceRoles::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("serviceroles"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    QVERIFY(SodiumPasswords::available());

    // The catalogue is the owner's to load, as boxoffice-ctl does with the owner's login.
    m_shopHall = m_db->loadHall(QStringLiteral("Role Hall"), 2, 10);
    m_cappedHall = m_db->loadHall(QStringLiteral("Capped Role Hall"), 1, 8);
    m_singleSeat = m_db->loadHall(QStringLiteral("One Seat Hall"), 1, 1);
    QVERIFY(m_shopHall.eventId && m_cappedHall.eventId && m_singleSeat.eventId);
    QVERIFY(m_db->exec(QStringLiteral("UPDATE events SET max_holds_per_buyer = 8 WHERE id = :event"),
                       {{QStringLiteral("event"), m_cappedHall.eventId}}));
    PgPoolStore pools(m_db->database());
    const Money euros(0, QStringLiteral("EUR"));
    auto pool
        = PoolService(pools).createPool({m_cappedHall.eventId, QStringLiteral("STAND"), QStringLiteral("Standing"), 50,
                                         euros.withMinor(2500), 2, ClaimStrategy::Atomic});
    QVERIFY2(pool.ok(), pool.ok() ? "" : qPrintable(pool.error().message));
    m_pool = pool->id;
    auto batched = PoolService(pools).createPool({m_cappedHall.eventId, QStringLiteral("LAWN"), QStringLiteral("Lawn"),
                                                  50, euros.withMinor(1500), 1, ClaimStrategy::Batched});
    QVERIFY2(batched.ok(), batched.ok() ? "" : qPrintable(batched.error().message));
    m_batchedPool = batched->id;
    QVERIFY(PropertyLoader(m_db->database())
                .loadHotel(R"({"name": "Role Inn", "currency": "EUR", "nights": 20,
                   "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 4}]})")
                .ok());
    auto hotels = PgHotelStore(m_db->database()).hotels();
    QVERIFY(hotels.ok() && !hotels->isEmpty());
    m_roomType = hotels->first().roomTypes.first().id;
    QVERIFY(m_db->exec(QStringLiteral("UPDATE hotels SET max_stays_per_buyer = 3 WHERE id = :hotel"),
                       {{QStringLiteral("hotel"), hotels->first().id}}));
    auto bistro = PropertyLoader(m_db->database())
                      .loadRestaurant(R"({"name": "Role Bistro", "currency": "EUR", "deposit_minor": 1000,
                         "hold_seconds": 300, "max_extensions": 1, "tables": [{"code": "T1", "seats": 4}]})");
    QVERIFY(bistro.ok());
    auto restaurants = PgSlotStore(m_db->database()).restaurants();
    QVERIFY(restaurants.ok() && !restaurants->isEmpty());
    m_restaurant = restaurants->first().id;
    QVERIFY(m_db->exec(QStringLiteral("UPDATE restaurants SET max_bookings_per_buyer = 2 WHERE id = :restaurant"),
                       {{QStringLiteral("restaurant"), m_restaurant}}));

    // An order opened at the counter and never paid online: the services may not refund it.
    {
        PgInventory counter(m_db->database());
        const CartId cart = QStringLiteral("counter-unpaid");
        const HoldRequest atTheCounter{m_shopHall.eventId, cart, {m_db->units(m_shopHall.eventId).value(19)}, {}, 0};
        QVERIFY(SeatHoldService(counter.seats).hold(atTheCounter).ok());
        auto opened = counter.carts.createOrder(cart);
        QVERIFY(opened.ok());
        m_counterOrder = opened->id;
    }

    // Logins are server-wide: unique names per run, dropped again at the end.
    m_webLogin = QStringLiteral("shop_%1").arg(QCoreApplication::applicationPid());
    m_workerLogin = QStringLiteral("worker_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(createLogin(m_webLogin, QStringLiteral("boxoffice_web")));
    QVERIFY(createLogin(m_workerLogin, QStringLiteral("boxoffice_worker")));
    m_webConnection = signIn(m_webLogin);
    m_workerConnection = signIn(m_workerLogin);
    QVERIFY(m_webConnection && m_workerConnection);
    m_web = std::make_unique<WebLane>(m_webConnection->database());
    m_worker = std::make_unique<WorkerSession>(m_workerConnection->database());
}

void TestServiceRoles::cleanupTestCase()
{
    m_web.reset();
    m_worker.reset();
    m_webConnection.reset();
    m_workerConnection.reset();
    for (const QString &login : {m_webLogin, m_workerLogin}) {
        if (login.isEmpty())
            continue;
        const QString drop
            = m_db->scalar(QStringLiteral("SELECT format('DROP ROLE IF EXISTS %I', CAST(:login AS text))"),
                           {{QStringLiteral("login"), login}})
                  .toString();
        m_db->exec(drop);
    }
}

bool TestServiceRoles::createLogin(const QString &login, const QString &group) const
{
    // CREATE ROLE takes no parameters: the server quotes the bound values into the statement.
    const QString create = m_db->scalar(QStringLiteral("SELECT format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', "
                                                       "CAST(:login AS text), CAST(:password AS text), "
                                                       "CAST(:group AS text))"),
                                        {{QStringLiteral("login"), login},
                                         {QStringLiteral("password"), m_password},
                                         {QStringLiteral("group"), group}})
                               .toString();
    QString error;
    if (create.isEmpty() || !m_db->exec(create, {}, &error)) {
        qWarning("could not create %s: %s", qPrintable(login), qPrintable(error));
        return false;
    }
    return true;
}

std::unique_ptr<DatabaseConnection> TestServiceRoles::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, QStringLiteral("service"));
    if (!connection)
        qWarning("sign-in as %s failed: %s", qPrintable(login), qPrintable(connection.error().message));
    return connection ? std::move(connection.value()) : nullptr;
}

QString TestServiceRoles::orderState(OrderId order) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :order"), {{QStringLiteral("order"), order}})
        .toString();
}

Result<CheckoutOutcome> TestServiceRoles::checkoutAsWeb(const CartId &cart, BuyerId buyer)
{
    CheckoutSaga saga(m_web->checkout, m_provider, QStringLiteral("fakepay"));
    return saga.checkout(cart, QStringLiteral("web"), QString::number(buyer));
}

void TestServiceRoles::servicesOnlyCheckTheSchema()
{
    // Every program checks the version before it starts; on a current schema a migration run (what
    // boxoffice-ctl does on the private cluster) changes nothing and so needs no right to change it.
    for (QSqlDatabase database : {m_webConnection->database(), m_workerConnection->database()}) {
        const Status current = Migrator(database).checkCurrent();
        QVERIFY2(current.ok(), current.ok() ? "" : qPrintable(current.error().message));
        auto migrated = Migrator(database).migrate();
        QVERIFY2(migrated.ok(), migrated.ok() ? "" : qPrintable(migrated.error().message));
        QVERIFY(migrated->applied.isEmpty());
    }
    // The roles own nothing: the owner applied every migration.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner "
                                         "WHERE r.rolname IN ('boxoffice_web', 'boxoffice_worker', :web, :worker)"),
                          {{QStringLiteral("web"), m_webLogin}, {QStringLiteral("worker"), m_workerLogin}})
                 .toInt(),
             0);
}

void TestServiceRoles::webSignsBuyersUpAndIn()
{
    SodiumPasswords hasher(SodiumPasswords::Cost::TestsOnly);
    AccountService service([this](const AccountWork &work) { return work(m_web->accounts, m_web->unitOfWork); }, hasher,
                           {});
    m_accountEmail = QStringLiteral("role-%1@example.org").arg(QCoreApplication::applicationPid());
    const QString password = QStringLiteral("a long enough secret");
    const Status signedUp = service.signUp(QStringLiteral("Role Buyer"), m_accountEmail, password);
    QVERIFY2(signedUp.ok(), signedUp.ok() ? "" : qPrintable(signedUp.error().message));

    // The confirmation link travels by mail: read it from the spool as the buyer reads the mail.
    const QString body
        = m_db->scalar(QStringLiteral("SELECT body FROM mail_spool WHERE recipient = :e AND purpose = 'confirm'"),
                       {{QStringLiteral("e"), m_accountEmail}})
              .toString();
    static const QRegularExpression link(QStringLiteral("#confirm=([A-Za-z0-9_-]{43})"));
    const QRegularExpressionMatch found = link.match(body);
    QVERIFY2(found.hasMatch(), qPrintable(body));
    auto confirmed = service.confirm(found.captured(1));
    QVERIFY2(confirmed.ok(), confirmed.ok() ? "" : qPrintable(confirmed.error().message));
    m_accountBuyer = confirmed->identity.buyer.id;

    auto signedIn = service.signIn(m_accountEmail, password);
    QVERIFY2(signedIn.ok(), signedIn.ok() ? "" : qPrintable(signedIn.error().message));
    QCOMPARE(signedIn->identity.buyer.id, m_accountBuyer);
    QVERIFY(service.session(signedIn->token).ok());
    QCOMPARE(service.signIn(m_accountEmail, QStringLiteral("not the password at all")).error().code,
             ErrorCode::PermissionDenied);

    // A token for the buyer's scripts, then the bearer sign-in every API call makes.
    auto apiToken = service.newApiToken(m_accountBuyer);
    QVERIFY(apiToken.ok());
    auto bearer = m_web->buyers.authenticate(apiToken.value());
    QVERIFY2(bearer.ok(), bearer.ok() ? "" : qPrintable(bearer.error().message));
    QCOMPARE(bearer->id, m_accountBuyer);

    QVERIFY(service.requestReset(m_accountEmail).ok());
    QVERIFY(service.signOut(signedIn->token).ok());
    QCOMPARE(service.session(signedIn->token).error().code, ErrorCode::PermissionDenied);
}

void TestServiceRoles::webGivesHoldsBack()
{
    QVERIFY(m_accountBuyer != 0);
    auto cart = m_web->buyers.createCart(m_accountBuyer);
    QVERIFY(cart.ok());
    const QVector<UnitId> capped = m_db->units(m_cappedHall.eventId);
    auto seats = m_web->holds.holdForBuyer(
        {m_cappedHall.eventId, cart.value(), {capped.at(6), capped.at(7)}, {}, m_accountBuyer}, {});
    QVERIFY2(seats.ok(), seats.ok() ? "" : qPrintable(seats.error().message));
    QVERIFY(PoolService(m_web->inventory.pools, &m_web->caps, &m_web->poolBatches)
                .hold({m_pool, cart.value(), 3, {}, m_accountBuyer})
                .ok());
    StayRequest room;
    room.roomType = m_roomType;
    room.cart = cart.value();
    room.checkIn = QDate::currentDate().addDays(5);
    room.checkOut = room.checkIn.addDays(1);
    room.guestName = QStringLiteral("Role Buyer");
    room.buyer = m_accountBuyer;
    QVERIFY(HotelService(m_web->inventory.hotels, &m_web->caps).holdStay(room).ok());

    // One seat by the buyer's "remove", the rest with the cart.
    auto released = m_web->holds.release(cart.value(), {capped.at(7)});
    QVERIFY2(released.ok(), released.ok() ? "" : qPrintable(released.error().message));
    QCOMPARE(released->released.size(), 1);
    auto emptied = m_web->carts.releaseCart(cart.value());
    QVERIFY2(emptied.ok(), emptied.ok() ? "" : qPrintable(emptied.error().message));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT (SELECT count(*) FROM event_seats WHERE cart_id = :c1 AND state = 'HELD') "
                                    "+ (SELECT count(*) FROM ga_holds WHERE cart_id = :c2 AND state = 'HELD') "
                                    "+ (SELECT count(*) FROM stays WHERE cart_id = :c3 AND state = 'HELD')"),
                     {{QStringLiteral("c1"), cart.value()},
                      {QStringLiteral("c2"), cart.value()},
                      {QStringLiteral("c3"), cart.value()}})
            .toInt(),
        0);
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestServiceRoles::webHoldsEveryShapeAndPays()
{
    QVERIFY(m_accountBuyer != 0);
    auto cart = m_web->buyers.createCart(m_accountBuyer);
    QVERIFY2(cart.ok(), cart.ok() ? "" : qPrintable(cart.error().message));

    // What a buyer browses before holding.
    auto events = m_web->holds.events();
    QVERIFY(events.ok() && events->size() >= 3);
    QVERIFY(m_web->seatMaps.seatMap(m_cappedHall.eventId).ok());
    QVERIFY(m_web->seatMaps.seatChangesSince(m_cappedHall.eventId, 0, 100).ok());
    QVERIFY(m_web->onSales.onSales().ok());
    QVERIFY(PoolService(m_web->inventory.pools).pools(m_cappedHall.eventId).ok());
    const QDate checkIn = QDate::currentDate().addDays(2);
    QVERIFY(HotelService(m_web->inventory.hotels)
                .availability(m_web->inventory.hotels.hotels()->first().id, checkIn, checkIn.addDays(2))
                .ok());

    // Seats of a capped event: one call with the caps (037, 041).
    const QVector<UnitId> capped = m_db->units(m_cappedHall.eventId);
    HoldRequest seats{m_cappedHall.eventId, cart.value(), {capped.at(0), capped.at(1)}, {}, m_accountBuyer};
    auto heldSeats = m_web->holds.holdForBuyer(seats, {});
    QVERIFY2(heldSeats.ok(), heldSeats.ok() ? "" : qPrintable(heldSeats.error().message));
    QCOMPARE(heldSeats->held.size(), 2);

    // A seat of an event without caps: the batched claim (044).
    const QVector<UnitId> open = m_db->units(m_shopHall.eventId);
    auto batch = m_web->seatBatches.holdSeatBatch(
        m_shopHall.eventId, {HoldRequest{m_shopHall.eventId, cart.value(), {open.at(3)}, {}, m_accountBuyer}});
    QVERIFY2(batch.ok(), batch.ok() ? "" : qPrintable(batch.error().message));
    QVERIFY2(batch->at(0).ok(), batch->at(0).ok() ? "" : qPrintable(batch->at(0).error().message));
    QVERIFY(batch->at(0)->grant.has_value());

    // Standing places, on a pool claimed singly and on a batched one (038), both within the caps.
    for (const PoolId pool : {m_pool, m_batchedPool}) {
        PoolHoldRequest places{pool, cart.value(), 2, {}, m_accountBuyer};
        auto held = PoolService(m_web->inventory.pools, &m_web->caps, &m_web->poolBatches).hold(places);
        QVERIFY2(held.ok(), held.ok() ? "" : qPrintable(held.error().message));
        QCOMPARE(held->quantity, 2);
    }

    // A room for two nights within the hotel's caps.
    StayRequest room;
    room.roomType = m_roomType;
    room.cart = cart.value();
    room.checkIn = checkIn;
    room.checkOut = checkIn.addDays(2);
    room.guestName = QStringLiteral("Role Buyer");
    room.buyer = m_accountBuyer;
    auto stay = HotelService(m_web->inventory.hotels, &m_web->caps).holdStay(room);
    QVERIFY2(stay.ok(), stay.ok() ? "" : qPrintable(stay.error().message));
    // A table for four, found and held within the restaurant's caps.
    TableSearch table;
    table.restaurant = m_restaurant;
    table.cart = cart.value();
    table.partySize = 4;
    table.start = QDateTime(QDate::currentDate().addDays(3), QTime(19, 0), Qt::UTC);
    table.minutes = 90;
    table.buyer = m_accountBuyer;
    auto booked = SlotService(m_web->inventory.timeSlots, &m_web->caps).findAndHold(table);
    QVERIFY2(booked.ok(), booked.ok() ? "" : qPrintable(booked.error().message));
    QVERIFY(m_web->carts.extend(cart.value()).ok());

    auto paid = checkoutAsWeb(cart.value(), m_accountBuyer);
    QVERIFY2(paid.ok(), paid.ok() ? "" : qPrintable(paid.error().message));
    QCOMPARE(int(paid->state), int(CheckoutOutcome::State::Paid));
    m_paidOrder = paid->order;
    QCOMPARE(orderState(m_paidOrder), QStringLiteral("PAID"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM outbox WHERE order_id = :order"),
                          {{QStringLiteral("order"), m_paidOrder}})
                 .toInt(),
             1);
    // Every change is on the audit trail under the web's login, written by the database itself.
    QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM inventory_audit WHERE db_user = :login"),
                         {{QStringLiteral("login"), m_webLogin}})
                .toInt()
            > 0);

    // What the buyer's pages read back.
    auto orders = m_web->buyers.orders(m_accountBuyer, {}, 0, 10);
    QVERIFY(orders.ok() && !orders->isEmpty());
    QCOMPARE(orders->first().summary.id, m_paidOrder);
    QVERIFY(m_web->buyers.checkOrderOwner(m_accountBuyer, m_paidOrder).ok());
    QVERIFY(m_web->carts.order(m_paidOrder).ok());
    auto document = m_web->documents.document(m_paidOrder);
    QVERIFY(document.ok());
    QCOMPARE(int(document->state), int(OrderDocument::State::NotIssuedYet));
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestServiceRoles::webRecordsAWebhookOnce()
{
    auto buyer = m_web->buyers.addBuyer(QStringLiteral("Webhook Buyer"));
    QVERIFY(buyer.ok());
    auto cart = m_web->buyers.createCart(buyer->buyer.id);
    QVERIFY(cart.ok());
    const QVector<UnitId> open = m_db->units(m_shopHall.eventId);
    auto held = m_web->holds.holdForBuyer({m_shopHall.eventId, cart.value(), {open.at(5)}, {}, buyer->buyer.id}, {});
    QVERIFY2(held.ok(), held.ok() ? "" : qPrintable(held.error().message));

    m_provider.loseNextAnswer = true;
    auto pending = checkoutAsWeb(cart.value(), buyer->buyer.id);
    QVERIFY2(pending.ok(), pending.ok() ? "" : qPrintable(pending.error().message));
    QCOMPARE(int(pending->state), int(CheckoutOutcome::State::Pending));
    m_webhookOrder = pending->order;

    // The provider tells the webhook what the checkout never heard (the signature is checked before this).
    const ProviderCharge charge = m_provider.chargeOf(m_webhookOrder);
    PaymentEvent event;
    event.eventId = QStringLiteral("evt_role_%1").arg(m_webhookOrder);
    event.type = QStringLiteral("payment_intent.succeeded");
    event.providerPaymentId = charge.providerPaymentId;
    event.order = m_webhookOrder;
    event.amount = charge.amount;
    auto applied = m_web->checkout.applyPaymentEvent(QStringLiteral("fakepay"), event);
    QVERIFY2(applied.ok(), applied.ok() ? "" : qPrintable(applied.error().message));
    QCOMPARE(int(applied.value()), int(InboxOutcome::Applied));
    auto again = m_web->checkout.applyPaymentEvent(QStringLiteral("fakepay"), event);
    QVERIFY2(again.ok(), again.ok() ? "" : qPrintable(again.error().message));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM payment_inbox WHERE event_id = :event"),
                          {{QStringLiteral("event"), event.eventId}})
                 .toInt(),
             1);
    QCOMPARE(orderState(m_webhookOrder), QStringLiteral("PAID"));
}

void TestServiceRoles::workerReconcilesAndRefundsALostOrder()
{
    // A charge whose answer was lost, and its one seat taken by another buyer once the hold ran out:
    // reconciliation learns the charge went through, finds nothing left to deliver and refunds it all.
    auto first = m_web->buyers.addBuyer(QStringLiteral("Late Buyer"));
    auto second = m_web->buyers.addBuyer(QStringLiteral("Next Buyer"));
    QVERIFY(first.ok() && second.ok());
    auto lateCart = m_web->buyers.createCart(first->buyer.id);
    auto nextCart = m_web->buyers.createCart(second->buyer.id);
    QVERIFY(lateCart.ok() && nextCart.ok());
    const UnitId seat = m_db->units(m_singleSeat.eventId).value(0);
    QVERIFY(m_web->holds.holdForBuyer({m_singleSeat.eventId, lateCart.value(), {seat}, {}, first->buyer.id}, {}).ok());
    m_provider.loseNextAnswer = true;
    auto pending = checkoutAsWeb(lateCart.value(), first->buyer.id);
    QVERIFY(pending.ok());
    QCOMPARE(int(pending->state), int(CheckoutOutcome::State::Pending));
    m_lostOrder = pending->order;
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), lateCart.value(), 7200));
    auto taken = m_web->holds.holdForBuyer({m_singleSeat.eventId, nextCart.value(), {seat}, {}, second->buyer.id}, {});
    QVERIFY2(taken.ok(), taken.ok() ? "" : qPrintable(taken.error().message));

    auto counts = Reconciler(m_worker->checkout, m_provider).run(0);
    QVERIFY2(counts.ok(), counts.ok() ? "" : qPrintable(counts.error().message));
    QVERIFY2(counts->failed == 0, qPrintable(counts->failures.join(QStringLiteral("; "))));
    QCOMPARE(orderState(m_lostOrder), QStringLiteral("REFUNDED"));
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM refunds WHERE order_id = :order AND state = 'SUCCEEDED'"),
                     {{QStringLiteral("order"), m_lostOrder}})
            .toInt(),
        1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT refunded_minor = amount_minor FROM orders WHERE id = :order"),
                          {{QStringLiteral("order"), m_lostOrder}})
                 .toBool(),
             true);
    QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM reconcile_repairs")).toInt() > 0);
    // A second run finds nothing left to do.
    auto again = Reconciler(m_worker->checkout, m_provider).run(0);
    QVERIFY(again.ok());
    QCOMPARE(again->total(), 0);
    QCOMPARE(m_db->auditFailure(), QString());
}

void TestServiceRoles::workerRelaysTheOutbox()
{
    auto leading = m_worker->relay.takeRelayLock();
    QVERIFY(leading.ok() && leading.value());
    auto due = m_worker->relay.unpublished(100);
    QVERIFY2(due.ok(), due.ok() ? "" : qPrintable(due.error().message));
    QVERIFY(due->size() >= 2); // the order paid at checkout and the one paid by the webhook
    for (const OutboxEvent &event : due.value())
        m_relayed << event.id;
    auto marked = m_worker->relay.markPublished(m_relayed, 600);
    QVERIFY2(marked.ok(), marked.ok() ? "" : qPrintable(marked.error().message));
    QCOMPARE(marked.value(), int(m_relayed.size()));
    QVERIFY(m_worker->relay.stale(600, 100).ok());
    auto backlog = m_worker->backlog.read();
    QVERIFY(backlog.ok());
    QCOMPARE(backlog->unpublished, 0);
    QVERIFY(backlog->unprocessed >= 2);
}

void TestServiceRoles::workerIssuesTicketsAndSendsTheMail()
{
    const TicketPdfRenderer render = [](const QVector<Ticket> &, const QVector<Voucher> &) -> Result<QByteArray> {
        return QByteArray("%PDF-1.4 (a test's tickets)");
    };
    int issued = 0;
    for (;;) {
        auto next = m_worker->issuer.issueNextConfirmed(render);
        if (!next) {
            QCOMPARE(next.error().code, ErrorCode::NotFound);
            break;
        }
        ++issued;
    }
    QVERIFY(issued >= 2);
    // Three seats and two places on each of two pools: seven tickets (the stay is a voucher).
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM tickets WHERE order_id = :order"),
                          {{QStringLiteral("order"), m_paidOrder}})
                 .toInt(),
             7);
    auto document = m_web->documents.document(m_paidOrder);
    QVERIFY(document.ok());
    QCOMPARE(int(document->state), int(OrderDocument::State::Ready));
    auto tickets = m_web->documents.tickets(m_paidOrder);
    QVERIFY(tickets.ok());
    QCOMPARE(tickets->size(), 7);

    AcceptingRelay relay;
    MailDelivery delivery(m_worker->spool, relay, {QStringLiteral("Box Office <box@example.org>")});
    auto delivered = delivery.deliverDue();
    QVERIFY2(delivered.ok(), delivered.ok() ? "" : qPrintable(delivered.error().message));
    QVERIFY(relay.recipients.contains(m_accountEmail)); // the account's links and its order's tickets
    QCOMPARE(delivered->sent, int(relay.recipients.size()));
    QVERIFY(delivered->givenUp >= 1); // a buyer without an address: given up with the reason
    auto summary = m_worker->spool.summary();
    QVERIFY(summary.ok());
    QCOMPARE(summary->waiting, 0);
    QVERIFY(m_worker->spool.unsent(10).ok());

    // Ended sessions are tidied away a day after they ran out.
    QVERIFY(m_db->exec(
        QStringLiteral("INSERT INTO buyer_sessions (token_hash, buyer_id, created_at, expires_at) "
                       "VALUES (sha256(CAST(:seed AS bytea)), :buyer, now() - interval '3 days', "
                       "now() - interval '2 days')"),
        {{QStringLiteral("seed"), QStringLiteral("ended-session")}, {QStringLiteral("buyer"), m_accountBuyer}}));
    auto purged = m_worker->accounts.purgeExpired();
    QVERIFY2(purged.ok(), purged.ok() ? "" : qPrintable(purged.error().message));
    QCOMPARE(purged.value(), 1);
}

void TestServiceRoles::refusedByTheServer_data()
{
    QTest::addColumn<bool>("asWeb");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QVariantMap>("bindings");
    QTest::addColumn<QString>("expected");
    const QString refused = QStringLiteral("42501");
    const QString ok = QStringLiteral("ok");
    const QVariantMap event{{QStringLiteral("id"), m_cappedHall.eventId}};
    const QVariantMap pool{{QStringLiteral("id"), m_pool}};
    const QVariantMap roomType{{QStringLiteral("id"), m_roomType}};
    const QVariantMap order{{QStringLiteral("id"), m_paidOrder}};

    for (const bool web : {true, false}) {
        const QByteArray who = web ? "web: " : "worker: ";
        auto row = [&who](const char *name) -> QTestData & { return QTest::newRow((who + name).constData()); };
        // What each does: the controls, so a refusal below is the grant's and not a broken statement.
        row("reads the catalogue") << web << "SELECT count(*) FROM events WHERE id = :id" << event << ok;
        row("reads orders") << web << "SELECT state FROM orders WHERE id = :id" << order << ok;
        // Capacity, prices, hold policy and caps are the managers'.
        row("capacity of a pool") << web << "UPDATE ga_subpools SET capacity = capacity + 10 WHERE pool_id = :id"
                                  << pool << refused;
        row("capacity of a room type") << web
                                       << "UPDATE room_nights SET capacity = capacity + 1 WHERE room_type_id = :id"
                                       << roomType << refused;
        row("price of a seat") << web << "UPDATE event_prices SET amount_minor = 1 WHERE event_id = :id" << event
                               << refused;
        row("price of a place") << web << "UPDATE ga_pools SET price_minor = 1 WHERE id = :id" << pool << refused;
        row("price of a type") << web
                               << "INSERT INTO event_type_prices (event_id, price_band_id, price_type, amount_minor) "
                                  "SELECT event_id, price_band_id, 'CHILD', 1 FROM event_prices WHERE event_id = :id"
                               << event << refused;
        row("hold policy") << web << "UPDATE events SET hold_seconds = 86400, max_extensions = 100 WHERE id = :id"
                           << event << refused;
        row("caps") << web << "UPDATE events SET max_holds_per_buyer = NULL WHERE id = :id" << event << refused;
        row("on-sale settings") << web << "DELETE FROM event_on_sales WHERE event_id = :id" << event << refused;
        // Money and history.
        row("a payment's amount") << web << "UPDATE payments SET amount_minor = 0 WHERE order_id = :id" << order
                                  << refused;
        row("an order's amount") << web << "UPDATE orders SET amount_minor = 0 WHERE id = :id" << order << refused;
        row("the audit trail") << web << "DELETE FROM inventory_audit WHERE order_id = :id" << order << refused;
        row("the ledger") << web << "DELETE FROM order_ledger WHERE order_id = :id" << order << refused;
        row("the saga's log") << web << "DELETE FROM saga_log WHERE order_id = :id" << order << refused;
        row("refunds an order not paid online") << web << "UPDATE orders SET state = 'REFUNDED' WHERE id = :id"
                                                << QVariantMap{{QStringLiteral("id"), m_counterOrder}} << refused;
        row("a fee kept") << web << "SELECT boxoffice_keep_fee(:id, 100, 'kept by a service')" << order << refused;
        // Staff and the desk's own things.
        row("staff passwords") << web << "SELECT rolpassword FROM pg_authid WHERE rolname = current_user"
                               << QVariantMap() << refused;
        row("a staff login") << web
                             << "SELECT boxoffice_create_staff('intruder', 'SCRAM-SHA-256$4096:x', 'boxoffice_manager')"
                             << QVariantMap() << refused;
        row("guest profiles") << web << "SELECT count(*) FROM guests" << QVariantMap() << refused;
        row("the till") << web << "SELECT count(*) FROM till_shifts" << QVariantMap() << refused;
        row("the night audit") << web << "SELECT count(*) FROM night_audit_runs" << QVariantMap() << refused;
        // The schema is the owner's.
        row("the migrations") << web << "INSERT INTO schema_migrations (version, name, checksum) VALUES (999, 'x', 'y')"
                              << QVariantMap() << refused;
        row("truncate") << web << "TRUNCATE saga_log" << QVariantMap() << refused;
        row("ddl") << web << "CREATE TABLE service_owned (id integer)" << QVariantMap() << refused;
    }
    QTest::newRow("web: marks a mail sent")
        << true << "UPDATE mail_spool SET sent_at = now() WHERE order_id = :id" << order << "42501";
    QTest::newRow("web: reads another buyer's mail")
        << true << "SELECT body FROM mail_spool WHERE purpose = 'reset'" << QVariantMap() << "42501";
    QTest::newRow("web: issues tickets")
        << true
        << "INSERT INTO tickets (order_id, unit_id) SELECT order_id, unit_id FROM order_lines WHERE order_id = :id"
        << order << "42501";
    QTest::newRow("worker: reads a password hash")
        << false << "SELECT password_hash FROM buyers WHERE email IS NOT NULL" << QVariantMap() << "42501";
    QTest::newRow("worker: reads an address") << false << "SELECT id, name, email FROM buyers" << QVariantMap() << "ok";
    QTest::newRow("worker: reads a session token")
        << false << "SELECT token_hash FROM buyer_sessions" << QVariantMap() << "42501";
    QTest::newRow("worker: opens a cart")
        << false << "INSERT INTO buyer_carts (cart_id, buyer_id) SELECT 'cart-from-worker', id FROM buyers LIMIT 1"
        << QVariantMap() << "42501";
    QTest::newRow("worker: claims for a buyer")
        << false << "SELECT * FROM boxoffice_web_hold_seats(1, 'cart-from-worker', :id, NULL, ARRAY['A-1-1'], NULL)"
        << event << "42501";
}

void TestServiceRoles::refusedByTheServer()
{
    QFETCH(bool, asWeb);
    QFETCH(QString, sql);
    QFETCH(QVariantMap, bindings);
    QFETCH(QString, expected);
    QSqlDatabase database = asWeb ? m_webConnection->database() : m_workerConnection->database();
    QCOMPARE(sqlStateOf(database, sql, bindings), expected);
}

void TestServiceRoles::webServerSellsOnItsLogin()
{
    // The program itself, as its unit starts it: the login in PGUSER, its password from the
    // environment, the payment provider a real process.
    const QString apiKey = QStringLiteral("sk_test_service_roles");
    FakePayProcess fakepay;
    QString failure = fakepay.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    ConnectionSettings shop = m_db->settings();
    shop.user = m_webLogin;
    shop.password = m_password;
    QProcessEnvironment environment = clientEnvironment(shop);
    environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_URL"), fakepay.baseUrl().toString());
    environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_KEY"), apiKey);
    QProcess web;
    web.setProcessEnvironment(environment);
    web.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    web.start(QString::fromUtf8(BOXOFFICE_WEB),
              {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--threads"), QStringLiteral("2")});
    QVERIFY2(web.waitForStarted(10000), qPrintable(web.errorString()));
    QByteArray said;
    for (int i = 0; i < 300 && !said.contains('\n') && web.state() == QProcess::Running; ++i) {
        web.waitForReadyRead(100);
        said += web.readAllStandardOutput();
    }
    const qsizetype at = said.indexOf("http://");
    QVERIFY2(at >= 0, said.constData());
    const QUrl base(QString::fromUtf8(said.mid(at).trimmed()));

    // A buyer made by the operator (boxoffice-ctl buyer add, the owner's login) buys over HTTP.
    auto buyer = PgBuyerStore(m_db->database()).addBuyer(QStringLiteral("HTTP Buyer"));
    QVERIFY(buyer.ok());
    const QList<QPair<QByteArray, QByteArray>> bearer{{"Authorization", "Bearer " + buyer->token.toUtf8()}};
    QNetworkAccessManager network;
    const WebAnswer cart = webCall(network, base, "POST", QStringLiteral("/api/v1/carts"), "{}", bearer);
    QVERIFY2(cart.status == 201, qPrintable(cart.describe()));
    const QString cartPath = QStringLiteral("/api/v1/carts/") + cart.json.value(QStringLiteral("cart")).toString();
    const UnitId seat = m_db->units(m_shopHall.eventId).value(12);
    const QJsonObject hold{{QStringLiteral("event"), m_shopHall.eventId}, {QStringLiteral("seats"), QJsonArray{seat}}};
    const WebAnswer held = webCall(network, base, "POST", cartPath + QStringLiteral("/holds"),
                                   QJsonDocument(hold).toJson(QJsonDocument::Compact), bearer);
    QVERIFY2(held.status == 201, qPrintable(held.describe()));
    const WebAnswer paid = webCall(network, base, "POST", cartPath + QStringLiteral("/checkout"), "{}", bearer);
    QVERIFY2(paid.status == 200, qPrintable(paid.describe()));
    QCOMPARE(paid.json.value(QStringLiteral("state")).toString(), QStringLiteral("paid"));
    const OrderId order = paid.json.value(QStringLiteral("order")).toInteger();
    QCOMPARE(orderState(order), QStringLiteral("PAID"));
    const WebAnswer listed = webCall(network, base, "GET", QStringLiteral("/api/v1/orders/%1").arg(order), {}, bearer);
    QVERIFY2(listed.status == 200, qPrintable(listed.describe()));
    // The seat's trail names the web's login and the program.
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM inventory_audit WHERE entity = 'seat' AND entity_id = :seat "
                                    "AND db_user = :login AND channel = 'boxoffice-web'"),
                     {{QStringLiteral("seat"), seat}, {QStringLiteral("login"), m_webLogin}})
            .toInt(),
        2); // held, then sold

    web.terminate();
    QVERIFY(web.waitForFinished(15000));
    QCOMPARE(web.exitStatus(), QProcess::NormalExit);
}

void TestServiceRoles::workerProgramRunsOnItsLogin()
{
    // A paid order waiting for its tickets, then boxoffice-ctl worker as its unit starts it (the login
    // in PGUSER): on a shared server it only checks the schema's version, then issues the tickets.
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest");
    auto buyer = m_web->buyers.addBuyer(QStringLiteral("Worker Buyer"));
    QVERIFY(buyer.ok());
    auto cart = m_web->buyers.createCart(buyer->buyer.id);
    QVERIFY(cart.ok());
    const UnitId seat = m_db->units(m_shopHall.eventId).value(15);
    QVERIFY(m_web->holds.holdForBuyer({m_shopHall.eventId, cart.value(), {seat}, {}, buyer->buyer.id}, {}).ok());
    auto paid = checkoutAsWeb(cart.value(), buyer->buyer.id);
    QVERIFY(paid.ok());
    QCOMPARE(int(paid->state), int(CheckoutOutcome::State::Paid));

    ConnectionSettings worker = m_db->settings();
    worker.user = m_workerLogin;
    worker.password = m_password;
    for (const QStringList &arguments :
         {QStringList{QStringLiteral("worker"), QStringLiteral("--once"), QStringLiteral("--json")},
          QStringList{QStringLiteral("outbox"), QStringLiteral("--json")},
          QStringList{QStringLiteral("mail"), QStringLiteral("--json")}}) {
        QProcess ctl;
        ctl.setProcessEnvironment(clientEnvironment(worker));
        ctl.start(qEnvironmentVariable("BOXOFFICE_CTL"), arguments);
        QVERIFY(ctl.waitForFinished(120000));
        const QByteArray out = ctl.readAllStandardOutput();
        const QByteArray err = ctl.readAllStandardError();
        QVERIFY2(ctl.exitCode() == 0,
                 qPrintable(arguments.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromUtf8(out + err)));
        QVERIFY2(QJsonDocument::fromJson(out).object().value(QStringLiteral("ok")).toBool(), out.constData());
    }
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM tickets WHERE order_id = :order AND issued_by = :login"),
                          {{QStringLiteral("order"), paid->order}, {QStringLiteral("login"), m_workerLogin}})
                 .toInt(),
             1);
}

QTEST_GUILESS_MAIN(TestServiceRoles)
#include "tst_serviceroles.moc"
