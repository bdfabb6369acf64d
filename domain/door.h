#pragma once

#include "domain/result.h"
#include "domain/states.h"
#include "domain/ticket.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QString>

namespace boxoffice {

Q_DECLARE_LOGGING_CATEGORY(lcDoor)

// A ticket's admission as the database recorded it; `at` is the database's clock, in UTC.
struct Admission
{
    QDateTime at;
    QString gate;
    QString by; // the staff login that scanned it
    QString terminal; // the program and machine it was scanned on

    bool isNull() const { return !at.isValid(); }
};

// What the store's one statement answered about a code: the ticket as issued, what its order, line
// and seat say now, and its admission (the one just recorded, or an earlier one).
struct DoorRecord
{
    Ticket ticket;
    bool recorded = false; // this call recorded the admission
    OrderState orderState = OrderState::Pending;
    LineState lineState = LineState::Pending;
    bool seatStillSold = false;
    Admission admission;
    bool exchanged = false; // an exchange gave this ticket's seat back: its refusal reads "exchanged"
};

// The door's side of a ticket. Both calls answer NotFound for a code that was never issued.
class DoorStore
{
public:
    virtual ~DoorStore() = default;
    // Records the admission at `gate` if and only if the ticket admits and none is recorded yet: one
    // atomic step in the database, so two scans of one ticket at once admit it once.
    virtual Result<DoorRecord> admit(const QString &code, const QString &gate) = 0;
    // The same answer, recording nothing.
    virtual Result<DoorRecord> look(const QString &code) = 0;
};

// Why a ticket does not admit, in the door's terms. OtherEvent: a good ticket, scanned at a door that
// was told it admits to another event.
enum class DoorRefusal { None, Refunded, Cancelled, NotPaid, Exchanged, OtherEvent };

enum class DoorOutcome {
    Admitted, // recorded now: let them in
    Valid, // a look only: it would admit, and it has not been admitted yet
    AlreadyAdmitted, // `admission` says when and at which gate
    NotValid, // `refusal` says why; `admission` is set if it was admitted before that
    Unknown // a well-formed code that was never issued
};

struct DoorScan
{
    DoorOutcome outcome = DoorOutcome::Unknown;
    QString code; // as parsed from the scan
    Ticket ticket; // empty for Unknown
    DoorRefusal refusal = DoorRefusal::None;
    Admission admission;
};

namespace DoorRules {
inline constexpr int maxGateLength = 32;
// The gate as it will be recorded (trimmed); BadInput when empty, too long or with control characters,
// which a scanner's stray keystrokes would otherwise write into the record.
Result<QString> gate(const QString &typed);
// The first reason the facts give for not admitting, None when the ticket admits.
DoorRefusal refusal(OrderState order, LineState line, bool seatStillSold);
// "refunded", "cancelled", "not paid", "exchanged for another seat", "for another event".
QString refusalText(DoorRefusal refusal);
// "already admitted at 19:42, gate 2", the time in local time (with the date when not today).
QString alreadyAdmittedText(const Admission &admission, const QDateTime &now);
// What the outcome reads as in a log line or at a terminal.
QString summary(const DoorScan &scan, const QDateTime &now);
} // namespace DoorRules

// The door: a scan admits a ticket once. Every channel (the desk's door view, boxoffice-ctl) goes
// through here, so the codes, the gate and the words for a refusal are the same everywhere.
class DoorService
{
public:
    explicit DoorService(DoorStore &store);

    // BadInput for something that is not a ticket code or a bad gate; a code never issued is the
    // Unknown outcome, not an error, because the door answers it like any other scan. `atEvent` (not 0):
    // this door admits to that event only; a ticket of another event is NotValid (OtherEvent) and its
    // admission is not recorded.
    Result<DoorScan> admit(const QString &scanned, const QString &gate, EventId atEvent = 0);
    // For staff who only want to look: never records an admission.
    Result<DoorScan> check(const QString &scanned, EventId atEvent = 0);

private:
    Result<DoorScan> answer(const QString &code, Result<DoorRecord> record, bool admitting, EventId atEvent);

    DoorStore &m_store;
};

} // namespace boxoffice
