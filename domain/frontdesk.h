#pragma once

#include "domain/cancellationpolicy.h"
#include "domain/countersale.h"
#include "domain/hotel.h"
#include "domain/money.h"
#include "domain/result.h"
#include "domain/states.h"

#include <QDate>
#include <QVector>

#include <optional>

namespace boxoffice {

// A hotel's calendar as the front desk's grid draws it: room types as rows, nights as columns.
struct HotelCalendar
{
    HotelSummary hotel;
    QDate from; // first night shown
    QDate until; // night after the last shown
    QVector<RoomTypeSummary> roomTypes; // rows, best rank last
    QVector<QVector<NightAvailability>> nights; // [row][from.daysTo(night)]

    int days() const { return int(from.daysTo(until)); }
    const NightAvailability *at(int row, int day) const
    {
        if (row < 0 || row >= nights.size() || day < 0 || day >= nights.at(row).size())
            return nullptr;
        return &nights.at(row).at(day);
    }
};

struct StayRecord
{
    StayId id = 0;
    QString reference; // what the guest quotes
    RoomTypeId roomType = 0;
    QString roomTypeCode;
    QDate checkIn;
    QDate checkOut;
    StayState state = StayState::Held;
    QString guest;
    OrderId order = 0;
};

// A booked stay on a night where more rooms are booked than physically exist.
struct ArrivalAtRisk
{
    StayRecord stay;
    QDate night;
    int overBy = 0; // booked minus physical rooms of that type that night
};

enum class OverbookingAction { Move, Upgrade, Walk };

struct CompensationEntry
{
    qint64 id = 0;
    QDateTime at;
    QString by; // the manager's login
    StayId stay = 0;
    QString guest;
    OverbookingAction action = OverbookingAction::Walk;
    Money amount;
    QString currency;
    QString reason;
    QDate night;
    QString partner; // a walk's partner property; empty for moves, upgrades and walks from before partners
};

// Paid, but a unit could not be delivered (the checkout saga refunded it): a case for staff to call
// the buyer about, until someone marks it done.
struct RefundCase
{
    qint64 id = 0;
    OrderId order = 0;
    QString unit; // "A-3-14", "the whole order"
    Money amount; // in its order's currency
    QString reason;
    QDateTime created;
    std::optional<RefundState> refundState; // none: no refund goes with the case
};

// A stay's money as the desk shows it before cancelling, walking or moving the stay.
struct StayMoney
{
    StayId stay = 0;
    OrderId order = 0;
    std::optional<OrderState> orderState; // none: the stay is on no order (yet)
    QString currency;
    Money price; // what the stay was sold for: its order line plus any supplement charged since
    Money amountPaid; // money taken for it and still held: what a full refund gives back
    bool paidOnline = false; // a refund goes back through the payment provider, later; else at the desk, now
    bool paid() const { return amountPaid.minor() > 0; }
    // The hotel's cancellation policy for this stay, as read with the money (stayMoney only).
    CancellationTerms terms;
    // The fee the desk proposes for a cancel now: the policy's, as far as what was paid covers it.
    Money proposedFee() const
    {
        const qint64 fee = terms.cancelFee.minor();
        return Money(fee < amountPaid.minor() ? fee : amountPaid.minor(), currency);
    }
};

// A move priced before it is confirmed, so the desk can say what the difference is.
struct MoveQuote
{
    StayMoney money;
    Money newPrice; // in money.currency
    RoomTypeId roomType = 0; // what was priced: the room type and nights the stay would move to
    QDate checkIn; // null (both): the stay's own nights, as a manager's overbooking move keeps them
    QDate checkOut;
    Money difference() const // above zero: dearer
    {
        return Money(newPrice.minor() - money.price.minor(), money.currency);
    }
};

// How a move's price difference is settled when money was taken for the stay. Charge: at the counter,
// on a small order of its own (one captured charge per order). Refund (a cheaper stay) and Waive (the
// dearer stay at the old price): a manager's, with a reason. None: only when no money changes hands
// (same price, or nothing taken yet: then the new price is what the guest pays on departure).
enum class PriceSettlement { None, Charge, Refund, Waive };

struct MoveSettlement
{
    PriceSettlement how = PriceSettlement::None;
    CounterPayment payment; // Charge: the cash handed over or the card terminal's reference
    QString reason; // Refund, Waive: why
};

// The desk's money decisions (StayMoneyRules), each with the figures it was made on. The store carries
// a decision out only while those figures still hold under its row locks, and refuses it (Conflict)
// otherwise: a refund, a fee or a waiver is never settled on money that changed since it was read.
struct CancelDecision
{
    StayMoney seen; // the paid amount the refund is taken from
    Money fee; // in seen.currency, as is the refund
    Money refund; // seen.amountPaid - fee
    QString reason; // empty only when nothing was paid
};

struct MoveDecision
{
    MoveQuote seen; // the stay, where it goes, its price, the new price and what was paid
    MoveSettlement settlement;
};

// A manager's answer to an overbooked night. Walk: what was paid is refunded; Move and Upgrade: the
// move with its difference settled as `settlement` says (to the room type and nights `seen` priced).
struct OverbookingDecision
{
    OverbookingAction action = OverbookingAction::Walk;
    MoveQuote seen; // Walk: only seen.money counts
    PriceSettlement settlement = PriceSettlement::None;
    Money refund; // Walk: all that was paid
    Money compensation; // in the stay's currency
    QString reason;
    QDate night;
    qint64 partner = 0; // Walk: the partner property the guest goes to (PartnerHotel::id)
};

// What a cancel or a move did with the money, in the database's own figures and the stay's currency.
struct StayMoneyOutcome
{
    int nightsReturned = 0;
    Money refunded;
    bool refundAtDesk = false; // hand it back now; otherwise the provider returns it to the card
    Money fee;
    Money charged; // a supplement taken at the counter
    Money change; // cash: handed over minus charged
    Money waived;
    OrderId supplementOrder = 0;
    // The stay's order afterwards: Refunded (or Cancelled) once nothing of it is left; none without an order.
    std::optional<OrderState> orderState;
};

} // namespace boxoffice

namespace boxoffice {

// The front desk's view of the hotel inventory. Every change is one statement or one short
// transaction; moves and a manager's overbooking actions run as database functions that lock the
// nights involved in one fixed order.
class FrontDeskStore
{
public:
    virtual ~FrontDeskStore() = default;

    virtual Result<HotelCalendar> calendar(HotelId hotel, const QDate &from, const QDate &until) = 0;
    // By booking reference (exact) or guest name (part of it, any case).
    virtual Result<QVector<StayRecord>> findStays(const QString &query) = 0;
    // What was paid for a stay, and what a move would cost (both dates null: on the stay's own nights).
    virtual Result<StayMoney> stayMoney(StayId stay) = 0;
    virtual Result<MoveQuote> quoteMove(StayId stay, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut)
        = 0;
    // New dates and/or room type in one step, nights and money together: all or nothing (Lost when a
    // new night is full; Conflict when the stay's price, the new price or what was paid is no longer what
    // `decision.seen` says; PermissionDenied for a clerk's refund or waiver).
    virtual Result<StayMoneyOutcome> moveStay(const MoveDecision &decision) = 0;
    // The fee kept and the rest refunded, while what was paid is still `decision.seen.amountPaid`
    // (Conflict otherwise). A paid stay is a manager's to cancel: a clerk is refused by the database
    // (PermissionDenied).
    virtual Result<StayMoneyOutcome> cancelStay(const CancelDecision &decision) = 0;
    // On the arrival day (the database's date) or a later night of the stay; before it only once a
    // manager allowed it (Conflict, CheckInBeforeArrival, otherwise).
    virtual Status checkIn(StayId stay) = 0;
    // A manager's permission, with a reason, to check a stay in before its arrival day: recorded by the
    // database with who and when; anyone else is refused (PermissionDenied).
    virtual Status allowEarlyCheckIn(StayId stay, const QString &reason) = 0;
    virtual Status checkOut(StayId stay) = 0;
    // Booked stays on a night where the room type has more booked than physical rooms.
    virtual Result<QVector<ArrivalAtRisk>> arrivalsAtRisk(HotelId hotel, const QDate &night) = 0;
    // Manager only (the database refuses anyone else); Conflict when the figures `decision.seen` holds
    // changed meanwhile, as for a move.
    virtual Status resolveOverbooking(const OverbookingDecision &decision) = 0;
    virtual Result<QVector<CompensationEntry>> compensations(HotelId hotel, const QDate &from, const QDate &until) = 0;
    // The saga's compensation queue: open cases first come first.
    virtual Result<QVector<RefundCase>> openRefundCases() = 0;
    virtual Status closeRefundCase(qint64 id) = 0; // the buyer was contacted
};

QString overbookingActionName(OverbookingAction action); // "MOVE", "UPGRADE", "WALK"
// One line per entry, RFC 4180 quoting, amounts in major units with two decimals (text, no floats).
QString compensationsCsv(const QVector<CompensationEntry> &entries);
// A CSV field quoted as RFC 4180 asks (only when it holds a comma, a quote or a line break).
QString csvField(const QString &text);

} // namespace boxoffice
