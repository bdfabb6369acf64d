#pragma once

#include "domain/frontdesk.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

class PgFrontDesk final : public FrontDeskStore
{
public:
    explicit PgFrontDesk(QSqlDatabase database);

    Result<HotelCalendar> calendar(HotelId hotel, const QDate &from, const QDate &until) override;
    Result<QVector<StayRecord>> findStays(const QString &query) override;
    Result<StayMoney> stayMoney(StayId stay) override;
    Result<MoveQuote> quoteMove(StayId stay, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut) override;
    Result<StayMoneyOutcome> moveStay(const MoveDecision &decision) override;
    Result<StayMoneyOutcome> cancelStay(const CancelDecision &decision) override;
    Status checkIn(StayId stay) override; // pgcheckin.cpp
    Status allowEarlyCheckIn(StayId stay, const QString &reason) override; // pgcheckin.cpp
    Status checkOut(StayId stay) override;
    Result<QVector<ArrivalAtRisk>> arrivalsAtRisk(HotelId hotel, const QDate &night) override;
    Status resolveOverbooking(const OverbookingDecision &decision) override; // pgstaymoney.cpp
    Result<QVector<CompensationEntry>> compensations(HotelId hotel, const QDate &from, const QDate &until) override;
    Result<QVector<RefundCase>> openRefundCases() override;
    Status closeRefundCase(qint64 id) override;

private:
    Status answer(const QString &outcome, StayId stay);
    Status moneyAnswer(const QString &outcome, StayId stay); // pgstaymoney.cpp
    Status checkInAnswer(const QString &outcome, StayId stay); // pgcheckin.cpp
    Status transition(const char *sql, qint64 id, const QString &refusal, const char *reason,
                      const QString &placeholder = QStringLiteral(":stay"));

    PreparedStatements m_statements;
};

} // namespace boxoffice
