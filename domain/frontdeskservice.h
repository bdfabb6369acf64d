#pragma once

#include "domain/countersale.h"
#include "domain/frontdesk.h"
#include "domain/unitofwork.h"

#include <optional>

namespace boxoffice {

// What a check-out took: the payment of a stay booked on guarantee, settled on departure.
struct CheckOutOutcome
{
    bool settled = false;
    CounterSale sale; // settled: what was charged and the change
};

// The front desk's use-cases, the same for the desk panel and boxoffice-ctl. Money is decided here
// (StayMoneyRules) over the figures the store reported; the store carries a decision out as one
// conditional write that refuses (Conflict) when those figures changed since, and the database still
// refuses what the signed-in role may not do.
class FrontDeskService
{
public:
    // `unit` runs on the connection of `store` and `counter`, so their writes share its transaction.
    FrontDeskService(FrontDeskStore &store, CounterSaleStore &counter, UnitOfWork &unit);

    Result<HotelCalendar> calendar(HotelId hotel, const QDate &from, const QDate &until);
    Result<QVector<StayRecord>> findStays(const QString &query);
    Result<StayMoney> stayMoney(StayId stay);
    Result<MoveQuote> quoteMove(StayId stay, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut);

    // `seen` is the money the clerk was shown: refused (Conflict) when the stay's money is no longer so.
    // The fee is in the stay's currency (a zero may leave its currency unstated).
    Result<StayMoneyOutcome> cancelStay(const StayMoney &seen, const Money &fee, const QString &reason);
    // With nobody shown anything first (boxoffice-ctl): decided over the money as read now.
    Result<StayMoneyOutcome> cancelStay(StayId stay, const Money &fee, const QString &reason);
    // `seen` is the quote the clerk was shown.
    Result<StayMoneyOutcome> moveStay(const MoveQuote &seen, const MoveSettlement &settlement);
    Result<StayMoneyOutcome> moveStay(StayId stay, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut,
                                      const MoveSettlement &settlement = {});

    // A manager's answers to an overbooked night, recorded in the compensation ledger.
    // A walk names the partner property the guest goes to (PartnerHotel::id, one of the hotel's own).
    Status walk(const StayMoney &seen, const Money &compensation, const QString &reason, const QDate &night,
                qint64 partner);
    // Move and Upgrade keep the stay's nights (`partner` unused); a walk is decided over the money as read now.
    Status resolveOverbooking(StayId stay, OverbookingAction action, RoomTypeId target, const Money &compensation,
                              const QString &reason, const QDate &night, qint64 partner = 0);

    Status checkIn(StayId stay);
    // A manager's, with a reason; then checkIn() admits the stay before its arrival day.
    Status allowEarlyCheckIn(StayId stay, const QString &reason);
    // A stay booked on guarantee is paid on departure: `payment` is settled and the stay checked out in
    // one unit of work, so a refused check-out leaves no payment behind and the order still guaranteed.
    // Any other stay checks out without a payment.
    Result<CheckOutOutcome> checkOut(StayId stay, const std::optional<CounterPayment> &payment = std::nullopt);

    Result<QVector<ArrivalAtRisk>> arrivalsAtRisk(HotelId hotel, const QDate &night);
    Result<QVector<CompensationEntry>> compensations(HotelId hotel, const QDate &from, const QDate &until);
    Result<QVector<RefundCase>> openRefundCases();
    Status closeRefundCase(qint64 id);

private:
    Result<CheckOutOutcome> settleAndCheckOut(StayId stay, const std::optional<CounterPayment> &payment);

    FrontDeskStore &m_store;
    CounterSaleStore &m_counter;
    UnitOfWork &m_unit;
};

} // namespace boxoffice
