#include "commands.h"

#include "domain/door.h"
#include "domain/jsonvocabulary.h"
#include "storage/pgdoorstore.h"

#include <QJsonValue>

namespace boxoffice::ctl {

namespace {

// A scanner with no gate named still leaves a record a person can read.
const QString defaultGate = QStringLiteral("main");

QString outcomeName(DoorOutcome outcome)
{
    switch (outcome) {
    case DoorOutcome::Admitted:
        return QStringLiteral("admitted");
    case DoorOutcome::Valid:
        return QStringLiteral("valid");
    case DoorOutcome::AlreadyAdmitted:
        return QStringLiteral("already_admitted");
    case DoorOutcome::NotValid:
        return QStringLiteral("not_valid");
    case DoorOutcome::Unknown:
        return QStringLiteral("unknown");
    }
    return QString();
}

QJsonValue admissionToJson(const Admission &admission)
{
    if (admission.isNull())
        return QJsonValue::Null;
    return QJsonObject{{QStringLiteral("at"), jsonTime(admission.at)},
                       {QStringLiteral("gate"), admission.gate},
                       {QStringLiteral("by"), admission.by},
                       {QStringLiteral("terminal"), admission.terminal}};
}

QJsonObject scanToJson(const DoorScan &scan, const QString &message)
{
    const bool admits = scan.outcome == DoorOutcome::Admitted || scan.outcome == DoorOutcome::Valid;
    return QJsonObject{{QStringLiteral("ok"), admits},
                       {QStringLiteral("admits"), admits},
                       {QStringLiteral("outcome"), outcomeName(scan.outcome)},
                       {QStringLiteral("recorded"), scan.outcome == DoorOutcome::Admitted},
                       {QStringLiteral("reason"), DoorRules::refusalText(scan.refusal)},
                       {QStringLiteral("message"), message},
                       {QStringLiteral("code"), scan.ticket.code},
                       {QStringLiteral("event"), scan.ticket.eventName},
                       {QStringLiteral("seat"), scan.ticket.seatLabel},
                       {QStringLiteral("section"), scan.ticket.sectionName},
                       {QStringLiteral("standing"), scan.ticket.isStandingPlace()},
                       {QStringLiteral("order"), scan.ticket.order},
                       {QStringLiteral("admission"), admissionToJson(scan.admission)}};
}

} // namespace

// At the door: a scanned or typed code is admitted once and the admission recorded (--check-only: only
// looked at). Exit 0 admits, 1 does not (refused, or admitted before), 2 never issued or not a code.
int runTicket(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    if (args.value(1) != QLatin1String("verify") || args.value(2).isEmpty())
        return context.failUsage(QStringLiteral("Use: boxoffice-ctl ticket verify CODE [--gate NAME] [--event ID] "
                                                "[--check-only] (as scanned: BOXOFFICE-TICKET:...)"));
    const bool checkOnly = context.parser().isSet(QStringLiteral("check-only"));
    const QString gate
        = context.parser().isSet(QStringLiteral("gate")) ? context.parser().value(QStringLiteral("gate")) : defaultGate;
    // Before connecting: a bad code or gate needs no database to be refused.
    if (auto code = ticketCodeFromScan(args.value(2)); !code)
        return context.fail(code.error());
    if (auto checked = DoorRules::gate(gate); !checked && !checkOnly)
        return context.fail(checked.error());
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    // --event: this door admits to that event only (a ticket of another event is refused, not recorded).
    EventId atEvent = 0;
    if (context.parser().isSet(QStringLiteral("event"))) {
        auto event = context.requireId(QStringLiteral("event"));
        if (!event)
            return context.fail(event.error());
        atEvent = event.value();
    }
    PgDoorStore store(connection.value()->database());
    DoorService door(store);
    auto scan = checkOnly ? door.check(args.value(2), atEvent) : door.admit(args.value(2), gate, atEvent);
    if (!scan)
        return context.fail(scan.error());
    if (scan->outcome == DoorOutcome::Unknown)
        return context.fail(
            makeError(ErrorCode::NotFound, QStringLiteral("No ticket with code %1 was ever issued.").arg(scan->code)));
    const QString message = DoorRules::summary(scan.value(), QDateTime::currentDateTime());
    const int exit = context.succeed(scanToJson(scan.value(), message), message);
    const bool admits = scan->outcome == DoorOutcome::Admitted || scan->outcome == DoorOutcome::Valid;
    return admits ? exit : int(ExitFailure);
}

} // namespace boxoffice::ctl
