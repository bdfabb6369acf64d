#include "domain/door.h"

#include "domain/textrules.h"

namespace boxoffice {

// Every scan at info level (QT_LOGGING_RULES="boxoffice.door.info=true"): what the door was told, and why.
Q_LOGGING_CATEGORY(lcDoor, "boxoffice.door", QtWarningMsg)

namespace DoorRules {

Result<QString> gate(const QString &typed)
{
    const QString gate = typed.trimmed();
    if (gate.isEmpty())
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Name the gate this scanner is at, e.g. \"Gate 2\".")),
            ErrorReason::GateMissing);
    if (gate.size() > maxGateLength)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("A gate name is at most %1 characters.").arg(maxGateLength)),
            ErrorReason::GateTooLong);
    if (hasUnshowableCharacters(gate))
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("The gate name has characters that cannot be shown.")),
            ErrorReason::GateUnreadable);
    return gate;
}

DoorRefusal refusal(OrderState order, LineState line, bool seatStillSold)
{
    // The order's state first: a refunded order refunds every line, and that is the word the buyer knows.
    switch (order) {
    case OrderState::Refunded:
        return DoorRefusal::Refunded;
    case OrderState::Cancelled:
        return DoorRefusal::Cancelled;
    case OrderState::Pending:
    case OrderState::Guaranteed:
    case OrderState::Expired:
        return DoorRefusal::NotPaid;
    case OrderState::Paid:
        break;
    }
    switch (line) {
    case LineState::Sold:
        return seatStillSold ? DoorRefusal::None : DoorRefusal::Exchanged;
    case LineState::Refunded:
        return DoorRefusal::Refunded;
    case LineState::Cancelled:
        return DoorRefusal::Cancelled;
    case LineState::Pending:
        return DoorRefusal::NotPaid;
    case LineState::Lost:
    case LineState::Released:
    case LineState::Replaced:
        return DoorRefusal::Exchanged;
    }
    return DoorRefusal::Exchanged;
}

QString refusalText(DoorRefusal refusal)
{
    switch (refusal) {
    case DoorRefusal::None:
        return QString();
    case DoorRefusal::Refunded:
        return QStringLiteral("refunded");
    case DoorRefusal::Cancelled:
        return QStringLiteral("cancelled");
    case DoorRefusal::NotPaid:
        return QStringLiteral("not paid");
    case DoorRefusal::Exchanged:
        return QStringLiteral("exchanged for another seat");
    case DoorRefusal::OtherEvent:
        return QStringLiteral("for another event");
    }
    return QString();
}

QString alreadyAdmittedText(const Admission &admission, const QDateTime &now)
{
    const QDateTime local = admission.at.toLocalTime();
    const QString time = local.date() == now.toLocalTime().date() ? local.toString(QStringLiteral("HH:mm"))
                                                                  : local.toString(QStringLiteral("d MMM yyyy, HH:mm"));
    return QStringLiteral("already admitted at %1, gate %2").arg(time, admission.gate);
}

QString summary(const DoorScan &scan, const QDateTime &now)
{
    const Ticket &t = scan.ticket;
    const QString seat = t.isStandingPlace()
        ? QStringLiteral("%1, %2, order %3").arg(t.eventName, ticketPlaceText(t)).arg(t.order)
        : QStringLiteral("%1, seat %2 (%3), order %4").arg(t.eventName, t.seatLabel, t.sectionName).arg(t.order);
    switch (scan.outcome) {
    case DoorOutcome::Admitted:
        return QStringLiteral("ADMITTED at gate %1: %2").arg(scan.admission.gate, seat);
    case DoorOutcome::Valid:
        return QStringLiteral("VALID, not admitted yet: %1").arg(seat);
    case DoorOutcome::AlreadyAdmitted:
        return QStringLiteral("NOT ADMITTED: %1: %2").arg(alreadyAdmittedText(scan.admission, now), seat);
    case DoorOutcome::NotValid: {
        QString why = refusalText(scan.refusal);
        if (!scan.admission.isNull())
            why += QStringLiteral(" (it was %1)").arg(alreadyAdmittedText(scan.admission, now));
        return QStringLiteral("NOT VALID (%1): %2").arg(why, seat);
    }
    case DoorOutcome::Unknown:
        return QStringLiteral("NOT A TICKET: no ticket with code %1 was ever issued").arg(scan.code);
    }
    return QString();
}

} // namespace DoorRules

DoorService::DoorService(DoorStore &store) : m_store(store) { }

Result<DoorScan> DoorService::admit(const QString &scanned, const QString &gate, EventId atEvent)
{
    auto code = ticketCodeFromScan(scanned);
    if (!code)
        return code.error();
    auto checkedGate = DoorRules::gate(gate);
    if (!checkedGate)
        return checkedGate.error();
    if (atEvent != 0) {
        // A ticket's event never changes once issued, so looking first and admitting second cannot be
        // raced into admitting a ticket of another event: only its admission is contested, and that is
        // decided in the one atomic call below.
        Result<DoorRecord> looked = m_store.look(code.value());
        if (!looked || looked.value().ticket.event != atEvent)
            return answer(code.value(), std::move(looked), true, atEvent);
    }
    return answer(code.value(), m_store.admit(code.value(), checkedGate.value()), true, atEvent);
}

Result<DoorScan> DoorService::check(const QString &scanned, EventId atEvent)
{
    auto code = ticketCodeFromScan(scanned);
    if (!code)
        return code.error();
    return answer(code.value(), m_store.look(code.value()), false, atEvent);
}

Result<DoorScan> DoorService::answer(const QString &code, Result<DoorRecord> record, bool admitting, EventId atEvent)
{
    DoorScan scan;
    scan.code = code;
    if (!record) {
        if (record.error().code != ErrorCode::NotFound)
            return record.error();
        scan.outcome = DoorOutcome::Unknown;
        qCInfo(lcDoor) << "scan of a code never issued:" << code;
        return scan;
    }
    const DoorRecord &facts = record.value();
    scan.ticket = facts.ticket;
    scan.admission = facts.admission;
    scan.refusal = DoorRules::refusal(facts.orderState, facts.lineState, facts.seatStillSold);
    // The seat went back in an exchange: the buyer holds a new ticket, and "refunded" would mislead the door.
    if (scan.refusal == DoorRefusal::Refunded && facts.exchanged)
        scan.refusal = DoorRefusal::Exchanged;
    // At another event's door whatever else is true of it: the holder is at the wrong door.
    if (atEvent != 0 && facts.ticket.event != atEvent)
        scan.refusal = DoorRefusal::OtherEvent;
    if (scan.refusal != DoorRefusal::None)
        scan.outcome = DoorOutcome::NotValid;
    else if (facts.recorded)
        scan.outcome = DoorOutcome::Admitted;
    else if (!facts.admission.isNull())
        scan.outcome = DoorOutcome::AlreadyAdmitted;
    else if (!admitting)
        scan.outcome = DoorOutcome::Valid;
    else
        // The store admits every ticket these rules admit; if the two ever disagree, say so, never admit.
        return makeError(ErrorCode::Internal,
                         QStringLiteral("The database did not record the admission of a valid ticket."));
    if (scan.refusal != DoorRefusal::None && facts.recorded)
        return makeError(ErrorCode::Internal, QStringLiteral("The database admitted a ticket that does not admit."));
    qCInfo(lcDoor).noquote() << "door:" << code << DoorRules::summary(scan, QDateTime::currentDateTimeUtc());
    return scan;
}

} // namespace boxoffice
