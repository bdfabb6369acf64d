#pragma once

#include "domain/buyercapstore.h"

#include <QVariant>
#include <QVector>

namespace boxoffice {

// One row of a web buyer's seat claim as the database answers it: the single claim
// (boxoffice_web_hold_seats, 041) and each ask of a batch (boxoffice_web_hold_seat_batch, 044) answer
// with the same outcomes, so the same words reach the buyer whichever way the seats were claimed.
struct SeatClaimRow
{
    QString outcome;
    SeatRef seat;
    QVariant expiresMs;
    int cap = 0;
    int held = 0;
};

// The holder a cap refusal names ("buyer", "card", "unknown_card", "address"), as the claim
// functions name them.
std::optional<CapHolder> capHolderNamed(const QString &name);
// The words every seat claim (the desk's, a web buyer's, a batch's) answers with.
DomainError unknownSeatIdsError(EventId event, const QVector<UnitId> &units);
DomainError seatsTakenError(const QStringList &labels); // labels of the seats lost
// What every claim answers for a cart that is not the buyer's, or does not exist: the same 404.
DomainError noSuchCartError();

// The claim's answer from its rows: the grant, the cap that refused it, or the error the desk's claim
// gives for the same case (no such cart or event, unknown seats or labels, seats lost).
Result<CappedSeatClaim> seatClaimFromRows(const HoldRequest &request, const QVector<SeatClaimRow> &rows);

} // namespace boxoffice
