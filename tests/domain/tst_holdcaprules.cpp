// The caps on what one web buyer, and one payment card, may hold at once, on their own: the rule's
// words, and HoldCaps running "lock buyer, check, lock card, check, claim" through every shape's
// service over in-memory stores. The same caps run against PostgreSQL in tst_holdcaps and tst_buyers.

#include "memoryholdstores.h"

#include "domain/holdcaprules.h"
#include "domain/holdcaps.h"
#include "domain/hotelservice.h"
#include "domain/poolservice.h"
#include "domain/seatholdservice.h"
#include "domain/slotservice.h"

#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

constexpr EventId theatre = 1;
constexpr EventId concert = 2;
constexpr PoolId stalls = 10; // standing places of the theatre's event
constexpr HotelId inn = 20;
constexpr HotelId lodge = 21;
constexpr RoomTypeId innDouble = 200;
constexpr RoomTypeId lodgeDouble = 210;
constexpr RestaurantId bistro = 30;
constexpr BuyerId ada = 1;
constexpr BuyerId bob = 2;

} // namespace

class TestHoldCapRules : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void theRuleSaysWhatTheCapIsAndWhatIsHeld();
    void noCapIsUnlimited();
    void seatsAreCappedPerBuyerAcrossCarts();
    void seatsAndPlacesCountTogetherOnOneEvent();
    void askingAgainDoesNotCountTwice();
    void staysAreCappedPerHotel();
    void tablesAreCappedPerRestaurant();
    void oneCardIsCappedAcrossBuyers();
    void expiredHoldsDoNotCount();
    void aClaimThatFailsAfterTheCountLeavesNothingHeld();
    void theBuyerIsLockedBeforeTheCardAndBothBeforeTheClaim();
    void aBuyersHoldWithoutCapsIsRefusedAndStaffAreUncapped();

private:
    Result<HoldGrant> seats(BuyerId buyer, const CartId &cart, EventId event, const QVector<UnitId> &units);
    Result<PoolHold> places(BuyerId buyer, const CartId &cart, int quantity);
    Result<StayHold> stay(BuyerId buyer, const CartId &cart, RoomTypeId roomType, int fromDay, int nights);
    Result<SlotHold> table(BuyerId buyer, const CartId &cart, ResourceId resource, int hour);
    Result<SlotHold> findTable(BuyerId buyer, const CartId &cart, int hour);
    void addCart(const CartId &cart, BuyerId buyer, const QString &card = {});

    std::unique_ptr<MemoryHolds> m_holds;
    std::unique_ptr<HoldCaps> m_caps;
};

void TestHoldCapRules::init()
{
    m_caps.reset();
    m_holds = std::make_unique<MemoryHolds>();
    m_caps = std::make_unique<HoldCaps>(m_holds->capStore, m_holds->unit);
    MemoryHoldWorld &world = m_holds->world;
    for (UnitId unit = 1; unit <= 20; ++unit)
        world.seatEvents.insert(unit, unit <= 10 ? theatre : concert);
    world.poolEvents.insert(stalls, theatre);
    world.poolCapacity.insert(stalls, 100);
    world.roomHotels.insert(innDouble, inn);
    world.roomHotels.insert(lodgeDouble, lodge);
    for (ResourceId table = 1; table <= 6; ++table)
        world.tableRestaurants.insert(table, bistro);
}

void TestHoldCapRules::addCart(const CartId &cart, BuyerId buyer, const QString &card)
{
    m_holds->world.cartBuyers.insert(cart, buyer);
    if (!card.isEmpty())
        m_holds->world.cartInstruments.insert(cart, card);
}

Result<HoldGrant> TestHoldCapRules::seats(BuyerId buyer, const CartId &cart, EventId event,
                                          const QVector<UnitId> &units)
{
    HoldRequest request;
    request.event = event;
    request.cart = cart;
    request.units = units;
    request.buyer = buyer;
    return SeatHoldService(m_holds->seats, m_caps.get()).hold(request);
}

Result<PoolHold> TestHoldCapRules::places(BuyerId buyer, const CartId &cart, int quantity)
{
    PoolHoldRequest request;
    request.pool = stalls;
    request.cart = cart;
    request.quantity = quantity;
    request.buyer = buyer;
    return PoolService(m_holds->pools, m_caps.get()).hold(request);
}

Result<StayHold> TestHoldCapRules::stay(BuyerId buyer, const CartId &cart, RoomTypeId roomType, int fromDay, int nights)
{
    StayRequest request;
    request.roomType = roomType;
    request.cart = cart;
    request.checkIn = QDate(2026, 5, 1).addDays(fromDay);
    request.checkOut = request.checkIn.addDays(nights);
    request.buyer = buyer;
    return HotelService(m_holds->hotels, m_caps.get()).holdStay(request);
}

Result<SlotHold> TestHoldCapRules::table(BuyerId buyer, const CartId &cart, ResourceId resource, int hour)
{
    SlotRequest request;
    request.resource = resource;
    request.cart = cart;
    request.partySize = 2;
    request.start = QDateTime(QDate(2026, 5, 1), QTime(hour, 0), Qt::UTC);
    request.end = request.start.addSecs(2 * 3600);
    request.buyer = buyer;
    return SlotService(m_holds->tables, m_caps.get()).holdSlot(request);
}

Result<SlotHold> TestHoldCapRules::findTable(BuyerId buyer, const CartId &cart, int hour)
{
    TableSearch search;
    search.restaurant = bistro;
    search.cart = cart;
    search.partySize = 2;
    search.start = QDateTime(QDate(2026, 5, 1), QTime(hour, 0), Qt::UTC);
    search.minutes = 120;
    search.buyer = buyer;
    return SlotService(m_holds->tables, m_caps.get()).findAndHold(search);
}

void TestHoldCapRules::theRuleSaysWhatTheCapIsAndWhatIsHeld()
{
    const auto refused = HoldCapRules::check(CapUsage{6, 4}, 3, CapScope::Event, CapHolder::Buyer);
    QCOMPARE(refused.error().code, ErrorCode::LimitReached);
    QCOMPARE(refused.error().message,
             QStringLiteral("You can hold at most 6 tickets for this event at once; you already hold 4."));
    QVERIFY(HoldCapRules::check(CapUsage{6, 4}, 2, CapScope::Event, CapHolder::Buyer).ok());
    QCOMPARE(HoldCapRules::check(CapUsage{6, 0}, 8, CapScope::Event, CapHolder::Buyer).error().message,
             QStringLiteral("You can hold at most 6 tickets for this event at once; you asked for 8."));
    QCOMPARE(HoldCapRules::check(CapUsage{1, 1}, 1, CapScope::Hotel, CapHolder::Buyer).error().message,
             QStringLiteral("You can hold at most 1 stay at this hotel at once; you already hold 1."));
    QCOMPARE(HoldCapRules::check(CapUsage{2, 2}, 1, CapScope::Restaurant, CapHolder::Instrument).error().message,
             QStringLiteral("At most 2 table bookings at this restaurant can be held at once with one payment card; "
                            "this card already holds 2."));
    // The holders the database counts beside these (migration 037), from the figures it decided with.
    QCOMPARE(HoldCapRules::refusal(CapRefusal{CapHolder::UnknownCard, 20, 19}, 2, CapScope::Event).message,
             QStringLiteral("At most 20 tickets for this event can be held at once without naming a payment card; "
                            "carts without a card already hold 19. Name your card to hold more."));
    QCOMPARE(HoldCapRules::refusal(CapRefusal{CapHolder::Address, 8, 8}, 1, CapScope::Hotel).message,
             QStringLiteral("At most 8 stays at this hotel can be held at once from one network address; 8 are "
                            "already held from yours."));
    QCOMPARE(HoldCapRules::refusal(CapRefusal{CapHolder::Address, 4, 0}, 5, CapScope::Restaurant).code,
             ErrorCode::LimitReached);
}

void TestHoldCapRules::noCapIsUnlimited()
{
    QVERIFY(HoldCapRules::check(CapUsage{std::nullopt, 100000}, 1000, CapScope::Event, CapHolder::Buyer).ok());
    addCart(QStringLiteral("a1"), ada, QStringLiteral("fp_1"));
    QVERIFY(seats(ada, QStringLiteral("a1"), theatre, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}).ok());
    QVERIFY(places(ada, QStringLiteral("a1"), 50).ok());
    for (int day = 0; day < 5; ++day)
        QVERIFY(stay(ada, QStringLiteral("a1"), innDouble, day * 3, 2).ok());
    for (ResourceId resource = 1; resource <= 6; ++resource)
        QVERIFY(table(ada, QStringLiteral("a1"), resource, 19).ok());
    QCOMPARE(m_holds->placesHeldBy(QStringLiteral("a1")), 50);
}

void TestHoldCapRules::seatsAreCappedPerBuyerAcrossCarts()
{
    m_holds->world.eventCaps[theatre].perBuyer = 3;
    addCart(QStringLiteral("a1"), ada);
    addCart(QStringLiteral("a2"), ada);
    addCart(QStringLiteral("b1"), bob);
    QVERIFY(seats(ada, QStringLiteral("a1"), theatre, {1, 2}).ok());
    const auto refused = seats(ada, QStringLiteral("a2"), theatre, {3, 4});
    QCOMPARE(refused.error().code, ErrorCode::LimitReached);
    QCOMPARE(m_holds->seatsHeldBy(QStringLiteral("a2")), 0);
    QVERIFY(seats(ada, QStringLiteral("a2"), theatre, {3}).ok());
    QCOMPARE(seats(ada, QStringLiteral("a2"), theatre, {4}).error().code, ErrorCode::LimitReached);
    // Another buyer has a cap of their own, another event a count of its own.
    QVERIFY(seats(bob, QStringLiteral("b1"), theatre, {4, 5, 6}).ok());
    QVERIFY(seats(ada, QStringLiteral("a1"), concert, {11, 12, 13, 14}).ok());
}

void TestHoldCapRules::seatsAndPlacesCountTogetherOnOneEvent()
{
    m_holds->world.eventCaps[theatre].perBuyer = 6;
    addCart(QStringLiteral("a1"), ada);
    addCart(QStringLiteral("a2"), ada);
    QVERIFY(seats(ada, QStringLiteral("a1"), theatre, {1, 2, 3, 4}).ok());
    const auto refused = places(ada, QStringLiteral("a2"), 3);
    QCOMPARE(refused.error().code, ErrorCode::LimitReached);
    QCOMPARE(refused.error().message,
             QStringLiteral("You can hold at most 6 tickets for this event at once; you already hold 4."));
    QCOMPARE(m_holds->placesHeldBy(QStringLiteral("a2")), 0);
    QVERIFY(places(ada, QStringLiteral("a2"), 2).ok());
    // And the other way round: the places now count against a seat.
    QCOMPARE(seats(ada, QStringLiteral("a1"), theatre, {5}).error().code, ErrorCode::LimitReached);
    QCOMPARE(m_holds->seatsHeldBy(QStringLiteral("a1")), 4);
}

void TestHoldCapRules::askingAgainDoesNotCountTwice()
{
    m_holds->world.eventCaps[theatre].perBuyer = 4;
    m_holds->world.hotelCaps[inn].perBuyer = 1;
    m_holds->world.restaurantCaps[bistro].perBuyer = 1;
    addCart(QStringLiteral("a1"), ada);
    QVERIFY(seats(ada, QStringLiteral("a1"), theatre, {1, 2}).ok());
    QVERIFY(places(ada, QStringLiteral("a1"), 2).ok());
    // At the cap: asking again for the same seats, the same places, refreshes them.
    QVERIFY(seats(ada, QStringLiteral("a1"), theatre, {1, 2}).ok());
    const auto again = places(ada, QStringLiteral("a1"), 2);
    QVERIFY(again.ok());
    QVERIFY(again->refreshed);
    QCOMPARE(seats(ada, QStringLiteral("a1"), theatre, {1, 2, 3}).error().code, ErrorCode::LimitReached);

    QVERIFY(stay(ada, QStringLiteral("a1"), innDouble, 0, 2).ok());
    QVERIFY(stay(ada, QStringLiteral("a1"), innDouble, 0, 2)->refreshed);
    QCOMPARE(stay(ada, QStringLiteral("a1"), innDouble, 0, 3).error().code, ErrorCode::LimitReached);

    QVERIFY(table(ada, QStringLiteral("a1"), 1, 19).ok());
    QVERIFY(table(ada, QStringLiteral("a1"), 1, 19)->refreshed);
    QCOMPARE(table(ada, QStringLiteral("a1"), 2, 19).error().code, ErrorCode::LimitReached);
    QCOMPARE(m_holds->staysHeldBy(QStringLiteral("a1")), 1);
    QCOMPARE(m_holds->tablesHeldBy(QStringLiteral("a1")), 1);
}

void TestHoldCapRules::staysAreCappedPerHotel()
{
    m_holds->world.hotelCaps[inn].perBuyer = 2;
    addCart(QStringLiteral("a1"), ada);
    addCart(QStringLiteral("a2"), ada);
    QVERIFY(stay(ada, QStringLiteral("a1"), innDouble, 0, 2).ok());
    QVERIFY(stay(ada, QStringLiteral("a2"), innDouble, 5, 1).ok());
    const auto refused = stay(ada, QStringLiteral("a2"), innDouble, 9, 1);
    QCOMPARE(refused.error().code, ErrorCode::LimitReached);
    QVERIFY(refused.error().message.contains(QLatin1String("at most 2 stays at this hotel")));
    QCOMPARE(m_holds->staysHeldBy(QStringLiteral("a2")), 1);
    // Another hotel is another scope, uncapped here.
    QVERIFY(stay(ada, QStringLiteral("a2"), lodgeDouble, 9, 1).ok());
}

void TestHoldCapRules::tablesAreCappedPerRestaurant()
{
    m_holds->world.restaurantCaps[bistro].perBuyer = 2;
    addCart(QStringLiteral("a1"), ada);
    addCart(QStringLiteral("a2"), ada);
    QVERIFY(table(ada, QStringLiteral("a1"), 1, 12).ok());
    QVERIFY(findTable(ada, QStringLiteral("a2"), 19).ok());
    const auto refused = findTable(ada, QStringLiteral("a2"), 21);
    QCOMPARE(refused.error().code, ErrorCode::LimitReached);
    QCOMPARE(table(ada, QStringLiteral("a1"), 3, 14).error().code, ErrorCode::LimitReached);
    QCOMPARE(m_holds->tablesHeldBy(QStringLiteral("a1")) + m_holds->tablesHeldBy(QStringLiteral("a2")), 2);
}

void TestHoldCapRules::oneCardIsCappedAcrossBuyers()
{
    m_holds->world.eventCaps[theatre].perInstrument = 3;
    m_holds->world.hotelCaps[inn].perInstrument = 1;
    m_holds->world.restaurantCaps[bistro].perInstrument = 1;
    addCart(QStringLiteral("a1"), ada, QStringLiteral("fp_shared"));
    addCart(QStringLiteral("b1"), bob, QStringLiteral("fp_shared"));
    addCart(QStringLiteral("b2"), bob, QStringLiteral("fp_other"));
    QVERIFY(seats(ada, QStringLiteral("a1"), theatre, {1, 2}).ok());
    const auto refused = places(bob, QStringLiteral("b1"), 2);
    QCOMPARE(refused.error().code, ErrorCode::LimitReached);
    QCOMPARE(refused.error().message,
             QStringLiteral("At most 3 tickets for this event can be held at once with one payment card; this card "
                            "already holds 2."));
    QVERIFY(places(bob, QStringLiteral("b1"), 1).ok());
    QVERIFY(places(bob, QStringLiteral("b2"), 2).ok()); // another card, another count

    QVERIFY(stay(ada, QStringLiteral("a1"), innDouble, 0, 1).ok());
    QCOMPARE(stay(bob, QStringLiteral("b1"), innDouble, 3, 1).error().code, ErrorCode::LimitReached);
    QVERIFY(findTable(bob, QStringLiteral("b1"), 19).ok());
    QCOMPARE(findTable(ada, QStringLiteral("a1"), 19).error().code, ErrorCode::LimitReached);
    QCOMPARE(m_holds->staysHeldBy(QStringLiteral("b1")), 0);
    QCOMPARE(m_holds->tablesHeldBy(QStringLiteral("a1")), 0);
}

void TestHoldCapRules::expiredHoldsDoNotCount()
{
    m_holds->world.eventCaps[theatre].perBuyer = 2;
    addCart(QStringLiteral("a1"), ada);
    addCart(QStringLiteral("a2"), ada);
    QVERIFY(places(ada, QStringLiteral("a1"), 2).ok());
    QCOMPARE(places(ada, QStringLiteral("a2"), 1).error().code, ErrorCode::LimitReached);
    m_holds->world.places.first().live = false;
    QVERIFY(places(ada, QStringLiteral("a2"), 2).ok());
}

void TestHoldCapRules::aClaimThatFailsAfterTheCountLeavesNothingHeld()
{
    m_holds->world.eventCaps[theatre].perBuyer = 6;
    m_holds->world.hotelCaps[inn].perBuyer = 2;
    addCart(QStringLiteral("a1"), ada, QStringLiteral("fp_1"));
    m_holds->pools.failNextClaimAfterWriting = true;
    QCOMPARE(places(ada, QStringLiteral("a1"), 2).error().code, ErrorCode::Unavailable);
    QCOMPARE(m_holds->placesHeldBy(QStringLiteral("a1")), 0);
    QCOMPARE(m_holds->journal.last(), QStringLiteral("roll back"));
    m_holds->seats.failNextClaimAfterWriting = true;
    QCOMPARE(seats(ada, QStringLiteral("a1"), theatre, {1, 2}).error().code, ErrorCode::Unavailable);
    QCOMPARE(m_holds->seatsHeldBy(QStringLiteral("a1")), 0);
    m_holds->hotels.failNextClaimAfterWriting = true;
    QCOMPARE(stay(ada, QStringLiteral("a1"), innDouble, 0, 2).error().code, ErrorCode::Unavailable);
    QCOMPARE(m_holds->staysHeldBy(QStringLiteral("a1")), 0);
    m_holds->tables.failNextClaimAfterWriting = true;
    QCOMPARE(findTable(ada, QStringLiteral("a1"), 19).error().code, ErrorCode::Unavailable);
    QCOMPARE(m_holds->tablesHeldBy(QStringLiteral("a1")), 0);
    // Nothing of the failed claims counts afterwards: the whole cap is still there.
    QVERIFY(places(ada, QStringLiteral("a1"), 6).ok());
    QCOMPARE(m_holds->unit.depth, 0);
}

void TestHoldCapRules::theBuyerIsLockedBeforeTheCardAndBothBeforeTheClaim()
{
    addCart(QStringLiteral("a1"), ada, QStringLiteral("fp_1"));
    addCart(QStringLiteral("a2"), ada);
    const QStringList withCard{QStringLiteral("lock buyer 1"), QStringLiteral("count buyer 1"),
                               QStringLiteral("lock card fp_1"), QStringLiteral("count card fp_1")};
    const auto expect = [&](const QStringList &checks, const QString &claim) {
        QStringList expected{QStringLiteral("begin holding for a web buyer")};
        expected << checks << claim << QStringLiteral("commit");
        QCOMPARE(m_holds->journal, expected);
        m_holds->journal.clear();
    };
    QVERIFY(seats(ada, QStringLiteral("a1"), theatre, {1}).ok());
    expect(withCard, QStringLiteral("claim seats"));
    QVERIFY(places(ada, QStringLiteral("a1"), 1).ok());
    expect(withCard, QStringLiteral("claim places"));
    QVERIFY(stay(ada, QStringLiteral("a1"), innDouble, 0, 1).ok());
    expect(withCard, QStringLiteral("claim stay"));
    QVERIFY(findTable(ada, QStringLiteral("a1"), 19).ok());
    expect(withCard, QStringLiteral("claim table 1"));
    // A cart that names no card takes no card lock.
    QVERIFY(table(ada, QStringLiteral("a2"), 2, 19).ok());
    expect({QStringLiteral("lock buyer 1"), QStringLiteral("count buyer 1")}, QStringLiteral("claim table 2"));
}

void TestHoldCapRules::aBuyersHoldWithoutCapsIsRefusedAndStaffAreUncapped()
{
    m_holds->world.eventCaps[theatre].perBuyer = 1;
    addCart(QStringLiteral("a1"), ada);
    HoldRequest seat{theatre, QStringLiteral("a1"), {1}, std::nullopt, ada};
    QCOMPARE(SeatHoldService(m_holds->seats).hold(seat).error().code, ErrorCode::Internal);
    PoolHoldRequest place{stalls, QStringLiteral("a1"), 1, std::nullopt, ada};
    QCOMPARE(PoolService(m_holds->pools).hold(place).error().code, ErrorCode::Internal);
    StayRequest room{innDouble, QStringLiteral("a1"), QDate(2026, 5, 1), QDate(2026, 5, 2), {}, std::nullopt, ada};
    QCOMPARE(HotelService(m_holds->hotels).holdStay(room).error().code, ErrorCode::Internal);
    TableSearch search{bistro, QStringLiteral("a1"), 2,  QDateTime(QDate(2026, 5, 1), QTime(19, 0), Qt::UTC),
                       60,     std::nullopt,         ada};
    QCOMPARE(SlotService(m_holds->tables).findAndHold(search).error().code, ErrorCode::Internal);
    QVERIFY(m_holds->journal.isEmpty());

    // The desk (buyer 0) is not capped, with or without the caps wired.
    QVERIFY(seats(0, QStringLiteral("desk"), theatre, {1, 2, 3}).ok());
    QVERIFY(places(0, QStringLiteral("desk"), 5).ok());
    QVERIFY(!m_holds->journal.join(QLatin1Char(' ')).contains(QLatin1String("lock buyer")));
}

QTEST_GUILESS_MAIN(TestHoldCapRules)
#include "tst_holdcaprules.moc"
