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

// What tells a look apart without colour (colour-blind clerks, grey print-outs, screenshots in a
// report): a mark drawn over the fill at medium and close zoom, repeated in the legend's swatch.
enum class SeatMark : quint8 { None, CornerDot, Hatch, Cross, Bar };

struct SeatLookMark
{
    SeatLook look;
    SeatMark mark;
    // Drawn as a marker on top in the far view, so it is seen at full view. Only what the clerk is
    // working on: a marker for each of thousands of other buyers' holds would bury it.
    bool showsFromAfar;
};

// One line per look; a new look joins with one line here (and its colour in SeatItem::fillColor).
// Selection is not a look: it is the thick ring round the seat.
inline constexpr SeatLookMark seatLookMarks[] = {
    {SeatLook::Available, SeatMark::None, false},
    {SeatLook::Mine, SeatMark::CornerDot, true},
    {SeatLook::HeldByOther, SeatMark::Hatch, false},
    {SeatLook::Sold, SeatMark::Cross, false},
};

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
    // The keyboard's seat (SeatMapScene::focusSeat): drawn with a focus ring.
    bool hasKeyboardFocus() const { return m_keyboardFocus; }
    void setKeyboardFocus(bool focus);

    // The rectangle a seat covers around its position, in venue units (one seat pitch is 1.0).
    static QRectF seatRect();
    static QColor bandColor(int band);
    static QColor fillColor(SeatLook look, int band);
    static QColor selectionColor();
    static SeatMark markOf(SeatLook look);
    static bool showsFromAfar(SeatLook look);
    // Draws a seat at medium detail; the legend uses it too, so its swatches match the map exactly.
    static void paintSeat(QPainter *painter, const QRectF &rect, SeatLook look, int band, bool selected,
                          bool keyboardFocus = false);

    // Pixels per venue unit at which the map shows more: outlines first, then seat numbers.
    static constexpr qreal outlineDetail = 4.0;
    static constexpr qreal numberDetail = 22.0;

private:
    void paintDetailed(QPainter *painter, bool withNumber, bool selected) const;
    // Far out a seat is a cell of colour; the focus ring still has to show where the keyboard is.
    void paintFarFocus(QPainter *painter, qreal detail) const;
    QPixmap sprite(qreal devicePixelsPerUnit, qreal devicePixelRatio, bool withNumber, bool selected) const;

    UnitId m_unit;
    int m_index;
    qint32 m_number;
    qint16 m_band;
    SeatLook m_look;
    bool m_keyboardFocus = false;
};

QString seatLookText(SeatLook look);
// The mark in words, for the legend's accessible descriptions ("crossed out").
QString seatMarkText(SeatMark mark);

} // namespace boxoffice
