// Finding an order at the counter, against PostgreSQL and as a real clerk login: a counter sale (two
// seats and a hotel stay, paid by card, one seat refunded by a manager) and an online-paid order of a
// web buyer, each found by order number, ticket code (bare and as scanned), buyer or guest name part
// (case-insensitive, % and _ literal) and card terminal reference; the details list lines, payments,
// refunds and tickets; bad searches are refused with the clerk's words. An exchange reads from both
// sides: the old order names the units given back and the order they went into, the new order the
// exchange it came from and the credit.

#include "domain/checkoutsaga.h"
#include "domain/countersale.h"
#include "domain/exchangeservice.h"
#include "domain/hotelservice.h"
#include "domain/orderlookup.h"
#include "domain/refundservice.h"
#include "domain/seatholdservice.h"
#include "moneycompare.h"
#include "storage/pgbuyerstore.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgcountersales.h"
#include "storage/pgexchangestore.h"
#include "storage/pginventory.h"
#include "storage/pgorderlookup.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QCoreApplication>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

const QString cardReference = QStringLiteral("TRM-884213-B");
const QString guest = QStringLiteral("Maria Lindqvist");
const QString buyerName = QStringLiteral("Lena 100% Kovac");
const QString intent = QStringLiteral("pi_lookup_0001");

QStringList ids(const QVector<OrderHit> &hits)
{
    QStringList out;
    for (const OrderHit &hit : hits)
        out << QString::number(hit.id);
    return out;
}

} // namespace

class TestOrderLookup : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void byOrderNumber();
    void byTicketCodeBareAndScanned();
    void byGuestAndBuyerNamePart();
    void percentAndUnderscoreAreLiteral();
    void byCardTerminalReference();
    void detailsOfTheCounterSale();
    void detailsOfTheOnlineOrder();
    void badSearchesAreRefused();
    void anUnknownOrderIsNotFound();
    void anExchangeReadsFromBothOrders();

private:
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<DatabaseConnection> m_clerkConnection;
    std::unique_ptr<PgOrderLookup> m_store;
    std::unique_ptr<OrderLookupService> m_lookup;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    QString m_clerk;
    QString m_manager;
    const QString m_password = QStringLiteral("lookup-pass-1234");
    CounterSale m_sale;
    OrderId m_online = 0;
};

void TestOrderLookup::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("orderlookup"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Lookup Hall"), 2, 10, 600, 1, 4500);
    m_units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    PropertyLoader properties(m_db->database());
    QVERIFY(properties
                .loadHotel(R"({"name": "Lookup Inn", "currency": "EUR", "nights": 30, "room_types":
                    [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 2}]})")
                .ok());
    const HotelSummary hotel = m_inventory->hotels.hotels()->first();

    m_clerk = QStringLiteral("lookupclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("lookupmanager_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());

    // At the counter: two seats and a stay, by card.
    const CartId cart = QStringLiteral("lookup-counter");
    QVERIFY(SeatHoldService(m_inventory->seats)
                .hold(HoldRequest{m_hall.eventId, cart, {m_units.at(0), m_units.at(1)}, std::nullopt})
                .ok());
    const QDate checkIn = hotel.firstNight.addDays(2);
    QVERIFY(HotelService(m_inventory->hotels)
                .holdStay({hotel.roomTypes.first().id, cart, checkIn, checkIn.addDays(2), guest, {}})
                .ok());
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    QVERIFY(quote.ok());
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = cardReference;
    auto sale = sales.sell(cart, card, quote.value());
    QVERIFY2(sale.ok(), sale.ok() ? "" : qPrintable(sale.error().message));
    m_sale = sale.value();
    QCOMPARE(m_sale.tickets.size(), 2);

    // A manager gives one seat back.
    {
        auto manager = signIn(m_manager);
        QVERIFY(manager);
        PgInventory managerInventory(manager->database());
        PgCheckoutStore checkout(manager->database(), managerInventory.carts);
        const auto refund = RefundService(checkout, nullptr)
                                .refund(m_sale.order.id, {OrderItemRef{ItemKind::Seat, m_units.at(1)}},
                                        QStringLiteral("buyer cannot come"));
        QVERIFY2(refund.ok(), refund.ok() ? "" : qPrintable(refund.error().message));
    }

    // Online: a web buyer's cart, one seat, charged and settled as the checkout does.
    PgBuyerStore buyers(m_db->database());
    const auto buyer = buyers.addBuyer(buyerName);
    QVERIFY(buyer.ok());
    const auto webCart = buyers.createCart(buyer->buyer.id);
    QVERIFY(webCart.ok());
    QVERIFY(SeatHoldService(m_inventory->seats)
                .hold(HoldRequest{m_hall.eventId, webCart.value(), {m_units.at(5)}, std::nullopt})
                .ok());
    PgCheckoutStore checkout(m_db->database(), m_inventory->carts);
    const auto order = checkout.openOrder(webCart.value(), QStringLiteral("web"), QStringLiteral("buyer"));
    QVERIFY(order.ok());
    const auto payment
        = checkout.beginCharge(order->id, QStringLiteral("fakepay"), CheckoutSaga::chargeKey(order->id), 900);
    QVERIFY(payment.ok());
    ChargeOutcome outcome;
    outcome.status = ChargeStatus::Succeeded;
    outcome.providerPaymentId = intent;
    outcome.answered = true;
    QVERIFY(checkout.recordChargeOutcome(payment->id, outcome).ok());
    QVERIFY(checkout.settlePaidOrder(order->id).ok());
    m_online = order->id;

    m_clerkConnection = signIn(m_clerk);
    QVERIFY(m_clerkConnection);
    m_store = std::make_unique<PgOrderLookup>(m_clerkConnection->database());
    m_lookup = std::make_unique<OrderLookupService>(*m_store);
}

void TestOrderLookup::cleanupTestCase()
{
    m_lookup.reset();
    m_store.reset();
    m_clerkConnection.reset();
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<DatabaseConnection> TestOrderLookup::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, QStringLiteral("orderlookup"));
    if (!connection)
        qWarning("sign-in failed: %s", qPrintable(connection.error().message));
    return connection ? std::move(connection.value()) : nullptr;
}

void TestOrderLookup::anExchangeReadsFromBothOrders()
{
    // A buyer pays for two seats in cash, then swaps the second for another seat of the same price.
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    const CartId oldCart = QStringLiteral("lookup-exchange-old");
    QVERIFY(SeatHoldService(m_inventory->seats)
                .hold(HoldRequest{m_hall.eventId, oldCart, {m_units.at(10), m_units.at(11)}, std::nullopt})
                .ok());
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(9000, QStringLiteral("EUR"));
    const auto sold = sales.sell(oldCart, cash, sales.quote(oldCart).value());
    QVERIFY2(sold.ok(), sold.ok() ? "" : qPrintable(sold.error().message));
    const OrderId oldOrder = sold->order.id;
    const CartId newCart = QStringLiteral("lookup-exchange-new");
    QVERIFY(SeatHoldService(m_inventory->seats)
                .hold(HoldRequest{m_hall.eventId, newCart, {m_units.at(12)}, std::nullopt})
                .ok());
    OrderId newOrder = 0;
    {
        auto manager = signIn(m_manager);
        QVERIFY(manager);
        QSqlDatabase db = manager->database();
        PgInventory inventory(db);
        PgCheckoutStore checkout(db, inventory.carts);
        PgCounterSales managerCounter(db, inventory.carts);
        PgExchangeStore store(db, inventory.carts, checkout, managerCounter);
        PgUnitOfWork unit(db);
        ExchangeRequest request;
        request.order = oldOrder;
        request.giveBack = {OrderItemRef{ItemKind::Seat, m_units.at(11)}};
        request.cart = newCart;
        request.seen = CounterSaleService(managerCounter).quote(newCart).value();
        request.reason = QStringLiteral("wants the aisle");
        const auto exchanged = ExchangeService(store, unit).exchange(request);
        QVERIFY2(exchanged.ok(), exchanged.ok() ? "" : qPrintable(exchanged.error().message));
        newOrder = exchanged->newOrder;
    }

    // The old order: one exchange into the new order, naming the seat given back; the seat kept is not.
    const auto old = m_lookup->details(oldOrder);
    QVERIFY2(old.ok(), old.ok() ? "" : qPrintable(old.error().message));
    QCOMPARE(old->exchanges.size(), 1);
    const OrderExchangeRecord &out = old->exchanges.first();
    QCOMPARE(out.fromOrder, oldOrder);
    QCOMPARE(out.toOrder, newOrder);
    QCOMPARE(out.credit, Money(4500, QStringLiteral("EUR")));
    QCOMPARE(out.reason, QStringLiteral("wants the aisle"));
    QCOMPARE(out.by, m_manager);
    QVERIFY(out.at.isValid());
    QCOMPARE(out.items.size(), 1);
    QCOMPARE(out.items.first().id, m_units.at(11));
    int exchangedLines = 0;
    for (const OrderLine &line : old->lines) {
        const OrderExchangeRecord *exchange = old->exchangeOf(line);
        QCOMPARE(exchange != nullptr, line.id == m_units.at(11));
        exchangedLines += exchange ? 1 : 0;
    }
    QCOMPARE(exchangedLines, 1);

    // The new order: sold in an exchange from the old one, with the credit carried over.
    const auto fresh = m_lookup->details(newOrder);
    QVERIFY2(fresh.ok(), fresh.ok() ? "" : qPrintable(fresh.error().message));
    QCOMPARE(fresh->exchanges.size(), 1);
    QCOMPARE(fresh->exchanges.first().fromOrder, oldOrder);
    QCOMPARE(fresh->exchanges.first().toOrder, newOrder);
    QCOMPARE(fresh->exchanges.first().credit, Money(4500, QStringLiteral("EUR")));
    QCOMPARE(fresh->exchanges.first().newTotal, Money(4500, QStringLiteral("EUR")));
    for (const OrderLine &line : fresh->lines)
        QVERIFY(!fresh->exchangeOf(line)); // its own units were sold, not given back

    // An order never exchanged has none.
    QVERIFY(m_lookup->details(m_online)->exchanges.isEmpty());
}

void TestOrderLookup::byOrderNumber()
{
    for (OrderId id : {m_sale.order.id, m_online}) {
        const auto hits = m_lookup->find(QStringLiteral("  %1 ").arg(id));
        QVERIFY2(hits.ok(), hits.ok() ? "" : qPrintable(hits.error().message));
        QVERIFY(!hits->isEmpty());
        QCOMPARE(hits->first().id, id);
        QCOMPARE(hits->first().matchedBy, OrderMatch::OrderNumber);
        QCOMPARE(hits->first().state, OrderState::Paid);
        QCOMPARE(hits->first().amount.currency(), QStringLiteral("EUR"));
        QVERIFY(hits->first().createdAt.isValid());
    }
    QVERIFY(m_lookup->find(QStringLiteral("987654321"))->isEmpty());
}

void TestOrderLookup::byTicketCodeBareAndScanned()
{
    const Ticket &ticket = m_sale.tickets.first();
    for (const QString &typed : {ticket.code, ticket.code.toUpper(), ticketQrPayload(ticket)}) {
        const auto hits = m_lookup->find(typed);
        QVERIFY2(hits.ok(), qPrintable(typed));
        QCOMPARE(hits->size(), 1);
        QCOMPARE(hits->first().id, m_sale.order.id);
        QCOMPARE(hits->first().matchedBy, OrderMatch::TicketCode);
        QCOMPARE(hits->first().matched, ticket.code);
    }
    // A well-formed code never issued finds nothing.
    QVERIFY(m_lookup->find(QStringLiteral("00000000-0000-4000-8000-000000000000"))->isEmpty());
}

void TestOrderLookup::byGuestAndBuyerNamePart()
{
    const auto guestHits = m_lookup->find(QStringLiteral("IA LINDQ"));
    QVERIFY(guestHits.ok());
    QCOMPARE(ids(guestHits.value()), QStringList{QString::number(m_sale.order.id)});
    QCOMPARE(guestHits->first().matchedBy, OrderMatch::GuestName);
    QCOMPARE(guestHits->first().matched, guest);

    const auto buyerHits = m_lookup->find(QStringLiteral("kovac"));
    QVERIFY(buyerHits.ok());
    QCOMPARE(ids(buyerHits.value()), QStringList{QString::number(m_online)});
    QCOMPARE(buyerHits->first().matchedBy, OrderMatch::BuyerName);
    QCOMPARE(buyerHits->first().matched, buyerName);
    QCOMPARE(buyerHits->first().amount.minor(), 4500);
}

void TestOrderLookup::percentAndUnderscoreAreLiteral()
{
    // "%" would match every name if it were a wildcard; only the buyer's name has one.
    QCOMPARE(ids(m_lookup->find(QStringLiteral("%")).value()), QStringList{QString::number(m_online)});
    QCOMPARE(ids(m_lookup->find(QStringLiteral("0% k")).value()), QStringList{QString::number(m_online)});
    // "_" would match the space in "Maria Lindqvist".
    QVERIFY(m_lookup->find(QStringLiteral("maria_lind"))->isEmpty());
    QVERIFY(m_lookup->find(QStringLiteral("\\"))->isEmpty());
}

void TestOrderLookup::byCardTerminalReference()
{
    for (const QString &typed : {cardReference, QStringLiteral("884213"), QStringLiteral("trm-884")}) {
        const auto hits = m_lookup->find(typed);
        QVERIFY2(hits.ok(), qPrintable(typed));
        QCOMPARE(ids(hits.value()), QStringList{QString::number(m_sale.order.id)});
        QCOMPARE(hits->first().matchedBy, OrderMatch::CardReference);
        QCOMPARE(hits->first().matched, cardReference);
    }
}

void TestOrderLookup::detailsOfTheCounterSale()
{
    const auto details = m_lookup->details(m_sale.order.id);
    QVERIFY2(details.ok(), details.ok() ? "" : qPrintable(details.error().message));
    QCOMPARE(details->state, OrderState::Paid);
    QCOMPARE(details->channel, QStringLiteral("counter"));
    QCOMPARE(details->lines.size(), 3);
    QCOMPARE(details->lines.at(0).kind, ItemKind::Seat);
    QCOMPARE(details->lines.at(0).label, QStringLiteral("A-1-1"));
    QCOMPARE(details->lines.at(0).state, LineState::Sold);
    QCOMPARE(details->lines.at(1).label, QStringLiteral("A-1-2"));
    QCOMPARE(details->lines.at(1).state, LineState::Refunded);
    QCOMPARE(details->lines.at(2).kind, ItemKind::Stay);
    QCOMPARE(details->lines.at(2).amount.minor(), 18000);

    QCOMPARE(details->payments.size(), 1);
    const OrderPaymentRecord &paid = details->payments.first();
    QVERIFY(!paid.online);
    QCOMPARE(paid.method, QStringLiteral("card"));
    QCOMPARE(paid.reference, cardReference);
    QCOMPARE(paid.amount, Money(2 * 4500 + 18000, QStringLiteral("EUR")));
    QCOMPARE(paid.takenBy, m_db->scalar(QStringLiteral("SELECT current_user")).toString());

    QCOMPARE(details->refunds.size(), 1);
    QCOMPARE(details->refunds.first().amount, Money(4500, QStringLiteral("EUR")));
    QCOMPARE(details->refunds.first().reason, QStringLiteral("buyer cannot come"));
    QCOMPARE(details->refunded, Money(4500, QStringLiteral("EUR")));

    QCOMPARE(details->tickets.size(), 2);
    QCOMPARE(details->tickets.first().code, m_sale.tickets.first().code);
    QCOMPARE(details->tickets.first().seatLabel, QStringLiteral("A-1-1"));
    QCOMPARE(details->tickets.first().eventName, m_sale.tickets.first().eventName);
}

void TestOrderLookup::detailsOfTheOnlineOrder()
{
    const auto details = m_lookup->details(m_online);
    QVERIFY(details.ok());
    QCOMPARE(details->channel, QStringLiteral("web"));
    QCOMPARE(details->buyer, buyerName);
    QVERIFY(details->paidAt.isValid());
    QCOMPARE(details->lines.size(), 1);
    QCOMPARE(details->lines.first().label, QStringLiteral("A-1-6"));
    QCOMPARE(details->payments.size(), 1);
    QVERIFY(details->payments.first().online);
    QCOMPARE(details->payments.first().method, QStringLiteral("fakepay"));
    QCOMPARE(details->payments.first().state, QStringLiteral("SUCCEEDED"));
    QCOMPARE(details->payments.first().reference, intent);
    QVERIFY(details->refunds.isEmpty());
}

void TestOrderLookup::badSearchesAreRefused()
{
    for (const QString &typed : {QString(), QStringLiteral("   "), QString(101, QLatin1Char('x')),
                                 QStringLiteral("Lin\x01dqvist"), QStringLiteral("a\tb")}) {
        const auto refused = m_lookup->find(typed);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::BadInput);
        QVERIFY(!refused.error().message.isEmpty());
    }
    QVERIFY(m_lookup->find(QString(100, QLatin1Char('x'))).ok());
}

void TestOrderLookup::anUnknownOrderIsNotFound()
{
    QCOMPARE(m_lookup->details(987654321).error().code, ErrorCode::NotFound);
    QCOMPARE(m_lookup->details(0).error().code, ErrorCode::BadInput);
}

QTEST_GUILESS_MAIN(TestOrderLookup)
#include "tst_orderlookup.moc"
