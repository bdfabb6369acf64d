#include "domain/ticketissuing.h"

#include <QStringList>

namespace boxoffice {

namespace {

QString when(const QDateTime &at)
{
    return at.isValid() ? at.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString();
}

QString voucherLine(const Voucher &voucher)
{
    switch (voucher.kind) {
    case Voucher::Kind::Places:
        return QStringLiteral("%1 x %2, %3").arg(voucher.quantity).arg(voucher.what, when(voucher.startsAt));
    case Voucher::Kind::Stay:
        return QStringLiteral("%1, arriving %2, leaving %3, booking %4")
            .arg(voucher.what, voucher.checkIn.toString(Qt::ISODate), voucher.checkOut.toString(Qt::ISODate),
                 voucher.reference);
    case Voucher::Kind::Table:
        return QStringLiteral("%1, %2 to %3, for %4, booking %5")
            .arg(voucher.what, when(voucher.startsAt), voucher.endsAt.toLocalTime().toString(QStringLiteral("HH:mm")))
            .arg(voucher.quantity)
            .arg(voucher.reference);
    }
    return voucher.what;
}

} // namespace

ConfirmationText orderConfirmation(OrderId order, const QVector<Ticket> &tickets, const QVector<Voucher> &vouchers)
{
    QStringList parts;
    parts << QStringLiteral("Thank you for your order %1.").arg(order);
    if (!tickets.isEmpty()) {
        const Ticket &first = tickets.first();
        QStringList seats;
        for (const Ticket &ticket : tickets)
            seats << ticket.seatLabel;
        parts << QStringLiteral("%1, %2\nSeats: %3\n\nYour tickets are attached; show the QR code at the door.")
                     .arg(first.eventName, when(first.startsAt), seats.join(QStringLiteral(", ")));
    }
    if (!vouchers.isEmpty()) {
        QStringList lines;
        for (const Voucher &voucher : vouchers)
            lines << QStringLiteral("- ") + voucherLine(voucher);
        parts << QStringLiteral("Also in this order (this mail is your voucher; give the order or booking number "
                                "on arrival):\n%1")
                     .arg(lines.join(QLatin1Char('\n')));
    }
    ConfirmationText text;
    text.body = parts.join(QStringLiteral("\n\n")) + QLatin1Char('\n');
    if (!tickets.isEmpty())
        text.subject = QStringLiteral("Your tickets for %1 (order %2)").arg(tickets.first().eventName).arg(order);
    else
        text.subject = QStringLiteral("Your booking is confirmed (order %1)").arg(order);
    return text;
}

} // namespace boxoffice
