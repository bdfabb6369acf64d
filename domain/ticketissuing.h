#pragma once

#include "domain/result.h"
#include "domain/ticket.h"

#include <QByteArray>
#include <QDate>
#include <QDateTime>
#include <QVector>

#include <functional>

namespace boxoffice {

// A paid stay or table, as its confirmation names it and its voucher page shows it. (Seats and standing
// places get tickets instead.)
struct Voucher
{
    enum class Kind { Stay, Table };
    Kind kind = Kind::Stay;
    OrderId order = 0;
    QString what; // "Harbour Hotel, Double room"; "Chez Marie, table T4"
    QString venue; // the hotel, the restaurant
    QString item; // the room type, the table's code
    QString reference; // the stay's booking reference, the table booking's number
    QDateTime startsAt; // the table's time
    QDateTime endsAt; // the table's end
    QDate checkIn; // a stay's nights
    QDate checkOut;
    int quantity = 1; // a table's party

    int nights() const { return checkIn.isValid() && checkOut.isValid() ? int(checkIn.daysTo(checkOut)) : 0; }
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

// One PDF of an order's tickets (seats and standing places) and its vouchers (stays, tables), in that
// order; the worker attaches it to the confirmation. Either list may be empty, not both.
using TicketPdfRenderer = std::function<Result<QByteArray>(const QVector<Ticket> &, const QVector<Voucher> &)>;

// The confirmation of a paid order: its tickets and vouchers (attached as one PDF by the caller), in
// words for the buyer.
struct ConfirmationText
{
    QString subject;
    QString body;
};
ConfirmationText orderConfirmation(OrderId order, const QVector<Ticket> &tickets, const QVector<Voucher> &vouchers);

// The outbox's consumer side. Each call takes one unprocessed event (skipping any another worker is
// on), issues the order's tickets (one per seat, one per standing place), renders them and the vouchers
// with `render`, queues the confirmation mail with that PDF (for any paid order: seats, places, stays,
// tables) and marks the event processed, all in one transaction: a crash in between leaves the event to do again, and
// doing it again issues nothing new (tickets and mail are unique per order). NotFound: nothing to do.
class TicketIssuingStore
{
public:
    virtual ~TicketIssuingStore() = default;
    virtual Result<IssuedOrder> issueNextConfirmed(const TicketPdfRenderer &render) = 0;
};

} // namespace boxoffice
