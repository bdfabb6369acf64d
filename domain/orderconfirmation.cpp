#include "domain/ticketissuing.h"

#include <QHash>
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

// One paragraph an event, in the order the tickets come: its seats, then its standing places counted
// per area ("2 x Standing floor").
QStringList ticketParagraphs(const QVector<Ticket> &tickets)
{
    QVector<EventId> events;
    for (const Ticket &ticket : tickets) {
        if (!events.contains(ticket.event))
            events << ticket.event;
    }
    QStringList paragraphs;
    for (EventId event : events) {
        const Ticket *first = nullptr;
        QStringList seats;
        QStringList areas;
        QHash<QString, int> placesIn;
        for (const Ticket &ticket : tickets) {
            if (ticket.event != event)
                continue;
            if (!first)
                first = &ticket;
            if (!ticket.isStandingPlace()) {
                seats << ticket.seatLabel;
            } else {
                if (!placesIn.contains(ticket.sectionName))
                    areas << ticket.sectionName;
                ++placesIn[ticket.sectionName];
            }
        }
        QStringList lines{QStringLiteral("%1, %2").arg(first->eventName, when(first->startsAt))};
        if (!seats.isEmpty())
            lines << QStringLiteral("Seats: %1").arg(seats.join(QStringLiteral(", ")));
        QStringList standing;
        for (const QString &area : areas)
            standing << QStringLiteral("%1 x %2").arg(placesIn.value(area)).arg(area);
        if (!standing.isEmpty())
            lines << QStringLiteral("Standing: %1").arg(standing.join(QStringLiteral(", ")));
        paragraphs << lines.join(QLatin1Char('\n'));
    }
    return paragraphs;
}

} // namespace

ConfirmationText orderConfirmation(OrderId order, const QVector<Ticket> &tickets, const QVector<Voucher> &vouchers)
{
    QStringList parts;
    parts << QStringLiteral("Thank you for your order %1.").arg(order);
    if (!tickets.isEmpty()) {
        parts << ticketParagraphs(tickets);
        parts << QStringLiteral("Your tickets are attached, one for each seat and each standing place; show the "
                                "QR code at the door.");
    }
    if (!vouchers.isEmpty()) {
        QStringList lines;
        for (const Voucher &voucher : vouchers)
            lines << QStringLiteral("- ") + voucherLine(voucher);
        parts << QStringLiteral("Also in this order (your vouchers are attached; give the order or booking number "
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
