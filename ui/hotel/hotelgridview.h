#pragma once

#include "domain/frontdesk.h"

#include <QAbstractScrollArea>
#include <QDate>
#include <QHash>
#include <QRect>

namespace boxoffice {

// The front desk's hotel calendar: one row per room type, one column per night, each cell showing
// "free/sellable" shaded by occupancy; nights with more rooms booked than physically exist are drawn
// in red with a marker. The date header and the room type column stay put while the cells scroll.
//
// One widget paints the whole grid, and only the part of it that is exposed: a year of 20 room
// types is 7,300 cells, of which a screen shows a few hundred (STYLE.md item 7).
//
// A left drag across nights selects a stay's range in the row where it began; arrows move the
// cursor cell, Shift+arrows extend the range, Enter confirms it. Double click activates a night.
class HotelGridView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit HotelGridView(QWidget *parent = nullptr);

    void setCalendar(const HotelCalendar &calendar);
    // The same hotel's calendar read again (a live change elsewhere): the figures change, nothing the
    // clerk is doing does. Selection, cursor, a drag in progress and the scroll position stay as they
    // are while the calendar still has their room type and nights; only what no longer exists is let go.
    void refreshCalendar(const HotelCalendar &calendar);
    const HotelCalendar &calendar() const { return m_calendar; }
    // Live changes: replaces the nights given and repaints only their cells. Nights outside the
    // calendar, or of room types it does not show, are ignored.
    void updateNights(const QVector<NightAvailability> &nights);

    // The day the "today" marker is drawn on; the shared clock moves it at midnight. Defaults to
    // the local date when the view is created.
    void setToday(const QDate &today);
    QDate today() const { return m_today; }

    // Where a cell is in viewport coordinates (it may lie outside the viewport, or under the
    // frozen header or column when scrolled). Invalid for a row or day outside the calendar.
    QRect cellRect(int row, int day) const;
    // The row showing a room type, -1 when none does.
    int rowOf(RoomTypeId roomType) const;
    // Index of a night in the calendar (0 for its first night), -1 outside it.
    int dayOf(const QDate &night) const;
    // The cell under a viewport point: {row, day}, or {-1, -1} when the point is not over a cell.
    QPair<int, int> cellAt(const QPoint &viewportPos) const;
    // The part of the viewport where cells scroll (everything but the frozen header and column).
    QRect cellArea() const;

    // Scrolls so the night's column is visible (with a little context before it).
    void scrollToNight(const QDate &night);
    // Scrolls the least needed to show a cell whole.
    void ensureCellVisible(int row, int day);

    // The selection: a range of nights in one row. Empty (row -1) until the user selects.
    int selectedRow() const { return m_selRow; }
    QDate selectedCheckIn() const;
    QDate selectedCheckOut() const; // the night after the last selected one
    // Selects nights [checkIn, checkOut) of a room type, as if the user had; emits nothing.
    void setSelection(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut);
    void clearSelection();
    QPoint cursorCell() const { return QPoint(m_cursorDay, m_cursorRow); } // x = day, y = row
    // A cell in plain words, for a screen reader: room type, night, free and booked rooms, selection.
    // The focused cell's is the view's accessible description, kept current as the cursor moves.
    QString cellDescription(int row, int day) const;

    int cellWidth() const { return m_cellWidth; }
    int cellHeight() const { return m_cellHeight; }
    int headerHeight() const { return m_monthRowHeight + m_dayRowHeight; }
    int roomColumnWidth() const { return m_roomColumnWidth; }

    QSize sizeHint() const override;

signals:
    // checkOut is the night after the last selected night, as StayRequest has it.
    void rangeSelected(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut);
    void cellActivated(RoomTypeId roomType, const QDate &night);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    int rowCount() const { return int(m_calendar.roomTypes.size()); }
    int dayCount() const { return qMax(0, m_calendar.days()); }
    void updateMetrics();
    void updateScrollBars();
    void paintCell(QPainter &painter, int row, int day, const QRect &rect) const;
    void paintDayHeader(QPainter &painter, int day, const QRect &rect) const;
    void paintMonthRow(QPainter &painter, const QRect &exposed) const;
    void paintRoomHeader(QPainter &painter, int row, const QRect &rect) const;
    void paintCorner(QPainter &painter, const QRect &rect) const;
    bool isSelected(int row, int day) const;
    int dayAtX(int x) const; // not clamped; may be out of range
    int rowAtY(int y) const;
    // Repaints the cells of one row between two days (inclusive, any order).
    void updateCells(int row, int firstDay, int lastDay);
    void updateSelectionCells();
    void setSelectionRange(int row, int anchorDay, int endDay);
    void moveCursor(int row, int day, bool extend);
    void emitSelection();
    QString toolTipFor(int row, int day) const;
    void describeCursor();

    HotelCalendar m_calendar;
    QHash<RoomTypeId, int> m_rowOf;
    QDate m_today;

    int m_cellWidth = 48;
    int m_cellHeight = 26;
    int m_monthRowHeight = 18;
    int m_dayRowHeight = 34;
    int m_roomColumnWidth = 180;

    int m_selRow = -1;
    int m_selAnchor = -1; // the day the selection began at
    int m_selEnd = -1; // the day it extends to (the cursor while dragging)
    int m_cursorRow = 0;
    int m_cursorDay = 0;
    bool m_dragging = false;
};

} // namespace boxoffice
