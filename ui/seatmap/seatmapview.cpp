#include "ui/seatmap/seatmapview.h"

#include "ui/seatmap/seatmapaccessible.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatoverviewitem.h"

#include <QAccessible>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
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
    installSeatMapAccessibility();
    setAccessibleName(tr("Seat map"));
    setAccessibleDescription(tr("Arrow keys move between seats, Space selects a seat, Enter holds or releases it, "
                                "plus and minus zoom."));
    if (scene)
        setSeatMapScene(scene);
}

void SeatMapView::setSeatMapScene(SeatMapScene *scene)
{
    if (QGraphicsScene *old = this->scene())
        disconnect(old, nullptr, this, nullptr);
    setScene(scene);
    if (!scene)
        return;
    connect(scene, &SeatMapScene::focusSeatChanged, this, &SeatMapView::announceFocusSeat);
    connect(scene, &SeatMapScene::seatLookChanged, this, &SeatMapView::announceSeatChange);
    connect(scene, &QGraphicsScene::selectionChanged, this, [this, scene] { announceSeatChange(scene->focusSeat()); });
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
        m_spacePanned = m_spaceHeld;
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
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down: {
        const bool left = event->key() == Qt::Key_Left, right = event->key() == Qt::Key_Right;
        const bool up = event->key() == Qt::Key_Up;
        const QPoint step = left ? QPoint(-stepX, 0)
            : right              ? QPoint(stepX, 0)
            : up                 ? QPoint(0, -stepY)
                                 : QPoint(0, stepY);
        if (event->modifiers() & Qt::AltModifier)
            panBy(step);
        else
            moveFocusSeat(QPointF(step.x() ? step.x() / qAbs(step.x()) : 0, step.y() ? step.y() / qAbs(step.y()) : 0),
                          event->modifiers() & Qt::ShiftModifier);
        break;
    }
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (auto *seats = qobject_cast<SeatMapScene *>(scene()); seats && seats->focusSeat() != 0)
            seats->activateSeat(seats->focusSeat());
        break;
    case Qt::Key_Space:
        if (!event->isAutoRepeat() && !m_spaceHeld) {
            m_spaceHeld = true;
            m_spacePanned = false;
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
        const bool tapped = m_spaceHeld && !m_spacePanned && !m_panning;
        m_spaceHeld = false;
        if (!m_panning)
            viewport()->unsetCursor();
        if (tapped)
            toggleFocusSeatSelection();
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

void SeatMapView::focusInEvent(QFocusEvent *event)
{
    QGraphicsView::focusInEvent(event);
    // Tabbing in puts the keyboard on a seat at once, so a screen reader has something to say.
    auto *seats = qobject_cast<SeatMapScene *>(scene());
    if (seats && seats->focusSeat() == 0
        && (event->reason() == Qt::TabFocusReason || event->reason() == Qt::BacktabFocusReason))
        seats->setFocusSeat(seats->seatNearest(mapToScene(viewport()->rect().center())));
    else
        announceFocusSeat();
}

void SeatMapView::moveFocusSeat(const QPointF &direction, bool select)
{
    auto *seats = qobject_cast<SeatMapScene *>(scene());
    if (!seats || seats->seatCount() == 0)
        return;
    UnitId next = 0;
    if (seats->focusSeat() == 0)
        next = seats->seatNearest(mapToScene(viewport()->rect().center()));
    else
        next = seats->seatTowards(seats->focusSeat(), direction);
    if (next == 0)
        return; // the edge of the venue that way
    if (select) {
        if (SeatItem *from = seats->seatItem(seats->focusSeat()))
            from->setSelected(true);
    }
    seats->setFocusSeat(next);
    SeatItem *item = seats->seatItem(next);
    if (select)
        item->setSelected(true);
    // Follow the seat, keeping a few seats of context between it and the edge.
    const int margin = qBound(8, qRound(zoom() * 3), viewport()->width() / 4);
    ensureVisible(item, margin, margin);
}

void SeatMapView::toggleFocusSeatSelection()
{
    auto *seats = qobject_cast<SeatMapScene *>(scene());
    if (!seats)
        return;
    if (SeatItem *item = seats->seatItem(seats->focusSeat()))
        item->setSelected(!item->isSelected());
}

void SeatMapView::showUnits(const QVector<UnitId> &units)
{
    auto *seats = qobject_cast<SeatMapScene *>(scene());
    if (!seats)
        return;
    QRectF area;
    for (UnitId unit : units) {
        if (const SeatItem *item = seats->seatItem(unit))
            area |= item->sceneBoundingRect();
    }
    if (area.isEmpty())
        return;
    // The block takes up to a third of the view's width, so the rows around it show as well.
    const QSize size = viewport()->size();
    const qreal fit = qMin(size.width() / 3.0 / area.width(), size.height() / 3.0 / area.height());
    const qreal target = qBound(readableZoom, fit, readableZoom * 1.25);
    zoomAt(target, viewport()->rect().center());
    centerOn(area.center());
    // The keyboard (and a screen reader) lands on the result too.
    seats->setFocusSeat(units.first());
}

QFont SeatMapView::pinnedNameFont() const
{
    QFont font = this->font();
    font.setBold(true);
    font.setPixelSize(13);
    return font;
}

QVector<SeatMapView::PinnedName> SeatMapView::pinnedNames() const
{
    QVector<PinnedName> pinned;
    auto *seats = qobject_cast<SeatMapScene *>(scene());
    if (!seats || zoom() < pinnedNamesZoom)
        return pinned;
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    const QFontMetrics metrics(pinnedNameFont());
    for (const SeatMapScene::SectionPlace &place : seats->sectionPlaces()) {
        const QRectF shown = place.seats & visible;
        // Only where the section's own label is out of sight.
        if (shown.isEmpty() || visible.contains(place.labelAt))
            continue;
        // Inside the part of the section that shows, or not at all: a name cut by the view's edge
        // reads as another one.
        const QRect area = mapFromScene(shown).boundingRect() & viewport()->rect();
        const QSize size(metrics.horizontalAdvance(place.name) + 12, metrics.height() + 4);
        // Just above the seats where the view has room for it (the aisle, the stage's side), else on
        // the first seats that show.
        QRect box(QPoint(area.left() + 6, area.top() - size.height() - 3), size);
        if (!viewport()->rect().contains(box) || area.top() > mapFromScene(place.seats.topLeft()).y() + 1)
            box.moveTop(area.top() + 6);
        const bool fits = box.left() >= area.left() && box.right() <= area.right() && viewport()->rect().contains(box);
        if (fits)
            pinned.append({place.name, box});
    }
    return pinned;
}

void SeatMapView::drawForeground(QPainter *painter, const QRectF &rect)
{
    Q_UNUSED(rect)
    const QVector<PinnedName> pinned = pinnedNames();
    if (pinned.isEmpty())
        return;
    painter->save();
    painter->resetTransform();
    painter->setFont(pinnedNameFont());
    for (const PinnedName &name : pinned) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 225));
        painter->drawRoundedRect(name.box, 4, 4);
        painter->setPen(QColor(0x3c, 0x3c, 0x3c));
        painter->drawText(name.box, Qt::AlignCenter, name.text);
    }
    painter->restore();
}

void SeatMapView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    // The pinned names stay put while the seats move: a scrolled copy of the old frame would drag
    // them along.
    if (zoom() >= pinnedNamesZoom)
        viewport()->update();
}

void SeatMapView::announceFocusSeat()
{
    auto *seats = qobject_cast<SeatMapScene *>(scene());
    const SeatItem *item = seats ? seats->seatItem(seats->focusSeat()) : nullptr;
    if (!item || !hasFocus())
        return;
    QAccessibleEvent event(this, QAccessible::Focus);
    event.setChild(item->index());
    announceSeatMapEvent(&event);
}

void SeatMapView::announceSeatChange(UnitId unit)
{
    auto *seats = qobject_cast<SeatMapScene *>(scene());
    const SeatItem *item = seats ? seats->seatItem(unit) : nullptr;
    // Only the seat the clerk is on: 50,000 seats changing under a live on-sale would drown the reader.
    if (!item || unit != seats->focusSeat())
        return;
    QAccessibleEvent event(this, QAccessible::DescriptionChanged);
    event.setChild(item->index());
    announceSeatMapEvent(&event);
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
