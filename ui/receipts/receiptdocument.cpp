#include "ui/receipts/receiptdocument.h"

#include "ui/common/money.h"

#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QLocale>
#include <QPageSize>
#include <QPainter>
#include <QRegularExpression>
#include <QTextLayout>

#include <cmath>

namespace boxoffice {

namespace {

using Row = ReceiptDocument::Row;

// Lengths in tenths of a millimetre, as on the tickets.
constexpr double RollWidth = 800;
constexpr double RollMargin = 40; // roll printers leave about 4 mm unprinted at each edge
constexpr double A4Width = 2100;
constexpr double A4Height = 2970;
constexpr double A4Margin = 200;
constexpr double A4Column = 1100;
constexpr double MinRollHeight = 500;

QString tr(const char *text, const char *comment = nullptr, int n = -1)
{
    return QCoreApplication::translate("boxoffice", text, comment, n); // the context lupdate gives a free tr() here
}

QFont fontFor(Row::Style style)
{
    QFont font(QStringLiteral("Sans Serif"));
    font.setStyleHint(QFont::SansSerif);
    font.setHintingPreference(QFont::PreferNoHinting);
    switch (style) {
    case Row::Heading:
        font.setPixelSize(48);
        font.setWeight(QFont::Bold);
        break;
    case Row::Strong:
        font.setPixelSize(36);
        font.setWeight(QFont::Bold);
        break;
    case Row::Small:
        font.setPixelSize(26);
        break;
    case Row::Normal:
    case Row::Rule:
        font.setPixelSize(32);
        break;
    }
    return font;
}

double heightOf(Row::Style style)
{
    return style == Row::Rule ? 24 : QFontMetricsF(fontFor(style)).lineSpacing() + 4;
}

// An amount given back or credited: printed below zero.
QString minus(const Money &amount)
{
    return amount.withMinor(-amount.minor()).text();
}

QString lineLabel(const ReceiptLine &line)
{
    QString kind;
    switch (line.kind) {
    case ItemKind::Seat:
        kind = tr("Seat");
        break;
    case ItemKind::Pool:
        kind = tr("Standing");
        break;
    case ItemKind::Stay:
        kind = tr("Stay");
        break;
    case ItemKind::Slot:
        kind = tr("Table");
        break;
    }
    // A standing pool is often called "Standing" itself: not "Standing Standing".
    const QString label
        = line.label.startsWith(kind, Qt::CaseInsensitive) ? line.label : QStringLiteral("%1 %2").arg(kind, line.label);
    return line.quantity > 1 ? tr("%1 x %2").arg(line.quantity).arg(label) : label;
}

QString methodName(PaymentMethod method)
{
    switch (method) {
    case PaymentMethod::Cash:
        return tr("Cash");
    case PaymentMethod::Card:
        return tr("Card");
    case PaymentMethod::Guarantee:
        return tr("Card on file (guarantee)");
    }
    return {};
}

QString refundHow(ReceiptRefund::Money money)
{
    switch (money) {
    case ReceiptRefund::Money::Cash:
        return tr("Refund, cash handed back");
    case ReceiptRefund::Money::Card:
        return tr("Refund to the card");
    case ReceiptRefund::Money::Due:
        return tr("Refund due, to follow");
    case ReceiptRefund::Money::Online:
        return tr("Refund through the online payment");
    }
    return {};
}

QString refundHow(const ReceiptRefund &refund)
{
    if (refund.money == ReceiptRefund::Money::Card && !refund.reference.isEmpty())
        return tr("Refund to the card (terminal reference %1)").arg(refund.reference);
    return refundHow(refund.money);
}

// The locale's short date and time without seconds (the C locale's short time has them).
QString when(const QDateTime &at)
{
    if (!at.isValid())
        return {};
    static const QRegularExpression seconds(QStringLiteral("[:.]?s+"));
    const QLocale locale;
    QString time = locale.timeFormat(QLocale::ShortFormat);
    time.remove(seconds);
    const QDateTime local = at.toLocalTime();
    return locale.toString(local.date(), QLocale::ShortFormat) + QLatin1Char(' ')
        + locale.toString(local.time(), time.trimmed());
}

void addFooter(QVector<Row> &rows, const Receipt &r)
{
    const auto add = [&rows](Row::Style style, const QString &left) { rows.append(Row{style, left, {}}); };
    if (!r.approvedBy.isEmpty())
        add(Row::Small, tr("Approved by %1").arg(r.approvedBy));
    QString servedBy = r.clerk.isEmpty() ? QString() : tr("Served by %1").arg(r.clerk);
    if (!r.terminal.isEmpty())
        servedBy = servedBy.isEmpty() ? tr("Terminal %1").arg(r.terminal) : tr("%1 at %2").arg(servedBy, r.terminal);
    if (!servedBy.isEmpty())
        add(Row::Small, servedBy);
}

// An exchange: what went back (the old order), what was sold (the new order), the credit carried over
// and the difference the buyer paid or got back.
QVector<Row> exchangeRowsOf(const Receipt &r)
{
    QVector<Row> rows;
    const auto add = [&rows](Row::Style style, const QString &left, const QString &right = {}) {
        rows.append(Row{style, left, right});
    };
    add(Row::Heading, tr("Exchange receipt"));
    add(Row::Normal, tr("Order %1").arg(r.order), when(r.at));
    add(Row::Small, tr("Exchanged from order %1").arg(r.fromOrder));
    add(Row::Rule, {});
    add(Row::Strong, tr("Given back (order %1)").arg(r.fromOrder));
    for (const ReceiptLine &line : r.returned)
        add(Row::Normal, lineLabel(line), line.amount.text());
    add(Row::Strong, tr("Sold (order %1)").arg(r.order));
    QString event;
    for (const ReceiptLine &line : r.lines) {
        if (!line.event.isEmpty() && line.event != event)
            add(Row::Small, line.event);
        event = line.event;
        add(Row::Normal, lineLabel(line), line.amount.text());
    }
    add(Row::Rule, {});
    add(Row::Normal, tr("New units"), r.newAmount.text());
    add(Row::Normal, tr("Credit from order %1").arg(r.fromOrder), minus(r.credit));
    if (r.total.minor() > 0) {
        add(Row::Strong, tr("Difference paid"), r.total.text());
        if (r.method)
            add(Row::Normal, tr("Paid by %1").arg(methodName(*r.method)));
        if (r.method == PaymentMethod::Cash && r.tendered.minor() > 0) {
            add(Row::Normal, tr("Tendered"), r.tendered.text());
            add(Row::Strong, tr("Change"), r.change.text());
        }
        if (!r.cardReference.isEmpty())
            add(Row::Normal, tr("Card terminal reference %1").arg(r.cardReference));
    } else if (!r.refunds.isEmpty()) {
        add(Row::Strong, tr("Difference given back"), r.refunded().text());
        for (const ReceiptRefund &refund : r.refunds)
            add(Row::Normal, refundHow(refund));
    } else {
        add(Row::Strong, tr("No difference to pay"), r.total.withMinor(0).text());
    }
    add(Row::Small, tr("The tickets given back no longer admit; the new tickets do."));
    add(Row::Rule, {});
    addFooter(rows, r);
    add(Row::Small, tr("Thank you. Please keep this receipt."));
    return rows;
}

QVector<Row> rowsOf(const Receipt &r)
{
    if (r.kind == Receipt::Kind::Exchange)
        return exchangeRowsOf(r);
    QVector<Row> rows;
    const auto add = [&rows](Row::Style style, const QString &left, const QString &right = {}) {
        rows.append(Row{style, left, right});
    };
    switch (r.kind) {
    case Receipt::Kind::Sale:
        add(Row::Heading, tr("Receipt"));
        break;
    case Receipt::Kind::Refund:
        add(Row::Heading, tr("Refund receipt"));
        break;
    case Receipt::Kind::Copy:
        add(Row::Heading, tr("Receipt (copy)"));
        break;
    case Receipt::Kind::Exchange:
        break; // exchangeRowsOf
    }
    add(Row::Normal, tr("Order %1").arg(r.order), when(r.at));
    add(Row::Rule, {});

    QString event;
    for (const ReceiptLine &line : r.lines) {
        if (!line.event.isEmpty() && line.event != event)
            add(Row::Small, line.event);
        event = line.event;
        add(Row::Normal, lineLabel(line), line.amount.text());
    }
    if (r.lines.isEmpty())
        add(Row::Small,
            r.kind == Receipt::Kind::Refund ? tr("Units given back: as recorded on the order") : tr("No lines"));
    for (const ReceiptLine &line : r.notCharged)
        add(Row::Small, tr("%1: taken by another buyer first, not charged").arg(lineLabel(line)));
    add(Row::Rule, {});

    if (r.kind == Receipt::Kind::Refund) {
        add(Row::Strong, tr("Refunded"), r.total.text());
    } else {
        add(Row::Strong, tr("Total"), r.total.text());
        if (r.method)
            add(Row::Normal, tr("Paid by %1").arg(methodName(*r.method)));
        else if (!r.paidWith.isEmpty())
            add(Row::Normal, tr("Paid online (%1)").arg(r.paidWith));
        if (r.method == PaymentMethod::Cash && r.tendered.minor() > 0) {
            add(Row::Normal, tr("Tendered"), r.tendered.text());
            add(Row::Strong, tr("Change"), r.change.text());
        }
    }
    if (!r.cardReference.isEmpty())
        add(Row::Normal, tr("Card terminal reference %1").arg(r.cardReference));

    for (const ReceiptRefund &refund : r.refunds) {
        if (r.kind != Receipt::Kind::Refund || r.refunds.size() > 1)
            add(Row::Normal, refundHow(refund), minus(refund.amount));
        else
            add(Row::Normal, refundHow(refund));
        if (!refund.reason.isEmpty())
            add(Row::Small, tr("Reason: %1").arg(refund.reason));
        if (refund.at.isValid() && refund.at != r.at)
            add(Row::Small, when(refund.at));
    }
    if (r.kind == Receipt::Kind::Copy && !r.refunds.isEmpty())
        add(Row::Strong, tr("Net paid"), r.total.withMinor(r.total.minor() - r.refunded().minor()).text());

    add(Row::Rule, {});
    addFooter(rows, r);
    add(Row::Small,
        r.kind == Receipt::Kind::Refund ? tr("Keep this receipt with your refund.")
                                        : tr("Thank you. Please keep this receipt."));
    return rows;
}

// A row whose words do not fit the column goes on over more rows: a receipt never hides an amount or
// a reason behind an ellipsis.
QVector<Row> wrapped(const QVector<Row> &rows, double width)
{
    QVector<Row> out;
    for (const Row &row : rows) {
        if (row.style == Row::Rule) {
            out << row;
            continue;
        }
        const QFont font = fontFor(row.style);
        const QFontMetricsF metrics(font);
        const double rightWidth = row.right.isEmpty() ? 0 : metrics.horizontalAdvance(row.right) + 30;
        const double room = width - rightWidth;
        if (metrics.horizontalAdvance(row.left) <= room) {
            out << row;
            continue;
        }
        QTextLayout layout(row.left, font);
        QTextOption option;
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout.setTextOption(option);
        layout.beginLayout();
        QStringList parts;
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(room);
            parts << row.left.mid(line.textStart(), line.textLength()).trimmed();
        }
        layout.endLayout();
        for (int i = 0; i < parts.size(); ++i)
            out << Row{row.style, parts.at(i), i == parts.size() - 1 ? row.right : QString()};
    }
    return out;
}

double heightOf(const QVector<Row> &rows)
{
    double height = 0;
    for (const Row &row : rows)
        height += heightOf(row.style);
    return height;
}

} // namespace

namespace ReceiptStocks {

QString key(ReceiptStock stock)
{
    return stock == ReceiptStock::Roll80 ? QStringLiteral("roll-80") : QStringLiteral("a4");
}

std::optional<ReceiptStock> fromKey(const QString &key)
{
    if (key == QLatin1String("roll-80"))
        return ReceiptStock::Roll80;
    if (key == QLatin1String("a4"))
        return ReceiptStock::A4;
    return std::nullopt;
}

std::optional<ReceiptStock> matching(const QPageSize &size)
{
    const QSizeF mm = size.size(QPageSize::Millimeter);
    const double narrow = std::min(mm.width(), mm.height());
    if (narrow < 100)
        return ReceiptStock::Roll80;
    if (std::abs(narrow - 210) < 1 && std::abs(std::max(mm.width(), mm.height()) - 297) < 1)
        return ReceiptStock::A4;
    return std::nullopt;
}

QString displayName(ReceiptStock stock)
{
    return stock == ReceiptStock::Roll80 ? QCoreApplication::translate("ReceiptStocks", "80 mm receipt roll")
                                         : QCoreApplication::translate("ReceiptStocks", "A4");
}

} // namespace ReceiptStocks

ReceiptDocument::ReceiptDocument(const Receipt &receipt, ReceiptStock stock)
    : m_stock(stock), m_kind(receipt.kind), m_order(receipt.order)
{
    const QVector<Row> rows = wrapped(rowsOf(receipt), columnWidth());
    if (stock == ReceiptStock::Roll80) {
        m_pages = {rows};
        m_rollHeight = std::max(MinRollHeight, std::ceil(heightOf(rows) + 2 * RollMargin + 100));
        return;
    }
    const double room = A4Height - 2 * A4Margin;
    QVector<Row> page;
    double used = 0;
    for (const Row &row : rows) {
        const double height = heightOf(row.style);
        if (used + height > room && !page.isEmpty()) {
            m_pages << page;
            page.clear();
            used = 0;
        }
        page << row;
        used += height;
    }
    m_pages << page;
}

QString ReceiptDocument::title() const
{
    if (m_kind == Receipt::Kind::Exchange)
        return QCoreApplication::translate("Receipt", "Exchange receipt, order %1").arg(m_order);
    return m_kind == Receipt::Kind::Refund
        ? QCoreApplication::translate("Receipt", "Refund receipt, order %1").arg(m_order)
        : QCoreApplication::translate("Receipt", "Receipt, order %1").arg(m_order);
}

QPageLayout ReceiptDocument::pageLayout() const
{
    if (m_stock == ReceiptStock::A4)
        return QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0));
    return QPageLayout(QPageSize(QSizeF(RollWidth / 10, m_rollHeight / 10), QPageSize::Millimeter,
                                 QStringLiteral("Receipt roll 80 mm"), QPageSize::ExactMatch),
                       QPageLayout::Portrait, QMarginsF(0, 0, 0, 0));
}

int ReceiptDocument::pageCount() const
{
    return int(m_pages.size());
}

double ReceiptDocument::paperWidth() const
{
    return m_stock == ReceiptStock::Roll80 ? RollWidth : A4Width;
}

double ReceiptDocument::columnLeft() const
{
    return m_stock == ReceiptStock::Roll80 ? RollMargin : A4Margin;
}

double ReceiptDocument::columnWidth() const
{
    return m_stock == ReceiptStock::Roll80 ? RollWidth - 2 * RollMargin : A4Column;
}

void ReceiptDocument::paintPage(QPainter &painter, int index, const QRectF &page) const
{
    const double scale = page.width() / paperWidth();
    painter.translate(page.topLeft());
    painter.scale(scale, scale);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    painter.setPen(Qt::black);

    const double left = columnLeft();
    const double width = columnWidth();
    double y = m_stock == ReceiptStock::Roll80 ? RollMargin : A4Margin;
    for (const Row &row : m_pages.at(index)) {
        const double height = heightOf(row.style);
        if (row.style == Row::Rule) {
            painter.save();
            painter.setPen(QPen(Qt::black, 3, Qt::DashLine));
            painter.drawLine(QPointF(left, y + height / 2), QPointF(left + width, y + height / 2));
            painter.restore();
            y += height;
            continue;
        }
        const QFont font = fontFor(row.style);
        const QFontMetricsF metrics(font);
        painter.setFont(font);
        const double baseline = y + metrics.ascent();
        const double leftX
            = row.style == Row::Heading ? left + (width - metrics.horizontalAdvance(row.left)) / 2 : left;
        painter.drawText(QPointF(leftX, baseline), row.left);
        if (!row.right.isEmpty())
            painter.drawText(QPointF(left + width - metrics.horizontalAdvance(row.right), baseline), row.right);
        y += height;
    }
}

QStringList ReceiptDocument::text() const
{
    QStringList lines;
    for (const QVector<Row> &page : m_pages) {
        for (const Row &row : page) {
            if (row.style != Row::Rule)
                lines << (row.right.isEmpty() ? row.left : row.left + QLatin1Char(' ') + row.right);
        }
    }
    return lines;
}

} // namespace boxoffice
