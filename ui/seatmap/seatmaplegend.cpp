#include "ui/seatmap/seatmaplegend.h"

#include "ui/common/money.h"

#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>

namespace boxoffice {

namespace {

constexpr int swatchSide = 16;

} // namespace

SeatMapLegend::SeatMapLegend(QWidget *parent) : QWidget(parent), m_layout(new QGridLayout(this))
{
    m_layout->setContentsMargins(4, 4, 4, 4);
    m_layout->setHorizontalSpacing(6);
    m_layout->setVerticalSpacing(3);
    m_layout->setColumnStretch(1, 1);
    setAccessibleName(tr("Seat map legend"));
    setAccessibleDescription(tr("What the colours and marks on the seat map mean."));
}

SeatMapLegend::SeatMapLegend(const SeatMap &map, QWidget *parent) : SeatMapLegend(parent)
{
    setSeatMap(map);
}

void SeatMapLegend::setSeatMap(const SeatMap &map)
{
    while (QLayoutItem *item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_entries.clear();
    for (int band = 0; band < map.bands.size(); ++band) {
        const SeatMapBand &spec = map.bands.at(band);
        addEntry(SeatLook::Available, band, false, tr("%1, %2").arg(spec.name, spec.price.text()));
    }
    addEntry(SeatLook::Mine, 0, false, seatLookText(SeatLook::Mine));
    addEntry(SeatLook::HeldByOther, 0, false, seatLookText(SeatLook::HeldByOther));
    addEntry(SeatLook::Sold, 0, false, seatLookText(SeatLook::Sold));
    addEntry(SeatLook::House, 0, false, seatLookText(SeatLook::House));
    addEntry(SeatLook::Available, 0, true, tr("Selected"));
}

void SeatMapLegend::addEntry(SeatLook look, int band, bool selected, const QString &text)
{
    const qreal ratio = devicePixelRatioF();
    QPixmap swatch(QSize(swatchSide, swatchSide) * ratio);
    swatch.setDevicePixelRatio(ratio);
    swatch.fill(Qt::transparent);
    {
        QPainter painter(&swatch);
        painter.setRenderHint(QPainter::Antialiasing);
        // The same painting as a seat on the map at medium zoom, so the two cannot drift apart.
        const qreal inset = swatchSide * 0.15;
        SeatItem::paintSeat(&painter, QRectF(inset, inset, swatchSide - 2 * inset, swatchSide - 2 * inset), look, band,
                            selected);
    }
    auto *swatchLabel = new QLabel(this);
    swatchLabel->setPixmap(swatch);
    // The swatch in words, so a screen reader (and its tooltip) says what the mark looks like.
    const QString looks = selected ? tr("a thick pink outline round the seat") : seatMarkText(SeatItem::markOf(look));
    swatchLabel->setAccessibleName(text);
    swatchLabel->setAccessibleDescription(looks);
    swatchLabel->setToolTip(looks);
    auto *textLabel = new QLabel(text, this);
    const int row = m_entries.size();
    m_layout->addWidget(swatchLabel, row, 0);
    m_layout->addWidget(textLabel, row, 1);
    m_entries.append(text);
}

} // namespace boxoffice
