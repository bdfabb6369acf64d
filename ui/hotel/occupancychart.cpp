#include "ui/hotel/occupancychart.h"

#include "ui/common/money.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

namespace boxoffice {

OccupancyChart::OccupancyChart(QWidget *parent) : QWidget(parent)
{
    setAccessibleName(tr("Occupancy chart"));
    setAccessibleDescription(tr("Rooms sold per night against the physical rooms, with the sellable limit, the "
                                "suggested limit and the room revenue; the table beside it holds the same figures."));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void OccupancyChart::setNights(const QVector<OccupancyNight> &nights, const QString &currency)
{
    m_nights = nights;
    m_currency = currency;
    update();
}

void OccupancyChart::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), palette().base());
    const QFontMetrics metrics(font());
    const int legendHeight = metrics.height() + 8;
    const QRect plot
        = rect().adjusted(metrics.horizontalAdvance(QStringLiteral("0000")) + 8, legendHeight + 4,
                          -metrics.horizontalAdvance(QStringLiteral("00000.00")) - 8, -metrics.height() - 10);
    if (m_nights.isEmpty() || plot.width() < 20 || plot.height() < 20) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No nights to show."));
        return;
    }
    int top = 1;
    qint64 topRevenue = 1;
    for (const OccupancyNight &night : m_nights) {
        top = qMax(top, qMax(qMax(night.physical, night.sellable), qMax(night.sold, night.suggestedSellable)));
        topRevenue = qMax(topRevenue, night.revenue.minor());
    }
    auto yRooms = [&](int rooms) { return plot.bottom() - int(qint64(rooms) * plot.height() / top); };
    auto yRevenue = [&](qint64 minor) { return plot.bottom() - int(minor * plot.height() / topRevenue); };

    const QColor soldColour(0x3b, 0x7d, 0xd8);
    const QColor physicalColour(0xc8, 0xd6, 0xea);
    const QColor sellableColour(0xd9, 0x7b, 0x16);
    const QColor suggestedColour(0x2e, 0x8b, 0x57);
    const QColor revenueColour(0x7a, 0x2e, 0x8b);

    // axes and the scale of rooms on the left, of revenue on the right
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    painter.drawLine(plot.bottomLeft(), plot.topLeft());
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRect(0, plot.top() - metrics.height() / 2, plot.left() - 4, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, QString::number(top));
    painter.drawText(QRect(0, plot.bottom() - metrics.height() / 2, plot.left() - 4, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("0"));
    painter.setPen(revenueColour);
    painter.drawText(
        QRect(plot.right() + 4, plot.top() - metrics.height() / 2, width() - plot.right() - 4, metrics.height()),
        Qt::AlignLeft | Qt::AlignVCenter, Money(topRevenue, m_currency).text());

    const int count = int(m_nights.size());
    const double slot = double(plot.width()) / count;
    const int barWidth = qMax(2, int(slot * 0.6));
    QPainterPath revenue;
    const int labelEvery = qMax(1, int(metrics.horizontalAdvance(QStringLiteral("00.00.")) * 1.4 / slot) + 1);
    for (int i = 0; i < count; ++i) {
        const OccupancyNight &night = m_nights.at(i);
        const int centre = plot.left() + int(slot * i + slot / 2);
        const QRect physical(centre - barWidth / 2, yRooms(night.physical), barWidth,
                             plot.bottom() - yRooms(night.physical));
        painter.fillRect(physical, physicalColour);
        const QRect sold(centre - barWidth / 2, yRooms(night.sold), barWidth, plot.bottom() - yRooms(night.sold));
        painter.fillRect(sold, soldColour);
        painter.setPen(QPen(sellableColour, 2));
        painter.drawLine(centre - barWidth / 2 - 2, yRooms(night.sellable), centre + barWidth / 2 + 2,
                         yRooms(night.sellable));
        painter.setPen(QPen(suggestedColour, 2, Qt::DashLine));
        painter.drawLine(centre - barWidth / 2 - 2, yRooms(night.suggestedSellable), centre + barWidth / 2 + 2,
                         yRooms(night.suggestedSellable));
        const QPointF point(centre, yRevenue(night.revenue.minor()));
        if (i == 0)
            revenue.moveTo(point);
        else
            revenue.lineTo(point);
        if (i % labelEvery == 0) {
            painter.setPen(palette().color(QPalette::Text));
            const QString day = QLocale().toString(night.night, QStringLiteral("d.M."));
            painter.drawText(
                QRect(centre - int(slot * labelEvery) / 2, plot.bottom() + 4, int(slot * labelEvery), metrics.height()),
                Qt::AlignHCenter | Qt::AlignTop, day);
        }
    }
    painter.setPen(QPen(revenueColour, 2));
    painter.drawPath(revenue);

    // legend
    int x = plot.left();
    const int y = 4;
    auto key = [&](const QColor &colour, const QString &text, bool line) {
        if (line) {
            painter.setPen(QPen(colour, 2));
            painter.drawLine(x, y + metrics.height() / 2, x + 14, y + metrics.height() / 2);
        } else {
            painter.fillRect(QRect(x, y + 2, 14, metrics.height() - 4), colour);
        }
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(x + 18, y + metrics.ascent(), text);
        x += 18 + metrics.horizontalAdvance(text) + 14;
    };
    key(soldColour, tr("Sold"), false);
    key(physicalColour, tr("Physical rooms"), false);
    key(sellableColour, tr("Sellable limit"), true);
    key(suggestedColour, tr("Suggested limit"), true);
    key(revenueColour, tr("Room revenue"), true);
}

} // namespace boxoffice
