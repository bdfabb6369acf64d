#pragma once

#include "domain/result.h"
#include "domain/ticket.h"

#include <QByteArray>
#include <QDate>
#include <QDateTime>
#include <QVector>

#include <functional>

namespace boxoffice {

// A paid line that is not a seat, as its confirmation names it: standing places of an event, a hotel
// stay, a restaurant table. The mail is its voucher.
struct Voucher
{
    enum class Kind { Places, Stay, Table };
    Kind kind = Kind::Places;
    QString what; // "Standing, Rock Night"; "Harbour Hotel, Double room"; "Chez Marie, table T4"
    QString reference; // the stay's booking reference, the table booking's number; empty for places
    QDateTime startsAt; // the event, or the table's time
    QDateTime endsAt; // the table's end
    QDate checkIn; // a stay's nights
    QDate checkOut;
    int quantity = 1; // places; a table's party
};

// What the worker made of one "payment-confirmed" outbox event.
struct IssuedOrder
{
    qint64 outboxId = 0;
    OrderId order = 0;
    QVector<Ticket> tickets;
    QVector<Voucher> vouchers;
    QString recipient;
    bool mailQueued = false;
};

using TicketPdfRenderer = std::function<Result<QByteArray>(const QVector<Ticket> &)>;

// The confirmation of a paid order: its seats' tickets (attached as PDF by the caller) and its other
// lines as vouchers, in words for the buyer.
struct ConfirmationText
{
    QString subject;
    QString body;
};
ConfirmationText orderConfirmation(OrderId order, const QVector<Ticket> &tickets, const QVector<Voucher> &vouchers);

// The outbox's consumer side. Each call takes one unprocessed event (skipping any another worker is
// on), issues the order's tickets, renders them with `render`, queues the confirmation mail (for any
// paid order: seats, places, stays, tables) and marks
// the event processed, all in one transaction: a crash in between leaves the event to do again, and
// doing it again issues nothing new (tickets and mail are unique per order). NotFound: nothing to do.
class TicketIssuingStore
{
public:
    virtual ~TicketIssuingStore() = default;
    virtual Result<IssuedOrder> issueNextConfirmed(const TicketPdfRenderer &render) = 0;
};

} // namespace boxoffice
