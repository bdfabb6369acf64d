// The money audit against a real database: a history with every legal shape of money (paid online and
// at the counter, refunded in part and in full, a fee kept, a guarantee settled at departure, a seat
// replaced, holds taken over after they ran out) passes; then each fault the outside testers found is
// planted, one at a time, inside a transaction that is rolled back, and exactly the check written for it
// reports it, naming the order or unit. Faults the database itself refuses are planted as the owner with
// the refusing trigger or index out of the way, within the same transaction.

#include "domain/checkoutsaga.h"
#include "domain/countersale.h"
#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"
#include "statenames.h"
#include "storage/inventoryauditor.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/pgpricetypestore.h"
#include "storage/propertyloader.h"
#include "testdatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTest>

#include <functional>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

const QString provider = QStringLiteral("fakepay");

// The checks this suite is about; the audit must list every one of them.
const QStringList moneyChecks{
    QStringLiteral("no-cart-with-two-live-orders"),   QStringLiteral("captured-charge-maps-to-one-order"),
    QStringLiteral("money-balances-per-order"),       QStringLiteral("no-paid-order-without-units"),
    QStringLiteral("no-ended-stay-with-money-kept"),  QStringLiteral("no-unit-held-by-two-carts-at-once"),
    QStringLiteral("webhook-amounts-equal-payments"), QStringLiteral("refunds-never-exceed-captured"),
    QStringLiteral("stray-charges-refunded")};

QString describe(const AuditReport &report)
{
    QStringList lines;
    for (const AuditFinding &finding : report.findings)
        lines << finding.check + QStringLiteral(": ") + finding.examples.join(QStringLiteral("; "));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestMoneyAudit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void theLegalHistoryPasses();
    void twoLiveOrdersOfOneCart();
    void oneIntentCapturedForTwoOrders();
    void aSucceededPaymentWithoutItsCapture();
    void unitsGivenBackWithoutTheMoney();
    void aRefundedOrderMarkedPaidAgain();
    void aStayCancelledAtTheDeskKeepsItsLineSold();
    void aWalkedGuestsStayKeepsItsLineSold();
    void aStayCancelledWithTheMoneyKeptAndNoFee();
    void aSeatTakenFromALiveHold();
    void aWebhookThatDoesNotMatchItsPayment();
    void aRefundOfMoneyNeverTaken();
    void aStrayChargeLeftUnrefunded();
    void theCommandLineAuditExitsOneWithTheFinding();

private:
    // The history, through the real stores.
    void sellOnlineEveryShape();
    void sellOnlineAndRefundInPart();
    void sellOnlineAndRefundInFull();
    void sellAtTheCounter();
    void sellACompAndAChildSeat();
    void settleAGuaranteeAtDeparture();
    void bookOnGuarantee();
    void cancelAStayKeepingAFee();
    void replaceASeatLostDuringPayment();
    void takeOverExpiredHolds();
    void leaveOrdersInCheckout();
    void recordStrayCharges();

    UnitId freeSeat() const; // the first seat nobody holds or bought
    bool endStayBehindTheDesksBack(const QString &state, bool refundLine);
    void holdSeat(const QString &cart, UnitId unit);
    void holdPlace(const QString &cart);
    StayId holdStay(const QString &cart, int nights = 1);
    void holdTable(const QString &cart);
    qint64 beginPayment(const QString &cart); // order opened on the web, charge started; its payment id
    OrderId payOnline(const QString &cart, const QString &intent);
    qint64 lastRefund(OrderId order) const;
    bool exec(const QString &sql, const QVariantMap &bindings = {}) const;

    // Plants a fault in a transaction, audits inside it, rolls it back, then expects exactly `checks`
    // to report, one of them with an example containing `names`.
    void expectCaughtBy(const QStringList &checks, const QString &names, const std::function<bool()> &plant);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgCheckoutStore> m_store;
    std::unique_ptr<PgCounterSales> m_counter;
    std::unique_ptr<PgFrontDesk> m_desk;
    LoadedVenue m_hall;
    int m_nextNight = 0;
    PoolId m_pool = 0;
    RoomTypeId m_room = 0;
    ResourceId m_table = 0;
    QDate m_firstNight;

    OrderId m_everyShape = 0; // web, paid by webhook: a seat, a place, a stay and a table
    StayId m_everyShapeStay = 0;
    UnitId m_everyShapeSeat = 0;
    OrderId m_partlyRefunded = 0;
    OrderId m_fullyRefunded = 0;
    OrderId m_counterSale = 0;
    OrderId m_guaranteed = 0; // still owing: GUARANTEED
    OrderId m_pendingOrder = 0; // at the checkout page, nothing charged yet
    qint64 m_chargingPayment = 0; // charge sent, no answer yet
    UnitId m_liveHold = 0; // held by cart "holder", live
};

void TestMoneyAudit::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("moneyaudit"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Audit Hall"), 3, 10, 600, 1, 4500);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_store = std::make_unique<PgCheckoutStore>(m_db->database(), m_inventory->carts);
    m_counter = std::make_unique<PgCounterSales>(m_db->database(), m_inventory->carts);
    m_desk = std::make_unique<PgFrontDesk>(m_db->database());
    auto pool = PoolService(m_inventory->pools)
                    .createPool({m_hall.eventId, QStringLiteral("GA"), QStringLiteral("Standing"), 20,
                                 Money(1500, QStringLiteral("EUR")), 1, ClaimStrategy::Atomic});
    QVERIFY(pool.ok());
    m_pool = pool->id;
    PropertyLoader properties(m_db->database());
    QVERIFY(properties
                .loadHotel(R"({"name": "Audit Inn", "currency": "EUR", "nights": 60, "room_types":
                    [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 2}]})")
                .ok());
    QVERIFY(properties
                .loadRestaurant(R"({"name": "Audit Cafe", "currency": "EUR", "deposit_minor": 500,
                    "tables": [{"code": "T1", "seats": 4}]})")
                .ok());
    const HotelSummary hotel = m_inventory->hotels.hotels()->first();
    m_room = hotel.roomTypes.first().id;
    m_firstNight = hotel.firstNight;
    m_table = m_inventory->timeSlots.restaurants()->first().tables.first().id;

    sellOnlineEveryShape();
    sellOnlineAndRefundInPart();
    sellOnlineAndRefundInFull();
    sellAtTheCounter();
    settleAGuaranteeAtDeparture();
    bookOnGuarantee();
    cancelAStayKeepingAFee();
    replaceASeatLostDuringPayment();
    takeOverExpiredHolds();
    leaveOrdersInCheckout();
    recordStrayCharges();
}

void TestMoneyAudit::cleanup()
{
    // Every plant was rolled back: the history is as legal as before.
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

// ------------------------------------------------------------------------------------------ history

UnitId TestMoneyAudit::freeSeat() const
{
    return m_db
        ->scalar(QStringLiteral("SELECT min(id) FROM event_seats WHERE event_id = :e AND state = 'AVAILABLE'"),
                 {{QStringLiteral("e"), m_hall.eventId}})
        .toLongLong();
}

void TestMoneyAudit::holdSeat(const QString &cart, UnitId unit)
{
    HoldRequest request;
    request.event = m_hall.eventId;
    request.cart = cart;
    request.units = {unit};
    const auto held = SeatHoldService(m_inventory->seats).hold(request);
    QVERIFY2(held.ok(), held.ok() ? "" : qPrintable(held.error().message));
}

void TestMoneyAudit::holdPlace(const QString &cart)
{
    QVERIFY(PoolService(m_inventory->pools).hold({m_pool, cart, 1, {}}).ok());
}

StayId TestMoneyAudit::holdStay(const QString &cart, int nights)
{
    const QDate checkIn = m_firstNight.addDays(2 + m_nextNight);
    m_nextNight += nights + 1;
    const auto held = HotelService(m_inventory->hotels)
                          .holdStay({m_room, cart, checkIn, checkIn.addDays(nights), QStringLiteral("Guest"), {}});
    return held ? held->id : 0;
}

void TestMoneyAudit::holdTable(const QString &cart)
{
    const QDateTime dinner(m_firstNight.addDays(5), QTime(19, 0), Qt::UTC);
    QVERIFY(SlotService(m_inventory->timeSlots).holdSlot({m_table, cart, 2, dinner, dinner.addSecs(5400), {}}).ok());
}

qint64 TestMoneyAudit::beginPayment(const QString &cart)
{
    const auto order = m_store->openOrder(cart, QStringLiteral("web"), QStringLiteral("buyer"));
    if (!order)
        return 0;
    const auto payment = m_store->beginCharge(order->id, provider, CheckoutSaga::chargeKey(order->id), 900);
    return payment ? payment->id : 0;
}

// The provider's answer recorded and the order settled, as the checkout does after a successful charge.
OrderId TestMoneyAudit::payOnline(const QString &cart, const QString &intent)
{
    const qint64 payment = beginPayment(cart);
    if (payment == 0)
        return 0;
    ChargeOutcome outcome;
    outcome.status = ChargeStatus::Succeeded;
    outcome.providerPaymentId = intent;
    outcome.answered = true;
    const auto record = m_store->payment(payment);
    if (!record || !m_store->recordChargeOutcome(payment, outcome) || !m_store->settlePaidOrder(record->order))
        return 0;
    return record->order;
}

qint64 TestMoneyAudit::lastRefund(OrderId order) const
{
    return m_db
        ->scalar(QStringLiteral("SELECT max(id) FROM refunds WHERE order_id = :o"), {{QStringLiteral("o"), order}})
        .toLongLong();
}

void TestMoneyAudit::sellOnlineEveryShape()
{
    const QString cart = QStringLiteral("web-every");
    m_everyShapeSeat = freeSeat();
    holdSeat(cart, m_everyShapeSeat);
    holdPlace(cart);
    m_everyShapeStay = holdStay(cart);
    QVERIFY(m_everyShapeStay != 0);
    holdTable(cart);
    const qint64 payment = beginPayment(cart);
    QVERIFY(payment != 0);
    const auto record = m_store->payment(payment);
    QVERIFY(record.ok());
    m_everyShape = record->order;
    // Settled by the provider's webhook, so the inbox keeps what the event claimed.
    PaymentEvent event;
    event.eventId = QStringLiteral("evt_every");
    event.type = QStringLiteral("payment_intent.succeeded");
    event.providerPaymentId = QStringLiteral("pi_every");
    event.order = m_everyShape;
    event.amount = record->amount;
    QCOMPARE(m_store->applyPaymentEvent(provider, event).value(), InboxOutcome::Applied);
    QCOMPARE(m_inventory->carts.order(m_everyShape)->state, OrderState::Paid);
    QCOMPARE(record->amount, Money(4500 + 1500 + 9000 + 500, QStringLiteral("EUR")));
}

void TestMoneyAudit::sellOnlineAndRefundInPart()
{
    const QString cart = QStringLiteral("web-partial");
    holdSeat(cart, freeSeat());
    const StayId stay = holdStay(cart);
    m_partlyRefunded = payOnline(cart, QStringLiteral("pi_partial"));
    QVERIFY(m_partlyRefunded != 0);
    QVERIFY(
        m_store->refundUnits(m_partlyRefunded, {OrderItemRef{ItemKind::Stay, stay}}, QStringLiteral("guest ill")).ok());
    RefundOutcome done;
    done.status = ChargeStatus::Succeeded;
    done.providerRefundId = QStringLiteral("re_partial");
    QVERIFY(m_store->recordRefundOutcome(lastRefund(m_partlyRefunded), done).ok());
}

void TestMoneyAudit::sellOnlineAndRefundInFull()
{
    const QString cart = QStringLiteral("web-full");
    holdSeat(cart, freeSeat());
    m_fullyRefunded = payOnline(cart, QStringLiteral("pi_full"));
    QVERIFY(m_fullyRefunded != 0);
    // Still due at the provider: a refund decided counts as refunded.
    QVERIFY(m_store->refundUnits(m_fullyRefunded, {}, QStringLiteral("event cancelled")).ok());
    QCOMPARE(m_inventory->carts.order(m_fullyRefunded)->state, OrderState::Refunded);
}

void TestMoneyAudit::sellAtTheCounter()
{
    const QString cart = QStringLiteral("counter-cash");
    holdSeat(cart, freeSeat());
    holdSeat(cart, freeSeat());
    holdPlace(cart);
    CounterPayment cash;
    cash.tendered = Money(20000, QStringLiteral("EUR"));
    const auto sale = m_counter->sellAtCounter(cart, cash, m_counter->quote(cart).value());
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    m_counterSale = sale->order.id;
    sellACompAndAChildSeat();
}

// A comp (approved by the schema's owner, who counts as a manager) and a child seat, sold at the counter:
// the comp is a sold unit at 0 with its reason, and the order still balances.
void TestMoneyAudit::sellACompAndAChildSeat()
{
    const QString cart = QStringLiteral("counter-comp");
    const UnitId comped = freeSeat();
    holdSeat(cart, comped);
    const UnitId child = freeSeat();
    holdSeat(cart, child);
    PgPriceTypeStore prices(m_db->database());
    const Money childPrice(2000, QStringLiteral("EUR"));
    QVERIFY(prices.setPrice(m_hall.eventId, QStringLiteral("S"), PriceType::Child, childPrice).ok());
    QVERIFY(prices.choose({cart, comped, PriceType::Complimentary, QStringLiteral("house guest")}).ok());
    QVERIFY(prices.choose({cart, child, PriceType::Child, {}}).ok());
    CounterPayment cash;
    cash.tendered = Money(2000, QStringLiteral("EUR"));
    const auto sale = m_counter->sellAtCounter(cart, cash, m_counter->quote(cart).value());
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    QCOMPARE(sale->charged.minor(), qint64(2000));
}

// Booked on a card on file, checked in and out, paid on departure.
void TestMoneyAudit::settleAGuaranteeAtDeparture()
{
    const QString cart = QStringLiteral("counter-stayed");
    const StayId stay = holdStay(cart, 2);
    CounterPayment guarantee;
    guarantee.method = PaymentMethod::Guarantee;
    guarantee.cardReference = QStringLiteral("VISA-4242");
    const auto booked = m_counter->sellAtCounter(cart, guarantee, m_counter->quote(cart).value());
    QVERIFY(booked.ok());
    QVERIFY(m_desk->allowEarlyCheckIn(stay, QStringLiteral("arrives later: checked in early for the audit")).ok());
    QVERIFY(m_desk->checkIn(stay).ok());
    // Paid before the guest leaves: the database refuses a check-out while the room is owed (migration 032).
    QVERIFY(!m_desk->checkOut(stay).ok());
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = QStringLiteral("TERM-77");
    QVERIFY(m_counter->settleGuarantee(booked->order.id, card).ok());
    QVERIFY(m_desk->checkOut(stay).ok());
}

void TestMoneyAudit::bookOnGuarantee()
{
    const QString cart = QStringLiteral("counter-guarantee");
    QVERIFY(holdStay(cart) != 0);
    CounterPayment guarantee;
    guarantee.method = PaymentMethod::Guarantee;
    guarantee.cardReference = QStringLiteral("MC-5555");
    const auto booked = m_counter->sellAtCounter(cart, guarantee, m_counter->quote(cart).value());
    QVERIFY(booked.ok());
    QCOMPARE(booked->order.state, OrderState::Guaranteed);
    m_guaranteed = booked->order.id;
}

// No store offers "refund less a fee" yet: a manager's cancellation done by hand as the owner, the way
// the ledger expects it (refund of the rest, the fee in a FEE_KEPT row with its reason, the nights back).
void TestMoneyAudit::cancelAStayKeepingAFee()
{
    const QString cart = QStringLiteral("web-fee");
    const StayId stay = holdStay(cart);
    const OrderId order = payOnline(cart, QStringLiteral("pi_fee"));
    QVERIFY(order != 0);
    const qint64 fee = 2000;
    const QVariantMap o{{QStringLiteral("o"), order}};
    const QVariantMap s{{QStringLiteral("s"), stay}};
    QVERIFY(m_db->database().transaction());
    const bool cancelled
        = exec(QStringLiteral("INSERT INTO refunds (order_id, payment_id, amount_minor, reason, idempotency_key) "
                              "SELECT :o, id, amount_minor - :fee, 'cancelled late, less the fee', :key FROM payments "
                              "WHERE order_id = :o2 AND state = 'SUCCEEDED'"),
               {{QStringLiteral("o"), order},
                {QStringLiteral("fee"), fee},
                {QStringLiteral("key"), QStringLiteral("fee-refund")},
                {QStringLiteral("o2"), order}})
        && exec(QStringLiteral("SELECT boxoffice_keep_fee(:o, :fee, 'cancelled within 48 hours')"),
                {{QStringLiteral("o"), order}, {QStringLiteral("fee"), fee}})
        && exec(QStringLiteral("UPDATE order_stay_lines SET state = 'REFUNDED' WHERE stay_id = :s"), s)
        && exec(
              QStringLiteral("UPDATE room_nights n SET booked = booked - 1 FROM stays t WHERE t.id = :s "
                             "AND n.room_type_id = t.room_type_id AND n.night >= t.check_in AND n.night < t.check_out"),
              s)
        && exec(QStringLiteral("UPDATE stays SET state = 'CANCELLED' WHERE id = :s"), s)
        && exec(QStringLiteral("UPDATE orders SET state = 'REFUNDED' WHERE id = :o"), o);
    if (!cancelled) {
        m_db->database().rollback();
        QFAIL("the cancellation could not be written");
    }
    QVERIFY(m_db->database().commit());
}

// The pin ran out during the payment and another buyer took the seat (legally, after its expiry): the
// settlement sells an equivalent seat instead.
void TestMoneyAudit::replaceASeatLostDuringPayment()
{
    const QString cart = QStringLiteral("web-replaced");
    const UnitId seat = freeSeat();
    holdSeat(cart, seat);
    const qint64 payment = beginPayment(cart);
    QVERIFY(payment != 0);
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), cart, 7200));
    holdSeat(QStringLiteral("thief"), seat);
    ChargeOutcome outcome;
    outcome.status = ChargeStatus::Succeeded;
    outcome.providerPaymentId = QStringLiteral("pi_replaced");
    QVERIFY(m_store->recordChargeOutcome(payment, outcome).ok());
    const auto settled = m_store->settlePaidOrder(m_store->payment(payment)->order);
    QVERIFY(settled.ok());
    QCOMPARE(settled->replaced.size(), 1);
    QVERIFY(m_inventory->carts.releaseCart(QStringLiteral("thief")).ok());
}

// Lazy expiry: a hold that ran out is claimed by another cart with no sweeper in between, and a late
// confirm sells a seat its own cart's hold ran out on.
void TestMoneyAudit::takeOverExpiredHolds()
{
    const UnitId seat = freeSeat();
    holdSeat(QStringLiteral("early"), seat);
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), QStringLiteral("early"), 7200));
    holdSeat(QStringLiteral("late"), seat);
    QVERIFY(m_inventory->carts.releaseCart(QStringLiteral("late")).ok());

    const QString slow = QStringLiteral("slow");
    holdSeat(slow, freeSeat());
    const auto order = m_inventory->carts.createOrder(slow);
    QVERIFY(order.ok());
    QVERIFY(m_db->backdateHolds(QStringLiteral("event_seats"), slow, 7200));
    QCOMPARE(m_inventory->carts.confirm(order->id)->sold.size(), 1); // staff confirm: no money moves

    m_liveHold = freeSeat();
    holdSeat(QStringLiteral("holder"), m_liveHold);
}

void TestMoneyAudit::leaveOrdersInCheckout()
{
    holdSeat(QStringLiteral("web-pending"), freeSeat());
    const auto pending = m_store->openOrder(QStringLiteral("web-pending"), QStringLiteral("web"), QStringLiteral("b"));
    QVERIFY(pending.ok());
    m_pendingOrder = pending->id;
    holdSeat(QStringLiteral("web-charging"), freeSeat());
    m_chargingPayment = beginPayment(QStringLiteral("web-charging"));
    QVERIFY(m_chargingPayment != 0);
}

// Refunded; found an hour ago and still due (within the day reconciliation has); failed but closed by
// staff.
void TestMoneyAudit::recordStrayCharges()
{
    ProviderCharge refunded;
    refunded.providerPaymentId = QStringLiteral("pi_stray_done");
    refunded.idempotencyKey = QStringLiteral("boxoffice-order-900-charge");
    refunded.amount = Money(2500, QStringLiteral("EUR"));
    QVERIFY(m_store->recordStrayCharge(refunded, QStringLiteral("no payment of this shop records this charge")).ok());
    RefundOutcome done;
    done.status = ChargeStatus::Succeeded;
    QVERIFY(m_store->recordStrayRefund(refunded.providerPaymentId, done).ok());
    QVERIFY(
        exec(QStringLiteral("INSERT INTO stray_charges (provider_payment_id, amount_minor, currency, why, found_at) "
                            "VALUES (:pi, 1200, 'EUR', 'unknown key', now() - interval '1 hour')"),
             {{QStringLiteral("pi"), QStringLiteral("pi_stray_recent")}}));
    QVERIFY(exec(QStringLiteral("INSERT INTO stray_charges (provider_payment_id, amount_minor, currency, why, "
                                "refund_state, found_at, resolved_at, resolved_by) VALUES (:pi, 800, 'EUR', "
                                "'unknown key', 'FAILED', now() - interval '3 days', now() - interval '2 days', :by)"),
                 {{QStringLiteral("pi"), QStringLiteral("pi_stray_closed")},
                  {QStringLiteral("by"), QStringLiteral("manager")}}));
}

bool TestMoneyAudit::exec(const QString &sql, const QVariantMap &bindings) const
{
    QString error;
    const bool ok = m_db->exec(sql, bindings, &error);
    if (!ok)
        qWarning("%s: %s", qPrintable(sql), qPrintable(error));
    return ok;
}

// ------------------------------------------------------------------------------------------ checks

void TestMoneyAudit::theLegalHistoryPasses()
{
    const auto report = InventoryAuditor(m_db->database()).run();
    QVERIFY2(report.ok(),
             report.ok() ? "" : qPrintable(report.error().message + QLatin1Char(' ') + report.error().detail));
    QVERIFY2(report->ok(), qPrintable(describe(report.value())));
    QSet<QString> listed;
    for (const AuditCheck &check : report->checks)
        listed << check.name;
    for (const QString &check : moneyChecks)
        QVERIFY2(listed.contains(check), qPrintable(check));
    QVERIFY(!listed.contains(QStringLiteral("money-matches-units"))); // superseded by money-balances-per-order
    // The lease check had legal takeovers to judge (after expiry: "early" to "late", the paying cart to
    // "thief"), each recorded with the lease that had run out.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM inventory_audit WHERE entity = 'seat' "
                                         "AND from_state = 'HELD' AND to_state = 'HELD' AND cart_id <> from_cart_id "
                                         "AND from_expires_at <= at"))
                 .toInt(),
             2);
}

void TestMoneyAudit::expectCaughtBy(const QStringList &checks, const QString &names, const std::function<bool()> &plant)
{
    QVERIFY(m_db->database().transaction());
    const bool planted = plant();
    const auto report = InventoryAuditor(m_db->database()).run();
    QVERIFY(m_db->database().rollback()); // before any comparison can return early
    QVERIFY2(planted, "the fault could not be planted");
    QVERIFY2(report.ok(),
             report.ok() ? "" : qPrintable(report.error().message + QLatin1Char(' ') + report.error().detail));
    QStringList reported;
    bool named = false;
    for (const AuditFinding &finding : report->findings) {
        reported << finding.check;
        for (const QString &example : finding.examples)
            named = named || example.contains(names);
    }
    QVERIFY2(
        reported == checks,
        qPrintable(
            QStringLiteral("reported: %1\n%2").arg(reported.join(QStringLiteral(", ")), describe(report.value()))));
    QVERIFY2(named, qPrintable(QStringLiteral("no example names \"%1\":\n%2").arg(names, describe(report.value()))));
}

// The unique index is what refuses a second live order; with it gone, the audit still sees one.
void TestMoneyAudit::twoLiveOrdersOfOneCart()
{
    expectCaughtBy({QStringLiteral("no-cart-with-two-live-orders")}, QStringLiteral("cart counter-cash: orders"),
                   [this] {
                       return exec(QStringLiteral("DROP INDEX orders_one_live_per_cart"))
                           && exec(QStringLiteral("INSERT INTO orders (cart_id, currency) VALUES (:c, 'EUR')"),
                                   {{QStringLiteral("c"), QStringLiteral("counter-cash")}});
                   });
}

// The intent already captured for one order captured again for an order still at the checkout page.
void TestMoneyAudit::oneIntentCapturedForTwoOrders()
{
    expectCaughtBy(
        {QStringLiteral("captured-charge-maps-to-one-order")},
        QStringLiteral("provider payment pi_every captured 2 times"), [this] {
            return exec(QStringLiteral("INSERT INTO order_ledger (order_id, entry, amount_minor, currency, via, "
                                       "provider_payment_id, reason) VALUES (:o, 'CAPTURED', 4500, 'EUR', 'provider', "
                                       ":pi, 'the same charge again')"),
                        {{QStringLiteral("o"), m_pendingOrder}, {QStringLiteral("pi"), QStringLiteral("pi_every")}});
        });
}

// The provider's success recorded with the ledger trigger off: money moved that the ledger never saw.
void TestMoneyAudit::aSucceededPaymentWithoutItsCapture()
{
    const OrderId order = m_store->payment(m_chargingPayment)->order;
    expectCaughtBy({QStringLiteral("captured-charge-maps-to-one-order")},
                   QStringLiteral("order %1: payment %2 succeeded with 0 captures").arg(order).arg(m_chargingPayment),
                   [this] {
                       return exec(QStringLiteral("ALTER TABLE payments DISABLE TRIGGER payments_to_ledger"))
                           && exec(QStringLiteral("UPDATE payments SET state = 'SUCCEEDED', provider_payment_id = :pi "
                                                  "WHERE id = :p"),
                                   {{QStringLiteral("pi"), QStringLiteral("pi_unseen")},
                                    {QStringLiteral("p"), m_chargingPayment}});
                   });
}

// A seat given back to stock and its line marked refunded, but no refund: the buyer paid for nothing.
void TestMoneyAudit::unitsGivenBackWithoutTheMoney()
{
    expectCaughtBy(
        {QStringLiteral("money-balances-per-order")}, QStringLiteral("order %1 (PAID): taken").arg(m_everyShape),
        [this] {
            const QVariantMap bindings{{QStringLiteral("o"), m_everyShape}, {QStringLiteral("u"), m_everyShapeSeat}};
            // The order still delivers its place, stay and table; the check of that runs at commit.
            return exec(QStringLiteral("UPDATE order_lines SET state = 'REFUNDED' "
                                       "WHERE order_id = :o AND unit_id = :u"),
                        bindings)
                && exec(QStringLiteral("UPDATE event_seats SET state = 'AVAILABLE', order_id = NULL, "
                                       "cart_id = NULL WHERE id = :u"),
                        {{QStringLiteral("u"), m_everyShapeSeat}});
        });
}

// Every unit refunded and the money on its way back, yet the order says PAID. The database refuses this
// at commit (a deferred trigger), and this transaction never commits.
void TestMoneyAudit::aRefundedOrderMarkedPaidAgain()
{
    expectCaughtBy({QStringLiteral("no-paid-order-without-units")},
                   QStringLiteral("order %1 is PAID with no sold line").arg(m_fullyRefunded), [this] {
                       return exec(QStringLiteral("UPDATE orders SET state = 'PAID' WHERE id = :o"),
                                   {{QStringLiteral("o"), m_fullyRefunded}});
                   });
}

// A stay ended behind the front desk's back: the database's own refusals (a clerk ending a paid stay,
// a line left sold at commit) are switched off for the plant, the nights given back as a cancel does.
bool TestMoneyAudit::endStayBehindTheDesksBack(const QString &state, bool refundLine)
{
    const QVariantMap stay{{QStringLiteral("s"), m_everyShapeStay}};
    return exec(QStringLiteral("SET LOCAL session_replication_role = replica"))
        && exec(QStringLiteral(
                    "UPDATE room_nights n SET booked = n.booked - 1 FROM stays s WHERE s.id = :s "
                    "AND n.room_type_id = s.room_type_id AND n.night >= s.check_in AND n.night < s.check_out"),
                stay)
        && exec(QStringLiteral("UPDATE stays SET state = :state, expires_at = NULL WHERE id = :s"),
                {{QStringLiteral("s"), m_everyShapeStay}, {QStringLiteral("state"), state}})
        && (!refundLine
            || exec(QStringLiteral("UPDATE order_stay_lines SET state = 'REFUNDED' WHERE stay_id = :s"), stay));
}

// A cancel that gives the nights back but leaves the stay's line sold (what the desk once did).
void TestMoneyAudit::aStayCancelledAtTheDeskKeepsItsLineSold()
{
    // The older inventory check sees the sold line of a stay no longer booked as well.
    expectCaughtBy({QStringLiteral("stay-sold-lines"), QStringLiteral("no-ended-stay-with-money-kept")},
                   QStringLiteral("stay %1 (CANCELLED) of order %2: its line").arg(m_everyShapeStay).arg(m_everyShape),
                   [this] { return endStayBehindTheDesksBack(QStringLiteral("CANCELLED"), false); });
}

// A walk that sends the guest elsewhere and keeps the stay's line SOLD (what the walk once did).
void TestMoneyAudit::aWalkedGuestsStayKeepsItsLineSold()
{
    // The older inventory check sees the sold line of a stay no longer booked as well.
    expectCaughtBy({QStringLiteral("stay-sold-lines"), QStringLiteral("no-ended-stay-with-money-kept")},
                   QStringLiteral("stay %1 (WALKED) of order %2: its line").arg(m_everyShapeStay).arg(m_everyShape),
                   [this] { return endStayBehindTheDesksBack(QStringLiteral("WALKED"), false); });
}

// Cancelled properly on the inventory side (line REFUNDED, nights back) but no refund and no fee: the
// money is kept with nothing saying why. The same fault unbalances the order, so both checks name it.
void TestMoneyAudit::aStayCancelledWithTheMoneyKeptAndNoFee()
{
    expectCaughtBy({QStringLiteral("money-balances-per-order"), QStringLiteral("no-ended-stay-with-money-kept")},
                   QStringLiteral("stay %1 (CANCELLED) of order %2").arg(m_everyShapeStay).arg(m_everyShape),
                   [this] { return endStayBehindTheDesksBack(QStringLiteral("CANCELLED"), true); });
}

// A claim that ignored the expiry: cart "intruder" takes a seat whose hold by "holder" is still live.
void TestMoneyAudit::aSeatTakenFromALiveHold()
{
    expectCaughtBy({QStringLiteral("no-unit-held-by-two-carts-at-once")},
                   QStringLiteral("unit %1: cart intruder took it").arg(m_liveHold), [this] {
                       return exec(
                           QStringLiteral("UPDATE event_seats SET cart_id = :c, held_since = now(), "
                                          "hold_expires_at = now() + interval '10 minutes' WHERE id = :u"),
                           {{QStringLiteral("c"), QStringLiteral("intruder")}, {QStringLiteral("u"), m_liveHold}});
                   });
}

void TestMoneyAudit::aWebhookThatDoesNotMatchItsPayment()
{
    expectCaughtBy({QStringLiteral("webhook-amounts-equal-payments")},
                   QStringLiteral("order %1: event evt_every claimed 1 EUR").arg(m_everyShape), [this] {
                       return exec(QStringLiteral("UPDATE payment_inbox SET amount_minor = 1 WHERE event_id = :e"),
                                   {{QStringLiteral("e"), QStringLiteral("evt_every")}});
                   });
}

// Cash handed back on a guaranteed booking nothing was taken for; the refund trigger would refuse it.
void TestMoneyAudit::aRefundOfMoneyNeverTaken()
{
    expectCaughtBy(
        {QStringLiteral("refunds-never-exceed-captured")},
        QStringLiteral("order %1: refunded 9000 of 0 taken").arg(m_guaranteed), [this] {
            return exec(QStringLiteral("ALTER TABLE refunds DISABLE TRIGGER refunds_to_ledger"))
                && exec(QStringLiteral("INSERT INTO refunds (order_id, amount_minor, reason, idempotency_key, "
                                       "state) VALUES (:o, 9000, 'goodwill', :key, 'SUCCEEDED')"),
                        {{QStringLiteral("o"), m_guaranteed}, {QStringLiteral("key"), QStringLiteral("never-taken")}});
        });
}

void TestMoneyAudit::aStrayChargeLeftUnrefunded()
{
    expectCaughtBy(
        {QStringLiteral("stray-charges-refunded")}, QStringLiteral("stray charge pi_stray_old (order 77)"), [this] {
            return exec(
                QStringLiteral("INSERT INTO stray_charges (provider_payment_id, order_id, amount_minor, currency, "
                               "why, refund_state, found_at) VALUES (:pi, 77, 3000, 'EUR', 'refund refused', "
                               "'FAILED', now() - interval '2 days')"),
                {{QStringLiteral("pi"), QStringLiteral("pi_stray_old")}});
        });
}

// The same webhook fault committed, so the real binary sees it: exit 1 and the finding in its JSON.
void TestMoneyAudit::theCommandLineAuditExitsOneWithTheFinding()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest");
    const auto runAudit = [this](QJsonObject *json) {
        const ConnectionSettings target = m_db->settings();
        QProcessEnvironment environment = clientEnvironment(target);
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(qEnvironmentVariable("BOXOFFICE_CTL"), {QStringLiteral("audit"), QStringLiteral("--json")});
        if (!process.waitForFinished(120000))
            return -1;
        *json = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
        return process.exitCode();
    };
    const QVariantMap event{{QStringLiteral("e"), QStringLiteral("evt_every")}};
    QVERIFY(
        exec(QStringLiteral("UPDATE payment_inbox SET amount_minor = amount_minor + 1 WHERE event_id = :e"), event));
    QJsonObject broken;
    const int failed = runAudit(&broken);
    QVERIFY(
        exec(QStringLiteral("UPDATE payment_inbox SET amount_minor = amount_minor - 1 WHERE event_id = :e"), event));
    QCOMPARE(failed, 1);
    QCOMPARE(broken.value(QStringLiteral("ok")).toBool(true), false);
    const QJsonArray findings = broken.value(QStringLiteral("findings")).toArray();
    QCOMPARE(findings.size(), 1);
    const QJsonObject finding = findings.first().toObject();
    QCOMPARE(finding.value(QStringLiteral("check")).toString(), QStringLiteral("webhook-amounts-equal-payments"));
    QVERIFY2(finding.value(QStringLiteral("examples"))
                 .toArray()
                 .first()
                 .toString()
                 .startsWith(QStringLiteral("order %1: event evt_every").arg(m_everyShape)),
             QJsonDocument(finding).toJson().constData());
    QJsonObject restored;
    QCOMPARE(runAudit(&restored), 0);
    QCOMPARE(restored.value(QStringLiteral("ok")).toBool(), true);
}

QTEST_GUILESS_MAIN(TestMoneyAudit)
#include "tst_moneyaudit.moc"
