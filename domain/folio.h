#pragma once

#include "domain/countersale.h"
#include "domain/hotel.h"
#include "domain/ids.h"
#include "domain/money.h"
#include "domain/result.h"
#include "domain/states.h"

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice {

using FolioChargeId = qint64;

// What a guest consumed during the stay, posted to the stay and paid with the room on departure.
enum class FolioKind { Minibar, Restaurant, Parking, Other };

QString folioKindName(FolioKind kind); // the database's word: "minibar", ...
std::optional<FolioKind> folioKindFromName(const QString &name);

struct FolioChargeRequest
{
    StayId stay = 0;
    FolioKind kind = FolioKind::Other;
    QString description;
    Money amount; // one unit's price, in the stay's currency
    int quantity = 1;
};

struct FolioCharge
{
    FolioChargeId id = 0;
    StayId stay = 0;
    FolioKind kind = FolioKind::Other;
    QString description;
    Money amount; // one unit's price
    int quantity = 1;
    QString postedBy;
    QDateTime postedAt;
    QString voidedBy; // empty while not voided
    QDateTime voidedAt;
    QString voidReason;
    OrderId settledOrder = 0; // 0 while open
    QDateTime settledAt;

    Money total() const { return amount.withMinor(amount.minor() * quantity); }
    bool voided() const { return voidedAt.isValid(); }
    bool settled() const { return settledOrder != 0; }
    bool open() const { return !voided() && !settled(); }
};

// Money that came in (or went back, negative) on the stay's orders, for the invoice.
struct FolioPayment
{
    QDateTime at;
    QString method; // "cash", "card", "online", "refund"
    Money amount;
    QString reference;
};

struct FolioNight
{
    QDate night;
    Money price;
};

// A stay's folio: the room, its extras and the money taken. The balance is what the guest owes now: the
// room while it is on guarantee (a paid room owes nothing) plus the charges still open.
struct Folio
{
    StayId stay = 0;
    QString reference;
    QString guest;
    QString hotel;
    QString roomType;
    QString currency;
    QDate checkIn;
    QDate checkOut;
    StayState state = StayState::Booked;
    OrderId order = 0;
    Money room; // the nights' price (with any move's supplements), not the extras
    QVector<Money> nightRates; // each night's rate on the calendar: how `room` is spread over them
    Money roomOwed;
    QVector<FolioCharge> charges;
    QVector<FolioPayment> payments;

    QVector<FolioNight> nights() const; // the room's price spread over its nights by their rates
    // Sums in `currency`: every amount on a folio is the stay's.
    Money openCharges() const;
    Money chargesTotal() const; // open and settled, not voided: what the invoice bills
    Money balance() const { return Money(roomOwed.minor() + openCharges().minor(), currency); }
    Money total() const { return Money(room.minor() + chargesTotal().minor(), currency); }
    Money paid() const;
};

// What a settle-and-check-out took. Nothing owed: settled is false and no payment was recorded.
struct FolioSettlement
{
    bool settled = false;
    OrderId order = 0; // the order the payment was recorded on
    Money charged;
    Money change;
};

class FolioStore
{
public:
    virtual ~FolioStore() = default;
    virtual Result<Folio> folio(StayId stay) = 0;
    virtual Result<FolioChargeId> post(const FolioChargeRequest &request) = 0;
    // A manager's: the database refuses anyone else (PermissionDenied).
    virtual Status voidCharge(FolioChargeId charge, const QString &reason) = 0;
    // One database call: refused (Conflict, nothing changed) unless the balance is still `seenBalance`.
    virtual Result<FolioSettlement> settleAndCheckOut(StayId stay, const Money &seenBalance,
                                                      const std::optional<CounterPayment> &payment)
        = 0;
};

namespace FolioRules {
Status checkCharge(const FolioChargeRequest &request);
} // namespace FolioRules

class FolioService
{
public:
    explicit FolioService(FolioStore &store);

    Result<Folio> folio(StayId stay);
    Result<FolioChargeId> post(const FolioChargeRequest &request);
    Status voidCharge(FolioChargeId charge, const QString &reason);
    // Pays the room (on guarantee) and the open charges with one payment and checks the guest out, or
    // does nothing. `seenBalance` is the balance the clerk asked the guest for (in the stay's currency);
    // a stay owing nothing leaves without a payment.
    Result<FolioSettlement> settleAndCheckOut(StayId stay, const Money &seenBalance,
                                              const std::optional<CounterPayment> &payment);

private:
    FolioStore &m_store;
};

} // namespace boxoffice
