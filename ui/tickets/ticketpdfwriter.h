#pragma once

#include "domain/result.h"
#include "domain/ticket.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <QVector>

namespace boxoffice {

// Tickets as a PDF for the box-office printer: one A6 landscape page (300 dpi) a ticket, in the order
// given. The file appears complete or not at all: a failed write leaves no half-written PDF behind.
Status writeTicketsPdf(const QVector<Ticket> &tickets, const QString &path);

// The same PDF in memory: for a confirmation mail, or an HTTP answer.
Result<QByteArray> ticketsPdf(const QVector<Ticket> &tickets);

// The same ticket drawn into an image of `size` (kept in proportion, centred on white), for an
// on-screen preview before printing.
QImage renderTicket(const Ticket &ticket, QSize size);

} // namespace boxoffice
