// Guest profiles against a real database: the details typed after a hold are the ones booked, a stay is
// never booked without a guest's name (the database refuses it, whichever path books), a profile is
// found by any part of any detail, a returning guest is linked rather than duplicated, and what a clerk
// types is checked before any SQL.

#include "domain/countersale.h"
#include "domain/guests.h"
#include "domain/hotelservice.h"
#include "statenames.h"
#include "storage/pgcountersales.h"
#include "storage/pgguestsstore.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QTest>

Q_DECLARE_METATYPE(boxoffice::GuestDetails)

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

template<typename T> QString refusal(const Result<T> &result)
{
    return result ? QStringLiteral("done") : result.error().reason;
}

} // namespace

class TestGuests : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void detailsTypedAfterTheHoldAreTheOnesBooked();
    void aNamelessBookingIsRefusedByTheDatabase_data();
    void aNamelessBookingIsRefusedByTheDatabase();
    void theNameOfALinkedStayIsItsProfiles();
    void aProfileIsFoundByAnyPartOfAnyDetail_data();
    void aProfileIsFoundByAnyPartOfAnyDetail();
    void aReturningGuestIsLinkedNotDuplicated();
    void badDetailsAreRefusedBeforeSql_data();
    void badDetailsAreRefusedBeforeSql();
    void aStayNoLongerHeldGetsNoProfile();
    void aClerkBooksAndEditsAProfile();
    void theSearchHasAnIndex();

private:
    StayId hold(const QString &nameAtHold, int fromDay, const CartId &cart);
    Result<CounterSale> pay(const CartId &cart);
    int guestCount() const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgGuestsStore> m_store;
    std::unique_ptr<GuestService> m_guests;
    RoomTypeId m_room = 0;
    QDate m_first;
    int m_carts = 0;
    QString m_clerk;
    const QString m_password = QStringLiteral("guest-desk-pass-4");
};

void TestGuests::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("guests"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Guest Inn", "currency": "EUR", "nights": 60,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 8000, "rooms": 30}]})");
    QVERIFY(loaded.ok());
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id == loaded->id) {
            m_first = hotel.firstNight;
            m_room = hotel.roomTypes.first().id;
        }
    }
    QVERIFY(m_room);
    m_store = std::make_unique<PgGuestsStore>(m_db->database());
    m_guests = std::make_unique<GuestService>(*m_store);
    m_clerk = QStringLiteral("guestclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
}

void TestGuests::cleanupTestCase()
{
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk));
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
}

StayId TestGuests::hold(const QString &nameAtHold, int fromDay, const CartId &cart)
{
    StayRequest request{m_room, cart, m_first.addDays(fromDay), m_first.addDays(fromDay + 2), nameAtHold, std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    return held ? held->id : 0;
}

Result<CounterSale> TestGuests::pay(const CartId &cart)
{
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    if (!quote)
        return quote.error();
    CounterPayment payment;
    payment.method = PaymentMethod::Cash;
    payment.tendered = Money(quote->total.minor(), quote->currency);
    return sales.sell(cart, payment, quote.value());
}

int TestGuests::guestCount() const
{
    return m_db->scalar(QStringLiteral("SELECT count(*) FROM guests")).toInt();
}

void TestGuests::detailsTypedAfterTheHoldAreTheOnesBooked()
{
    const CartId cart = QStringLiteral("guests-%1").arg(++m_carts);
    const StayId stay = hold(QStringLiteral("Typed Before Hold"), 0, cart);
    QVERIFY(stay);
    // The clerk corrects the name and adds the rest after holding; the booking takes what is typed now.
    const GuestDetails typed{QStringLiteral("  Ingrid Solberg "), QStringLiteral("ingrid@solberg.no"),
                             QStringLiteral("+47 912 34 567"), QStringLiteral("Storgata 5, Oslo")};
    const auto guest = m_guests->bookAs(cart, stay, 0, typed);
    QVERIFY2(guest, qPrintable(refusal(guest)));
    QVERIFY(pay(cart));
    const QVariantMap s{{QStringLiteral("s"), stay}};
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), s).toString(),
             QStringLiteral("BOOKED"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT guest_name FROM stays WHERE id = :s"), s).toString(),
             QStringLiteral("Ingrid Solberg"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT guest_id FROM stays WHERE id = :s"), s).toLongLong(), guest.value());
    const auto profile = m_guests->profile(guest.value());
    QVERIFY(profile);
    QCOMPARE(profile->details.email, QStringLiteral("ingrid@solberg.no"));
    QCOMPARE(profile->details.phone, QStringLiteral("+47 912 34 567"));
    QCOMPARE(profile->details.address, QStringLiteral("Storgata 5, Oslo"));
    QCOMPARE(profile->stayCount, 1);
    const auto stays = m_guests->stays(guest.value());
    QVERIFY(stays);
    QCOMPARE(stays->size(), 1);
    QCOMPARE(stays->first().id, stay);
    QCOMPARE(stays->first().state, StayState::Booked);
    QCOMPARE(m_guests->guestOfStay(stay).value(), guest.value());
}

void TestGuests::aNamelessBookingIsRefusedByTheDatabase_data()
{
    QTest::addColumn<QString>("nameAtHold");
    QTest::newRow("no name") << QString();
    QTest::newRow("blanks only") << QStringLiteral("   ");
}

void TestGuests::aNamelessBookingIsRefusedByTheDatabase()
{
    QFETCH(QString, nameAtHold);
    const CartId cart = QStringLiteral("guests-%1").arg(++m_carts);
    const StayId stay = hold(nameAtHold, 2, cart);
    QVERIFY(stay);
    // The counter's sale confirms the hold: refused, and the stay is still only held.
    const auto sold = pay(cart);
    QVERIFY(!sold);
    const QVariantMap s{{QStringLiteral("s"), stay}};
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM stays WHERE id = :s"), s).toString(),
             QStringLiteral("HELD"));
    // The statement itself, as any channel would send it.
    QString error;
    QVERIFY(!m_db->exec(QStringLiteral("UPDATE stays SET state = 'BOOKED', expires_at = NULL, "
                                       "order_id = (SELECT min(id) FROM orders) WHERE id = :s"),
                        s, &error));
    QVERIFY2(error.contains(QLatin1String("needs the guest's name")), qPrintable(error));
    // Named now, the same hold books.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE stays SET guest_name = 'Late Name' WHERE id = :s"), s));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE stays SET state = 'BOOKED', expires_at = NULL, "
                                      "order_id = (SELECT min(id) FROM orders) WHERE id = :s"),
                       s));
    // And a booked stay's name cannot be blanked afterwards.
    QVERIFY(!m_db->exec(QStringLiteral("UPDATE stays SET guest_name = '' WHERE id = :s"), s, &error));
    QVERIFY2(error.contains(QLatin1String("needs the guest's name")), qPrintable(error));
}

void TestGuests::theNameOfALinkedStayIsItsProfiles()
{
    const CartId cart = QStringLiteral("guests-%1").arg(++m_carts);
    const StayId stay = hold(QStringLiteral("Someone"), 4, cart);
    QVERIFY(stay);
    const auto guest = m_guests->bookAs(cart, stay, 0, {QStringLiteral("Pia Korhonen"), {}, {}, {}});
    QVERIFY(guest);
    // Whatever a channel writes into guest_name meanwhile, the booking takes the profile's name.
    const QVariantMap s{{QStringLiteral("s"), stay}};
    QVERIFY(m_db->exec(QStringLiteral("UPDATE stays SET guest_name = 'Stale' WHERE id = :s"), s));
    QVERIFY(pay(cart));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT guest_name FROM stays WHERE id = :s"), s).toString(),
             QStringLiteral("Pia Korhonen"));
}

void TestGuests::aProfileIsFoundByAnyPartOfAnyDetail_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<bool>("found");
    QTest::newRow("e-mail") << QStringLiteral("maximilian.roth@example.de") << true;
    QTest::newRow("e-mail, other case") << QStringLiteral("MAXIMILIAN.ROTH@EXAMPLE.DE") << true;
    QTest::newRow("phone") << QStringLiteral("555 0199") << true;
    QTest::newRow("part of the name") << QStringLiteral("xImIl") << true;
    QTest::newRow("surname") << QStringLiteral("roth") << true;
    QTest::newRow("part of the address") << QStringLiteral("lindenweg") << true;
    QTest::newRow("a LIKE wildcard is a character") << QStringLiteral("ro%h") << false;
    QTest::newRow("someone else") << QStringLiteral("zzqx") << false;
}

void TestGuests::aProfileIsFoundByAnyPartOfAnyDetail()
{
    QFETCH(QString, query);
    QFETCH(bool, found);
    static GuestId max = 0;
    if (!max) {
        const CartId cart = QStringLiteral("guests-%1").arg(++m_carts);
        const StayId stay = hold(QString(), 6, cart);
        QVERIFY(stay);
        const auto guest
            = m_guests->bookAs(cart, stay, 0,
                               {QStringLiteral("Maximilian Roth"), QStringLiteral("maximilian.roth@example.de"),
                                QStringLiteral("+49 30 555 0199"), QStringLiteral("Lindenweg 3, Berlin")});
        QVERIFY(guest);
        max = guest.value();
    }
    const auto hits = m_guests->search(query);
    QVERIFY2(hits, qPrintable(refusal(hits)));
    bool hit = false;
    for (const GuestProfile &profile : hits.value())
        hit = hit || profile.id == max;
    QCOMPARE(hit, found);
}

void TestGuests::aReturningGuestIsLinkedNotDuplicated()
{
    const GuestDetails first{QStringLiteral("Oona Virtanen"), QStringLiteral("oona@virtanen.fi"), {}, {}};
    CartId cart = QStringLiteral("guests-%1").arg(++m_carts);
    StayId stay = hold(QString(), 8, cart);
    const auto guest = m_guests->bookAs(cart, stay, 0, first);
    QVERIFY(guest);
    QVERIFY(pay(cart));
    const int before = guestCount();

    // Next visit: the clerk types the e-mail, the desk offers her profile with one past stay.
    const auto offered
        = m_guests->suggestions({QStringLiteral("O. Virtanen"), QStringLiteral("oona@virtanen.fi"), {}, {}});
    QVERIFY(offered);
    QCOMPARE(offered->size(), 1);
    QCOMPARE(offered->first().id, guest.value());
    QCOMPARE(offered->first().stayCount, 1);

    // Chosen: the new stay is hers, and what was typed new (a phone) is added to the profile.
    cart = QStringLiteral("guests-%1").arg(++m_carts);
    stay = hold(QString(), 20, cart);
    const auto again = m_guests->bookAs(cart, stay, offered->first().id,
                                        {QStringLiteral("Oona Virtanen"), {}, QStringLiteral("+358 40 123"), {}});
    QVERIFY(again);
    QCOMPARE(again.value(), guest.value());
    QVERIFY(pay(cart));
    QCOMPARE(guestCount(), before);
    const auto profile = m_guests->profile(guest.value());
    QCOMPARE(profile->stayCount, 2);
    QCOMPARE(profile->details.email, QStringLiteral("oona@virtanen.fi")); // kept: nothing typed over it
    QCOMPARE(profile->details.phone, QStringLiteral("+358 40 123"));
    QCOMPARE(m_guests->stays(guest.value())->size(), 2);
}

void TestGuests::badDetailsAreRefusedBeforeSql_data()
{
    QTest::addColumn<GuestDetails>("details");
    QTest::addColumn<QString>("reason");
    const QString name = QStringLiteral("Valid Name");
    QTest::newRow("no name") << GuestDetails{QStringLiteral("  "), {}, {}, {}}
                             << QString::fromLatin1(ErrorReason::GuestNameMissing);
    QTest::newRow("NUL in the name") << GuestDetails{QStringLiteral("Ann") + QChar(0) + QStringLiteral("a"), {}, {}, {}}
                                     << QString::fromLatin1(ErrorReason::GuestDetailUnprintable);
    QTest::newRow("escape in the phone") << GuestDetails{name, {}, QStringLiteral("12\x1b[2J"), {}}
                                         << QString::fromLatin1(ErrorReason::GuestDetailUnprintable);
    QTest::newRow("line break in the address") << GuestDetails{name, {}, {}, QStringLiteral("a\nb")}
                                               << QString::fromLatin1(ErrorReason::GuestDetailUnprintable);
    QTest::newRow("name too long") << GuestDetails{QString(201, u'n'), {}, {}, {}}
                                   << QString::fromLatin1(ErrorReason::GuestDetailTooLong);
    QTest::newRow("address too long") << GuestDetails{name, {}, {}, QString(501, u'a')}
                                      << QString::fromLatin1(ErrorReason::GuestDetailTooLong);
    QTest::newRow("not an e-mail") << GuestDetails{name, QStringLiteral("at nowhere"), {}, {}}
                                   << QString::fromLatin1(ErrorReason::GuestEmailInvalid);
    QTest::newRow("fine") << GuestDetails{name, QStringLiteral("a@b.example"), QStringLiteral("+1 2"),
                                          QStringLiteral("x")}
                          << QStringLiteral("done");
}

void TestGuests::badDetailsAreRefusedBeforeSql()
{
    QFETCH(GuestDetails, details);
    QFETCH(QString, reason);
    const CartId cart = QStringLiteral("guests-%1").arg(++m_carts);
    const StayId stay = hold(QString(), 10, cart);
    QVERIFY(stay);
    const int before = guestCount();
    const auto booked = m_guests->bookAs(cart, stay, 0, details);
    QCOMPARE(refusal(booked), reason);
    QCOMPARE(guestCount(), before + (booked ? 1 : 0));
    QVERIFY(HotelService(m_inventory->hotels).releaseStay(cart, stay).ok());
}

void TestGuests::aStayNoLongerHeldGetsNoProfile()
{
    const CartId cart = QStringLiteral("guests-%1").arg(++m_carts);
    const StayId stay = hold(QString(), 12, cart);
    QVERIFY(stay);
    const int before = guestCount();
    // Another cart's claim on the stay, then the hold given back: neither gets a profile.
    QCOMPARE(
        refusal(m_guests->bookAs(QStringLiteral("someone-else"), stay, 0, {QStringLiteral("Intruder"), {}, {}, {}})),
        QLatin1String(ErrorReason::GuestStayNotHeld));
    QVERIFY(HotelService(m_inventory->hotels).releaseStay(cart, stay).ok());
    QCOMPARE(refusal(m_guests->bookAs(cart, stay, 0, {QStringLiteral("Too Late"), {}, {}, {}})),
             QLatin1String(ErrorReason::GuestStayNotHeld));
    QCOMPARE(guestCount(), before);
    // A profile that does not exist is said so.
    const CartId other = QStringLiteral("guests-%1").arg(++m_carts);
    const StayId held = hold(QString(), 12, other);
    QCOMPARE(refusal(m_guests->bookAs(other, held, 999999, {QStringLiteral("Ghost"), {}, {}, {}})),
             QLatin1String(ErrorReason::GuestUnknown));
    QVERIFY(HotelService(m_inventory->hotels).releaseStay(other, held).ok());
}

void TestGuests::aClerkBooksAndEditsAProfile()
{
    ConnectionSettings settings = m_db->settings();
    settings.user = m_clerk;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, m_clerk);
    QVERIFY(connection);
    PgInventory inventory(connection.value()->database());
    PgGuestsStore store(connection.value()->database());
    GuestService guests(store);
    const CartId cart = QStringLiteral("guests-%1").arg(++m_carts);
    StayRequest request{m_room, cart, m_first.addDays(14), m_first.addDays(15), QString(), std::nullopt};
    const auto held = HotelService(inventory.hotels).holdStay(request);
    QVERIFY(held);
    const auto guest = guests.bookAs(cart, held->id, 0, {QStringLiteral("Clerk Booked"), {}, {}, {}});
    QVERIFY2(guest, qPrintable(guest ? QString() : guest.error().detail));
    const Status edited
        = guests.update(guest.value(), {QStringLiteral("Clerk Booked"), QStringLiteral("cb@example.org"), {}, {}},
                        QStringLiteral("Allergic to feathers.\nPrefers a quiet room."));
    QVERIFY2(edited, qPrintable(edited ? QString() : edited.error().detail));
    QCOMPARE(guests.profile(guest.value())->notes, QStringLiteral("Allergic to feathers.\nPrefers a quiet room."));
    QCOMPARE(refusal(guests.update(987654, {QStringLiteral("Nobody"), {}, {}, {}}, {})),
             QLatin1String(ErrorReason::GuestUnknown));
    QVERIFY(HotelService(inventory.hotels).releaseStay(cart, held->id).ok());
}

void TestGuests::theSearchHasAnIndex()
{
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_indexes WHERE tablename = 'guests' "
                                         "AND indexname IN ('guests_search', 'guests_name_prefix')"))
                 .toInt(),
             1);
}

QTEST_GUILESS_MAIN(TestGuests)
#include "tst_guests.moc"
