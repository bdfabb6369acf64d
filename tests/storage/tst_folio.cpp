// A stay's folio against a real database: charges posted to an in-house stay by a clerk, voided only by
// a manager (the database refuses a clerk, and nobody deletes a charge), a departure refused while money
// is owed, and settle-and-check-out: one payment for the room on guarantee and the extras, through the
// order ledger so every order balances and the money audit passes, or nothing at all. Two desks settling
// the same folio at once charge the guest once.

#include "buyercrowd.h"
#include "domain/folio.h"
#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "moneycompare.h"
#include "storage/pgcountersales.h"
#include "storage/pgfoliostore.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

template<typename T> QString refusal(const Result<T> &result)
{
    return result ? QStringLiteral("done") : errorCodeName(result.error().code);
}

template<typename T> QString reasonOf(const Result<T> &result)
{
    return result ? QStringLiteral("done") : result.error().reason;
}

// The folio's use-cases on one signed-in connection.
class FolioDesk
{
public:
    explicit FolioDesk(const QSqlDatabase &database) : m_store(database), m_service(m_store) { }
    FolioService &operator*() { return m_service; }
    FolioService *operator->() { return &m_service; }

private:
    PgFolioStore m_store;
    FolioService m_service;
};

Money eur(qint64 minor)
{
    return Money(minor, QStringLiteral("EUR"));
}

CounterPayment cash(qint64 tenderedMinor)
{
    CounterPayment payment;
    payment.tendered = Money(tenderedMinor, QStringLiteral("EUR"));
    return payment;
}

CounterPayment card(const QString &reference)
{
    CounterPayment payment;
    payment.method = PaymentMethod::Card;
    payment.cardReference = reference;
    return payment;
}

} // namespace

Q_DECLARE_METATYPE(boxoffice::PaymentMethod)

class TestFolio : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aClerkPostsChargesToAnInHouseStay();
    void aChargeIsVoidedByAManagerOnlyAndNeverDeleted();
    void aDepartureWithMoneyOwedIsRefused();
    void settleAndCheckOutTakesOnePaymentThroughTheLedger_data();
    void settleAndCheckOutTakesOnePaymentThroughTheLedger();
    void aBalanceThatChangedMeanwhileIsRefused();
    void twoDesksSettlingAtOnceChargeOnce();
    void theInvoicesNightsFollowTheirRates();

private:
    // In house from today: sold at the counter (cash, exactly), or on guarantee (nothing taken yet).
    StayId inHouse(const QString &guest, int nights, PaymentMethod method);
    StayId sell(const QString &guest, int nights, PaymentMethod method);
    std::unique_ptr<DatabaseConnection> signIn(const QString &login) const;
    FolioChargeRequest minibar(StayId stay, qint64 amountMinor, int quantity = 1) const;
    QVariant value(const QString &sql, qint64 id) const;
    // captured - refunded - delivered - fees over every order of the stay: zero when it adds up.
    qint64 unbalanced(StayId stay) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    RoomTypeId m_standard = 0;
    QDate m_first;
    QString m_clerk;
    QString m_manager;
    std::unique_ptr<DatabaseConnection> m_clerkConnection;
    std::unique_ptr<DatabaseConnection> m_managerConnection;
    const QString m_password = QStringLiteral("folio-pass-7");
    int m_carts = 0;
};

void TestFolio::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("folio"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Folio Inn", "currency": "EUR", "nights": 30,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 9000, "rooms": 60}]})");
    QVERIFY(loaded.ok());
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != loaded->id)
            continue;
        m_first = hotel.firstNight;
        m_standard = hotel.roomTypes.first().id;
    }
    QVERIFY(m_standard);
    m_clerk = QStringLiteral("folioclerk_%1").arg(QCoreApplication::applicationPid());
    m_manager = QStringLiteral("foliomanager_%1").arg(QCoreApplication::applicationPid());
    StaffAdmin admin(m_db->database());
    QVERIFY(admin.addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
    QVERIFY(admin.addStaff(m_manager, m_password, StaffRole::Manager).ok());
    m_clerkConnection = signIn(m_clerk);
    m_managerConnection = signIn(m_manager);
    QVERIFY(m_clerkConnection && m_managerConnection);
}

void TestFolio::cleanupTestCase()
{
    m_clerkConnection.reset();
    m_managerConnection.reset();
    for (const QString &login : {m_clerk, m_manager}) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<DatabaseConnection> TestFolio::signIn(const QString &login) const
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto connection = DatabaseConnection::open(settings, login);
    return connection ? std::move(connection.value()) : nullptr;
}

StayId TestFolio::sell(const QString &guest, int nights, PaymentMethod method)
{
    const CartId cart = QStringLiteral("folio-sale-%1").arg(++m_carts);
    StayRequest request{m_standard, cart, m_first, m_first.addDays(nights), guest, std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterPayment payment;
    payment.method = method;
    payment.tendered = Money(9000 * nights, QStringLiteral("EUR"));
    payment.cardReference = method == PaymentMethod::Cash ? QString() : QStringLiteral("CARD-%1").arg(m_carts);
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    return quote && sales.sell(cart, payment, quote.value()) ? held->id : 0;
}

StayId TestFolio::inHouse(const QString &guest, int nights, PaymentMethod method)
{
    const StayId stay = sell(guest, nights, method);
    // Checked in as the desk would on the arrival day (today: the hotel's first night).
    return stay && PgFrontDesk(m_db->database()).checkIn(stay) ? stay : 0;
}

FolioChargeRequest TestFolio::minibar(StayId stay, qint64 amountMinor, int quantity) const
{
    return FolioChargeRequest{stay, FolioKind::Minibar, QStringLiteral("Minibar: sparkling water"), eur(amountMinor),
                              quantity};
}

QVariant TestFolio::value(const QString &sql, qint64 id) const
{
    return m_db->scalar(sql, {{QStringLiteral("id"), id}});
}

qint64 TestFolio::unbalanced(StayId stay) const
{
    return value(QStringLiteral("WITH o AS (SELECT order_id AS id FROM stays WHERE id = :id "
                                "           UNION SELECT order_id FROM order_supplement_lines WHERE stay_id = :id), "
                                "money AS (SELECT COALESCE(sum(amount_minor) FILTER (WHERE entry = 'CAPTURED'), 0) "
                                "  - COALESCE(sum(amount_minor) FILTER (WHERE entry = 'REFUND_DUE'), 0) "
                                "  - COALESCE(sum(amount_minor) FILTER (WHERE entry = 'FEE_KEPT'), 0) AS kept "
                                "  FROM order_ledger WHERE order_id IN (SELECT id FROM o)), "
                                "delivered AS (SELECT COALESCE((SELECT sum(amount_minor) FROM order_stay_lines "
                                "  WHERE order_id IN (SELECT id FROM o) AND state = 'SOLD'), 0) "
                                "  + COALESCE((SELECT sum(amount_minor) FROM order_supplement_lines "
                                "  WHERE order_id IN (SELECT id FROM o) AND state = 'SOLD'), 0) AS amount) "
                                "SELECT money.kept - delivered.amount FROM money, delivered"),
                 stay)
        .toLongLong();
}

void TestFolio::aClerkPostsChargesToAnInHouseStay()
{
    const StayId stay = inHouse(QStringLiteral("Posted Guest"), 2, PaymentMethod::Cash);
    QVERIFY(stay);
    FolioDesk clerk(m_clerkConnection->database());
    const auto posted = clerk->post(minibar(stay, 450, 2));
    QVERIFY2(posted, qPrintable(refusal(posted)));
    QVERIFY(clerk->post({stay, FolioKind::Parking, QStringLiteral("Garage, one night"), eur(2500), 1}));

    const auto folio = clerk->folio(stay);
    QVERIFY(folio);
    QCOMPARE(folio->charges.size(), 2);
    QCOMPARE(folio->charges.first().kind, FolioKind::Minibar);
    QCOMPARE(folio->charges.first().total(), eur(900));
    QCOMPARE(folio->charges.first().postedBy, m_clerk); // the database's, not the client's word
    QVERIFY(folio->charges.first().postedAt.isValid());
    QCOMPARE(folio->room, eur(18000));
    QCOMPARE(folio->roomOwed, eur(0)); // paid at the counter
    QCOMPARE(folio->balance(), eur(3400));
    QCOMPARE(folio->state, StayState::CheckedIn);

    // Refused before the database: nothing to describe, nothing to charge, too many.
    QCOMPARE(reasonOf(clerk->post({stay, FolioKind::Other, QStringLiteral("  "), eur(100), 1})),
             QString::fromLatin1(ErrorReason::FolioChargeIncomplete));
    QCOMPARE(reasonOf(clerk->post(minibar(stay, 0))), QString::fromLatin1(ErrorReason::FolioChargeIncomplete));
    QCOMPARE(reasonOf(clerk->post(minibar(stay, 100, 1000))), QString::fromLatin1(ErrorReason::FolioChargeIncomplete));
    // A guest not (yet) in house has no folio to post to.
    const StayId booked = sell(QStringLiteral("Not Arrived"), 1, PaymentMethod::Cash);
    QVERIFY(booked);
    QCOMPARE(reasonOf(clerk->post(minibar(booked, 300))), QString::fromLatin1(ErrorReason::FolioNotInHouse));
    // A tampered desk writing the table itself is refused: the folio changes through its functions only.
    QSqlQuery direct(m_clerkConnection->database());
    direct.prepare(QStringLiteral("INSERT INTO folio_charges (stay_id, kind, description, amount_minor, currency) "
                                  "VALUES (:s, 'minibar', 'free beer', 1, 'EUR')"));
    direct.bindValue(QStringLiteral(":s"), stay);
    QVERIFY(!direct.exec());
    QCOMPARE(direct.lastError().nativeErrorCode(), QStringLiteral("42501"));
    QCOMPARE(value(QStringLiteral("SELECT count(*) FROM folio_charges WHERE stay_id = :id"), stay).toInt(), 2);
}

void TestFolio::aChargeIsVoidedByAManagerOnlyAndNeverDeleted()
{
    const StayId stay = inHouse(QStringLiteral("Voided Guest"), 1, PaymentMethod::Cash);
    QVERIFY(stay);
    FolioDesk clerk(m_clerkConnection->database());
    FolioDesk manager(m_managerConnection->database());
    const auto charge = clerk->post({stay, FolioKind::Restaurant, QStringLiteral("Dinner, table 4"), eur(6400), 1});
    QVERIFY(charge);

    const auto byClerk = clerk->voidCharge(charge.value(), QStringLiteral("guest disputes it"));
    QCOMPARE(byClerk.ok() ? ErrorCode::Internal : byClerk.error().code, ErrorCode::PermissionDenied);
    QCOMPARE(reasonOf(byClerk), QString::fromLatin1(ErrorReason::FolioVoidManagerOnly));
    QVERIFY(
        value(QStringLiteral("SELECT voided_at IS NULL FROM folio_charges WHERE id = :id"), charge.value()).toBool());

    QCOMPARE(reasonOf(manager->voidCharge(charge.value(), QStringLiteral(" "))),
             QString::fromLatin1(ErrorReason::FolioVoidNeedsReason));
    const auto voided = manager->voidCharge(charge.value(), QStringLiteral("posted to the wrong room"));
    QVERIFY2(voided, qPrintable(refusal(voided)));
    QCOMPARE(value(QStringLiteral("SELECT voided_by FROM folio_charges WHERE id = :id"), charge.value()).toString(),
             m_manager);
    QCOMPARE(value(QStringLiteral("SELECT void_reason FROM folio_charges WHERE id = :id"), charge.value()).toString(),
             QStringLiteral("posted to the wrong room"));
    QCOMPARE(reasonOf(manager->voidCharge(charge.value(), QStringLiteral("again"))),
             QString::fromLatin1(ErrorReason::FolioChargeClosed));

    const auto folio = clerk->folio(stay);
    QVERIFY(folio);
    QCOMPARE(folio->charges.size(), 1);
    QVERIFY(folio->charges.first().voided());
    QCOMPARE(folio->balance(), eur(0));
    // Not even the schema's owner deletes a charge.
    QString error;
    QVERIFY(!m_db->exec(QStringLiteral("DELETE FROM folio_charges WHERE id = :id"),
                        {{QStringLiteral("id"), charge.value()}}, &error));
    QCOMPARE(value(QStringLiteral("SELECT count(*) FROM folio_charges WHERE id = :id"), charge.value()).toInt(), 1);
}

void TestFolio::aDepartureWithMoneyOwedIsRefused()
{
    const StayId stay = inHouse(QStringLiteral("Owing Guest"), 1, PaymentMethod::Cash);
    QVERIFY(stay);
    FolioDesk clerk(m_clerkConnection->database());
    QVERIFY(clerk->post(minibar(stay, 800)));

    // The plain check-out (boxoffice-ctl's path) is refused by the database, in words.
    PgInventory inventory(m_clerkConnection->database());
    PgFrontDesk store(m_clerkConnection->database());
    PgCounterSales counter(m_clerkConnection->database(), inventory.carts);
    PgUnitOfWork unit(m_clerkConnection->database());
    FrontDeskService desk(store, counter, unit);
    const auto out = desk.checkOut(stay);
    QCOMPARE(reasonOf(out), QString::fromLatin1(ErrorReason::FolioUnsettled));
    // So is a hand-typed UPDATE, whoever types it.
    QString error;
    QVERIFY(!m_db->exec(QStringLiteral("UPDATE stays SET state = 'CHECKED_OUT' WHERE id = :id"),
                        {{QStringLiteral("id"), stay}}, &error));
    QVERIFY2(error.contains(QLatin1String("still owes")), qPrintable(error));
    // Settling without the payment is refused too.
    QCOMPARE(reasonOf(clerk->settleAndCheckOut(stay, eur(800), std::nullopt)),
             QString::fromLatin1(ErrorReason::FolioNeedsPayment));
    QCOMPARE(reasonOf(clerk->settleAndCheckOut(stay, eur(800), cash(500))),
             QString::fromLatin1(ErrorReason::CashShort));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("CHECKED_IN"));

    // A stay on guarantee with no extras still owes its room.
    const StayId guaranteed = inHouse(QStringLiteral("Owing Room"), 1, PaymentMethod::Guarantee);
    QVERIFY(guaranteed);
    QVERIFY(!m_db->exec(QStringLiteral("UPDATE stays SET state = 'CHECKED_OUT' WHERE id = :id"),
                        {{QStringLiteral("id"), guaranteed}}, &error));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), guaranteed).toString(),
             QStringLiteral("CHECKED_IN"));
}

void TestFolio::settleAndCheckOutTakesOnePaymentThroughTheLedger_data()
{
    QTest::addColumn<PaymentMethod>("booked"); // how the room was sold: paid (cash) or on guarantee
    QTest::addColumn<qint64>("extras"); // minibar posted, 0 for none
    QTest::addColumn<QString>("paidBy"); // "cash", "card" or "" (nothing owed)
    QTest::addColumn<qint64>("balance");

    QTest::newRow("paid room, extras by cash") << PaymentMethod::Cash << qint64(1250) << "cash" << qint64(1250);
    QTest::newRow("paid room, extras by card") << PaymentMethod::Card << qint64(700) << "card" << qint64(700);
    QTest::newRow("guaranteed room and extras by cash")
        << PaymentMethod::Guarantee << qint64(1250) << "cash" << qint64(18000 + 1250);
    QTest::newRow("guaranteed room and extras by card")
        << PaymentMethod::Guarantee << qint64(300) << "card" << qint64(18000 + 300);
    QTest::newRow("guaranteed room alone") << PaymentMethod::Guarantee << qint64(0) << "cash" << qint64(18000);
    QTest::newRow("nothing owed") << PaymentMethod::Cash << qint64(0) << "" << qint64(0);
}

void TestFolio::settleAndCheckOutTakesOnePaymentThroughTheLedger()
{
    QFETCH(PaymentMethod, booked);
    QFETCH(qint64, extras);
    QFETCH(QString, paidBy);
    QFETCH(qint64, balance);
    const StayId stay
        = inHouse(QStringLiteral("Leaving %1").arg(QString::fromUtf8(QTest::currentDataTag())), 2, booked);
    QVERIFY(stay);
    const qint64 roomOrder = value(QStringLiteral("SELECT order_id FROM stays WHERE id = :id"), stay).toLongLong();
    FolioDesk clerk(m_clerkConnection->database());
    if (extras) {
        QVERIFY(clerk->post(minibar(stay, extras)));
        // a voided charge is not paid for
        const auto wrong = clerk->post(minibar(stay, 999));
        QVERIFY(wrong);
        FolioDesk manager(m_managerConnection->database());
        QVERIFY(manager->voidCharge(wrong.value(), QStringLiteral("not this room")));
    }
    const auto before = clerk->folio(stay);
    QVERIFY(before);
    QCOMPARE(before->balance(), eur(balance));
    const int paymentsBefore
        = m_db->scalar(QStringLiteral("SELECT count(*) FROM counter_payments WHERE method <> 'guarantee'")).toInt();

    std::optional<CounterPayment> payment;
    if (paidBy == QLatin1String("cash"))
        payment = cash(balance + 1000);
    else if (paidBy == QLatin1String("card"))
        payment = card(QStringLiteral("TERM-%1").arg(stay));
    const auto settled = clerk->settleAndCheckOut(stay, eur(balance), payment);
    QVERIFY2(settled, qPrintable(settled ? QString() : settled.error().message));
    QCOMPARE(settled->settled, balance > 0);
    QCOMPARE(settled->charged, eur(balance));
    QCOMPARE(settled->change, eur(paidBy == QLatin1String("cash") ? 1000 : 0));

    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("CHECKED_OUT"));
    QCOMPARE(value(QStringLiteral("SELECT state FROM orders WHERE id = :id"), roomOrder).toString(),
             QStringLiteral("PAID"));
    // One payment for everything owed, captured once in the ledger.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM counter_payments WHERE method <> 'guarantee'")).toInt(),
             paymentsBefore + (balance > 0 ? 1 : 0));
    if (balance > 0) {
        QCOMPARE(value(QStringLiteral(
                           "SELECT amount_minor FROM counter_payments WHERE order_id = :id AND method <> 'guarantee'"),
                       settled->order)
                     .toLongLong(),
                 balance);
        QCOMPARE(
            value(QStringLiteral("SELECT amount_minor FROM order_ledger WHERE order_id = :id AND entry = 'CAPTURED'"),
                  settled->order)
                .toLongLong(),
            booked == PaymentMethod::Guarantee ? balance : extras);
        QCOMPARE(settled->order == roomOrder, booked == PaymentMethod::Guarantee);
    }
    QCOMPARE(value(QStringLiteral("SELECT count(*) FROM folio_charges WHERE stay_id = :id AND settled_at IS NULL "
                                  "AND voided_at IS NULL"),
                   stay)
                 .toInt(),
             0);
    QCOMPARE(unbalanced(stay), 0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));

    const auto after = clerk->folio(stay);
    QVERIFY(after);
    QCOMPARE(after->balance(), eur(0));
    QCOMPARE(after->room, eur(18000)); // the extras are not the room's
    QCOMPARE(after->chargesTotal(), eur(extras));
    QCOMPARE(after->total(), eur(18000 + extras));
    QCOMPARE(after->paid(), after->total());
}

void TestFolio::aBalanceThatChangedMeanwhileIsRefused()
{
    const StayId stay = inHouse(QStringLiteral("Changing Guest"), 1, PaymentMethod::Guarantee);
    QVERIFY(stay);
    FolioDesk clerk(m_clerkConnection->database());
    QVERIFY(clerk->post(minibar(stay, 500)));
    // Another desk posts a charge after the clerk named the balance.
    FolioDesk other(m_managerConnection->database());
    QVERIFY(other->post({stay, FolioKind::Parking, QStringLiteral("Parking"), eur(1500), 1}));
    const auto refused = clerk->settleAndCheckOut(stay, eur(9000 + 500), cash(20000));
    QCOMPARE(reasonOf(refused), QString::fromLatin1(ErrorReason::FolioBalanceChanged));
    QVERIFY(refused.error().message.contains(QLatin1String("No payment was recorded")));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("CHECKED_IN"));
    QCOMPARE(value(QStringLiteral("SELECT count(*) FROM counter_payments c JOIN stays s ON s.order_id = c.order_id "
                                  "WHERE s.id = :id AND c.method <> 'guarantee'"),
                   stay)
                 .toInt(),
             0);
    QVERIFY(clerk->settleAndCheckOut(stay, eur(9000 + 500 + 1500), cash(20000)));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestFolio::twoDesksSettlingAtOnceChargeOnce()
{
    constexpr int rounds = 6;
    StayId stay = 0;
    Money balance = eur(0);
    int paymentsBefore = 0;
    QStringList problems;
    BuyerCrowd crowd(*m_db, 2);
    const bool connected = crowd.runOnConnections(
        rounds,
        [&](DatabaseConnection &connection, PgInventory &, int, int buyer) {
            FolioDesk desk(connection.database());
            const auto settled
                = desk->settleAndCheckOut(stay, balance, buyer ? card(QStringLiteral("T-%1").arg(stay)) : cash(10000));
            Attempt attempt;
            attempt.granted = settled.ok();
            if (!settled) {
                attempt.error = settled.error().code;
                attempt.message = settled.error().reason + QLatin1Char(' ') + settled.error().message;
            }
            return attempt;
        },
        [&](int round) {
            stay = inHouse(QStringLiteral("Raced Guest %1").arg(round), 1,
                           round % 2 ? PaymentMethod::Guarantee : PaymentMethod::Cash);
            FolioDesk clerk(m_clerkConnection->database());
            if (!clerk->post(minibar(stay, 700)))
                problems << QStringLiteral("round %1: no charge posted").arg(round);
            const auto folio = clerk->folio(stay);
            balance = folio ? folio->balance() : eur(0); // the room on guarantee and the extras, or the extras
            paymentsBefore
                = m_db->scalar(QStringLiteral("SELECT count(*) FROM counter_payments WHERE method <> 'guarantee'"))
                      .toInt();
        },
        [&](int round, const QVector<Attempt> &attempts) {
            int granted = 0;
            for (const Attempt &attempt : attempts) {
                if (attempt.granted)
                    ++granted;
                else if (attempt.error != ErrorCode::Conflict)
                    problems << QStringLiteral("round %1: %2").arg(round).arg(attempt.message);
            }
            if (granted != 1)
                problems << QStringLiteral("round %1: %2 settlements").arg(round).arg(granted);
            const int payments
                = m_db->scalar(QStringLiteral("SELECT count(*) FROM counter_payments WHERE method <> 'guarantee'"))
                      .toInt()
                - paymentsBefore;
            if (payments != 1)
                problems << QStringLiteral("round %1: %2 payments").arg(round).arg(payments);
            if (const QString failure = m_db->auditFailure(); !failure.isEmpty())
                problems << QStringLiteral("round %1: audit: %2").arg(round).arg(failure);
        });
    QVERIFY(connected);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

// The invoice lists each night at its share of what the room was sold for, by the nights' rates: a
// dearer night (a weekend or festival rate, migration 031) shows dearer, and the nights add up.
void TestFolio::theInvoicesNightsFollowTheirRates()
{
    const auto price = [this](const QVariant &minor) {
        return m_db->exec(
            QStringLiteral("UPDATE room_nights SET price_minor = :p WHERE room_type_id = :r AND night = :n"),
            {{QStringLiteral("p"), minor},
             {QStringLiteral("r"), m_standard},
             {QStringLiteral("n"), m_first.addDays(1)}});
    };
    QVERIFY(price(12000));
    const StayId stay = sell(QStringLiteral("Rated Guest"), 2, PaymentMethod::Guarantee);
    QVERIFY(stay);
    PgFolioStore store(m_db->database());
    const auto folio = store.folio(stay);
    QVERIFY(price(QVariant(QMetaType::fromType<qlonglong>()))); // the room type's price again for later tests
    QVERIFY(folio.ok());
    QCOMPARE(folio->room, eur(21000));
    const QVector<FolioNight> nights = folio->nights();
    QCOMPARE(nights.size(), 2);
    QCOMPARE(nights.at(0).night, m_first);
    QCOMPARE(nights.at(0).price, eur(9000));
    QCOMPARE(nights.at(1).price, eur(12000));
}

QTEST_GUILESS_MAIN(TestFolio)
#include "tst_folio.moc"
