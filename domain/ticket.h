#pragma once

#include "domain/ids.h"
#include "domain/money.h"
#include "domain/result.h"

#include <QDateTime>
#include <QString>
#include <QtGlobal>

namespace boxoffice {

// One printed admission: everything the paper shows, copied from the order when it was issued, so a
// reprint looks the same even after the event or its prices have changed. Either an assigned seat or
// one standing place of a general-admission pool (place > 0): a place has no seat label, and its area
// (sectionName) is the pool's name.
struct Ticket
{
    QString code; // issued by the database (a UUID); the door looks it up, so it is the only proof
    OrderId order = 0;
    EventId event = 0;
    QString eventName;
    QDateTime startsAt;
    QString venue;
    QString seatLabel; // "A-1-5": section code, row, seat; empty for a standing place
    QString sectionName; // a seat's section, a standing place's area (the pool's name)
    int place = 0; // a standing place: which of its order line's places (1..places); 0 for a seat
    int places = 0;
    Money price;
    QString currency;
    QString soldBy; // the clerk's login
    QDateTime issuedAt;

    bool isStandingPlace() const { return place > 0; }
};

// What the ticket admits to, in a line: "A-1-5" for a seat, "Standing — Floor" for a place.
QString ticketPlaceText(const Ticket &ticket);

// What the QR code on the ticket says. The door scanner recognises tickets by the prefix and verifies the
// code against the database, so the payload carries nothing that could be forged to mean more.
QString ticketQrPayload(const Ticket &ticket);

// What the door learns from a scanned code: the ticket as issued, and whether it still admits.
struct TicketCheck
{
    Ticket ticket;
    bool admits = false;
    QString reason; // why not, in words for the door: "the order was refunded"
};

// The code inside a scanned payload or a typed one ("BOXOFFICE-TICKET:<uuid>" or the bare uuid),
// lower-cased; BadInput when it cannot be a ticket code at all.
Result<QString> ticketCodeFromScan(const QString &scanned);

} // namespace boxoffice
