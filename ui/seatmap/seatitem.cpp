#include "ui/seatmap/seatitem.h"

#include <QCoreApplication>
#include <QFont>
#include <QHash>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPixmapCache>
#include <QStyleOptionGraphicsItem>
#include <QtMath>

#include <array>

namespace boxoffice {

namespace {

constexpr qreal seatSide = 0.8;
// Half the seat pitch: the selection ring may reach into the gap, and neighbours' rectangles only touch.
constexpr qreal boundHalf = 0.5;
constexpr qreal outlineWidth = 0.06;
constexpr qreal selectionWidth = 0.18;
constexpr qreal cornerRadius = 0.15;
// Text is drawn in a painter scaled down by this much: fonts take whole pixel sizes, a seat is 0.8.
constexpr qreal textScale = 100.0;

// Band colours avoid the hues that carry a meaning of their own here: blue (mine), amber (someone
// else's hold), grey (sold) and magenta (selected).
constexpr std::array<QRgb, 8> bandPalette
    = {0x7e57c2, 0x26a69a, 0x7cb342, 0xb0413e, 0x8d6e63, 0x00acc1, 0xc0ca33, 0x2e7d32};

bool isDark(const QColor &color)
{
    return color.lightness() < 150;
}

QFont numberFont()
{
    QFont font;
    font.setPixelSize(qRound(0.42 * textScale));
    return font;
}

} // namespace

SeatItem::SeatItem(UnitId unit, int index, int number, int band, SeatLook look)
    : m_unit(unit), m_index(index), m_number(number), m_band(qint16(band)), m_look(look)
{
    setFlag(ItemIsSelectable);
}

QRectF SeatItem::boundingRect() const
{
    return QRectF(-boundHalf, -boundHalf, 2 * boundHalf, 2 * boundHalf);
}

QPainterPath SeatItem::shape() const
{
    QPainterPath path;
    path.addRect(seatRect());
    return path;
}

QRectF SeatItem::seatRect()
{
    return QRectF(-seatSide / 2, -seatSide / 2, seatSide, seatSide);
}

void SeatItem::setLook(SeatLook look)
{
    if (look == m_look)
        return;
    m_look = look;
    update();
}

void SeatItem::setKeyboardFocus(bool focus)
{
    if (focus == m_keyboardFocus)
        return;
    m_keyboardFocus = focus;
    update();
}

QColor SeatItem::bandColor(int band)
{
    const int size = int(bandPalette.size());
    const int index = qMax(band, 0);
    const QColor base = QColor::fromRgb(bandPalette[std::size_t(index % size)]);
    // Venues with more bands than the palette get darker repeats rather than clashing hues.
    return index < size ? base : base.darker(100 + 35 * (index / size)).toRgb();
}

QColor SeatItem::fillColor(SeatLook look, int band)
{
    switch (look) {
    case SeatLook::Available:
        return bandColor(band);
    case SeatLook::Mine:
        return QColor(0x1e, 0x4f, 0xd8);
    case SeatLook::HeldByOther:
        return QColor(0xf2, 0xa9, 0x00);
    case SeatLook::Sold:
        return QColor(0x4d, 0x4d, 0x4d);
    case SeatLook::House:
        // A pale slate: off sale, unlike every (saturated) band colour, held (amber), yours (blue), the
        // selection (magenta) and sold (dark grey), and still visible on the map's light ground.
        return QColor(0x9f, 0xb3, 0xc8);
    }
    return bandColor(band);
}

QColor SeatItem::selectionColor()
{
    return QColor(0xe0, 0x16, 0x9b);
}

SeatMark SeatItem::markOf(SeatLook look)
{
    for (const SeatLookMark &entry : seatLookMarks) {
        if (entry.look == look)
            return entry.mark;
    }
    return SeatMark::None;
}

bool SeatItem::showsFromAfar(SeatLook look)
{
    for (const SeatLookMark &entry : seatLookMarks) {
        if (entry.look == look)
            return entry.showsFromAfar;
    }
    return false;
}

void SeatItem::paintSeat(QPainter *painter, const QRectF &rect, SeatLook look, int band, bool selected,
                         bool keyboardFocus)
{
    const QColor fill = fillColor(look, band);
    const qreal unit = rect.width() / seatSide; // the legend draws larger swatches than one venue unit
    const qreal radius = cornerRadius * unit;
    painter->setPen(QPen(fill.darker(140), outlineWidth * unit));
    painter->setBrush(fill);
    painter->drawRoundedRect(rect, radius, radius);

    // The mark says the same as the colour, for clerks and print-outs that cannot tell the colours apart.
    switch (markOf(look)) {
    case SeatMark::None:
        break;
    case SeatMark::Hatch:
        painter->setPen(Qt::NoPen);
        painter->setBrush(QBrush(QColor(0x3a, 0x3a, 0x3a), Qt::BDiagPattern));
        painter->drawRoundedRect(rect, radius, radius);
        break;
    case SeatMark::CornerDot: {
        const qreal r = 0.15 * unit;
        const QPointF corner = rect.topRight() + QPointF(-0.2 * unit, 0.2 * unit);
        painter->setPen(QPen(QColor(0x10, 0x10, 0x10), 0.03 * unit));
        painter->setBrush(Qt::white);
        painter->drawEllipse(corner, r, r);
        break;
    }
    case SeatMark::Cross: {
        const qreal inset = 0.16 * unit;
        const QRectF inner = rect.adjusted(inset, inset, -inset, -inset);
        painter->setPen(QPen(QColor(0xe8, 0xe8, 0xe8), 0.09 * unit, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(inner.topLeft(), inner.bottomRight());
        painter->drawLine(inner.topRight(), inner.bottomLeft());
        break;
    }
    case SeatMark::Bar: {
        const qreal inset = 0.14 * unit;
        const QRectF bar(rect.left() + inset, rect.center().y() - 0.07 * unit, rect.width() - 2 * inset, 0.14 * unit);
        painter->setPen(Qt::NoPen);
        painter->setBrush(Qt::white);
        painter->drawRect(bar);
        break;
    }
    }

    if (selected) {
        painter->setPen(QPen(selectionColor(), selectionWidth * unit));
        painter->setBrush(Qt::NoBrush);
        // The ring's outer edge stops at the bounding rectangle, half way into the gap.
        const qreal grow = (boundHalf - seatSide / 2 - selectionWidth / 2) * unit;
        painter->drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), radius, radius);
    }
    if (keyboardFocus) {
        // Black and white dashes read on every fill and next to the selection ring.
        const qreal width = 0.07 * unit;
        const qreal grow = (boundHalf - seatSide / 2 - width / 2) * unit;
        const QRectF ring = rect.adjusted(-grow, -grow, grow, grow);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(Qt::white, width));
        painter->drawRect(ring);
        QPen dashes(Qt::black, width, Qt::DashLine);
        painter->setPen(dashes);
        painter->drawRect(ring);
    }
}

void SeatItem::paintDetailed(QPainter *painter, bool withNumber, bool selected) const
{
    paintSeat(painter, seatRect(), m_look, m_band, selected, m_keyboardFocus);
    if (!withNumber)
        return;
    painter->save();
    painter->scale(1 / textScale, 1 / textScale);
    painter->setFont(numberFont());
    painter->setPen(isDark(fillColor(m_look, m_band)) ? Qt::white : Qt::black);
    const qreal side = seatSide * textScale;
    painter->drawText(QRectF(-side / 2, -side / 2, side, side), Qt::AlignCenter, QString::number(m_number));
    painter->restore();
}

QPixmap SeatItem::sprite(qreal devicePixelsPerUnit, qreal devicePixelRatio, bool withNumber, bool selected) const
{
    // Seats that look alike at one size share one picture: thousands of seats on screen come in a few
    // dozen kinds (look, band, selection, and the number when it shows).
    const quint64 key = (quint64(qRound(devicePixelsPerUnit * 4)) & 0xffff) << 48 // 16 bits
        | (quint64(withNumber ? m_number : 0) & 0xfffff) << 28 // 20 bits
        | (quint64(m_band) & 0xfff) << 16 // 12 bits
        | (quint64(qRound(devicePixelRatio * 4)) & 0xff) << 8 // 8 bits
        | (quint64(m_look) & 0xf) << 4 // 4 bits
        | (m_keyboardFocus ? 2 : 0) | (selected ? 1 : 0);
    static QHash<quint64, QPixmapCache::Key> cacheKeys;
    QPixmap picture;
    const auto known = cacheKeys.constFind(key);
    if (known != cacheKeys.cend() && QPixmapCache::find(*known, &picture))
        return picture;

    const int side = qCeil(devicePixelsPerUnit * 2 * boundHalf) + 1;
    picture = QPixmap(side, side);
    picture.fill(Qt::transparent);
    {
        QPainter painter(&picture);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        painter.scale(devicePixelsPerUnit, devicePixelsPerUnit);
        painter.translate(boundHalf, boundHalf);
        paintDetailed(&painter, withNumber, selected);
    }
    picture.setDevicePixelRatio(devicePixelRatio);
    if (cacheKeys.size() > 4096)
        cacheKeys.clear(); // zoomed through many sizes; the pixmap cache drops the unused pictures itself
    cacheKeys.insert(key, QPixmapCache::insert(picture));
    return picture;
}

void SeatItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget)
{
    Q_UNUSED(widget)
    const QTransform world = painter->worldTransform();
    const qreal detail = QStyleOptionGraphicsItem::levelOfDetailFromTransform(world);
    const bool selected = option->state.testFlag(QStyle::State_Selected);
    // Far out a seat is a few pixels: outlines and markers would only blur it, and this path is what
    // 50,000 seats cost on every full frame.
    if (detail < outlineDetail) {
        // Below two pixels a seat fills its whole cell: gaps narrower than a pixel only make moire.
        static const QRectF cell(-0.5, -0.5, 1.0, 1.0);
        painter->fillRect(detail < 2.0 ? cell : seatRect(), selected ? selectionColor() : fillColor(m_look, m_band));
        if (m_keyboardFocus)
            paintFarFocus(painter, detail);
        return;
    }
    const bool withNumber = detail >= numberDetail;

    // On screen (an unrotated view drawn by the raster engine) a seat is one blit of a shared picture;
    // an outlined rounded rectangle with antialiasing, and text, cost ten to a hundred times more.
    const bool plainScale = world.type() <= QTransform::TxScale && qFuzzyCompare(world.m11(), world.m22());
    if (!plainScale || painter->paintEngine()->type() != QPaintEngine::Raster) {
        paintDetailed(painter, withNumber, selected);
        return;
    }
    const qreal ratio = painter->device()->devicePixelRatioF();
    const qreal devicePixelsPerUnit = qRound(world.m11() * ratio * 4) / 4.0;
    const QPixmap picture = sprite(devicePixelsPerUnit, ratio, withNumber, selected);
    const QPointF corner = world.map(QPointF(-boundHalf, -boundHalf)) * ratio;
    // The view sets each item's transform before painting it, so changing it here leaks nowhere;
    // it is put back all the same for painters that do not (QGraphicsScene::render).
    painter->setWorldTransform(QTransform());
    painter->drawPixmap(QPointF(qRound(corner.x()), qRound(corner.y())) / ratio, picture);
    painter->setWorldTransform(world);
}

void SeatItem::paintFarFocus(QPainter *painter, qreal detail) const
{
    // A frame one pixel wide at the edge of the cell, inside the bounding rectangle.
    const qreal pixel = 1.0 / detail;
    const QRectF frame = boundingRect().adjusted(pixel / 2, pixel / 2, -pixel / 2, -pixel / 2);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(Qt::black, pixel));
    painter->drawRect(frame);
}

QString seatLookText(SeatLook look)
{
    switch (look) {
    case SeatLook::Available:
        return QCoreApplication::translate("SeatItem", "Available");
    case SeatLook::Mine:
        return QCoreApplication::translate("SeatItem", "Held by you");
    case SeatLook::HeldByOther:
        return QCoreApplication::translate("SeatItem", "Held by another sale");
    case SeatLook::Sold:
        return QCoreApplication::translate("SeatItem", "Sold");
    case SeatLook::House:
        return QCoreApplication::translate("SeatItem", "House seat (off sale)");
    }
    return QString();
}

} // namespace boxoffice

namespace boxoffice {

QString seatMarkText(SeatMark mark)
{
    switch (mark) {
    case SeatMark::None:
        return QCoreApplication::translate("SeatItem", "plain, in its price band's colour");
    case SeatMark::CornerDot:
        return QCoreApplication::translate("SeatItem", "blue with a white dot in the corner");
    case SeatMark::Hatch:
        return QCoreApplication::translate("SeatItem", "amber and hatched");
    case SeatMark::Cross:
        return QCoreApplication::translate("SeatItem", "dark grey and crossed out");
    case SeatMark::Bar:
        return QCoreApplication::translate("SeatItem", "with a white bar across");
    }
    return QString();
}

} // namespace boxoffice
