#pragma once

#include "domain/bestavailable.h"
#include "domain/ids.h"
#include "domain/seatmap.h"
#include "ui/seatmap/seatitem.h"

#include <QDateTime>
#include <QGraphicsScene>
#include <QHash>
#include <QRectF>
#include <QSet>
#include <QVector>

#include <optional>

namespace boxoffice {

class SeatOverviewItem;

// The seats of one event, one SeatItem each, plus the stage or pitch and the section and row labels.
// Built once from a SeatMap, then kept current seat by seat: a change record, the clerk's carts or the
// server clock repaint only the seats whose look they change. The seats of a section share one parent
// item (a layer that draws nothing), and one SeatOverviewItem draws them all far out (setFarView).
class SeatMapScene : public QGraphicsScene
{
    Q_OBJECT

public:
    explicit SeatMapScene(QObject *parent = nullptr);

    void setSeatMap(const SeatMap &map);
    const SeatMap &seatMap() const { return m_map; }
    // Each seat's quality for best available (domain seatQuality), computed once per map with the
    // venue's own scoring, as the map brings it.
    const QVector<double> &seatQuality() const { return m_quality; }
    int seatCount() const { return int(m_items.size()); }

    void applyChange(const SeatChange &change);
    // Seats held by these carts draw as the clerk's own.
    void setMyCarts(const QSet<CartId> &carts);
    QSet<CartId> myCarts() const { return m_myCarts; }
    // The database's clock, ticked by the window's shared clock: a HELD seat whose lease ran out
    // draws as free, because a claim would treat it so.
    void setServerNow(const QDateTime &serverNow);
    QDateTime serverNow() const { return m_serverNow; }

    std::optional<SeatMapSeat> seat(UnitId unit) const;
    SeatItem *seatItem(UnitId unit) const { return m_items.value(unit); }
    // Seat items in SeatMap::seats order.
    const QVector<SeatItem *> &seatItems() const { return m_byIndex; }
    SeatOverviewItem *overviewItem() const { return m_overview; }
    // Far out (below SeatOverviewItem::farZoom) the overview item draws every seat from one picture
    // and the seat items are skipped whole; the view says which before it paints.
    void setFarView(bool far);
    bool isFarView() const { return m_farView; }
    SeatLook lookOf(const SeatMapSeat &seat) const;
    QVector<UnitId> selectedUnits() const; // ascending
    QString seatToolTip(UnitId unit) const;
    // What a screen reader says about a seat beyond its label: place, price band and price, state.
    QString seatDescription(UnitId unit) const;

    // The keyboard's seat: arrow keys move it, Space selects it, Enter activates it (SeatMapView).
    // 0 when there is none.
    UnitId focusSeat() const { return m_focusUnit; }
    void setFocusSeat(UnitId unit);
    // What a plain click on the seat does (seatActivated), from the keyboard.
    void activateSeat(UnitId unit);
    // The seat nearest a point of the venue, 0 if the map is empty.
    UnitId seatNearest(const QPointF &scenePos) const;
    // The nearest seat from `from` in a direction (scene axes, e.g. (1, 0) is right on screen),
    // within 45 degrees of it; 0 if there is none that way.
    UnitId seatTowards(UnitId from, const QPointF &direction) const;

    // A section's seats and where its name is drawn, for labels that follow the view.
    struct SectionPlace
    {
        QString name;
        QRectF seats;
        QPointF labelAt;
    };
    const QVector<SectionPlace> &sectionPlaces() const { return m_sectionPlaces; }

    // Where the seats are (centres plus half a pitch), in venue units.
    QRectF seatsBoundingRect() const { return m_seatsRect; }
    // The stage bar above the seats, or the pitch in the middle of an arena; empty if there are no seats.
    QRectF stageRect() const { return m_stageRect; }
    bool isArena() const { return m_arena; }

signals:
    void focusSeatChanged(boxoffice::UnitId unit);
    // A seat's look or selection changed (a change record, the clock, the clerk's carts, a click).
    void seatLookChanged(boxoffice::UnitId unit);
    // A plain left click on a seat: the window holds or releases it. Clicks that only adjust the
    // selection (Ctrl or Shift held) and drags do not count.
    void seatActivated(boxoffice::UnitId unit);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override;
    // Tooltips are written when asked for: 50,000 prepared strings would cost megabytes for nothing.
    void helpEvent(QGraphicsSceneHelpEvent *event) override;

private:
    SeatItem *seatItemAt(const QPointF &scenePos) const;
    void addSeats();
    void addStage();
    void addLabels();
    void addOverview();
    void setLookOf(SeatItem *item);

    SeatMap m_map;
    QVector<double> m_quality;
    QHash<UnitId, SeatItem *> m_items;
    QVector<SeatItem *> m_byIndex;
    SeatOverviewItem *m_overview = nullptr;
    QVector<QGraphicsItem *> m_layers; // one per section, parents of its seats
    bool m_farView = false;
    QSet<UnitId> m_held; // the only seats a clock tick or a change of carts can change the look of
    QSet<CartId> m_myCarts;
    QDateTime m_serverNow;
    QRectF m_seatsRect;
    QRectF m_stageRect;
    bool m_arena = false;
    UnitId m_pressedUnit = 0;
    UnitId m_focusUnit = 0;
    QVector<SectionPlace> m_sectionPlaces;
};

} // namespace boxoffice
