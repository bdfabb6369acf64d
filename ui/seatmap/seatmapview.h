#pragma once

#include "domain/ids.h"

#include <QGraphicsView>
#include <QPoint>
#include <QVector>

namespace boxoffice {

class SeatMapScene;

// Looks at a SeatMapScene: the wheel zooms around the cursor, the middle button or space+drag pans,
// a left drag on empty space selects seats with a rubber band, Shift or Ctrl click adds to the
// selection. Without a mouse: the arrow keys move the keyboard's seat (the view follows it), Shift+arrow
// also selects the seats passed, a tap of Space selects or unselects it, Enter acts on it as a click
// does; Alt+arrows pan, + and - zoom. Screen readers see the seats through seatmapaccessible.h.
class SeatMapView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit SeatMapView(QWidget *parent = nullptr);
    explicit SeatMapView(SeatMapScene *scene, QWidget *parent = nullptr);

    // Use this rather than setScene(): a venue shown whole stays whole when its seat map is replaced.
    void setSeatMapScene(SeatMapScene *scene);

    // Screen pixels per venue unit (one seat pitch).
    qreal zoom() const;
    // Sets the zoom keeping the given viewport point over the same spot of the venue.
    void zoomAt(qreal pixelsPerUnit, const QPoint &viewportAnchor);

    static constexpr qreal zoomStep = 1.25;
    static constexpr qreal maxZoom = 120.0;
    // Antialiasing costs about twice the time per frame; below this the seats are a few pixels and
    // nobody sees the difference.
    static constexpr qreal antialiasingZoom = 6.0;
    // Where seat numbers read (SeatItem::numberDetail) with a little to spare: find seat and best
    // available zoom in at least this far.
    static constexpr qreal readableZoom = 26.0;
    // Closer than this, a section's name is also pinned inside the view (its own label, behind the
    // back row, is often off screen then).
    static constexpr qreal pinnedNamesZoom = 6.0;

    // Zooms and scrolls so these seats fill a clear part of the view, centred, with some of the seats
    // around them: at least readableZoom, closer for a single seat, further out for a long block.
    void showUnits(const QVector<UnitId> &units);
    // The section names pinned inside the view at this zoom and scroll, in viewport pixels.
    struct PinnedName
    {
        QString text;
        QRect box;
    };
    QVector<PinnedName> pinnedNames() const;

    // Moves the keyboard's seat one step that way (scene axes); with `select`, selects it as well.
    void moveFocusSeat(const QPointF &direction, bool select);
public slots:
    void zoomIn();
    void zoomOut();
    // Shows the whole venue, and keeps showing it while the view is resized until the user zooms.
    void fitAll();

signals:
    void zoomChanged(qreal pixelsPerUnit);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    qreal fitZoom() const;
    void zoomChangedTo(qreal pixelsPerUnit);
    void panBy(const QPoint &delta);
    void stopPanning();
    QFont pinnedNameFont() const;
    void toggleFocusSeatSelection();
    void announceFocusSeat();
    void announceSeatChange(UnitId unit);

    bool m_fitting = true; // until the user zooms, the venue follows the view's size
    bool m_spaceHeld = false;
    bool m_panning = false;
    bool m_buttonDown = false; // a click or rubber band in progress: seats stay hit-testable
    bool m_spacePanned = false; // Space was held for a drag, so its release selects nothing
    Qt::MouseButton m_panButton = Qt::NoButton;
    QPoint m_lastPanPos;
};

} // namespace boxoffice
