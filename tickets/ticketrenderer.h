#pragma once

#include "domain/result.h"
#include "domain/ticket.h"
#include "domain/ticketissuing.h"
#include "tickets/pageddocument.h"
#include "tickets/qrcode.h"

#include <QPageLayout>
#include <QString>
#include <QVector>

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QPainter;
class QRectF;
QT_END_NAMESPACE

namespace boxoffice {

// The paper tickets come out on.
enum class TicketStock {
    TicketPrinter, // a thermal ticket printer's fanfold stock, 2 x 5.5 in, landscape: one ticket a page
    A6, // A6 landscape: one ticket a page
    A4 // A4 portrait, three tickets a page to cut apart
};

namespace TicketStocks {
QPageLayout pageLayout(TicketStock stock);
int ticketsPerPage(TicketStock stock);
QString key(TicketStock stock); // for settings: "ticket-printer", "a6", "a4"
std::optional<TicketStock> fromKey(const QString &key);
// The stock whose paper `size` is (within a millimetre, either way round); none for any other paper.
std::optional<TicketStock> matching(const QPageSize &size);
QString displayName(TicketStock stock); // for a clerk
} // namespace TicketStocks

// Draws one ticket into `area` (device coordinates), in the shape of `stock`: the ticket printer's long
// narrow strip, or the A6 card (also used for A4, three to a sheet). `qr` null draws a placeholder.
void paintTicket(QPainter &painter, const Ticket &ticket, const QrCode *qr, const QRectF &area, TicketStock stock);

// Tickets laid out on `stock`, in the order given, then the vouchers (stays, tables), one card each,
// ready for a printer or a PDF writer. Every code is encoded up front: a ticket the door could not
// verify is not printed, and neither is the rest of its order.
class TicketDocument : public PagedDocument
{
public:
    static Result<TicketDocument> make(const QVector<Ticket> &tickets, TicketStock stock);
    static Result<TicketDocument> make(const QVector<Ticket> &tickets, const QVector<Voucher> &vouchers,
                                       TicketStock stock);

    QString title() const override;
    QPageLayout pageLayout() const override;
    int pageCount() const override;
    void paintPage(QPainter &painter, int index, const QRectF &page) const override;

    const QVector<Ticket> &tickets() const { return m_tickets; }
    const QVector<Voucher> &vouchers() const { return m_vouchers; }

private:
    TicketDocument(QVector<Ticket> tickets, QVector<Voucher> vouchers, std::vector<QrCode> codes, TicketStock stock);
    qsizetype cardCount() const { return m_tickets.size() + m_vouchers.size(); }
    void paintCardAt(QPainter &painter, qsizetype index, const QRectF &area) const;

    QVector<Ticket> m_tickets;
    QVector<Voucher> m_vouchers;
    std::vector<QrCode> m_codes;
    TicketStock m_stock = TicketStock::A6;
};

} // namespace boxoffice
