#include "ui/seatmap/seatoverviewitem.h"

#include "ui/seatmap/seatitem.h"
#include "ui/seatmap/seatmapscene.h"

#include <QGraphicsScene>
#include <QPaintEngine>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QtMath>

namespace boxoffice {

namespace {

// Room around the seats for markers, which keep their pixel size however far out the view is.
constexpr qreal markerMargin = 20.0;

// A dark edge and a white ring round the fill: it stands out of seats of any colour.
void drawMarker(QPainter *painter, const QRectF &marker, const QColor &fill, qreal outline)
{
    painter->fillRect(marker, QColor(0x20, 0x20, 0x20));
    painter->fillRect(marker.adjusted(outline, outline, -outline, -outline), Qt::white);
    painter->fillRect(marker.adjusted(2 * outline, 2 * outline, -2 * outline, -2 * outline), fill);
}

} // namespace

SeatOverviewItem::SeatOverviewItem(const QVector<SeatItem *> *seats, const QRectF &seatsRect)
    : m_seats(seats), m_seatsRect(seatsRect),
      m_bounds(seatsRect.adjusted(-markerMargin, -markerMargin, markerMargin, markerMargin))
{
    // Above the seats and below the labels; it draws nothing unless the seats themselves do not.
    setZValue(0.5);
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
}

void SeatOverviewItem::paintCell(QPainter *painter, const SeatItem *seat) const
{
    // The same cells SeatItem draws far out, so the switch between the two is invisible.
    static const QRectF cell(-0.5, -0.5, 1.0, 1.0);
    const QRectF shape = m_cacheScale / m_cacheRatio < 2.0 ? cell : SeatItem::seatRect();
    painter->fillRect(shape.translated(seat->pos()), SeatItem::fillColor(seat->look(), seat->band()));
}

void SeatOverviewItem::rebuild(qreal devicePixelsPerUnit, qreal devicePixelRatio)
{
    const QSize size(qCeil(m_seatsRect.width() * devicePixelsPerUnit) + 2,
                     qCeil(m_seatsRect.height() * devicePixelsPerUnit) + 2);
    m_cache = QImage(size, QImage::Format_ARGB32_Premultiplied);
    m_cache.fill(Qt::transparent);
    m_cacheScale = devicePixelsPerUnit;
    m_cacheRatio = devicePixelRatio;
    QPainter painter(&m_cache);
    painter.scale(devicePixelsPerUnit, devicePixelsPerUnit);
    painter.translate(-m_seatsRect.topLeft());
    for (const SeatItem *seat : *m_seats)
        paintCell(&painter, seat);
}

QRectF SeatOverviewItem::markerRect(const QPointF &centre, qreal devicePixelsPerUnit) const
{
    const qreal side = qMax<qreal>(markerPixels, devicePixelsPerUnit) / devicePixelsPerUnit;
    return QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side);
}

void SeatOverviewItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QTransform world = painter->worldTransform();
    const qreal detail = QStyleOptionGraphicsItem::levelOfDetailFromTransform(world);
    // A hair over the threshold as well: the view's skip test rounds its own way, and drawing a seat
    // twice (the same picture over it) is harmless where not drawing it at all is not.
    m_shownFar = detail < farZoom * 1.0001;
    if (!m_shownFar || m_seats->isEmpty())
        return;

    const qreal ratio = painter->device()->devicePixelRatioF();
    const qreal devicePixelsPerUnit = detail * ratio;
    if (m_cache.isNull() || !qFuzzyCompare(m_cacheScale, devicePixelsPerUnit) || !qFuzzyCompare(m_cacheRatio, ratio))
        rebuild(devicePixelsPerUnit, ratio);
    // The cache is kept at ratio 1 so patching it needs no care; the copy shares its pixels.
    QImage picture = m_cache;
    picture.setDevicePixelRatio(ratio);

    const bool plainScale = world.type() <= QTransform::TxScale && qFuzzyCompare(world.m11(), world.m22());
    if (plainScale && painter->paintEngine()->type() == QPaintEngine::Raster) {
        // One blit at whole device pixels, as a seat sprite is drawn.
        const QPointF corner = world.map(m_seatsRect.topLeft()) * ratio;
        painter->setWorldTransform(QTransform());
        painter->drawImage(QPointF(qRound(corner.x()), qRound(corner.y())) / ratio, picture);
        painter->setWorldTransform(world);
    } else {
        painter->drawImage(QRectF(m_seatsRect.topLeft(), QSizeF(m_cache.size()) / devicePixelsPerUnit), m_cache);
    }

    // The clerk's own holds and the selection on top, a few pixels wide whatever the zoom.
    const qreal outline = 1.0 / detail;
    for (const SeatItem *seat : *m_seats) {
        if (SeatItem::showsFromAfar(seat->look()))
            drawMarker(painter, markerRect(seat->pos(), detail), SeatItem::fillColor(seat->look(), seat->band()),
                       outline);
    }
    // Selected last, so a selected held seat shows as selected.
    const QList<QGraphicsItem *> selected = scene() ? scene()->selectedItems() : QList<QGraphicsItem *>();
    for (const QGraphicsItem *item : selected) {
        if (item->type() == SeatItem::Type)
            drawMarker(painter, markerRect(item->scenePos(), detail), SeatItem::selectionColor(), outline);
    }
    // The keyboard's seat: a marker in a black frame, a size larger than the others.
    if (const auto *seats = qobject_cast<const SeatMapScene *>(scene())) {
        if (const SeatItem *focus = seats->seatItem(seats->focusSeat())) {
            const QRectF marker = markerRect(focus->pos(), detail).adjusted(-outline, -outline, outline, outline);
            painter->fillRect(marker, Qt::black);
            drawMarker(painter, marker.adjusted(outline, outline, -outline, -outline),
                       focus->isSelected() ? SeatItem::selectionColor()
                                           : SeatItem::fillColor(focus->look(), focus->band()),
                       outline);
        }
    }
}

void SeatOverviewItem::seatChanged(int index)
{
    if (index < 0 || index >= m_seats->size())
        return;
    const SeatItem *seat = m_seats->at(index);
    if (!m_cache.isNull()) {
        QPainter painter(&m_cache);
        painter.scale(m_cacheScale, m_cacheScale);
        painter.translate(-m_seatsRect.topLeft());
        paintCell(&painter, seat);
    }
    // Close up the seat item repaints itself; a region around the seat here would only widen the
    // repaint for nothing.
    if (m_shownFar && m_cacheScale > 0)
        update(markerRect(seat->pos(), m_cacheScale / m_cacheRatio).adjusted(-1, -1, 1, 1));
}

void SeatOverviewItem::selectionChanged()
{
    if (m_shownFar)
        update();
}

} // namespace boxoffice
