#include "ui/hotel/hotelgridaccessible.h"

#include "ui/hotel/hotelgridview.h"

#include <QAccessible>
#include <QAccessibleWidget>
#include <QHash>
#include <QLocale>
#include <QPointer>

namespace boxoffice {

namespace {

int rowsOf(const HotelGridView *view)
{
    return view ? int(view->calendar().roomTypes.size()) : 0;
}

int daysOf(const HotelGridView *view)
{
    return view ? qMax(0, view->calendar().days()) : 0;
}

QString roomTypeWords(const HotelGridView *view, int row)
{
    const RoomTypeSummary &type = view->calendar().roomTypes.at(row);
    return type.code + QLatin1Char(' ') + type.name;
}

QString nightWords(const HotelGridView *view, int day, QLocale::FormatType format)
{
    return QLocale().toString(view->calendar().from.addDays(day), format);
}

bool cellSelected(const HotelGridView *view, int row, int day)
{
    if (view->selectedRow() != row)
        return false;
    const QDate night = view->calendar().from.addDays(day);
    return night >= view->selectedCheckIn() && night < view->selectedCheckOut();
}

// One night of one room type. It has no QObject of its own, so it lives in QAccessible's cache by id,
// owned by the table's interface, which deletes it with itself. It stays valid while the calendar
// still has its row and night, and always reads the calendar as it is now.
class GridCellAccessible : public QAccessibleInterface, public QAccessibleTableCellInterface
{
public:
    GridCellAccessible(HotelGridView *view, int row, int day) : m_view(view), m_row(row), m_day(day) { }

    bool isValid() const override { return m_view && m_row < rowsOf(m_view) && m_day < daysOf(m_view); }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_view ? m_view->window()->windowHandle() : nullptr; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QAccessibleInterface *parent() const override { return QAccessible::queryAccessibleInterface(m_view.data()); }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }

    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return QString();
        switch (t) {
        case QAccessible::Name:
            return m_view->calendar().roomTypes.at(m_row).code + QStringLiteral(", ")
                + nightWords(m_view, m_day, QLocale::ShortFormat);
        case QAccessible::Description:
            return m_view->cellDescription(m_row, m_day);
        default:
            return QString();
        }
    }
    void setText(QAccessible::Text, const QString &) override { }

    QRect rect() const override
    {
        if (!isValid())
            return QRect();
        const QRect inViewport = m_view->cellRect(m_row, m_day);
        return QRect(m_view->viewport()->mapToGlobal(inViewport.topLeft()), inViewport.size());
    }

    QAccessible::Role role() const override { return QAccessible::Cell; }

    QAccessible::State state() const override
    {
        QAccessible::State state;
        if (!isValid()) {
            state.invalid = true;
            return state;
        }
        state.focusable = true;
        state.selectable = true;
        state.selected = cellSelected(m_view, m_row, m_day);
        state.focused = m_view->hasFocus() && m_view->cursorCell() == QPoint(m_day, m_row);
        state.offscreen = !m_view->cellArea().intersects(m_view->cellRect(m_row, m_day));
        return state;
    }

    void *interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::TableCellInterface ? static_cast<QAccessibleTableCellInterface *>(this) : nullptr;
    }

    // QAccessibleTableCellInterface: the headers are the table's row and column descriptions.
    bool isSelected() const override { return isValid() && cellSelected(m_view, m_row, m_day); }
    QList<QAccessibleInterface *> columnHeaderCells() const override { return {}; }
    QList<QAccessibleInterface *> rowHeaderCells() const override { return {}; }
    int columnIndex() const override { return m_day; }
    int rowIndex() const override { return m_row; }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface *table() const override { return parent(); }

private:
    QPointer<HotelGridView> m_view;
    int m_row;
    int m_day;
};

class HotelGridAccessible : public QAccessibleWidget, public QAccessibleTableInterface
{
public:
    explicit HotelGridAccessible(HotelGridView *view) : QAccessibleWidget(view, QAccessible::Table) { }

    ~HotelGridAccessible() override
    {
        for (const QAccessible::Id id : std::as_const(m_cells))
            QAccessible::deleteAccessibleInterface(id);
    }

    HotelGridView *view() const { return static_cast<HotelGridView *>(widget()); }

    void *interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::TableInterface)
            return static_cast<QAccessibleTableInterface *>(this);
        return QAccessibleWidget::interface_cast(type);
    }

    // Children are the cells, row by row (the scroll bars are left out: the keyboard scrolls).
    int childCount() const override { return rowCount() * columnCount(); }
    QAccessibleInterface *child(int index) const override
    {
        const int columns = columnCount();
        if (index < 0 || index >= childCount() || columns == 0)
            return nullptr;
        return cellAt(index / columns, index % columns);
    }
    int indexOfChild(const QAccessibleInterface *child) const override
    {
        const auto *cell = dynamic_cast<const GridCellAccessible *>(child);
        if (!cell || !cell->isValid() || cell->table() == nullptr || cell->table()->object() != view())
            return -1;
        return cell->rowIndex() * columnCount() + cell->columnIndex();
    }
    QAccessibleInterface *focusChild() const override
    {
        const QPoint cursor = view()->cursorCell();
        return view()->hasFocus() ? cellAt(cursor.y(), cursor.x()) : nullptr;
    }
    QAccessibleInterface *childAt(int x, int y) const override
    {
        const auto [row, day] = view()->cellAt(view()->viewport()->mapFromGlobal(QPoint(x, y)));
        return row < 0 ? nullptr : cellAt(row, day);
    }

    // QAccessibleTableInterface
    QAccessibleInterface *caption() const override { return nullptr; }
    QAccessibleInterface *summary() const override { return nullptr; }
    QAccessibleInterface *cellAt(int row, int column) const override
    {
        if (row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
            return nullptr;
        const qint64 key = qint64(row) * 100000 + column;
        const auto known = m_cells.constFind(key);
        if (known != m_cells.cend())
            return QAccessible::accessibleInterface(*known);
        auto *cell = new GridCellAccessible(view(), row, column);
        m_cells.insert(key, QAccessible::registerAccessibleInterface(cell));
        return cell;
    }
    int selectedCellCount() const override
    {
        const HotelGridView *grid = view();
        return grid->selectedRow() < 0 ? 0 : int(grid->selectedCheckIn().daysTo(grid->selectedCheckOut()));
    }
    QList<QAccessibleInterface *> selectedCells() const override
    {
        QList<QAccessibleInterface *> cells;
        const HotelGridView *grid = view();
        if (grid->selectedRow() < 0)
            return cells;
        const int first = grid->dayOf(grid->selectedCheckIn());
        for (int day = first; day >= 0 && day < first + selectedCellCount(); ++day)
            cells << cellAt(grid->selectedRow(), day);
        return cells;
    }
    QString columnDescription(int column) const override
    {
        return column >= 0 && column < columnCount() ? nightWords(view(), column, QLocale::LongFormat) : QString();
    }
    QString rowDescription(int row) const override
    {
        return row >= 0 && row < rowCount() ? roomTypeWords(view(), row) : QString();
    }
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override { return 0; }
    int columnCount() const override { return daysOf(view()); }
    int rowCount() const override { return rowsOf(view()); }
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override { return {}; }
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int) const override { return false; }
    // A stay is a range of nights in one row: whole rows or columns are not something to select.
    bool selectRow(int) override { return false; }
    bool selectColumn(int) override { return false; }
    bool unselectRow(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent *) override { }

private:
    mutable QHash<qint64, QAccessible::Id> m_cells;
};

QAccessibleInterface *hotelGridFactory(const QString &className, QObject *object)
{
    if (auto *view = qobject_cast<HotelGridView *>(object);
        view && className == QLatin1String("boxoffice::HotelGridView"))
        return new HotelGridAccessible(view);
    return nullptr;
}

} // namespace

void installHotelGridAccessibility()
{
    static const bool installed = [] {
        QAccessible::installFactory(hotelGridFactory);
        return true;
    }();
    Q_UNUSED(installed)
}

} // namespace boxoffice
