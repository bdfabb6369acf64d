// The German desk words the refusals of the hotel, the front desk, the stay money, the restaurant tables,
// the till, the price types and the house seats by their reason key: every key the domain declares has a
// German sentence of its own (not the code's, not English), the rules and services that need no database
// set the key they are worded by, and the values a sentence names (a limit, a time, a table) come from
// the error's args. The English message for the log stays as it was.

#include "domain/hotelservice.h"
#include "domain/houseseats.h"
#include "domain/pricetypes.h"
#include "domain/slotservice.h"
#include "domain/staymoneyrules.h"
#include "domain/till.h"
#include "domain/tillstore.h"
#include "memoryholdstores.h"
#include "ui/common/errortext.h"
#include "ui/common/translations.h"

#include <QFile>
#include <QRegularExpression>
#include <QTranslator>
#include <QtTest>

using namespace boxoffice;

Q_DECLARE_METATYPE(boxoffice::DomainError)

namespace {

// Every key in domain/domainerror.h's ErrorReason namespace, read from the header itself, so a key
// added without its German sentence fails here.
QStringList declaredReasons()
{
    static const QRegularExpression key(QStringLiteral("inline const char \\*const \\w+ = \"([^\"]+)\";"));
    QStringList keys;
    // domain/roomreasons.h: the rooms' keys, beside domainerror.h
    for (const char *path :
         {BOXOFFICE_SOURCE_DIR "/domain/domainerror.h", BOXOFFICE_SOURCE_DIR "/domain/roomreasons.h"}) {
        QFile header(QString::fromUtf8(path));
        if (!header.open(QIODevice::ReadOnly))
            return {};
        const QString text = QString::fromUtf8(header.readAll());
        for (auto it = key.globalMatch(text); it.hasNext();)
            keys << it.next().captured(1);
    }
    return keys;
}

// errorText as the English desk has it (no translation installed), for an error whose message is empty:
// the English source sentence of its reason.
QString englishSentence(DomainError error)
{
    const QList<QTranslator *> installed = QCoreApplication::instance()->findChildren<QTranslator *>();
    for (QTranslator *translator : installed)
        QCoreApplication::removeTranslator(translator);
    error.message.clear();
    const QString english = errorText(error);
    for (QTranslator *translator : installed)
        QCoreApplication::installTranslator(translator);
    return english;
}

template<typename T> DomainError refusal(const Result<T> &result)
{
    return result ? makeError(ErrorCode::Internal, QStringLiteral("accepted, but a refusal was expected"))
                  : result.error();
}

DomainError refusedByManager()
{
    return makeError(ErrorCode::PermissionDenied, QStringLiteral("permission denied for function x"));
}

// A till, price list and house-seat list whose database refuses a clerk everything.
class RefusingTill final : public TillStore
{
public:
    Result<TillShift> open(const Money &) override { return refusedByManager(); }
    Result<std::optional<TillShift>> openHere() override { return refusedByManager(); }
    Result<TillReport> report(ShiftId) override { return refusedByManager(); }
    Result<TillShift> close(ShiftId, const Money &, const QString &) override { return refusedByManager(); }
    Result<TillShift> countersign(ShiftId, const QString &) override { return refusedByManager(); }
    Result<QVector<TillShift>> awaitingCountersign() override { return refusedByManager(); }
    Result<DayLedger> day(const QDateTime &, const QDateTime &) override { return refusedByManager(); }
};

class RefusingPrices final : public PriceTypeStore
{
public:
    Result<QVector<TypePrice>> prices(EventId) override { return refusedByManager(); }
    Status setPrice(EventId, const QString &, PriceType, const Money &) override { return refusedByManager(); }
    Result<Money> choose(const PriceTypeChoice &) override { return refusedByManager(); }
};

class RefusingHouseSeats final : public HouseSeatStore
{
public:
    Result<QVector<SeatRef>> hold(const HouseHoldRequest &) override { return refusedByManager(); }
    Result<QVector<SeatRef>> release(EventId, const QVector<UnitId> &) override { return refusedByManager(); }
    Result<QVector<HouseSeat>> list(EventId) override { return refusedByManager(); }
};

const CartId cart = QStringLiteral("desk-reasons-1");
const QDate may1(2026, 5, 1);

Money inEuros(qint64 minor)
{
    return Money(minor, QStringLiteral("EUR"));
}

StayMoney moneyOf(qint64 paidMinor)
{
    StayMoney money;
    money.stay = 7;
    money.order = 70;
    money.orderState = paidMinor > 0 ? OrderState::Paid : OrderState::Guaranteed;
    money.currency = QStringLiteral("EUR");
    money.price = inEuros(20000);
    money.amountPaid = inEuros(paidMinor);
    return money;
}

MoveQuote quoteOf(qint64 paidMinor, qint64 newPriceMinor)
{
    return MoveQuote{moneyOf(paidMinor), inEuros(newPriceMinor), 3, may1, may1.addDays(2)};
}

DomainError settled(qint64 paidMinor, qint64 newPriceMinor, PriceSettlement how, const QString &reason = {},
                    PaymentMethod method = PaymentMethod::Cash)
{
    CounterPayment payment;
    payment.method = method;
    payment.tendered = Money(100000, QStringLiteral("EUR"));
    payment.cardReference = QStringLiteral("VISA-4242");
    return refusal(StayMoneyRules::decideMove(quoteOf(paidMinor, newPriceMinor), {how, payment, reason}));
}

StayRequest stayRequest()
{
    StayRequest request;
    request.roomType = 1;
    request.cart = cart;
    request.checkIn = may1;
    request.checkOut = may1.addDays(2);
    return request;
}

SlotRequest slotRequest()
{
    SlotRequest request;
    request.resource = 1;
    request.cart = cart;
    request.partySize = 4;
    request.start = QDateTime(may1, QTime(19, 30));
    request.end = request.start.addSecs(90 * 60);
    return request;
}

} // namespace

class TestTranslationsReasons : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyReasonHasAGermanSentenceOfItsOwn();
    void rulesSetTheirReason_data();
    void rulesSetTheirReason();
    void aSentenceWithoutItsValuesFallsBackToTheCode();
    void aValueIsFilledInAsItCame();

private:
    test::MemoryHolds m_holds;
};

void TestTranslationsReasons::initTestCase()
{
    QCOMPARE(installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany)),
             QStringLiteral("de"));
    QVERIFY(errorsAreTranslated());
}

void TestTranslationsReasons::everyReasonHasAGermanSentenceOfItsOwn()
{
    const QStringList reasons = declaredReasons();
    QVERIFY2(reasons.size() >= 100, qPrintable(QString::number(reasons.size())));
    QStringList problems;
    // Whatever the code a producer pairs the key with, the key's sentence is shown.
    const ErrorCode codes[] = {ErrorCode::BadInput,     ErrorCode::NotFound, ErrorCode::Lost,
                               ErrorCode::LimitReached, ErrorCode::Conflict, ErrorCode::PermissionDenied};
    for (const QString &reason : reasons) {
        for (ErrorCode code : codes) {
            const DomainError error
                = withReason(makeError(code, QStringLiteral("An English message.")), reason.toLatin1().constData(),
                             {QStringLiteral("7"), QStringLiteral("19:30"), QStringLiteral("90")});
            const QString german = errorText(error);
            const QString generic = errorText(makeError(code, QStringLiteral("An English message.")));
            QString problem;
            if (german.isEmpty() || german == generic)
                problem = QStringLiteral(" has no sentence of its own (") + errorCodeName(code) + u')';
            else if (german == englishSentence(error))
                problem = QStringLiteral(" is English in German: ") + german;
            else if (german.contains(u'%'))
                problem = QStringLiteral(" leaves a placeholder: ") + german;
            if (!problem.isEmpty()) {
                problems << reason + problem;
                break;
            }
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestTranslationsReasons::rulesSetTheirReason_data()
{
    QTest::addColumn<DomainError>("error");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("german");

    HotelService hotel(m_holds.hotels);
    SlotService tables(m_holds.tables);
    RefusingTill refusingTill;
    TillService till(refusingTill);
    RefusingPrices refusingPrices;
    PriceTypeService prices(refusingPrices);
    RefusingHouseSeats refusingHouse;
    HouseSeatService house(refusingHouse);
    const auto row = [](const char *name, const DomainError &error, const char *reason, const char *german) {
        QTest::newRow(name) << error << QString::fromLatin1(reason) << QString::fromUtf8(german);
    };

    // The hotel's requests.
    row("no dates", refusal(HotelService::checkRange(QDate(), may1)), ErrorReason::DatesMissing,
        "Geben Sie ein An- und ein Abreisedatum an.");
    row("no nights", refusal(HotelService::checkRange(may1, may1)), ErrorReason::StayNoNights,
        "Ein Aufenthalt hat mindestens eine Nacht: die Abreise ist frühestens am Tag nach der Anreise.");
    row("reversed", refusal(HotelService::checkRange(may1, may1.addDays(-1))), ErrorReason::DatesReversed,
        "Die Abreise muss nach der Anreise liegen.");
    row("too many nights", refusal(HotelService::checkRange(may1, may1.addDays(61))), ErrorReason::StayTooLong,
        "Ein Aufenthalt kann höchstens 60 Nächte dauern.");
    StayRequest noRoomType = stayRequest();
    noRoomType.roomType = 0;
    row("no room type", refusal(hotel.holdStay(noRoomType)), ErrorReason::RoomTypeMissing,
        "Wählen Sie eine Zimmerkategorie.");
    StayRequest longName = stayRequest();
    longName.guestName = QString(201, u'x');
    row("guest name", refusal(hotel.holdStay(longName)), ErrorReason::GuestNameTooLong,
        "Der Name des Gastes ist zu lang.");
    StayRequest noTime = stayRequest();
    noTime.ttlSeconds = 0;
    row("stay hold time", refusal(hotel.holdStay(noTime)), ErrorReason::HoldTimeRange,
        "Eine Reservierung dauert zwischen einer Sekunde und 24 Stunden.");
    row("no stay", refusal(hotel.cancelStay(0)), ErrorReason::StayUnknown,
        "Dieser Aufenthalt ist nicht zu finden: bitte neu suchen.");
    row("no hotel", refusal(hotel.availability(0, may1, may1.addDays(1))), ErrorReason::HotelUnknown,
        "Dieses Hotel ist nicht zu finden: wählen Sie es bitte erneut.");
    CapacityChange capacity{1, may1, may1, 3, std::nullopt};
    row("capacity nights", refusal(hotel.changeCapacity(capacity)), ErrorReason::CapacityNightsMissing,
        "Geben Sie die erste Nacht und die Nacht nach der letzten an.");
    capacity = CapacityChange{1, may1, may1.addDays(1), std::nullopt, std::nullopt};
    row("capacity nothing", refusal(hotel.changeCapacity(capacity)), ErrorReason::CapacityNothingToChange,
        "Geben Sie an, was sich ändern soll: verkaufbare Zimmer, vorhandene Zimmer oder beides.");
    capacity.physical = -1;
    row("capacity negative", refusal(hotel.changeCapacity(capacity)), ErrorReason::CapacityNegative,
        "Zimmerzahlen können nicht negativ sein.");

    // The stay's money: cancelling, moving, an overbooked night.
    row("cancel: no stay", refusal(StayMoneyRules::decideCancel(StayMoney{}, inEuros(0), QString())),
        ErrorReason::StayNotChosen, "Wählen Sie zuerst einen Aufenthalt in der Gästeliste.");
    row("cancel: negative fee",
        refusal(StayMoneyRules::decideCancel(moneyOf(20000), inEuros(-1), QStringLiteral("late"))),
        ErrorReason::FeeTooLarge,
        "Eine Stornogebühr ist nicht negativ und höchstens so hoch wie der für den Aufenthalt gezahlte Betrag. "
        "Nichts wurde geändert.");
    row("cancel: fee over paid",
        refusal(StayMoneyRules::decideCancel(moneyOf(20000), inEuros(20001), QStringLiteral("late"))),
        ErrorReason::FeeTooLarge,
        "Eine Stornogebühr ist nicht negativ und höchstens so hoch wie der für den Aufenthalt gezahlte Betrag. "
        "Nichts wurde geändert.");
    row("cancel: fee unpaid", refusal(StayMoneyRules::decideCancel(moneyOf(0), inEuros(500), QString())),
        ErrorReason::FeeNothingPaid,
        "Für diesen Aufenthalt wurde nichts bezahlt, also kann keine Gebühr einbehalten werden.");
    row("cancel: no reason", refusal(StayMoneyRules::decideCancel(moneyOf(20000), inEuros(0), QStringLiteral(" "))),
        ErrorReason::ReasonMissing,
        "Bitte einen Grund angeben: Erstattungen, Gebühren und Erlasse werden mit Grund erfasst. Nichts wurde "
        "geändert.");
    row("move: price changes", settled(20000, 26000, PriceSettlement::None), ErrorReason::StayPriceChanges,
        "Mit dieser Umbuchung ändert sich der Preis: kassieren Sie die Differenz, oder die Leitung erlässt oder "
        "erstattet sie. Nichts wurde geändert.");
    row("move: nothing to charge", settled(20000, 20000, PriceSettlement::Charge), ErrorReason::MoveNothingToCharge,
        "Der neue Aufenthalt kostet nicht mehr: es gibt nichts zu kassieren.");
    row("move: charge unpaid", settled(0, 26000, PriceSettlement::Charge), ErrorReason::MoveChargeUnpaid,
        "Für diesen Aufenthalt wurde noch nichts bezahlt: der Gast zahlt den neuen Preis bei der Abreise, jetzt "
        "wird nichts kassiert.");
    row("move: on guarantee", settled(20000, 26000, PriceSettlement::Charge, {}, PaymentMethod::Guarantee),
        ErrorReason::MovePayNow, "Kassieren Sie die Differenz jetzt, bar oder mit Karte.");
    row("move: nothing to refund", settled(20000, 26000, PriceSettlement::Refund, QStringLiteral("x")),
        ErrorReason::MoveNothingToRefund,
        "Eine Differenz wird nur bei einer Umbuchung auf einen günstigeren Aufenthalt erstattet.");
    row("move: refund unpaid", settled(0, 14000, PriceSettlement::Refund, QStringLiteral("x")),
        ErrorReason::MoveRefundUnpaid,
        "Für diesen Aufenthalt wurde nichts bezahlt, also wird nichts erstattet: der Gast zahlt den niedrigeren "
        "Preis bei der Abreise.");
    row("move: refund, no reason", settled(20000, 14000, PriceSettlement::Refund), ErrorReason::ReasonMissing,
        "Bitte einen Grund angeben: Erstattungen, Gebühren und Erlasse werden mit Grund erfasst. Nichts wurde "
        "geändert.");
    row("move: nothing to waive", settled(20000, 14000, PriceSettlement::Waive, QStringLiteral("x")),
        ErrorReason::MoveNothingToWaive, "Erlassen werden kann nur die Differenz zu einem teureren Aufenthalt.");
    row("move: unknown settlement", settled(20000, 26000, PriceSettlement(42)), ErrorReason::MoveSettlementMissing,
        "Geben Sie an, wie die Preisdifferenz ausgeglichen wird.");
    MoveQuote nowhere = quoteOf(20000, 20000);
    nowhere.roomType = 0;
    row("move: no target", refusal(StayMoneyRules::decideMove(nowhere, {})), ErrorReason::MoveNotChosen,
        "Wählen Sie zuerst den Aufenthalt und die Nächte, auf die er umgebucht wird.");
    const QString why = QStringLiteral("overbooked");
    row("walk: no guest", refusal(StayMoneyRules::decideWalk(StayMoney{}, inEuros(0), why, may1)),
        ErrorReason::StayNotChosen, "Wählen Sie zuerst einen Aufenthalt in der Gästeliste.");
    row("walk: negative", refusal(StayMoneyRules::decideWalk(moneyOf(0), inEuros(-1), why, may1)),
        ErrorReason::OverbookingIncomplete,
        "Geben Sie einen Grund und eine Entschädigung von null oder mehr an. Nichts wurde geändert.");
    row("walk: no night", refusal(StayMoneyRules::decideWalk(moneyOf(0), inEuros(0), why, QDate())),
        ErrorReason::OverbookingNightMissing, "Wählen Sie zuerst die überbuchte Nacht.");
    row("walk as a move",
        refusal(
            StayMoneyRules::decideOverbookingMove(OverbookingAction::Walk, quoteOf(0, 20000), inEuros(0), why, may1)),
        ErrorReason::WalkNotMove, "Ausquartieren ist keine Umbuchung.");
    row("overbooking move: no room type",
        refusal(StayMoneyRules::decideOverbookingMove(OverbookingAction::Move, nowhere, inEuros(0), why, may1)),
        ErrorReason::RoomTypeMissing, "Wählen Sie eine Zimmerkategorie.");

    // Restaurant tables.
    SlotRequest slot = slotRequest();
    slot.partySize = 0;
    row("party size", refusal(tables.holdSlot(slot)), ErrorReason::PartySize, "Eine Gruppe hat 1 bis 100 Personen.");
    slot = slotRequest();
    slot.end = QDateTime();
    row("no end", refusal(tables.holdSlot(slot)), ErrorReason::BookingTimesMissing,
        "Geben Sie eine Anfangs- und eine Endzeit an.");
    slot.end = slot.start;
    row("ends first", refusal(tables.holdSlot(slot)), ErrorReason::BookingEndsFirst,
        "Die Tischbuchung muss nach ihrem Beginn enden.");
    slot.end = slot.start.addSecs(13 * 3600);
    row("too long", refusal(tables.holdSlot(slot)), ErrorReason::BookingTooLong,
        "Eine Tischbuchung dauert höchstens 12 Stunden.");
    slot = slotRequest();
    slot.ttlSeconds = 24 * 3600 + 1;
    row("table hold time", refusal(tables.holdSlot(slot)), ErrorReason::HoldTimeRange,
        "Eine Reservierung dauert zwischen einer Sekunde und 24 Stunden.");
    slot = slotRequest();
    slot.resource = 0;
    row("no table", refusal(tables.holdSlot(slot)), ErrorReason::TableMissing, "Wählen Sie einen Tisch.");
    row("no booking", refusal(tables.releaseSlot(cart, 0)), ErrorReason::BookingUnknown,
        "Diese Tischbuchung ist nicht zu finden: bitte neu suchen.");
    TableSearch search{0, cart, 6, QDateTime(may1, QTime(19, 30)), 120, std::nullopt, 0};
    row("no restaurant", refusal(tables.findAndHold(search)), ErrorReason::RestaurantMissing,
        "Wählen Sie ein Restaurant.");
    search.restaurant = 9; // no tables at all
    row("tables full", refusal(tables.findAndHold(search)), ErrorReason::TablesFull,
        "Für eine Gruppe von 6 ist ab 19:30 Uhr für 120 Minuten kein Tisch frei.");

    // The till.
    row("till: below zero", refusal(TillRules::checkAmount(Money(-1, QStringLiteral("EUR")))),
        ErrorReason::TillAmountNegative, "Ein Betrag in der Kasse kann nicht unter null liegen.");
    row("till: too much", refusal(TillRules::checkAmount(Money(TillRules::maxDrawerMinor + 1, QStringLiteral("EUR")))),
        ErrorReason::TillAmountTooLarge, "Das ist mehr, als eine Kasse fasst; prüfen Sie den Betrag.");
    row("till: long note", refusal(TillRules::note(QString(TillRules::maxNoteLength + 1, u'x'))),
        ErrorReason::NoteTooLong, "Eine Notiz hat höchstens 500 Zeichen.");
    row("till: currency", refusal(till.open(Money(10000, QStringLiteral("E")))), ErrorReason::TillCurrencyMissing,
        "Wählen Sie die Währung der Kasse.");
    row("till: report day", refusal(till.dayReport(QDate())), ErrorReason::ReportDayMissing,
        "Wählen Sie einen Tag für den Bericht.");

    // Price types and comps.
    const Money euros(0, QStringLiteral("EUR"));
    row("comp price", refusal(PriceTypeRules::checkPrice(PriceType::Complimentary, euros)), ErrorReason::PriceCompFree,
        "Eine Freikarte ist immer kostenlos; für sie gibt es keinen Preis festzulegen.");
    row("negative price", refusal(PriceTypeRules::checkPrice(PriceType::Child, euros.withMinor(-1))),
        ErrorReason::PriceNegative, "Ein Preis kann nicht negativ sein.");
    row("no seat", refusal(PriceTypeRules::checkChoice(PriceTypeChoice{})), ErrorReason::PriceSeatNotChosen,
        "Wählen Sie zuerst einen Platz dieses Verkaufs.");
    const PriceTypeChoice comp{cart, 11, PriceType::Complimentary, QString()};
    row("comp reason", refusal(PriceTypeRules::checkChoice(comp)), ErrorReason::CompReasonMissing,
        "Eine Freikarte braucht einen Grund.");
    row("prices: clerk", refusal(prices.setPrice(1, QStringLiteral("A"), PriceType::Child, euros.withMinor(1200))),
        ErrorReason::PriceManagerOnly, "Nur die Leitung darf Preise festlegen.");
    const PriceTypeChoice givenComp{cart, 11, PriceType::Complimentary, QStringLiteral("critic")};
    row("comp: clerk", refusal(prices.choose(givenComp)), ErrorReason::CompNeedsManager,
        "Eine Freikarte braucht die Leitung: bitten Sie die Leitung, sich an dieser Kasse anzumelden.");

    // House seats.
    HouseHoldRequest houseHold{1, {}, HouseKind::Press, QStringLiteral("Evening Post"), QString()};
    row("house: no seats", refusal(house.hold(houseHold)), ErrorReason::HouseSeatsNoneSelected,
        "Wählen Sie zuerst die Plätze, die als Hausplätze zurückgehalten werden sollen.");
    houseHold.units = {11, 12};
    houseHold.owner = QStringLiteral("  ");
    row("house: no owner", refusal(house.hold(houseHold)), ErrorReason::HouseSeatsOwnerMissing,
        "Geben Sie an, für wen die Hausplätze sind.");
    houseHold.owner = QStringLiteral("Evening Post");
    row("house: clerk holds", refusal(house.hold(houseHold)), ErrorReason::HouseSeatsHoldManagerOnly,
        "Nur die Leitung darf Hausplätze zurückhalten.");
    row("house: none to release", refusal(house.release(1, {})), ErrorReason::HouseSeatsNoneToRelease,
        "Wählen Sie zuerst die Hausplätze, die freigegeben werden sollen.");
    row("house: clerk releases", refusal(house.release(1, {11})), ErrorReason::HouseSeatsReleaseManagerOnly,
        "Nur die Leitung darf Hausplätze freigeben.");
}

void TestTranslationsReasons::rulesSetTheirReason()
{
    QFETCH(DomainError, error);
    QFETCH(QString, reason);
    QFETCH(QString, german);
    QCOMPARE(error.reason, reason);
    QVERIFY2(!error.message.isEmpty(), "the English message for the log is kept");
    QCOMPARE(errorText(error), german);
}

// A producer that set the key but not the values its sentence names gets the code's sentence, never a
// sentence with "%1" in it.
void TestTranslationsReasons::aSentenceWithoutItsValuesFallsBackToTheCode()
{
    const DomainError bare = withReason(
        makeError(ErrorCode::BadInput, QStringLiteral("A stay can be at most 60 nights.")), ErrorReason::StayTooLong);
    QCOMPARE(errorText(bare), errorText(makeError(ErrorCode::BadInput, QString())));
    const DomainError short2 = withReason(makeError(ErrorCode::Lost, QStringLiteral("No table.")),
                                          ErrorReason::TablesFull, {QStringLiteral("6"), QStringLiteral("19:30")});
    QVERIFY2(!errorText(short2).contains(u'%'), qPrintable(errorText(short2)));
}

void TestTranslationsReasons::aValueIsFilledInAsItCame()
{
    const DomainError small
        = withReason(makeError(ErrorCode::BadInput, QStringLiteral("Table %1 seats 2.")), ErrorReason::TableTooSmall,
                     {QStringLiteral("Fenster %1"), QStringLiteral("2"), QStringLiteral("5")});
    QCOMPARE(errorText(small),
             QStringLiteral("Tisch Fenster %1 ist zu klein für eine Gruppe von 5 Personen (Plätze: 2)."));
    const DomainError open
        = withReason(makeError(ErrorCode::Conflict, QStringLiteral("Your till is open already (since 17:55).")),
                     ErrorReason::TillOpenAlready, {QStringLiteral("17:55")});
    QCOMPARE(errorText(open),
             QStringLiteral("Ihre Kasse an diesem Terminal ist schon offen (seit 17:55 Uhr); "
                            "schließen Sie sie, bevor Sie eine neue öffnen."));
}

QTEST_MAIN(TestTranslationsReasons)
#include "tst_translations_reasons.moc"
