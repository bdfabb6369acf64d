#include "storage/seatclaimrows.h"

#include "storage/sqlvalues.h"

#include <QStringList>

namespace boxoffice {

DomainError unknownSeatIdsError(EventId event, const QVector<UnitId> &units)
{
    QStringList ids;
    for (UnitId unit : units)
        ids << QString::number(unit);
    return makeError(
        ErrorCode::BadInput,
        QStringLiteral("Seat id(s) %1 are not part of event %2.").arg(ids.join(QStringLiteral(", "))).arg(event));
}

DomainError seatsTakenError(const QStringList &labels)
{
    const QString message = labels.size() == 1
        ? QStringLiteral("Seat %1 was just taken by another buyer; nothing was held.").arg(labels.first())
        : QStringLiteral("Seats %1 were just taken by other buyers; nothing was held.")
              .arg(labels.join(QStringLiteral(", ")));
    return withReason(makeError(ErrorCode::Lost, message, labels), ErrorReason::SeatTaken);
}

std::optional<CapHolder> capHolderNamed(const QString &name)
{
    if (name == QLatin1String("buyer"))
        return CapHolder::Buyer;
    if (name == QLatin1String("card"))
        return CapHolder::Instrument;
    if (name == QLatin1String("unknown_card"))
        return CapHolder::UnknownCard;
    if (name == QLatin1String("address"))
        return CapHolder::Address;
    return std::nullopt;
}

DomainError noSuchCartError()
{
    return makeError(ErrorCode::NotFound, QStringLiteral("No such cart."));
}

Result<CappedSeatClaim> seatClaimFromRows(const HoldRequest &request, const QVector<SeatClaimRow> &rows)
{
    CappedSeatClaim claim;
    QString answer; // the first non-grant outcome: it decides
    QStringList unknownLabels;
    QVector<UnitId> unknownUnits;
    QStringList lost;
    for (const SeatClaimRow &row : rows) {
        if (row.outcome == QLatin1String("granted")) {
            claim.grant.held << HeldUnit{row.seat, fromEpochMs(row.expiresMs)};
            continue;
        }
        if (answer.isEmpty())
            answer = row.outcome;
        if (row.outcome == QLatin1String("unknown_label"))
            unknownLabels << row.seat.label;
        else if (row.outcome == QLatin1String("unknown_unit"))
            unknownUnits << row.seat.unit;
        else if (row.outcome == QLatin1String("lost"))
            lost << row.seat.label;
        else if (row.outcome == QLatin1String("refused")) {
            if (const auto holder = capHolderNamed(row.seat.label))
                claim.refusal = CapRefusal{*holder, row.cap, row.held};
        }
    }
    // The same answers as PgSeatStore::hold gives the desk.
    if (answer == QLatin1String("cart"))
        return noSuchCartError();
    if (answer == QLatin1String("no_event"))
        return makeError(ErrorCode::NotFound, QStringLiteral("Event %1 does not exist.").arg(request.event));
    if (!unknownLabels.isEmpty())
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("Event %1 has no seat %2.").arg(request.event).arg(unknownLabels.join(QStringLiteral(", "))),
            unknownLabels);
    if (claim.refusal)
        return claim;
    if (!unknownUnits.isEmpty())
        return unknownSeatIdsError(request.event, unknownUnits);
    if (!lost.isEmpty())
        return seatsTakenError(lost);
    if (!answer.isEmpty() || rows.isEmpty() || claim.grant.held.isEmpty())
        return makeError(ErrorCode::Internal, QStringLiteral("The database answered a hold with an unexpected row."));
    return claim;
}

} // namespace boxoffice
