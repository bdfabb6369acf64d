#include "ui/seatmap/seatmapview.h"

#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatoverviewitem.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>
#include <QtMath>

namespace boxoffice {

SeatMapView::SeatMapView(QWidget *parent) : SeatMapView(nullptr, parent) { }

SeatMapView::SeatMapView(SeatMapScene *scene, QWidget *parent) : QGraphicsView(parent)
{
    setDragMode(RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    // Seats set every pen and brush they use, so the view need not save the painter 50,000 times.
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    setViewportUpdateMode(SmartViewportUpdate);
    // Zooming keeps its own anchor (the cursor or the centre), see zoomAt().
    setTransformationAnchor(NoAnchor);
    setResizeAnchor(AnchorViewCenter);
    setRenderHint(QPainter::Antialiasing, false);
    setFocusPolicy(Qt::StrongFocus);
    if (scene)
        setSeatMapScene(scene);
}

void SeatMapView::setSeatMapScene(SeatMapScene *scene)
{
    if (QGraphicsScene *old = this->scene())
        disconnect(old, &QGraphicsScene::sceneRectChanged, this, nullptr);
    setScene(scene);
    if (!scene)
        return;
    // A new seat map while the venue is being shown whole stays whole.
    connect(scene, &QGraphicsScene::sceneRectChanged, this, [this] {
        if (m_fitting)
            fitAll();
    });
    if (m_fitting)
        fitAll();
}

qreal SeatMapView::zoom() const
{
    return transform().m11();
}

qreal SeatMapView::fitZoom() const
{
    const QRectF rect = sceneRect();
    const QSize size = viewport()->size();
    if (rect.isEmpty() || size.isEmpty())
        return 1.0;
    return qMin(size.width() / rect.width(), size.height() / rect.height());
}

void SeatMapView::zoomAt(qreal pixelsPerUnit, const QPoint &viewportAnchor)
{
    // Half the whole-venue size is as far out as is useful; much closer than a seat filling the
    // view is not.
    const qreal lowest = qMin(fitZoom() * 0.5, maxZoom);
    const qreal target = qBound(lowest, pixelsPerUnit, maxZoom);
    if (qFuzzyCompare(target, zoom()))
        return;
    const QPointF anchored = mapToScene(viewportAnchor);
    setTransform(QTransform::fromScale(target, target));
    const QPoint drift = mapFromScene(anchored) - viewportAnchor;
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + drift.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() + drift.y());
    m_fitting = false;
    zoomChangedTo(target);
}

void SeatMapView::zoomIn()
{
    zoomAt(zoom() * zoomStep, viewport()->rect().center());
}

void SeatMapView::zoomOut()
{
    zoomAt(zoom() / zoomStep, viewport()->rect().center());
}

void SeatMapView::fitAll()
{
    if (!scene())
        return;
    fitInView(sceneRect(), Qt::KeepAspectRatio);
    m_fitting = true;
    zoomChangedTo(zoom());
}

void SeatMapView::zoomChangedTo(qreal pixelsPerUnit)
{
    setRenderHint(QPainter::Antialiasing, pixelsPerUnit >= antialiasingZoom);
    emit zoomChanged(pixelsPerUnit);
}

void SeatMapView::panBy(const QPoint &delta)
{
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + delta.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() + delta.y());
}

void SeatMapView::stopPanning()
{
    m_panning = false;
    m_panButton = Qt::NoButton;
    if (m_spaceHeld)
        viewport()->setCursor(Qt::OpenHandCursor);
    else
        viewport()->unsetCursor();
}

void SeatMapView::wheelEvent(QWheelEvent *event)
{
    const int steps = event->angleDelta().y();
    if (steps == 0) {
        QGraphicsView::wheelEvent(event); // a sideways wheel scrolls
        return;
    }
    zoomAt(zoom() * qPow(zoomStep, steps / 120.0), event->position().toPoint());
    event->accept();
}

void SeatMapView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld)) {
        m_panning = true;
        m_panButton = event->button();
        m_lastPanPos = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    // Clerks expect Shift to extend a selection as in a list; QGraphicsView only knows Ctrl.
    if (event->modifiers() & Qt::ShiftModifier)
        event->setModifiers(event->modifiers() | Qt::ControlModifier);
    m_buttonDown = true;
    if (auto *seats = qobject_cast<SeatMapScene *>(scene()))
        seats->setFarView(false);
    QGraphicsView::mousePressEvent(event);
}

void SeatMapView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        const QPoint at = event->position().toPoint();
        panBy(m_lastPanPos - at);
        m_lastPanPos = at;
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void SeatMapView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning) {
        if (event->button() == m_panButton)
            stopPanning();
        event->accept();
        return;
    }
    if (event->modifiers() & Qt::ShiftModifier)
        event->setModifiers(event->modifiers() | Qt::ControlModifier);
    QGraphicsView::mouseReleaseEvent(event);
    m_buttonDown = event->buttons() != Qt::NoButton;
    if (!m_buttonDown)
        viewport()->update();
}

void SeatMapView::keyPressEvent(QKeyEvent *event)
{
    const int stepX = qMax(1, viewport()->width() / 8);
    const int stepY = qMax(1, viewport()->height() / 8);
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_Left:
        panBy(QPoint(-stepX, 0));
        break;
    case Qt::Key_Right:
        panBy(QPoint(stepX, 0));
        break;
    case Qt::Key_Up:
        panBy(QPoint(0, -stepY));
        break;
    case Qt::Key_Down:
        panBy(QPoint(0, stepY));
        break;
    case Qt::Key_Space:
        if (!event->isAutoRepeat() && !m_spaceHeld) {
            m_spaceHeld = true;
            if (!m_panning)
                viewport()->setCursor(Qt::OpenHandCursor);
        }
        break;
    default:
        QGraphicsView::keyPressEvent(event);
        return;
    }
    event->accept();
}

void SeatMapView::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        if (!m_panning)
            viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void SeatMapView::focusOutEvent(QFocusEvent *event)
{
    // A space released in another window never reaches us.
    m_spaceHeld = false;
    if (m_panning)
        stopPanning();
    else
        viewport()->unsetCursor();
    QGraphicsView::focusOutEvent(event);
}

void SeatMapView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_fitting)
        fitAll();
}

void SeatMapView::showEvent(QShowEvent *event)
{
    QGraphicsView::showEvent(event);
    if (m_fitting)
        fitAll();
}

} // namespace boxoffice

namespace boxoffice {

void SeatMapView::paintEvent(QPaintEvent *event)
{
    // Decided here rather than when zooming, so whatever set the transform, the seats are drawn once:
    // by their items close up, by the overview's picture far out.
    // While a button is down the seats stay findable: hit tests and the rubber band skip the
    // transparent items of the far view.
    if (auto *seats = qobject_cast<SeatMapScene *>(scene()))
        seats->setFarView(zoom() < SeatOverviewItem::farZoom && !m_buttonDown);
    QGraphicsView::paintEvent(event);
}

} // namespace boxoffice
