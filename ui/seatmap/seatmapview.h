#pragma once

#include <QGraphicsView>
#include <QPoint>

namespace boxoffice {

class SeatMapScene;

// Looks at a SeatMapScene: the wheel zooms around the cursor, the middle button or space+drag pans,
// a left drag on empty space selects seats with a rubber band, Shift or Ctrl click adds to the
// selection. Arrow keys pan, + and - zoom.
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

private:
    qreal fitZoom() const;
    void zoomChangedTo(qreal pixelsPerUnit);
    void panBy(const QPoint &delta);
    void stopPanning();

    bool m_fitting = true; // until the user zooms, the venue follows the view's size
    bool m_spaceHeld = false;
    bool m_panning = false;
    bool m_buttonDown = false; // a click or rubber band in progress: seats stay hit-testable
    Qt::MouseButton m_panButton = Qt::NoButton;
    QPoint m_lastPanPos;
};

} // namespace boxoffice
