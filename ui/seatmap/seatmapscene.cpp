#include "ui/seatmap/seatmapscene.h"

#include "ui/common/money.h"
#include "ui/seatmap/seatoverviewitem.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QLineF>
#include <QMap>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QToolTip>
#include <QtMath>

#include <algorithm>
#include <climits>
#include <limits>
#include <utility>

namespace boxoffice {

namespace {

enum ItemType { StageType = QGraphicsItem::UserType + 10, SectionLabelType, RowLabelsType, SeatLayerType };

constexpr qreal seatHalf = 0.5;
// Text in venue units is drawn in a painter scaled down by this much: fonts take whole pixel sizes.
constexpr qreal textScale = 100.0;
// Row numbers appear once they are legible (rowLabelHeight venue units tall, at least 8 pixels),
// before the seat numbers do.
constexpr qreal rowLabelHeight = 0.6;
constexpr qreal rowLabelDetail = 14.0;

QPointF unitVector(const QPointF &v, const QPointF &fallback)
{
    const qreal length = qSqrt(v.x() * v.x() + v.y() * v.y());
    return length > 1e-9 ? v / length : fallback;
}

void drawScaledText(QPainter *painter, const QRectF &rect, qreal textHeight, const QString &text, const QColor &color,
                    bool bold)
{
    painter->save();
    painter->scale(1 / textScale, 1 / textScale);
    QFont font;
    font.setPixelSize(qMax(1, qRound(textHeight * textScale)));
    font.setBold(bold);
    painter->setFont(font);
    painter->setPen(color);
    const QRectF scaled(rect.topLeft() * textScale, rect.size() * textScale);
    painter->drawText(scaled, Qt::AlignCenter, text);
    painter->restore();
}

// Holds the seats of one section and draws nothing itself. The seats keep their own positions (the
// layer sits at the origin, untransformed), so scene and item coordinates of a seat stay the same.
// Far out the layer is made fully transparent, and the view then skips its seats in one step instead
// of looking at each (see SeatMapScene::setFarView); transparent seats can still be hit and selected.
class SeatLayerItem : public QGraphicsItem
{
public:
    SeatLayerItem() { setFlag(ItemHasNoContents); }

    int type() const override { return SeatLayerType; }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *, const QStyleOptionGraphicsItem *, QWidget *) override { }
    void grow(const QPointF &seat) { m_bounds |= QRectF(seat - QPointF(seatHalf, seatHalf), QSizeF(1, 1)); }

private:
    QRectF m_bounds;
};

// The stage bar of a theatre, or the pitch of an arena.
class StageItem : public QGraphicsItem
{
public:
    StageItem(const QRectF &rect, bool pitch) : m_rect(rect), m_pitch(pitch) { setZValue(-1); }

    int type() const override { return StageType; }
    QRectF boundingRect() const override { return m_rect.adjusted(-0.5, -0.5, 0.5, 0.5); }

    void paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) override
    {
        if (!m_pitch) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(QColor(0x37, 0x47, 0x4f));
            painter->drawRoundedRect(m_rect, 0.4, 0.4);
            drawScaledText(painter, m_rect, m_rect.height() * 0.55, SeatMapScene::tr("STAGE"), Qt::white, true);
            return;
        }
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0x6a, 0xa8, 0x4f));
        painter->drawRect(m_rect);
        // Markings only so the pitch reads as a pitch; their width stays one line on screen at any zoom.
        QPen line(QColor(255, 255, 255, 200), 1.5);
        line.setCosmetic(true);
        painter->setPen(line);
        painter->setBrush(Qt::NoBrush);
        const QRectF field = m_rect.adjusted(m_rect.width() * 0.04, m_rect.height() * 0.05, -m_rect.width() * 0.04,
                                             -m_rect.height() * 0.05);
        painter->drawRect(field);
        const QPointF centre = field.center();
        const qreal radius = qMin(field.width(), field.height()) * 0.14;
        if (field.width() >= field.height())
            painter->drawLine(QPointF(centre.x(), field.top()), QPointF(centre.x(), field.bottom()));
        else
            painter->drawLine(QPointF(field.left(), centre.y()), QPointF(field.right(), centre.y()));
        painter->drawEllipse(centre, radius, radius);
    }

private:
    QRectF m_rect;
    bool m_pitch;
};

// A section's name behind its back row. It keeps its size on screen (ItemIgnoresTransformations), so
// it stays readable when the whole stadium is in view and does not swamp the seats close up. Where the
// neighbouring labels are too close at the current zoom for the name, it shows the section's code.
class SectionLabelItem : public QGraphicsItem
{
public:
    SectionLabelItem(const QString &name, const QString &code, bool above) : m_name(name), m_code(code)
    {
        setFlag(ItemIgnoresTransformations);
        setZValue(1);
        m_font.setBold(true);
        m_font.setPixelSize(13);
        const QFontMetricsF metrics(m_font);
        const QSizeF size = metrics.size(Qt::TextSingleLine, m_name) + QSizeF(4, 0);
        m_codeWidth = metrics.horizontalAdvance(m_code) + 4;
        const qreal gap = 2; // pixels between the back row and the text
        m_rect = QRectF(QPointF(-size.width() / 2, above ? -gap - size.height() : gap), size);
    }

    // The other labels' anchors in this label's own frame (x along the text, y across), in venue units.
    void setNeighbours(const QVector<QPointF> &neighbours) { m_neighbours = neighbours; }

    int type() const override { return SectionLabelType; }
    QRectF boundingRect() const override { return m_rect; }

    void paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *widget) override
    {
        painter->setFont(m_font);
        painter->setPen(QColor(0x3c, 0x3c, 0x3c));
        painter->setBrush(Qt::NoBrush);
        painter->drawText(m_rect, Qt::AlignCenter, fitsName(zoomOf(widget)) ? m_name : m_code);
    }

private:
    static qreal zoomOf(const QWidget *viewport)
    {
        const auto *view = viewport ? qobject_cast<const QGraphicsView *>(viewport->parentWidget()) : nullptr;
        return view ? view->transform().m11() : 0;
    }

    bool fitsName(qreal zoom) const
    {
        if (zoom <= 0)
            return true;
        qreal room = std::numeric_limits<qreal>::max();
        for (const QPointF &other : m_neighbours) {
            if (qAbs(other.y()) * zoom < m_rect.height() + 4)
                room = qMin(room, qAbs(other.x()) * zoom);
        }
        // Both neighbours centre their text on their anchors: a name needs its own width between them.
        return m_rect.width() + 6 <= room || m_codeWidth >= m_rect.width();
    }

    QString m_name;
    QString m_code;
    QFont m_font;
    QRectF m_rect;
    qreal m_codeWidth = 0;
    QVector<QPointF> m_neighbours;
};

// The row numbers of one section, each at the left end of its row; drawn only when zoomed in, where a
// clerk reads row and seat off the map.
class RowLabelsItem : public QGraphicsItem
{
public:
    void add(const QPointF &at, int row)
    {
        m_labels.append({at, row});
        m_bounds |= QRectF(at - QPointF(seatHalf, seatHalf), QSizeF(2 * seatHalf, 2 * seatHalf));
    }

    int type() const override { return RowLabelsType; }
    QRectF boundingRect() const override { return m_bounds; }

    void paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) override
    {
        const qreal detail = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
        if (detail < rowLabelDetail)
            return;
        for (const auto &[at, row] : std::as_const(m_labels)) {
            const QRectF box(at - QPointF(seatHalf, seatHalf), QSizeF(2 * seatHalf, 2 * seatHalf));
            drawScaledText(painter, box, rowLabelHeight, QString::number(row), QColor(0x55, 0x55, 0x55), false);
        }
    }

private:
    QVector<std::pair<QPointF, int>> m_labels;
    QRectF m_bounds;
};

struct RowEnds
{
    int firstNumber = INT_MAX;
    int lastNumber = INT_MIN;
    QPointF first;
    QPointF last;
    QPointF sum;
    int count = 0;

    void add(const SeatMapSeat &seat)
    {
        const QPointF at(seat.x, seat.y);
        if (seat.number < firstNumber) {
            firstNumber = seat.number;
            first = at;
        }
        if (seat.number > lastNumber) {
            lastNumber = seat.number;
            last = at;
        }
        sum += at;
        ++count;
    }
    QPointF centre() const { return sum / count; }
};

} // namespace

SeatMapScene::SeatMapScene(QObject *parent) : QGraphicsScene(parent)
{
    setBackgroundBrush(QColor(0xf4, 0xf2, 0xed));
    // Far out the seats are drawn by the overview item from one cached picture; the views skip the
    // seat items there (a seat is one unit wide), which is what keeps the whole stadium within a frame.
    setMinimumRenderSize(SeatOverviewItem::farZoom);
    connect(this, &QGraphicsScene::selectionChanged, this, [this] {
        if (m_overview)
            m_overview->selectionChanged();
    });
}

void SeatMapScene::setSeatMap(const SeatMap &map)
{
    m_overview = nullptr;
    m_focusUnit = 0;
    m_sectionPlaces.clear();
    m_layers.clear();
    m_farView = false;
    clear();
    m_items.clear();
    m_byIndex.clear();
    m_held.clear();
    m_pressedUnit = 0;
    m_map = map;
    m_quality = boxoffice::seatQuality(m_map, m_map.scoring);
    addSeats();
    addStage();
    addLabels();
    addOverview();

    const QRectF content = m_seatsRect | m_stageRect;
    const qreal margin = 2 + 0.04 * qMax(content.width(), content.height());
    setSceneRect(content.adjusted(-margin, -margin, margin, margin));
}

void SeatMapScene::addSeats()
{
    m_items.reserve(m_map.seats.size());
    m_byIndex.reserve(m_map.seats.size());
    qreal left = 0, top = 0, right = 0, bottom = 0;
    QHash<int, SeatLayerItem *> layers;
    for (int i = 0; i < m_map.seats.size(); ++i) {
        const SeatMapSeat &seat = m_map.seats.at(i);
        SeatLayerItem *&layer = layers[seat.section];
        if (!layer) {
            layer = new SeatLayerItem;
            addItem(layer);
            m_layers.append(layer);
        }
        layer->grow(QPointF(seat.x, seat.y));
        auto *item = new SeatItem(seat.unit, i, seat.number, seat.band, lookOf(seat));
        item->setPos(seat.x, seat.y);
        item->setParentItem(layer);
        m_items.insert(seat.unit, item);
        m_byIndex.append(item);
        if (seat.state == SeatState::Held)
            m_held.insert(seat.unit);
        if (i == 0) {
            left = right = seat.x;
            top = bottom = seat.y;
        } else {
            left = qMin(left, seat.x);
            right = qMax(right, seat.x);
            top = qMin(top, seat.y);
            bottom = qMax(bottom, seat.y);
        }
    }
    m_seatsRect = m_map.seats.isEmpty()
        ? QRectF()
        : QRectF(QPointF(left, top), QPointF(right, bottom)).adjusted(-seatHalf, -seatHalf, seatHalf, seatHalf);
}

void SeatMapScene::addOverview()
{
    if (m_byIndex.isEmpty())
        return;
    m_overview = new SeatOverviewItem(&m_byIndex, m_seatsRect);
    addItem(m_overview);
}

void SeatMapScene::setFarView(bool far)
{
    if (far == m_farView)
        return;
    m_farView = far;
    for (QGraphicsItem *layer : std::as_const(m_layers))
        layer->setOpacity(far ? 0.0 : 1.0);
}

void SeatMapScene::setLookOf(SeatItem *item)
{
    const SeatLook look = lookOf(m_map.seats.at(item->index()));
    if (look == item->look())
        return;
    item->setLook(look);
    if (m_overview)
        m_overview->seatChanged(item->index());
    emit seatLookChanged(item->unit());
}

void SeatMapScene::setFocusSeat(UnitId unit)
{
    if (unit != 0 && !m_items.contains(unit))
        return;
    if (unit == m_focusUnit)
        return;
    if (SeatItem *old = m_items.value(m_focusUnit)) {
        old->setKeyboardFocus(false);
        if (m_overview)
            m_overview->seatChanged(old->index());
    }
    m_focusUnit = unit;
    if (SeatItem *item = m_items.value(unit)) {
        item->setKeyboardFocus(true);
        if (m_overview)
            m_overview->seatChanged(item->index());
    }
    emit focusSeatChanged(unit);
}

void SeatMapScene::activateSeat(UnitId unit)
{
    if (m_items.contains(unit))
        emit seatActivated(unit);
}

UnitId SeatMapScene::seatNearest(const QPointF &scenePos) const
{
    UnitId best = 0;
    qreal bestDistance = std::numeric_limits<qreal>::max();
    for (const SeatMapSeat &seat : std::as_const(m_map.seats)) {
        const qreal dx = seat.x - scenePos.x();
        const qreal dy = seat.y - scenePos.y();
        const qreal distance = dx * dx + dy * dy;
        if (distance < bestDistance) {
            bestDistance = distance;
            best = seat.unit;
        }
    }
    return best;
}

UnitId SeatMapScene::seatTowards(UnitId from, const QPointF &direction) const
{
    const SeatItem *start = m_items.value(from);
    if (!start)
        return 0;
    const QPointF origin = start->pos();
    const QPointF along = unitVector(direction, QPointF(1, 0));
    UnitId best = 0;
    qreal bestCost = std::numeric_limits<qreal>::max();
    for (const SeatMapSeat &seat : std::as_const(m_map.seats)) {
        const QPointF offset = QPointF(seat.x, seat.y) - origin;
        const qreal forward = offset.x() * along.x() + offset.y() * along.y();
        const qreal sideways = qAbs(offset.x() * along.y() - offset.y() * along.x());
        if (forward < 0.1 || sideways > forward)
            continue;
        // Straight ahead first: the next seat of the row, the same seat of the next row.
        const qreal cost = forward + 3 * sideways;
        if (cost < bestCost) {
            bestCost = cost;
            best = seat.unit;
        }
    }
    return best;
}

void SeatMapScene::addStage()
{
    m_stageRect = QRectF();
    m_arena = false;
    if (m_map.seats.isEmpty())
        return;
    // Decided by geometry, not by the venue's name: when the middle of the seating is empty, the seats
    // surround something (a pitch, a ring); otherwise they all face a stage at the top, since y grows
    // away from the stage.
    const QRectF bounds = m_seatsRect;
    const QPointF centre = bounds.center();
    const QSizeF coreHalf(bounds.width() * 0.15, bounds.height() * 0.15);
    const QRectF core(centre - QPointF(coreHalf.width(), coreHalf.height()), coreHalf * 2);
    m_arena = std::none_of(m_map.seats.cbegin(), m_map.seats.cend(),
                           [&](const SeatMapSeat &seat) { return core.contains(seat.x, seat.y); });

    if (m_arena) {
        // The pitch reaches to the innermost seats level with the centre, on each of the four sides.
        qreal left = bounds.left(), right = bounds.right(), top = bounds.top(), bottom = bounds.bottom();
        for (const SeatMapSeat &seat : std::as_const(m_map.seats)) {
            if (qAbs(seat.y - centre.y()) <= coreHalf.height()) {
                if (seat.x < centre.x())
                    left = qMax(left, seat.x);
                else
                    right = qMin(right, seat.x);
            }
            if (qAbs(seat.x - centre.x()) <= coreHalf.width()) {
                if (seat.y < centre.y())
                    top = qMax(top, seat.y);
                else
                    bottom = qMin(bottom, seat.y);
            }
        }
        const qreal inset = seatHalf + 2.5;
        m_stageRect = QRectF(QPointF(left, top), QPointF(right, bottom)).adjusted(inset, inset, -inset, -inset);
    } else {
        const qreal width = qMax(8.0, bounds.width() * 0.6);
        const qreal height = qBound(2.0, bounds.height() * 0.06, 6.0);
        m_stageRect = QRectF(centre.x() - width / 2, bounds.top() - 2.0 - height, width, height);
    }
    if (m_stageRect.isValid())
        addItem(new StageItem(m_stageRect, m_arena));
}

void SeatMapScene::addLabels()
{
    QVector<QMap<int, RowEnds>> sections(m_map.sections.size());
    for (const SeatMapSeat &seat : std::as_const(m_map.seats)) {
        if (seat.section >= 0 && seat.section < sections.size())
            sections[seat.section][seat.row].add(seat);
    }

    QVector<SectionLabelItem *> labels;
    for (int s = 0; s < sections.size(); ++s) {
        const QMap<int, RowEnds> &rows = sections.at(s);
        if (rows.isEmpty())
            continue;
        const RowEnds &front = rows.first();
        const RowEnds &back = rows.last();
        // "Outward" is the way rows count up, away from the stage; a one-row section faces the stage.
        const QPointF outward = unitVector(back.centre() - front.centre(), QPointF(0, 1));
        const QPointF along = unitVector(front.last - front.first, QPointF(outward.y(), -outward.x()));

        auto *rowLabels = new RowLabelsItem;
        for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
            const RowEnds &row = it.value();
            const QPointF rowAlong = unitVector(row.last - row.first, along);
            const QPointF before = row.first - rowAlong * 0.9;
            const QPointF after = row.last + rowAlong * 0.9;
            // The left end as the clerk sees it; for rows running up or down the screen, the top end.
            const bool vertical = qAbs(rowAlong.x()) < 0.5;
            const bool beforeIsLeft = vertical ? before.y() <= after.y() : before.x() <= after.x();
            rowLabels->add(beforeIsLeft ? before : after, it.key());
        }
        addItem(rowLabels);

        // Text runs along the rows but never upside down.
        qreal angle = qRadiansToDegrees(qAtan2(along.y(), along.x()));
        if (angle > 90.5)
            angle -= 180;
        else if (angle <= -89.5)
            angle += 180;
        const qreal radians = qDegreesToRadians(angle);
        // Which side of the label's own baseline "outward" falls on, after the label is turned.
        const qreal outwardLocalY = -qSin(radians) * outward.x() + qCos(radians) * outward.y();
        const SeatMapSection &section = m_map.sections.at(s);
        auto *label = new SectionLabelItem(section.name.isEmpty() ? section.code : section.name, section.code,
                                           outwardLocalY < 0);
        label->setPos(back.centre() + outward * (seatHalf + 0.1));
        label->setRotation(angle);
        addItem(label);
        labels.append(label);

        QRectF seats;
        for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
            seats |= QRectF(it->first, QSizeF(0.01, 0.01));
            seats |= QRectF(it->last, QSizeF(0.01, 0.01));
        }
        m_sectionPlaces.append({section.name.isEmpty() ? section.code : section.name,
                                seats.adjusted(-seatHalf, -seatHalf, seatHalf, seatHalf), label->pos()});
    }

    for (SectionLabelItem *label : std::as_const(labels)) {
        const QTransform toLocal = QTransform().rotate(-label->rotation());
        QVector<QPointF> neighbours;
        for (const SectionLabelItem *other : std::as_const(labels)) {
            if (other != label)
                neighbours.append(toLocal.map(other->pos() - label->pos()));
        }
        label->setNeighbours(neighbours);
    }
}

SeatLook SeatMapScene::lookOf(const SeatMapSeat &seat) const
{
    switch (seat.state) {
    case SeatState::Sold:
        return SeatLook::Sold;
    case SeatState::House:
        return SeatLook::House;
    case SeatState::Available:
        return SeatLook::Available;
    case SeatState::Held:
        if (m_serverNow.isValid() && seatIsFree(seat.state, seat.holdExpiresAt, m_serverNow))
            return SeatLook::Available;
        return m_myCarts.contains(seat.cart) ? SeatLook::Mine : SeatLook::HeldByOther;
    }
    return SeatLook::Available;
}

void SeatMapScene::applyChange(const SeatChange &change)
{
    SeatItem *item = m_items.value(change.unit);
    if (!item)
        return; // another event's seat, or a map loaded before the seat existed
    SeatMapSeat &seat = m_map.seats[item->index()];
    seat.state = change.state;
    seat.cart = change.cart;
    seat.holdExpiresAt = change.holdExpiresAt;
    if (seat.state == SeatState::Held)
        m_held.insert(seat.unit);
    else
        m_held.remove(seat.unit);
    setLookOf(item);
}

void SeatMapScene::setMyCarts(const QSet<CartId> &carts)
{
    m_myCarts = carts;
    for (const UnitId unit : std::as_const(m_held)) {
        setLookOf(m_items.value(unit));
    }
}

void SeatMapScene::setServerNow(const QDateTime &serverNow)
{
    m_serverNow = serverNow;
    for (const UnitId unit : std::as_const(m_held)) {
        setLookOf(m_items.value(unit));
    }
}

std::optional<SeatMapSeat> SeatMapScene::seat(UnitId unit) const
{
    const SeatItem *item = m_items.value(unit);
    if (!item)
        return std::nullopt;
    return m_map.seats.at(item->index());
}

QVector<UnitId> SeatMapScene::selectedUnits() const
{
    QVector<UnitId> units;
    const QList<QGraphicsItem *> selected = selectedItems();
    for (const QGraphicsItem *item : selected) {
        if (item->type() == SeatItem::Type)
            units.append(static_cast<const SeatItem *>(item)->unit());
    }
    std::sort(units.begin(), units.end());
    return units;
}

QString SeatMapScene::seatToolTip(UnitId unit) const
{
    const SeatItem *item = m_items.value(unit);
    if (!item)
        return QString();
    const SeatMapSeat &seat = m_map.seats.at(item->index());
    const QString section
        = seat.section >= 0 && seat.section < m_map.sections.size() ? m_map.sections.at(seat.section).name : QString();
    QString text = tr("%1, row %2, seat %3").arg(section).arg(seat.row).arg(seat.number);
    if (seat.band >= 0 && seat.band < m_map.bands.size()) {
        const SeatMapBand &band = m_map.bands.at(seat.band);
        text += QLatin1Char('\n') + band.name + QStringLiteral(", ") + band.price.text();
    }
    text += QLatin1Char('\n') + seatLookText(item->look());
    if (item->look() == SeatLook::Mine || item->look() == SeatLook::HeldByOther) {
        if (m_serverNow.isValid() && seat.holdExpiresAt.isValid()) {
            const qint64 left = qMax<qint64>(0, m_serverNow.secsTo(seat.holdExpiresAt));
            text += tr(", %1:%2 left").arg(left / 60).arg(left % 60, 2, 10, QLatin1Char('0'));
        }
    }
    return text;
}

QString SeatMapScene::seatDescription(UnitId unit) const
{
    const SeatItem *item = m_items.value(unit);
    if (!item)
        return QString();
    const SeatMapSeat &seat = m_map.seats.at(item->index());
    const QString section
        = seat.section >= 0 && seat.section < m_map.sections.size() ? m_map.sections.at(seat.section).name : QString();
    QStringList parts;
    parts << tr("%1, row %2, seat %3").arg(section).arg(seat.row).arg(seat.number);
    if (seat.band >= 0 && seat.band < m_map.bands.size()) {
        const SeatMapBand &band = m_map.bands.at(seat.band);
        parts << tr("%1, %2").arg(band.name, band.price.text());
    }
    parts << seatLookText(item->look());
    if (item->isSelected())
        parts << tr("selected");
    return parts.join(QStringLiteral("; "));
}

SeatItem *SeatMapScene::seatItemAt(const QPointF &scenePos) const
{
    // items() rather than itemAt(): a section label drawn over the seats must not hide the seat.
    const QList<QGraphicsItem *> hits = items(scenePos, Qt::IntersectsItemShape, Qt::DescendingOrder);
    for (QGraphicsItem *hit : hits) {
        if (hit->type() == SeatItem::Type)
            return static_cast<SeatItem *>(hit);
    }
    return nullptr;
}

void SeatMapScene::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    QGraphicsScene::mousePressEvent(event);
    const SeatItem *item = event->button() == Qt::LeftButton ? seatItemAt(event->scenePos()) : nullptr;
    m_pressedUnit = item ? item->unit() : 0;
}

void SeatMapScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    const UnitId pressed = std::exchange(m_pressedUnit, 0);
    QGraphicsScene::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || pressed == 0)
        return;
    if (event->modifiers() & (Qt::ControlModifier | Qt::ShiftModifier))
        return;
    const QPoint moved = event->screenPos() - event->buttonDownScreenPos(Qt::LeftButton);
    if (moved.manhattanLength() >= QApplication::startDragDistance())
        return;
    const SeatItem *item = seatItemAt(event->scenePos());
    if (item && item->unit() == pressed)
        emit seatActivated(pressed);
}

void SeatMapScene::helpEvent(QGraphicsSceneHelpEvent *event)
{
    const SeatItem *item = seatItemAt(event->scenePos());
    if (!item) {
        QToolTip::hideText();
        event->ignore();
        return;
    }
    QToolTip::showText(event->screenPos(), seatToolTip(item->unit()), event->widget());
    event->accept();
}

} // namespace boxoffice
