#include "tickets/ticketrenderer.h"

#include "ui/common/money.h"

#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QRegularExpression>
#include <QStringList>
#include <QTextLayout>

#include <functional>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace boxoffice {

namespace {

// Every length below is in tenths of a millimetre on an A6 landscape ticket (the ticket printer's strip
// has its own, further down). paintCard() scales that onto whatever it paints, so the PDF, the printer
// and the on-screen preview cannot drift apart.
constexpr double TicketWidth = 1480;
constexpr double TicketHeight = 1050;
constexpr double Margin = 60;
constexpr double StubLeft = 940; // the tear-off stub the door keeps, with the QR code
constexpr double StubPadding = 40;
constexpr double QrSide = 460; // with its quiet zone; the symbol itself comes out 35 to 40 mm wide

const QColor CaptionColor(0x44, 0x44, 0x44);

QFont sansFont(int pixelSize, QFont::Weight weight = QFont::Normal)
{
    QFont font(QStringLiteral("Sans Serif"));
    font.setStyleHint(QFont::SansSerif);
    font.setPixelSize(pixelSize);
    font.setWeight(weight);
    // Unhinted glyphs measure the same at every scale, so what fits the preview fits the PDF.
    font.setHintingPreference(QFont::PreferNoHinting);
    return font;
}

QFont monoFont(int pixelSize)
{
    QFont font(QStringLiteral("Monospace"));
    font.setStyleHint(QFont::Monospace);
    font.setFixedPitch(true);
    font.setPixelSize(pixelSize);
    font.setHintingPreference(QFont::PreferNoHinting);
    return font;
}

// The font shrunk, down to `smallest`, until `text` fits `width` on one line.
QFont fitted(QFont font, const QString &text, double width, int smallest)
{
    while (font.pixelSize() > smallest && QFontMetricsF(font).horizontalAdvance(text) > width)
        font.setPixelSize(std::max(smallest, font.pixelSize() - 2));
    return font;
}

struct WrappedText
{
    QStringList lines;
    bool complete = true; // false when the last line was elided
};

WrappedText wrapped(const QString &text, const QFont &font, double width, int maxLines)
{
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);

    WrappedText result;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        if (result.lines.size() == maxLines - 1 && line.textStart() + line.textLength() < text.size()) {
            result.lines.append(QFontMetricsF(font).elidedText(text.mid(line.textStart()), Qt::ElideRight, width));
            result.complete = false;
            break;
        }
        result.lines.append(text.mid(line.textStart(), line.textLength()).trimmed());
    }
    layout.endLayout();
    return result;
}

// Draws `lines` from `top` down, each aligned within `width`; returns where the next line would start.
double drawLines(QPainter &painter, const QFont &font, const QStringList &lines, double left, double top, double width,
                 Qt::Alignment alignment = Qt::AlignLeft)
{
    const QFontMetricsF metrics(font);
    painter.setFont(font);
    double y = top;
    for (const QString &line : lines) {
        const QString shown = metrics.elidedText(line, Qt::ElideRight, width);
        double x = left;
        if (alignment & Qt::AlignHCenter)
            x += (width - metrics.horizontalAdvance(shown)) / 2;
        else if (alignment & Qt::AlignRight)
            x += width - metrics.horizontalAdvance(shown);
        painter.drawText(QPointF(x, y + metrics.ascent()), shown);
        y += metrics.lineSpacing();
    }
    return y;
}

double drawLine(QPainter &painter, const QFont &font, const QString &text, double left, double top, double width,
                Qt::Alignment alignment = Qt::AlignLeft)
{
    return drawLines(painter, font, {text}, left, top, width, alignment);
}

void drawCaption(QPainter &painter, const QString &text, double left, double top, double width)
{
    QFont font = sansFont(26, QFont::DemiBold);
    font.setLetterSpacing(QFont::PercentageSpacing, 110);
    painter.save();
    painter.setPen(CaptionColor);
    drawLine(painter, font, text, left, top, width);
    painter.restore();
}

// The locale's short time, minus seconds: some locales (the C locale among them) include them, and a
// ticket that says 19:30:00 looks like a machine wrote it.
QString formatTime(const QLocale &locale, const QTime &time)
{
    static const QRegularExpression seconds(QStringLiteral("[:.]?s+"));
    QString format = locale.timeFormat(QLocale::ShortFormat);
    format.remove(seconds);
    return locale.toString(time, format.trimmed());
}

// The door and the buyer read the venue's wall clock, not UTC.
QString formatStartsAt(const QDateTime &startsAt)
{
    if (!startsAt.isValid())
        return {};
    const QDateTime local = startsAt.toLocalTime();
    const QLocale locale;
    return locale.toString(local.date(), QLocale::LongFormat) + QStringLiteral("  \u00B7  ")
        + formatTime(locale, local.time());
}

QString formatIssuedAt(const QDateTime &issuedAt)
{
    const QDateTime local = issuedAt.toLocalTime();
    const QLocale locale;
    return locale.toString(local.date(), QLocale::ShortFormat) + QLatin1Char(' ') + formatTime(locale, local.time());
}

struct SeatParts
{
    QString section;
    QString row;
    QString seat;
};

// "A-1-5" is section code, row, seat; a section code may itself contain '-', so split from the right.
std::optional<SeatParts> splitSeatLabel(const QString &label)
{
    const qsizetype seatDash = label.lastIndexOf(QLatin1Char('-'));
    const qsizetype rowDash = seatDash > 0 ? label.lastIndexOf(QLatin1Char('-'), seatDash - 1) : -1;
    if (rowDash <= 0 || seatDash - rowDash < 2 || seatDash == label.size() - 1)
        return std::nullopt;
    return SeatParts{label.left(rowDash), label.mid(rowDash + 1, seatDash - rowDash - 1), label.mid(seatDash + 1)};
}

// The title takes one line at a large size if it can, two lines at a smaller one if it must.
struct TitleSizes
{
    int largest = 84;
    int smallest = 52;
    int largestOnTwoLines = 72;
};

WrappedText eventTitle(const QString &name, double width, QFont &font, TitleSizes sizes = {})
{
    WrappedText title;
    for (int size = sizes.largest; size >= sizes.smallest; size -= 4) {
        font = sansFont(size, QFont::Bold);
        title = wrapped(name, font, width, 2);
        if (title.complete && (title.lines.size() == 1 || size <= sizes.largestOnTwoLines))
            return title;
    }
    return title;
}

// A row or seat number stays huge; a long section name ("Upper Circle Left, Restricted View") gets
// two lines at a smaller size rather than an ellipsis that hides where to go.
QStringList cellValue(const QString &text, double width, QFont &font, int largest)
{
    for (int size = largest; size >= 56; size -= 4) {
        font = sansFont(size, QFont::Bold);
        if (QFontMetricsF(font).horizontalAdvance(text) <= width)
            return {text};
    }
    WrappedText value;
    for (int size = 52; size >= 32; size -= 4) {
        font = sansFont(size, QFont::Bold);
        value = wrapped(text, font, width, 2);
        if (value.complete)
            break;
    }
    return value.lines;
}

struct Cell
{
    QString caption;
    QString value;
    double share; // of the block's width
};

// What a ticket's block shows: section, row and seat; or, for a standing place, its area and which
// place of the line it is.
std::vector<Cell> ticketCells(const Ticket &ticket)
{
    if (ticket.isStandingPlace())
        return {{QCoreApplication::translate("TicketPdfWriter", "STANDING"), ticket.sectionName, 0.7},
                {QCoreApplication::translate("TicketPdfWriter", "PLACE"),
                 QCoreApplication::translate("TicketPdfWriter", "%1 of %2").arg(ticket.place).arg(ticket.places), 0.3}};
    if (const std::optional<SeatParts> parts = splitSeatLabel(ticket.seatLabel)) {
        const QString section = ticket.sectionName.isEmpty() ? parts->section : ticket.sectionName;
        return {{QCoreApplication::translate("TicketPdfWriter", "SECTION"), section, 0.5},
                {QCoreApplication::translate("TicketPdfWriter", "ROW"), parts->row, 0.25},
                {QCoreApplication::translate("TicketPdfWriter", "SEAT"), parts->seat, 0.25}};
    }
    return {{QCoreApplication::translate("TicketPdfWriter", "SECTION"), ticket.sectionName, 0.5},
            {QCoreApplication::translate("TicketPdfWriter", "SEAT"), ticket.seatLabel, 0.5}};
}

// A framed row of captioned cells: the ticket's seat block, a voucher's dates.
void paintCells(QPainter &painter, const std::vector<Cell> &cells, const QRectF &block, int largest)
{
    painter.save();
    painter.setPen(QPen(Qt::black, 4));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(block, 16, 16);

    constexpr double Padding = 24;
    double left = block.left();
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const Cell &cell = cells[i];
        const double width = block.width() * cell.share;
        if (i > 0)
            painter.drawLine(QPointF(left, block.top()), QPointF(left, block.bottom()));
        const double inner = width - 2 * Padding;
        drawCaption(painter, cell.caption, left + Padding, block.top() + 18, inner);
        QFont value;
        const QStringList lines = cellValue(cell.value, inner, value, largest);
        // Centred in the room under the caption, whatever size and number of lines it ended up with.
        const QFontMetricsF metrics(value);
        const double height = metrics.height() + (lines.size() - 1) * metrics.lineSpacing();
        const double room = block.bottom() - (block.top() + 60);
        drawLines(painter, value, lines, left + Padding, block.top() + 60 + (room - height) / 2, inner);
        left += width;
    }
    painter.restore();
}

void paintSeatBlock(QPainter &painter, const Ticket &ticket, const QRectF &block, int largest = 104)
{
    paintCells(painter, ticketCells(ticket), block, largest);
}

void paintMain(QPainter &painter, const Ticket &ticket)
{
    const double left = Margin;
    const double width = StubLeft - 2 * Margin;

    QFont titleFont;
    const WrappedText title = eventTitle(ticket.eventName, width, titleFont);
    double y = drawLines(painter, titleFont, title.lines, left, 60, width);

    y += 12;
    const QString startsAt = formatStartsAt(ticket.startsAt);
    y = drawLine(painter, fitted(sansFont(46, QFont::DemiBold), startsAt, width, 34), startsAt, left, y, width);

    y += 4;
    const QFont venueFont = sansFont(40);
    drawLines(painter, venueFont, wrapped(ticket.venue, venueFont, width, 2).lines, left, y, width);

    paintSeatBlock(painter, ticket, QRectF(left, 500, width, 250));

    const double bottomTop = 810;
    const double half = width / 2;
    drawCaption(painter, QCoreApplication::translate("TicketPdfWriter", "PRICE"), left, bottomTop, half);
    const QString price = ticket.price.text();
    drawLine(painter, fitted(sansFont(64, QFont::Bold), price, half - 20, 36), price, left, bottomTop + 40, half - 20);

    drawCaption(painter, QCoreApplication::translate("TicketPdfWriter", "ORDER"), left + half, bottomTop, half);
    const QString order = QString::number(ticket.order);
    drawLine(painter, fitted(sansFont(64), order, half, 36), order, left + half, bottomTop + 40, half);
}

// A UUID is read out by door staff when a scan fails: one line if it fits at a readable size,
// otherwise two, broken at the dash nearest the middle.
QStringList codeLines(const QString &code, double width)
{
    if (QFontMetricsF(monoFont(28)).horizontalAdvance(code) <= width)
        return {code};
    qsizetype split = code.size() / 2;
    qsizetype best = -1;
    for (qsizetype i = 0; i < code.size(); ++i) {
        if (code.at(i) == QLatin1Char('-') && (best < 0 || qAbs(i + 1 - split) < qAbs(best + 1 - split)))
            best = i;
    }
    if (best >= 0)
        split = best + 1;
    return {code.left(split), code.mid(split)};
}

void paintStub(QPainter &painter, const Ticket &ticket, const QrCode *qr)
{
    painter.save();
    const QPen tear(Qt::black, 3, Qt::DashLine);
    painter.setPen(tear);
    painter.drawLine(QPointF(StubLeft, 30), QPointF(StubLeft, TicketHeight - 30));
    painter.restore();

    const double left = StubLeft + StubPadding;
    const double width = TicketWidth - StubLeft - 2 * StubPadding;
    const QRectF qrArea(left + (width - QrSide) / 2, 50, QrSide, QrSide);
    if (qr) {
        qr->paint(painter, qrArea);
    } else {
        painter.save();
        painter.setPen(QPen(Qt::black, 4));
        painter.drawRect(qrArea.adjusted(40, 40, -40, -40));
        painter.drawText(qrArea, Qt::AlignCenter, QCoreApplication::translate("TicketPdfWriter", "No QR code"));
        painter.restore();
    }

    double y = qrArea.bottom() + 6;
    const QStringList lines = codeLines(ticket.code, width);
    QFont mono = monoFont(lines.size() == 1 ? 28 : 34);
    for (const QString &line : lines)
        mono = fitted(mono, line, width, 18);
    y = drawLines(painter, mono, lines, left, y, width, Qt::AlignHCenter);

    y += 30;
    // The door reads this when the QR code will not scan: the seat, or what a standing place admits to.
    if (ticket.isStandingPlace()) {
        const QString area
            = QCoreApplication::translate("TicketPdfWriter", "Standing \u2014 %1").arg(ticket.sectionName);
        y = drawLine(painter, fitted(sansFont(40, QFont::Bold), area, width, 24), area, left, y, width,
                     Qt::AlignHCenter);
        drawLine(painter, sansFont(34), QCoreApplication::translate("TicketPdfWriter", "admits one"), left, y, width,
                 Qt::AlignHCenter);
    } else {
        drawLine(painter, fitted(sansFont(44, QFont::Bold), ticket.seatLabel, width, 28), ticket.seatLabel, left, y,
                 width, Qt::AlignHCenter);
    }

    const QFont small = sansFont(26);
    const QString soldBy = QCoreApplication::translate("TicketPdfWriter", "Sold by %1").arg(ticket.soldBy);
    QStringList footer{soldBy};
    if (ticket.issuedAt.isValid())
        footer.append(formatIssuedAt(ticket.issuedAt));
    const double footerTop = TicketHeight - Margin - footer.size() * QFontMetricsF(small).lineSpacing();
    painter.save();
    painter.setPen(CaptionColor);
    drawLines(painter, small, footer, left, footerTop, width, Qt::AlignHCenter);
    painter.restore();
}

// Paints on the A6 card's grid, scaled into `page` and centred.
void onCard(QPainter &painter, const QRectF &page, const std::function<void()> &paint)
{
    painter.save();
    const double scale = std::min(page.width() / TicketWidth, page.height() / TicketHeight);
    painter.translate(page.center());
    painter.scale(scale, scale);
    painter.translate(-TicketWidth / 2, -TicketHeight / 2);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    painter.setPen(Qt::black);
    paint();
    painter.restore();
}

// The A6 card, scaled into `page` and centred.
void paintCard(QPainter &painter, const Ticket &ticket, const QrCode *qr, const QRectF &page)
{
    onCard(painter, page, [&] {
        paintMain(painter, ticket);
        paintStub(painter, ticket, qr);
    });
}

// A stay's or a table's voucher, on the A6 card's grid without a stub: nothing on it is scanned, the
// booking reference or the order number is what the front desk or the restaurant asks for.
void paintVoucherBody(QPainter &painter, const Voucher &voucher)
{
    const double left = Margin;
    const double width = TicketWidth - 2 * Margin;
    const bool stay = voucher.kind == Voucher::Kind::Stay;

    drawCaption(painter,
                stay ? QCoreApplication::translate("TicketPdfWriter", "VOUCHER \u00B7 HOTEL STAY")
                     : QCoreApplication::translate("TicketPdfWriter", "VOUCHER \u00B7 TABLE BOOKING"),
                left, 60, width);
    QFont titleFont;
    const WrappedText title = eventTitle(voucher.venue, width, titleFont);
    double y = drawLines(painter, titleFont, title.lines, left, 110, width);
    y += 12;
    drawLine(painter, fitted(sansFont(46, QFont::DemiBold), voucher.item, width, 34), voucher.item, left, y, width);

    const QLocale locale;
    std::vector<Cell> cells;
    if (stay) {
        cells = {{QCoreApplication::translate("TicketPdfWriter", "CHECK-IN"),
                  locale.toString(voucher.checkIn, QLocale::ShortFormat), 0.4},
                 {QCoreApplication::translate("TicketPdfWriter", "CHECK-OUT"),
                  locale.toString(voucher.checkOut, QLocale::ShortFormat), 0.4},
                 {QCoreApplication::translate("TicketPdfWriter", "NIGHTS"), QString::number(voucher.nights()), 0.2}};
    } else {
        const QDateTime from = voucher.startsAt.toLocalTime();
        const QDateTime to = voucher.endsAt.toLocalTime();
        cells = {{QCoreApplication::translate("TicketPdfWriter", "DATE"),
                  locale.toString(from.date(), QLocale::ShortFormat), 0.35},
                 {QCoreApplication::translate("TicketPdfWriter", "TIME"),
                  formatTime(locale, from.time()) + QStringLiteral("\u2013") + formatTime(locale, to.time()), 0.45},
                 {QCoreApplication::translate("TicketPdfWriter", "PARTY"), QString::number(voucher.quantity), 0.2}};
    }
    paintCells(painter, cells, QRectF(left, 500, width, 250), 88);

    const double bottomTop = 810;
    const double half = width / 2;
    drawCaption(painter,
                stay ? QCoreApplication::translate("TicketPdfWriter", "BOOKING REFERENCE")
                     : QCoreApplication::translate("TicketPdfWriter", "BOOKING NUMBER"),
                left, bottomTop, half);
    drawLine(painter, fitted(sansFont(64, QFont::Bold), voucher.reference, half - 20, 36), voucher.reference, left,
             bottomTop + 40, half - 20);
    drawCaption(painter, QCoreApplication::translate("TicketPdfWriter", "ORDER"), left + half, bottomTop, half);
    const QString order = QString::number(voucher.order);
    drawLine(painter, fitted(sansFont(64), order, half, 36), order, left + half, bottomTop + 40, half);
}

void paintVoucherCard(QPainter &painter, const Voucher &voucher, const QRectF &page)
{
    onCard(painter, page, [&] { paintVoucherBody(painter, voucher); });
}

// The ticket printer's strip, in tenths of a millimetre: 139.7 x 50.8 mm (5.5 x 2 in) landscape. The
// same parts as the card, packed for a low, long ticket: the stub with the QR code on the right.
constexpr double StripWidth = 1397;
constexpr double StripHeight = 508;
constexpr double StripMargin = 30;
constexpr double StripStubLeft = 937;
constexpr double StripQrSide = 350; // about 29 mm of symbol: a door scanner reads it at arm's length

void paintStripMain(QPainter &painter, const Ticket &ticket)
{
    const double left = StripMargin + 10;
    const double width = StripStubLeft - left - StripMargin;

    QFont titleFont;
    const WrappedText title = eventTitle(ticket.eventName, width, titleFont, {60, 36, 44});
    double y = drawLines(painter, titleFont, title.lines, left, StripMargin, width);

    y += 4;
    const QString startsAt = formatStartsAt(ticket.startsAt);
    y = drawLine(painter, fitted(sansFont(36, QFont::DemiBold), startsAt, width, 26), startsAt, left, y, width);
    y = drawLine(painter, fitted(sansFont(30), ticket.venue, width, 24), ticket.venue, left, y, width);

    const double blockTop = std::max(190.0, y + 10);
    const double blockHeight = 150;
    paintSeatBlock(painter, ticket, QRectF(left, blockTop, width, blockHeight), 80);

    const double bottomTop = blockTop + blockHeight + 12;
    const double third = width / 3;
    drawCaption(painter, QCoreApplication::translate("TicketPdfWriter", "PRICE"), left, bottomTop, third);
    const QString price = ticket.price.text();
    drawLine(painter, fitted(sansFont(46, QFont::Bold), price, third - 20, 28), price, left, bottomTop + 30,
             third - 20);

    drawCaption(painter, QCoreApplication::translate("TicketPdfWriter", "ORDER"), left + third, bottomTop, third);
    const QString order = QString::number(ticket.order);
    drawLine(painter, fitted(sansFont(46), order, third - 20, 28), order, left + third, bottomTop + 30, third - 20);

    QStringList footer{QCoreApplication::translate("TicketPdfWriter", "Sold by %1").arg(ticket.soldBy)};
    if (ticket.issuedAt.isValid())
        footer.append(formatIssuedAt(ticket.issuedAt));
    painter.save();
    painter.setPen(CaptionColor);
    drawLines(painter, sansFont(24), footer, left + 2 * third, bottomTop + 30, third);
    painter.restore();
}

void paintStripStub(QPainter &painter, const Ticket &ticket, const QrCode *qr)
{
    painter.save();
    painter.setPen(QPen(Qt::black, 3, Qt::DashLine));
    painter.drawLine(QPointF(StripStubLeft, 20), QPointF(StripStubLeft, StripHeight - 20));
    painter.restore();

    const double left = StripStubLeft + 30;
    const double width = StripWidth - left - StripMargin;
    const QRectF qrArea(left + (width - StripQrSide) / 2, 20, StripQrSide, StripQrSide);
    if (qr) {
        qr->paint(painter, qrArea);
    } else {
        painter.save();
        painter.setPen(QPen(Qt::black, 4));
        painter.drawRect(qrArea.adjusted(40, 40, -40, -40));
        painter.drawText(qrArea, Qt::AlignCenter, QCoreApplication::translate("TicketPdfWriter", "No QR code"));
        painter.restore();
    }
    const QStringList lines = codeLines(ticket.code, width);
    QFont mono = monoFont(lines.size() == 1 ? 24 : 28);
    for (const QString &line : lines)
        mono = fitted(mono, line, width, 16);
    drawLines(painter, mono, lines, left, qrArea.bottom() + 4, width, Qt::AlignHCenter);
}

void paintStrip(QPainter &painter, const Ticket &ticket, const QrCode *qr, const QRectF &page)
{
    painter.save();
    const double scale = std::min(page.width() / StripWidth, page.height() / StripHeight);
    painter.translate(page.center());
    painter.scale(scale, scale);
    painter.translate(-StripWidth / 2, -StripHeight / 2);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    painter.setPen(Qt::black);
    paintStripMain(painter, ticket);
    paintStripStub(painter, ticket, qr);
    painter.restore();
}

// A4 holds three cards, each in a third of the sheet inside a 10 mm margin, with a light frame to cut
// along.
constexpr int CardsPerA4 = 3;
constexpr double A4MarginMm = 10;

QRectF a4Slot(const QRectF &page, int slot)
{
    const double unit = page.width() / 210.0; // device units a millimetre
    const QRectF inner = page.adjusted(A4MarginMm * unit, A4MarginMm * unit, -A4MarginMm * unit, -A4MarginMm * unit);
    const double height = inner.height() / CardsPerA4;
    return QRectF(inner.left(), inner.top() + slot * height, inner.width(), height);
}

QRectF cardIn(const QRectF &slot)
{
    const double scale = std::min(slot.width() / TicketWidth, slot.height() / TicketHeight);
    QRectF card(0, 0, TicketWidth * scale, TicketHeight * scale);
    card.moveCenter(slot.center());
    return card;
}

} // namespace

namespace TicketStocks {

QPageLayout pageLayout(TicketStock stock)
{
    switch (stock) {
    case TicketStock::TicketPrinter:
        return QPageLayout(QPageSize(QSizeF(50.8, 139.7), QPageSize::Millimeter, QStringLiteral("Ticket 2 x 5.5 in"),
                                     QPageSize::ExactMatch),
                           QPageLayout::Landscape, QMarginsF(0, 0, 0, 0));
    case TicketStock::A6:
        return QPageLayout(QPageSize(QPageSize::A6), QPageLayout::Landscape, QMarginsF(0, 0, 0, 0));
    case TicketStock::A4:
        return QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0));
    }
    return {};
}

int ticketsPerPage(TicketStock stock)
{
    return stock == TicketStock::A4 ? CardsPerA4 : 1;
}

QString key(TicketStock stock)
{
    switch (stock) {
    case TicketStock::TicketPrinter:
        return QStringLiteral("ticket-printer");
    case TicketStock::A6:
        return QStringLiteral("a6");
    case TicketStock::A4:
        return QStringLiteral("a4");
    }
    return {};
}

std::optional<TicketStock> fromKey(const QString &key)
{
    for (TicketStock stock : {TicketStock::TicketPrinter, TicketStock::A6, TicketStock::A4}) {
        if (TicketStocks::key(stock) == key)
            return stock;
    }
    return std::nullopt;
}

std::optional<TicketStock> matching(const QPageSize &size)
{
    const QSizeF mm = size.size(QPageSize::Millimeter);
    for (TicketStock stock : {TicketStock::TicketPrinter, TicketStock::A6, TicketStock::A4}) {
        const QSizeF paper = pageLayout(stock).pageSize().size(QPageSize::Millimeter);
        const auto near = [](QSizeF a, QSizeF b) {
            return std::abs(a.width() - b.width()) < 1 && std::abs(a.height() - b.height()) < 1;
        };
        if (near(mm, paper) || near(mm, paper.transposed()))
            return stock;
    }
    return std::nullopt;
}

QString displayName(TicketStock stock)
{
    switch (stock) {
    case TicketStock::TicketPrinter:
        return QCoreApplication::translate("TicketStocks", "Ticket printer (2 x 5.5 in)");
    case TicketStock::A6:
        return QCoreApplication::translate("TicketStocks", "A6, one ticket a page");
    case TicketStock::A4:
        return QCoreApplication::translate("TicketStocks", "A4, three tickets a page");
    }
    return {};
}

} // namespace TicketStocks

void paintTicket(QPainter &painter, const Ticket &ticket, const QrCode *qr, const QRectF &area, TicketStock stock)
{
    if (stock == TicketStock::TicketPrinter)
        paintStrip(painter, ticket, qr, area);
    else
        paintCard(painter, ticket, qr, area);
}

Result<TicketDocument> TicketDocument::make(const QVector<Ticket> &tickets, TicketStock stock)
{
    return make(tickets, {}, stock);
}

Result<TicketDocument> TicketDocument::make(const QVector<Ticket> &tickets, const QVector<Voucher> &vouchers,
                                            TicketStock stock)
{
    if (tickets.isEmpty() && vouchers.isEmpty())
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("TicketPdfWriter", "There are no tickets to print."));
    std::vector<QrCode> codes;
    codes.reserve(std::size_t(tickets.size()));
    for (const Ticket &ticket : tickets) {
        if (ticket.code.isEmpty())
            return makeError(
                ErrorCode::BadInput,
                QCoreApplication::translate("TicketPdfWriter",
                                            "A ticket of order %1 has no code, so the door could not verify it.")
                    .arg(ticket.order));
        Result<QrCode> code = QrCode::encode(ticketQrPayload(ticket).toUtf8());
        if (!code)
            return code.error();
        codes.push_back(std::move(code).value());
    }
    return TicketDocument(tickets, vouchers, std::move(codes), stock);
}

TicketDocument::TicketDocument(QVector<Ticket> tickets, QVector<Voucher> vouchers, std::vector<QrCode> codes,
                               TicketStock stock)
    : m_tickets(std::move(tickets)), m_vouchers(std::move(vouchers)), m_codes(std::move(codes)), m_stock(stock)
{ }

QString TicketDocument::title() const
{
    if (m_tickets.isEmpty())
        return m_vouchers.size() == 1 ? QCoreApplication::translate("TicketPdfWriter", "Voucher")
                                      : QCoreApplication::translate("TicketPdfWriter", "Vouchers");
    return m_tickets.size() == 1 ? QCoreApplication::translate("TicketPdfWriter", "Ticket")
                                 : QCoreApplication::translate("TicketPdfWriter", "Tickets");
}

QPageLayout TicketDocument::pageLayout() const
{
    return TicketStocks::pageLayout(m_stock);
}

int TicketDocument::pageCount() const
{
    const int perPage = TicketStocks::ticketsPerPage(m_stock);
    return int((cardCount() + perPage - 1) / perPage);
}

void TicketDocument::paintCardAt(QPainter &painter, qsizetype index, const QRectF &area) const
{
    if (index < m_tickets.size()) {
        const TicketStock shape = m_stock == TicketStock::TicketPrinter ? m_stock : TicketStock::A6;
        paintTicket(painter, m_tickets.at(index), &m_codes[std::size_t(index)], area, shape);
    } else {
        paintVoucherCard(painter, m_vouchers.at(index - m_tickets.size()), area);
    }
}

void TicketDocument::paintPage(QPainter &painter, int index, const QRectF &page) const
{
    if (m_stock != TicketStock::A4) {
        paintCardAt(painter, index, page);
        return;
    }
    for (int slot = 0; slot < CardsPerA4; ++slot) {
        const qsizetype i = qsizetype(index) * CardsPerA4 + slot;
        if (i >= cardCount())
            break;
        const QRectF card = cardIn(a4Slot(page, slot));
        painter.save();
        painter.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), page.width() / 2100.0, Qt::DashLine));
        painter.drawRect(card);
        painter.restore();
        paintCardAt(painter, i, card);
    }
}

} // namespace boxoffice
