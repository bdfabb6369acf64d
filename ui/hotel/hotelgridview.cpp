#include "ui/hotel/hotelgridview.h"

#include "ui/common/money.h"
#include "ui/hotel/hotelgridaccessible.h"

#include <QAccessible>
#include <QFocusEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

namespace boxoffice {

namespace {

// Occupancy runs from a pale to a deep blue; overbooking is red, a colour no occupancy reaches.
const QColor emptyColor(0xf4, 0xf8, 0xfd);
const QColor fullColor(0x2b, 0x57, 0x97);
const QColor closedColor(0xe6, 0xe6, 0xe6);
const QColor overbookedFill(0xd3, 0x2f, 0x2f);
const QColor overbookedBorder(0x7a, 0x00, 0x00);
const QColor overbookedMarker(0xff, 0xd5, 0x4f);
const QColor gridColor(0xd3, 0xda, 0xe4);
const QColor monthLineColor(0x6b, 0x77, 0x88);
const QColor todayColor(0xef, 0x8a, 0x00);
const QColor headerColor(0xf0, 0xf2, 0xf5);
const QColor weekendHeaderColor(0xe2, 0xe6, 0xec);
const QColor headerTextColor(0x2a, 0x2f, 0x36);

QColor blend(const QColor &from, const QColor &to, qreal t)
{
    t = qBound(0.0, t, 1.0);
    return QColor::fromRgbF(float(from.redF() + (to.redF() - from.redF()) * t),
                            float(from.greenF() + (to.greenF() - from.greenF()) * t),
                            float(from.blueF() + (to.blueF() - from.blueF()) * t));
}

bool isWeekend(const QDate &date)
{
    return date.dayOfWeek() >= Qt::Saturday;
}

} // namespace

HotelGridView::HotelGridView(QWidget *parent) : QAbstractScrollArea(parent), m_today(QDate::currentDate())
{
    installHotelGridAccessibility();
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Room calendar"));
    setMouseTracking(false);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setBackgroundRole(QPalette::Base);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    updateMetrics();
}

QSize HotelGridView::sizeHint() const
{
    return QSize(m_roomColumnWidth + 21 * m_cellWidth, headerHeight() + 12 * m_cellHeight);
}

void HotelGridView::updateMetrics()
{
    const QFontMetrics fm(font());
    m_cellWidth = qMax(48, fm.horizontalAdvance(QStringLiteral("88/888")) + 10);
    m_cellHeight = qMax(24, fm.height() + 10);
    m_monthRowHeight = fm.height() + 6;
    m_dayRowHeight = 2 * fm.height() + 6;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    int widest = bfm.horizontalAdvance(tr("Room type"));
    for (const RoomTypeSummary &type : std::as_const(m_calendar.roomTypes))
        widest = qMax(widest, bfm.horizontalAdvance(type.code) + 12 + fm.horizontalAdvance(type.name));
    m_roomColumnWidth = qBound(140, widest + 20, 260);
}

void HotelGridView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        updateMetrics();
        updateScrollBars();
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(event);
}

void HotelGridView::setCalendar(const HotelCalendar &calendar)
{
    m_calendar = calendar;
    m_rowOf.clear();
    for (int row = 0; row < m_calendar.roomTypes.size(); ++row)
        m_rowOf.insert(m_calendar.roomTypes.at(row).id, row);
    m_selRow = m_selAnchor = m_selEnd = -1;
    m_dragging = false;
    m_cursorRow = 0;
    const int todayDay = dayOf(m_today);
    m_cursorDay = todayDay >= 0 ? todayDay : 0;
    updateMetrics();
    updateScrollBars();
    viewport()->update();
    describeCursor();
}

void HotelGridView::refreshCalendar(const HotelCalendar &calendar)
{
    // Where the clerk is, by room type and night: rows and days may shift if the calendar did.
    const auto roomAt
        = [this](int row) { return row >= 0 && row < rowCount() ? m_calendar.roomTypes.at(row).id : RoomTypeId(0); };
    const auto nightAt = [this](int day) { return day >= 0 ? m_calendar.from.addDays(day) : QDate(); };
    const RoomTypeId selectedRoom = roomAt(m_selRow);
    const QDate anchor = nightAt(m_selAnchor);
    const QDate end = nightAt(m_selEnd);
    const RoomTypeId cursorRoom = roomAt(m_cursorRow);
    const QDate cursorNight = nightAt(m_cursorDay);
    const bool dragging = m_dragging;
    const int cellWidth = qMax(1, m_cellWidth);
    const int horizontalScroll = horizontalScrollBar()->value();
    const QDate firstShown = m_calendar.from.addDays(horizontalScroll / cellWidth);
    const int verticalScroll = verticalScrollBar()->value();

    m_calendar = calendar;
    m_rowOf.clear();
    for (int row = 0; row < m_calendar.roomTypes.size(); ++row)
        m_rowOf.insert(m_calendar.roomTypes.at(row).id, row);
    updateMetrics();
    updateScrollBars();

    const int selRow = rowOf(selectedRoom);
    const int selAnchor = dayOf(anchor);
    const int selEnd = dayOf(end);
    if (selRow >= 0 && selAnchor >= 0 && selEnd >= 0) {
        m_selRow = selRow;
        m_selAnchor = selAnchor;
        m_selEnd = selEnd;
        m_dragging = dragging;
    } else {
        m_selRow = m_selAnchor = m_selEnd = -1;
        m_dragging = false;
    }
    const int cursorRow = rowOf(cursorRoom);
    const int cursorDay = dayOf(cursorNight);
    m_cursorRow = cursorRow >= 0 ? cursorRow : 0;
    m_cursorDay = cursorDay >= 0 ? cursorDay : qBound(0, m_cursorDay, qMax(0, dayCount() - 1));
    if (const int day = dayOf(firstShown); day >= 0)
        horizontalScrollBar()->setValue(day * m_cellWidth + horizontalScroll % cellWidth);
    verticalScrollBar()->setValue(verticalScroll);
    viewport()->update();
    describeCursor();
}

void HotelGridView::updateNights(const QVector<NightAvailability> &nights)
{
    const QRect area = cellArea();
    for (const NightAvailability &night : nights) {
        const int row = rowOf(night.roomType);
        const int day = dayOf(night.night);
        if (row < 0 || day < 0 || day >= m_calendar.nights.at(row).size())
            continue;
        m_calendar.nights[row][day] = night;
        const QRect dirty = cellRect(row, day).intersected(area);
        if (!dirty.isEmpty())
            viewport()->update(dirty);
    }
    describeCursor();
}

void HotelGridView::setToday(const QDate &today)
{
    if (today == m_today)
        return;
    m_today = today;
    viewport()->update();
}

QRect HotelGridView::cellArea() const
{
    const QRect all = viewport()->rect();
    return QRect(QPoint(m_roomColumnWidth, headerHeight()), all.bottomRight());
}

QRect HotelGridView::cellRect(int row, int day) const
{
    if (row < 0 || row >= rowCount() || day < 0 || day >= dayCount())
        return {};
    return QRect(m_roomColumnWidth + day * m_cellWidth - horizontalScrollBar()->value(),
                 headerHeight() + row * m_cellHeight - verticalScrollBar()->value(), m_cellWidth, m_cellHeight);
}

int HotelGridView::rowOf(RoomTypeId roomType) const
{
    return m_rowOf.value(roomType, -1);
}

int HotelGridView::dayOf(const QDate &night) const
{
    if (!night.isValid() || !m_calendar.from.isValid())
        return -1;
    const qint64 day = m_calendar.from.daysTo(night);
    return day >= 0 && day < dayCount() ? int(day) : -1;
}

int HotelGridView::dayAtX(int x) const
{
    const int content = x - m_roomColumnWidth + horizontalScrollBar()->value();
    return content < 0 ? -1 : content / m_cellWidth;
}

int HotelGridView::rowAtY(int y) const
{
    const int content = y - headerHeight() + verticalScrollBar()->value();
    return content < 0 ? -1 : content / m_cellHeight;
}

QPair<int, int> HotelGridView::cellAt(const QPoint &pos) const
{
    if (!cellArea().contains(pos))
        return {-1, -1};
    const int row = rowAtY(pos.y());
    const int day = dayAtX(pos.x());
    if (row < 0 || row >= rowCount() || day < 0 || day >= dayCount())
        return {-1, -1};
    return {row, day};
}

void HotelGridView::updateScrollBars()
{
    const QSize area = viewport()->size();
    const int bodyWidth = qMax(0, area.width() - m_roomColumnWidth);
    const int bodyHeight = qMax(0, area.height() - headerHeight());
    QScrollBar *h = horizontalScrollBar();
    h->setRange(0, qMax(0, dayCount() * m_cellWidth - bodyWidth));
    h->setPageStep(qMax(1, bodyWidth));
    h->setSingleStep(m_cellWidth);
    QScrollBar *v = verticalScrollBar();
    v->setRange(0, qMax(0, rowCount() * m_cellHeight - bodyHeight));
    v->setPageStep(qMax(1, bodyHeight));
    v->setSingleStep(m_cellHeight);
}

void HotelGridView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

void HotelGridView::scrollContentsBy(int dx, int dy)
{
    // Move the pixels already drawn and paint only the strips that come into view. The frozen
    // header scrolls sideways with the cells, the frozen column up and down with them.
    const QRect all = viewport()->rect();
    if (dx != 0) {
        viewport()->scroll(dx, 0, QRect(m_roomColumnWidth, 0, all.width() - m_roomColumnWidth, all.height()));
        // The month's name sticks to the left edge while its days are in view: redraw that row.
        viewport()->update(QRect(m_roomColumnWidth, 0, all.width() - m_roomColumnWidth, m_monthRowHeight));
    }
    if (dy != 0)
        viewport()->scroll(0, dy, QRect(0, headerHeight(), all.width(), all.height() - headerHeight()));
}

void HotelGridView::scrollToNight(const QDate &night)
{
    const int day = dayOf(night);
    if (day < 0)
        return;
    const QRect area = cellArea();
    const QRect cell = cellRect(0, day);
    if (cell.left() >= area.left() && cell.right() <= area.right())
        return;
    horizontalScrollBar()->setValue(day * m_cellWidth - 2 * m_cellWidth);
}

void HotelGridView::ensureCellVisible(int row, int day)
{
    const QRect cell = cellRect(row, day);
    if (!cell.isValid())
        return;
    const QRect area = cellArea();
    QScrollBar *h = horizontalScrollBar();
    if (cell.left() < area.left())
        h->setValue(h->value() - (area.left() - cell.left()));
    else if (cell.right() > area.right())
        h->setValue(h->value() + (cell.right() - area.right()));
    QScrollBar *v = verticalScrollBar();
    if (cell.top() < area.top())
        v->setValue(v->value() - (area.top() - cell.top()));
    else if (cell.bottom() > area.bottom())
        v->setValue(v->value() + (cell.bottom() - area.bottom()));
}

QDate HotelGridView::selectedCheckIn() const
{
    if (m_selRow < 0)
        return {};
    return m_calendar.from.addDays(qMin(m_selAnchor, m_selEnd));
}

QDate HotelGridView::selectedCheckOut() const
{
    if (m_selRow < 0)
        return {};
    return m_calendar.from.addDays(qMax(m_selAnchor, m_selEnd) + 1);
}

void HotelGridView::setSelection(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut)
{
    const int row = rowOf(roomType);
    const int first = dayOf(checkIn);
    const int last = dayOf(checkOut.addDays(-1));
    if (row < 0 || first < 0 || last < first) {
        clearSelection();
        return;
    }
    setSelectionRange(row, first, last);
    const int oldRow = m_cursorRow;
    const int oldDay = m_cursorDay;
    m_cursorRow = row;
    m_cursorDay = last;
    updateCells(oldRow, oldDay, oldDay);
    updateCells(row, last, last);
    describeCursor();
}

void HotelGridView::clearSelection()
{
    setSelectionRange(-1, -1, -1);
}

bool HotelGridView::isSelected(int row, int day) const
{
    return row == m_selRow && day >= qMin(m_selAnchor, m_selEnd) && day <= qMax(m_selAnchor, m_selEnd);
}

void HotelGridView::updateCells(int row, int firstDay, int lastDay)
{
    if (row < 0 || row >= rowCount())
        return;
    const int from = qBound(0, qMin(firstDay, lastDay), dayCount() - 1);
    const int to = qBound(0, qMax(firstDay, lastDay), dayCount() - 1);
    const QRect dirty = cellRect(row, from).united(cellRect(row, to)).intersected(cellArea());
    if (!dirty.isEmpty())
        viewport()->update(dirty);
}

void HotelGridView::updateSelectionCells()
{
    if (m_selRow >= 0)
        updateCells(m_selRow, m_selAnchor, m_selEnd);
}

void HotelGridView::setSelectionRange(int row, int anchorDay, int endDay)
{
    if (row == m_selRow && anchorDay == m_selAnchor && endDay == m_selEnd)
        return;
    updateSelectionCells();
    m_selRow = row;
    m_selAnchor = anchorDay;
    m_selEnd = endDay;
    updateSelectionCells();
}

void HotelGridView::moveCursor(int row, int day, bool extend)
{
    if (rowCount() == 0 || dayCount() == 0)
        return;
    row = qBound(0, row, rowCount() - 1);
    day = qBound(0, day, dayCount() - 1);
    updateCells(m_cursorRow, m_cursorDay, m_cursorDay);
    if (extend && m_selRow >= 0)
        setSelectionRange(row, m_selAnchor, day); // a range lives in one row: Shift+Up/Down moves it
    else if (extend)
        setSelectionRange(row, qBound(0, m_cursorDay, dayCount() - 1), day);
    else
        setSelectionRange(row, day, day);
    m_cursorRow = row;
    m_cursorDay = day;
    updateCells(row, day, day);
    ensureCellVisible(row, day);
    describeCursor();
}

void HotelGridView::emitSelection()
{
    if (m_selRow < 0 || m_selRow >= rowCount())
        return;
    emit rangeSelected(m_calendar.roomTypes.at(m_selRow).id, selectedCheckIn(), selectedCheckOut());
}

void HotelGridView::wheelEvent(QWheelEvent *event)
{
    QPoint delta = event->pixelDelta();
    if (delta.isNull()) {
        // Three rows or nights a notch, in pixels so the grid glides rather than jumps.
        const QPoint notches = event->angleDelta();
        delta = QPoint(notches.x() * 3 * m_cellWidth / 120, notches.y() * 3 * m_cellHeight / 120);
    }
    QScrollBar *h = horizontalScrollBar();
    QScrollBar *v = verticalScrollBar();
    int dx = delta.x();
    int dy = delta.y();
    // Shift turns the wheel sideways; so does a grid whose rows all fit, where up and down would do
    // nothing and the nights are what the clerk wants to move through.
    if (dx == 0 && ((event->modifiers() & Qt::ShiftModifier) || v->maximum() == 0)) {
        dx = dy * m_cellWidth / qMax(1, m_cellHeight);
        dy = 0;
    }
    h->setValue(h->value() - dx);
    v->setValue(v->value() - dy);
    event->accept();
}

void HotelGridView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const auto [row, day] = cellAt(event->position().toPoint());
    if (row < 0) {
        event->ignore();
        return;
    }
    const bool extend = (event->modifiers() & Qt::ShiftModifier) && m_selRow == row;
    updateCells(m_cursorRow, m_cursorDay, m_cursorDay);
    setSelectionRange(row, extend ? m_selAnchor : day, day);
    m_cursorRow = row;
    m_cursorDay = day;
    updateCells(row, day, day);
    describeCursor();
    m_dragging = true;
    event->accept();
}

void HotelGridView::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging) {
        QAbstractScrollArea::mouseMoveEvent(event);
        return;
    }
    // The row stays the one the drag began in, whatever row the pointer wanders over.
    const int day = qBound(0, dayAtX(qMax(m_roomColumnWidth, event->position().toPoint().x())), dayCount() - 1);
    if (day != m_selEnd) {
        updateCells(m_cursorRow, m_cursorDay, m_cursorDay);
        setSelectionRange(m_selRow, m_selAnchor, day);
        m_cursorDay = day;
        updateCells(m_cursorRow, day, day);
        ensureCellVisible(m_selRow, day); // dragging past an edge scrolls
    }
    event->accept();
}

void HotelGridView::mouseReleaseEvent(QMouseEvent *event)
{
    if (!m_dragging || event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mouseReleaseEvent(event);
        return;
    }
    m_dragging = false;
    emitSelection();
    event->accept();
}

void HotelGridView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mouseDoubleClickEvent(event);
        return;
    }
    const auto [row, day] = cellAt(event->position().toPoint());
    if (row < 0) {
        event->ignore();
        return;
    }
    // The press of a double click starts no drag: the release that follows selects nothing new.
    m_dragging = false;
    emit cellActivated(m_calendar.roomTypes.at(row).id, m_calendar.from.addDays(day));
    event->accept();
}

void HotelGridView::keyPressEvent(QKeyEvent *event)
{
    if (rowCount() == 0 || dayCount() == 0) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    switch (event->key()) {
    case Qt::Key_Left:
        moveCursor(m_cursorRow, m_cursorDay - 1, extend);
        break;
    case Qt::Key_Right:
        moveCursor(m_cursorRow, m_cursorDay + 1, extend);
        break;
    case Qt::Key_Up:
        moveCursor(m_cursorRow - 1, m_cursorDay, extend);
        break;
    case Qt::Key_Down:
        moveCursor(m_cursorRow + 1, m_cursorDay, extend);
        break;
    case Qt::Key_PageUp:
        moveCursor(m_cursorRow, m_cursorDay - 7, extend);
        break;
    case Qt::Key_PageDown:
        moveCursor(m_cursorRow, m_cursorDay + 7, extend);
        break;
    case Qt::Key_Home:
        moveCursor(m_cursorRow, 0, extend);
        break;
    case Qt::Key_End:
        moveCursor(m_cursorRow, dayCount() - 1, extend);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_selRow < 0)
            setSelectionRange(m_cursorRow, m_cursorDay, m_cursorDay);
        emitSelection();
        break;
    case Qt::Key_Escape:
        clearSelection();
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

void HotelGridView::focusInEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusInEvent(event);
    updateCells(m_cursorRow, m_cursorDay, m_cursorDay);
}

void HotelGridView::focusOutEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusOutEvent(event);
    updateCells(m_cursorRow, m_cursorDay, m_cursorDay);
}

bool HotelGridView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const auto [row, day] = cellAt(help->pos());
        const QString text = row >= 0 ? toolTipFor(row, day) : QString();
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, viewport(), cellRect(row, day));
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

QString HotelGridView::toolTipFor(int row, int day) const
{
    const NightAvailability *night = m_calendar.at(row, day);
    if (!night)
        return {};
    const RoomTypeSummary &type = m_calendar.roomTypes.at(row);
    const QDate date = m_calendar.from.addDays(day);
    QString text = QStringLiteral("<b>%1</b> %2<br>%3<br>")
                       .arg(type.code.toHtmlEscaped(), type.name.toHtmlEscaped(),
                            QLocale().toString(
                                date, tr("dddd d MMMM yyyy", "date format (QLocale): weekday, day, month, year")));
    text += tr("Sellable: %1<br>Physical: %2<br>Booked: %3<br>Free: %4")
                .arg(night->capacity)
                .arg(night->physical)
                .arg(night->booked)
                .arg(night->free());
    //: %1 is the night's price from the rates, e.g. "€145.00".
    text += QStringLiteral("<br>") + tr("Price: %1").arg(night->price.text().toHtmlEscaped());
    if (night->overbooked())
        text += QStringLiteral("<br><b style=\"color:#b71c1c\">%1</b>")
                    .arg(tr("Overbooked by %1").arg(night->booked - night->physical));
    return text;
}

QString HotelGridView::cellDescription(int row, int day) const
{
    const NightAvailability *night = m_calendar.at(row, day);
    if (!night)
        return tr("No room types to show.");
    const RoomTypeSummary &type = m_calendar.roomTypes.at(row);
    QString text = tr("%1 %2, %3: %4 free, %5 booked, %6 sellable of %7 rooms.")
                       .arg(type.code, type.name, QLocale().toString(m_calendar.from.addDays(day), QLocale::LongFormat))
                       .arg(night->free())
                       .arg(night->booked)
                       .arg(night->capacity)
                       .arg(night->physical);
    if (night->overbooked())
        text += QLatin1Char(' ') + tr("Overbooked by %1.").arg(night->booked - night->physical);
    if (isSelected(row, day))
        text += QLatin1Char(' ')
            + tr("Selected: %n night(s) from %1.", nullptr, int(selectedCheckIn().daysTo(selectedCheckOut())))
                  .arg(QLocale().toString(selectedCheckIn(), QLocale::ShortFormat));
    return text;
}

void HotelGridView::describeCursor()
{
    setAccessibleDescription(cellDescription(m_cursorRow, m_cursorDay));
    if (QAccessible::isActive()) {
        QAccessibleEvent changed(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&changed);
        if (hasFocus() && dayCount() > 0) {
            // The table's cell under the cursor, so a reader speaks the night it moved to.
            QAccessibleEvent focus(this, QAccessible::Focus);
            focus.setChild(m_cursorRow * dayCount() + m_cursorDay);
            QAccessible::updateAccessibility(&focus);
        }
    }
}

void HotelGridView::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    const QRect all = viewport()->rect();
    const QRect exposed = event->rect();
    const QRegion region = event->region();
    const int header = headerHeight();
    const QRect cells = cellArea();
    const QRect dayHeader(m_roomColumnWidth, 0, all.width() - m_roomColumnWidth, header);
    const QRect roomColumn(0, header, m_roomColumnWidth, all.height() - header);
    const QRect corner(0, 0, m_roomColumnWidth, header);
    const int firstDay = qMax(0, dayAtX(qMax(exposed.left(), m_roomColumnWidth)));
    const int lastDay = qMin(dayCount() - 1, dayAtX(exposed.right()));
    const int firstRow = qMax(0, rowAtY(qMax(exposed.top(), header)));
    const int lastRow = qMin(rowCount() - 1, rowAtY(exposed.bottom()));

    // Cells: only those the exposed rectangle touches.
    if (region.intersects(cells)) {
        painter.setClipRegion(region.intersected(cells));
        painter.fillRect(cells, palette().color(QPalette::Base));
        for (int row = firstRow; row <= lastRow; ++row)
            for (int day = firstDay; day <= lastDay; ++day)
                paintCell(painter, row, day, cellRect(row, day));
    }
    if (region.intersects(dayHeader)) {
        painter.setClipRegion(region.intersected(dayHeader));
        painter.fillRect(dayHeader, headerColor);
        for (int day = firstDay; day <= lastDay; ++day) {
            const QRect cell = cellRect(0, day);
            paintDayHeader(painter, day, QRect(cell.left(), m_monthRowHeight, m_cellWidth, m_dayRowHeight));
        }
        paintMonthRow(painter, exposed);
        painter.setPen(monthLineColor);
        painter.drawLine(dayHeader.left(), header - 1, dayHeader.right(), header - 1);
    }
    if (region.intersects(roomColumn)) {
        painter.setClipRegion(region.intersected(roomColumn));
        painter.fillRect(roomColumn, headerColor);
        for (int row = firstRow; row <= lastRow; ++row)
            paintRoomHeader(painter, row, QRect(0, cellRect(row, 0).top(), m_roomColumnWidth, m_cellHeight));
        painter.setPen(monthLineColor);
        painter.drawLine(m_roomColumnWidth - 1, roomColumn.top(), m_roomColumnWidth - 1, roomColumn.bottom());
    }
    if (region.intersects(corner)) {
        painter.setClipRegion(region.intersected(corner));
        paintCorner(painter, corner);
    }
}

void HotelGridView::paintCell(QPainter &painter, int row, int day, const QRect &rect) const
{
    const NightAvailability *night = m_calendar.at(row, day);
    const QRect inner = rect.adjusted(0, 0, -1, -1); // the right and bottom pixels are grid lines
    const bool selected = isSelected(row, day);
    const QColor highlight = palette().color(QPalette::Highlight);
    QColor fill = closedColor;
    bool overbooked = false;
    if (night) {
        overbooked = night->overbooked();
        if (overbooked) {
            fill = overbookedFill;
        } else if (night->capacity > 0 || night->physical > 0) {
            const int rooms = qMax(1, qMax(night->capacity, night->physical));
            fill = blend(emptyColor, fullColor, qreal(night->booked) / rooms);
        }
    }
    // A selected night keeps a trace of its occupancy; overbooking stays red even when selected.
    if (selected && !overbooked)
        fill = blend(fill, highlight, 0.45);
    const QColor text = fill.lightnessF() < 0.55 ? QColor(Qt::white) : headerTextColor;
    painter.fillRect(inner, fill);
    painter.setPen(gridColor);
    painter.drawLine(rect.right(), rect.top(), rect.right(), rect.bottom());
    painter.drawLine(rect.left(), rect.bottom(), rect.right(), rect.bottom());
    const QDate date = m_calendar.from.addDays(day);
    if (date.day() == 1 && day > 0) {
        painter.setPen(monthLineColor);
        painter.drawLine(rect.left() - 1, rect.top(), rect.left() - 1, rect.bottom());
    }

    if (overbooked) {
        // A dark frame and a yellow corner flag: red alone could be taken for a full night in a
        // colour-blind eye, the flag cannot.
        painter.setPen(QPen(overbookedBorder, 2));
        painter.drawRect(inner.adjusted(1, 1, -1, -1));
        const int flag = qMax(6, m_cellHeight / 3);
        const QPoint corner = inner.topRight() + QPoint(0, 1);
        const QPoint triangle[3] = {corner, corner - QPoint(flag, 0), corner + QPoint(0, flag)};
        painter.setPen(Qt::NoPen);
        painter.setBrush(overbookedMarker);
        painter.drawPolygon(triangle, 3);
        painter.setBrush(Qt::NoBrush);
    }

    if (date == m_today) {
        painter.setPen(QPen(todayColor, 2));
        painter.drawLine(inner.left() + 1, inner.top(), inner.left() + 1, inner.bottom());
        painter.drawLine(inner.right(), inner.top(), inner.right(), inner.bottom());
    }

    if (night) {
        QFont font = painter.font();
        font.setBold(overbooked);
        painter.setFont(font);
        painter.setPen(text);
        const QString label = night->capacity > 0 || night->booked > 0
            ? QStringLiteral("%1/%2").arg(night->free()).arg(night->capacity)
            : QStringLiteral("–");
        painter.drawText(inner, Qt::AlignCenter, label);
        font.setBold(false);
        painter.setFont(font);
    }

    if (selected) {
        // One frame around the whole range: each cell draws its share of it.
        const int first = qMin(m_selAnchor, m_selEnd);
        const int last = qMax(m_selAnchor, m_selEnd);
        painter.setPen(Qt::NoPen);
        const int w = 3;
        painter.fillRect(QRect(rect.left(), rect.top(), rect.width(), w), highlight);
        painter.fillRect(QRect(rect.left(), rect.bottom() - w + 1, rect.width(), w), highlight);
        if (day == first)
            painter.fillRect(QRect(rect.left(), rect.top(), w, rect.height()), highlight);
        if (day == last)
            painter.fillRect(QRect(rect.right() - w + 1, rect.top(), w, rect.height()), highlight);
    }

    if (row == m_cursorRow && day == m_cursorDay && hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Text), 1, Qt::DotLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(inner.adjusted(3, 3, -4, -4));
    }
}

void HotelGridView::paintDayHeader(QPainter &painter, int day, const QRect &rect) const
{
    const QDate date = m_calendar.from.addDays(day);
    const bool today = date == m_today;
    painter.fillRect(rect.adjusted(0, 0, -1, 0),
                     today                 ? todayColor
                         : isWeekend(date) ? weekendHeaderColor
                                           : headerColor);
    painter.setPen(gridColor);
    painter.drawLine(rect.right(), rect.top(), rect.right(), rect.bottom());
    if (date.day() == 1 && day > 0) {
        painter.setPen(monthLineColor);
        painter.drawLine(rect.left() - 1, 0, rect.left() - 1, rect.bottom());
    }
    const QFontMetrics fm(painter.font());
    const QRect top(rect.left(), rect.top() + 3, rect.width(), fm.height());
    const QRect bottom(rect.left(), top.bottom() + 1, rect.width(), fm.height());
    painter.setPen(today ? QColor(Qt::white) : headerTextColor);
    painter.drawText(top, Qt::AlignCenter, QLocale().dayName(date.dayOfWeek(), QLocale::ShortFormat));
    QFont bold = painter.font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.drawText(bottom, Qt::AlignCenter, QString::number(date.day()));
    bold.setBold(false);
    painter.setFont(bold);
}

void HotelGridView::paintMonthRow(QPainter &painter, const QRect &exposed) const
{
    if (dayCount() == 0)
        return;
    const QRect strip(m_roomColumnWidth, 0, viewport()->width() - m_roomColumnWidth, m_monthRowHeight);
    if (!exposed.intersects(strip))
        return;
    const int firstVisible = qMax(0, dayAtX(m_roomColumnWidth));
    const int lastVisible = qMin(dayCount() - 1, dayAtX(strip.right()));
    QFont bold = painter.font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(headerTextColor);
    // Each month visible gets its name once, at its first day or, for the month scrolled partly
    // out on the left, at the left edge, pushed out by the next month's name.
    QDate month = m_calendar.from.addDays(firstVisible);
    month = QDate(month.year(), month.month(), 1);
    const QDate lastDate = m_calendar.from.addDays(lastVisible);
    while (month <= lastDate) {
        const QDate next = month.addMonths(1);
        const int startDay = qMax(0, int(m_calendar.from.daysTo(month)));
        const int endDay = qMin(dayCount(), int(m_calendar.from.daysTo(next)));
        const int left = qMax(strip.left(), cellRect(0, startDay).left());
        const int right = endDay >= dayCount() ? cellRect(0, dayCount() - 1).right() : cellRect(0, endDay).left() - 1;
        const QRect span(left, 0, right - left + 1, m_monthRowHeight);
        if (span.width() > 0) {
            const QString name = QLocale().toString(month, QStringLiteral("MMMM yyyy"));
            painter.save();
            painter.setClipRect(span.intersected(strip), Qt::IntersectClip);
            painter.drawText(span.adjusted(6, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter,
                             QFontMetrics(bold).elidedText(name, Qt::ElideRight, span.width() - 10));
            painter.restore();
        }
        month = next;
    }
    bold.setBold(false);
    painter.setFont(bold);
}

void HotelGridView::paintRoomHeader(QPainter &painter, int row, const QRect &rect) const
{
    const RoomTypeSummary &type = m_calendar.roomTypes.at(row);
    painter.setPen(gridColor);
    painter.drawLine(rect.left(), rect.bottom(), rect.right(), rect.bottom());
    QFont bold = painter.font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);
    const int codeWidth = bfm.horizontalAdvance(type.code);
    painter.setFont(bold);
    painter.setPen(headerTextColor);
    const QRect text = rect.adjusted(8, 0, -6, -1);
    painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, type.code);
    bold.setBold(false);
    painter.setFont(bold);
    const QRect nameRect = text.adjusted(codeWidth + 10, 0, 0, 0);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetrics(bold).elidedText(type.name, Qt::ElideRight, nameRect.width()));
}

void HotelGridView::paintCorner(QPainter &painter, const QRect &rect) const
{
    painter.fillRect(rect, headerColor);
    painter.setPen(monthLineColor);
    painter.drawLine(rect.left(), rect.bottom(), rect.right(), rect.bottom());
    painter.drawLine(rect.right(), rect.top(), rect.right(), rect.bottom());
    QFont bold = painter.font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(headerTextColor);
    const QRect top(rect.left() + 8, rect.top(), rect.width() - 14, m_monthRowHeight);
    painter.drawText(top, Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetrics(bold).elidedText(m_calendar.hotel.name, Qt::ElideRight, top.width()));
    bold.setBold(false);
    painter.setFont(bold);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const QFontMetrics fm(painter.font());
    const QRect bottom(rect.left() + 8, m_monthRowHeight + 3, rect.width() - 14, 2 * fm.height());
    painter.drawText(bottom, Qt::AlignLeft | Qt::AlignTop, tr("Room type\nfree / sellable a night"));
}

} // namespace boxoffice
