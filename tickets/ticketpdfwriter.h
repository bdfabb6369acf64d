#pragma once

#include "domain/result.h"
#include "domain/ticket.h"
#include "tickets/ticketrenderer.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <QVector>

namespace boxoffice {

// Tickets as a PDF (300 dpi), in the order given, on `stock`: by default one A6 landscape page a ticket.
// The file appears complete or not at all: a failed write leaves no half-written PDF behind.
Status writeTicketsPdf(const QVector<Ticket> &tickets, const QString &path, TicketStock stock = TicketStock::A6);

// The same PDF in memory (A6).
Result<QByteArray> ticketsPdf(const QVector<Ticket> &tickets);

// An order's one document (A6): its tickets (seats and standing places), then a voucher page for each
// stay and table. The worker attaches it to the confirmation mail (a TicketPdfRenderer); the web shop
// serves the same bytes.
Result<QByteArray> orderPdf(const QVector<Ticket> &tickets, const QVector<Voucher> &vouchers);

// The same ticket drawn into an image of `size` (kept in proportion, centred on white), for an
// on-screen preview before printing. A4 previews one ticket as A6 does.
QImage renderTicket(const Ticket &ticket, QSize size, TicketStock stock = TicketStock::A6);

} // namespace boxoffice
