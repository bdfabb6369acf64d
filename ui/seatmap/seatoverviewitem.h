#pragma once

#include <QGraphicsItem>
#include <QImage>
#include <QRectF>
#include <QVector>

namespace boxoffice {

class SeatItem;

// The whole seating as one picture, for the far view only. Far out a seat is one or two pixels and
// 50,000 SeatItem::paint calls cost more than the frame budget; this item paints a cached image of
// every seat instead (rebuilt when the zoom changes, patched one cell at a time when a seat changes) and
// draws the seats the clerk is working on (held by this desk, selected, the keyboard's seat) as
// markers a few pixels wide on top, so they stay visible even where a seat is about a pixel. The view skips the seat
// items at that zoom (QGraphicsView::setMinimumRenderSize with the same threshold), so the two never both draw a seat.
class SeatOverviewItem : public QGraphicsItem
{
public:
    enum { Type = UserType + 2 };

    // Pixels per venue unit below which this item draws the seats instead of the seat items.
    static constexpr qreal farZoom = 3.0;
    // The smallest side, in device pixels, of a held or selected seat's marker.
    static constexpr int markerPixels = 9;

    // `seats` is indexed like SeatMap::seats and outlives the item (the scene owns both).
    SeatOverviewItem(const QVector<SeatItem *> *seats, const QRectF &seatsRect);

    int type() const override { return Type; }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // A seat's look or selection changed: patches the cached picture and, while the far view shows,
    // repaints the few pixels around it at once.
    void seatChanged(int index);
    // The selection changed: repaints the far view's markers if it shows.
    void selectionChanged();
    bool shownFar() const { return m_shownFar; }

private:
    void rebuild(qreal devicePixelsPerUnit, qreal devicePixelRatio);
    void paintCell(QPainter *painter, const SeatItem *seat) const;
    QRectF markerRect(const QPointF &centre, qreal devicePixelsPerUnit) const;

    const QVector<SeatItem *> *m_seats;
    QRectF m_seatsRect;
    QRectF m_bounds;
    QImage m_cache;
    qreal m_cacheScale = 0; // device pixels per venue unit the cache was drawn at
    qreal m_cacheRatio = 1; // the device pixel ratio it was drawn for
    bool m_shownFar = false;
};

} // namespace boxoffice
