#include "tickets/ticketpdfwriter.h"

#include "tickets/pageddocument.h"
#include "tickets/qrcode.h"
#include "tickets/ticketrenderer.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

namespace boxoffice {

namespace {

DomainError fileError(const QString &path, const QString &reason)
{
    DomainError error = makeError(
        ErrorCode::BadInput,
        QCoreApplication::translate("TicketPdfWriter", "The tickets could not be saved to %1: %2.").arg(path, reason));
    error.detail = reason;
    return error;
}

Status paintPdf(QIODevice &device, const TicketDocument &document)
{
    QPdfWriter writer(&device);
    writer.setResolution(300);
    writer.setTitle(document.title());
    writer.setCreator(QCoreApplication::translate("TicketPdfWriter", "Box office"));
    return paintDocument(document, writer);
}

} // namespace

Status writeTicketsPdf(const QVector<Ticket> &tickets, const QString &path, TicketStock stock)
{
    auto document = TicketDocument::make(tickets, stock);
    if (!document)
        return document.error();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fileError(path, file.errorString());
    if (auto status = paintPdf(file, document.value()); !status)
        return status;
    // QSaveFile only replaces the target when every write succeeded (a full disk shows up here).
    if (!file.commit())
        return fileError(path, file.errorString());
    return Done{};
}

Result<QByteArray> ticketsPdf(const QVector<Ticket> &tickets)
{
    return orderPdf(tickets, {});
}

Result<QByteArray> orderPdf(const QVector<Ticket> &tickets, const QVector<Voucher> &vouchers)
{
    auto document = TicketDocument::make(tickets, vouchers, TicketStock::A6);
    if (!document)
        return document.error();
    QByteArray pdf;
    QBuffer buffer(&pdf);
    buffer.open(QIODevice::WriteOnly);
    if (auto status = paintPdf(buffer, document.value()); !status)
        return status.error();
    return pdf;
}

QImage renderTicket(const Ticket &ticket, QSize size, TicketStock stock)
{
    if (size.isEmpty())
        return {};
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    const Result<QrCode> qr = QrCode::encode(ticketQrPayload(ticket).toUtf8());
    QPainter painter(&image);
    paintTicket(painter, ticket, qr.ok() ? &qr.value() : nullptr, QRectF(QPointF(0, 0), QSizeF(size)),
                stock == TicketStock::TicketPrinter ? stock : TicketStock::A6);
    return image;
}

} // namespace boxoffice
