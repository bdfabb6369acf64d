#pragma once

#include "domain/ids.h"

#include <QColor>
#include <QGraphicsItem>
#include <QPixmap>
#include <QString>

namespace boxoffice {

// What a seat shows at a glance once the hold clock and "which carts are mine" are applied: a HELD seat
// whose lease ran out already looks free, because a claim would treat it so.
enum class SeatLook : quint8 { Available, Mine, HeldByOther, Sold, House };

// One seat on the map. Kept light on purpose (a stadium has 50,000 of them): no QObject, no strings,
// no tooltip; the scene owns the seat's data and answers for it by index.
class SeatItem : public QGraphicsItem
{
public:
    enum { Type = UserType + 1 };

    SeatItem(UnitId unit, int index, int number, int band, SeatLook look);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    // The seat itself, without the gap around it: a press in the gap starts a rubber band.
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    UnitId unit() const { return m_unit; }
    int index() const { return m_index; } // into SeatMap::seats
    int number() const { return m_number; }
    int band() const { return m_band; }
    SeatLook look() const { return m_look; }
    // Repaints only when the look really changes, so a clock tick or a change record costs nothing
    // for seats that look the same afterwards.
    void setLook(SeatLook look);

    // The rectangle a seat covers around its position, in venue units (one seat pitch is 1.0).
    static QRectF seatRect();
    static QColor bandColor(int band);
    static QColor fillColor(SeatLook look, int band);
    static QColor selectionColor();
    // Draws a seat at medium detail; the legend uses it too, so its swatches match the map exactly.
    static void paintSeat(QPainter *painter, const QRectF &rect, SeatLook look, int band, bool selected);

    // Pixels per venue unit at which the map shows more: outlines first, then seat numbers.
    static constexpr qreal outlineDetail = 4.0;
    static constexpr qreal numberDetail = 22.0;

private:
    void paintDetailed(QPainter *painter, bool withNumber, bool selected) const;
    QPixmap sprite(qreal devicePixelsPerUnit, qreal devicePixelRatio, bool withNumber, bool selected) const;

    UnitId m_unit;
    int m_index;
    qint32 m_number;
    qint16 m_band;
    SeatLook m_look;
};

QString seatLookText(SeatLook look);

} // namespace boxoffice
