#include "ui/seatmap/seatmapaccessible.h"

#include "ui/seatmap/seatitem.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatmapview.h"

#include <QAccessible>
#include <QAccessibleWidget>
#include <QHash>
#include <QPointer>
#include <QScrollBar>

namespace boxoffice {

namespace {

class SeatMapViewAccessible;

SeatMapScene *seatSceneOf(const SeatMapView *view)
{
    return view ? qobject_cast<SeatMapScene *>(view->scene()) : nullptr;
}

// One seat. It has no QObject of its own, so it lives in QAccessible's cache by id, owned by the
// view's interface, which deletes it with itself.
class SeatAccessible : public QAccessibleInterface
{
public:
    SeatAccessible(SeatMapView *view, int index) : m_view(view), m_index(index) { }

    int index() const { return m_index; }

    bool isValid() const override { return item() != nullptr; }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_view ? m_view->window()->windowHandle() : nullptr; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override { return QAccessible::queryAccessibleInterface(m_view.data()); }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }

    QString text(QAccessible::Text t) const override
    {
        const SeatItem *seat = item();
        if (!seat)
            return QString();
        const SeatMapScene *scene = seatSceneOf(m_view);
        switch (t) {
        case QAccessible::Name:
            return scene->seatMap().seats.at(m_index).label;
        case QAccessible::Description:
            return scene->seatDescription(seat->unit());
        default:
            return QString();
        }
    }
    void setText(QAccessible::Text, const QString &) override { }

    QRect rect() const override
    {
        const SeatItem *seat = item();
        if (!seat)
            return QRect();
        const QRect inViewport = m_view->mapFromScene(seat->sceneBoundingRect()).boundingRect();
        return QRect(m_view->viewport()->mapToGlobal(inViewport.topLeft()), inViewport.size());
    }

    QAccessible::Role role() const override { return QAccessible::ListItem; }

    QAccessible::State state() const override
    {
        QAccessible::State state;
        const SeatItem *seat = item();
        if (!seat) {
            state.invalid = true;
            return state;
        }
        const SeatMapScene *scene = seatSceneOf(m_view);
        state.focusable = true;
        state.selectable = true;
        state.multiSelectable = true;
        state.selected = seat->isSelected();
        state.focused = scene->focusSeat() == seat->unit() && m_view->hasFocus();
        state.disabled = seat->look() == SeatLook::Sold;
        const QRect shown = m_view->mapFromScene(seat->sceneBoundingRect()).boundingRect();
        state.offscreen = !m_view->viewport()->rect().intersects(shown);
        return state;
    }

private:
    SeatItem *item() const
    {
        const SeatMapScene *scene = seatSceneOf(m_view);
        if (!scene || m_index < 0 || m_index >= scene->seatItems().size())
            return nullptr;
        return scene->seatItems().at(m_index);
    }

    QPointer<SeatMapView> m_view;
    int m_index;
};

class SeatMapViewAccessible : public QAccessibleWidget
{
public:
    explicit SeatMapViewAccessible(SeatMapView *view) : QAccessibleWidget(view, QAccessible::List) { }

    ~SeatMapViewAccessible() override
    {
        for (const QAccessible::Id id : std::as_const(m_children))
            QAccessible::deleteAccessibleInterface(id);
    }

    SeatMapView *view() const { return static_cast<SeatMapView *>(widget()); }

    int childCount() const override
    {
        const SeatMapScene *scene = seatSceneOf(view());
        return scene ? scene->seatCount() : 0;
    }

    QAccessibleInterface *child(int index) const override
    {
        if (index < 0 || index >= childCount())
            return nullptr;
        const auto known = m_children.constFind(index);
        if (known != m_children.cend())
            return QAccessible::accessibleInterface(*known);
        auto *seat = new SeatAccessible(view(), index);
        m_children.insert(index, QAccessible::registerAccessibleInterface(seat));
        return seat;
    }

    int indexOfChild(const QAccessibleInterface *child) const override
    {
        const auto *seat = dynamic_cast<const SeatAccessible *>(child);
        return seat && seat->parent() && seat->parent()->object() == view() ? seat->index() : -1;
    }

    QAccessibleInterface *focusChild() const override
    {
        const SeatMapScene *scene = seatSceneOf(view());
        const SeatItem *focus = scene ? scene->seatItem(scene->focusSeat()) : nullptr;
        return focus ? child(focus->index()) : nullptr;
    }

    QAccessibleInterface *childAt(int x, int y) const override
    {
        const SeatMapScene *scene = seatSceneOf(view());
        if (!scene)
            return nullptr;
        const QPointF at = view()->mapToScene(view()->viewport()->mapFromGlobal(QPoint(x, y)));
        const SeatItem *seat = scene->seatItem(scene->seatNearest(at));
        if (!seat || QLineF(seat->pos(), at).length() > 0.5)
            return nullptr;
        return child(seat->index());
    }

    QString text(QAccessible::Text t) const override
    {
        QString text = QAccessibleWidget::text(t);
        const SeatMapScene *scene = seatSceneOf(view());
        if (t == QAccessible::Name && scene && !scene->seatMap().event.name.isEmpty())
            text = QCoreApplication::translate("SeatMapView", "%1, %2").arg(text, scene->seatMap().event.name);
        return text;
    }

private:
    mutable QHash<int, QAccessible::Id> m_children;
};

std::function<void(const QAccessibleEvent &)> &observer()
{
    static std::function<void(const QAccessibleEvent &)> instance;
    return instance;
}

QAccessibleInterface *seatMapFactory(const QString &className, QObject *object)
{
    if (auto *view = qobject_cast<SeatMapView *>(object); view && className == QLatin1String("boxoffice::SeatMapView"))
        return new SeatMapViewAccessible(view);
    return nullptr;
}

} // namespace

void installSeatMapAccessibility()
{
    static const bool installed = [] {
        QAccessible::installFactory(seatMapFactory);
        return true;
    }();
    Q_UNUSED(installed)
}

} // namespace boxoffice

namespace boxoffice {

void announceSeatMapEvent(QAccessibleEvent *event)
{
    if (observer())
        observer()(*event);
    QAccessible::updateAccessibility(event);
}

void setSeatMapAccessibilityObserver(std::function<void(const QAccessibleEvent &)> callback)
{
    observer() = std::move(callback);
}

} // namespace boxoffice
