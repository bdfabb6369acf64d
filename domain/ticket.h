#pragma once

#include "domain/ids.h"
#include "domain/result.h"

#include <QDateTime>
#include <QString>
#include <QtGlobal>

namespace boxoffice {

// One printed admission: everything the paper shows, copied from the order when it was issued, so a
// reprint looks the same even after the event or its prices have changed.
struct Ticket
{
    QString code; // issued by the database (a UUID); the door looks it up, so it is the only proof
    OrderId order = 0;
    QString eventName;
    QDateTime startsAt;
    QString venue;
    QString seatLabel; // "A-1-5": section code, row, seat
    QString sectionName;
    qint64 priceMinor = 0;
    QString currency;
    QString soldBy; // the clerk's login
    QDateTime issuedAt;
};

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
