#pragma once

#include "domain/countersale.h"
#include "domain/hotel.h"
#include "domain/ids.h"
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
    qint64 amountMinor = 0; // one unit's price
    int quantity = 1;
};

struct FolioCharge
{
    FolioChargeId id = 0;
    StayId stay = 0;
    FolioKind kind = FolioKind::Other;
    QString description;
    qint64 amountMinor = 0;
    int quantity = 1;
    QString postedBy;
    QDateTime postedAt;
    QString voidedBy; // empty while not voided
    QDateTime voidedAt;
    QString voidReason;
    OrderId settledOrder = 0; // 0 while open
    QDateTime settledAt;

    qint64 totalMinor() const { return amountMinor * quantity; }
    bool voided() const { return voidedAt.isValid(); }
    bool settled() const { return settledOrder != 0; }
    bool open() const { return !voided() && !settled(); }
};

// Money that came in (or went back, negative) on the stay's orders, for the invoice.
struct FolioPayment
{
    QDateTime at;
    QString method; // "cash", "card", "online", "refund"
    qint64 amountMinor = 0;
    QString reference;
};

struct FolioNight
{
    QDate night;
    qint64 priceMinor = 0;
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
    qint64 roomMinor = 0; // the nights' price (with any move's supplements), not the extras
    QVector<qint64> nightRates; // each night's rate on the calendar: how roomMinor is spread over them
    qint64 roomOwedMinor = 0;
    QVector<FolioCharge> charges;
    QVector<FolioPayment> payments;

    QVector<FolioNight> nights() const; // the room's price spread over its nights by their rates
    qint64 openChargesMinor() const;
    qint64 chargesMinor() const; // open and settled, not voided: what the invoice bills
    qint64 balanceMinor() const { return roomOwedMinor + openChargesMinor(); }
    qint64 totalMinor() const { return roomMinor + chargesMinor(); }
    qint64 paidMinor() const;
};

// What a settle-and-check-out took. Nothing owed: settled is false and no payment was recorded.
struct FolioSettlement
{
    bool settled = false;
    OrderId order = 0; // the order the payment was recorded on
    qint64 chargedMinor = 0;
    qint64 changeMinor = 0;
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
    virtual Result<FolioSettlement> settleAndCheckOut(StayId stay, qint64 seenBalanceMinor,
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
    // does nothing. `seenBalanceMinor` is the balance the clerk asked the guest for; a stay owing
    // nothing leaves without a payment.
    Result<FolioSettlement> settleAndCheckOut(StayId stay, qint64 seenBalanceMinor,
                                              const std::optional<CounterPayment> &payment);

private:
    FolioStore &m_store;
};

} // namespace boxoffice
