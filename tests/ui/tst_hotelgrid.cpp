#include "ui/hotel/arrivalsatriskmodel.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/hotel/staysearchmodel.h"

#include <QAbstractItemModelTester>
#include <QAccessible>
#include <QApplication>
#include <QHelpEvent>
#include <QPaintEvent>
#include <QScrollBar>
#include <QSignalSpy>
#include <QToolTip>
#include <QtTest>

using namespace boxoffice;

namespace {

const QDate firstNight(2025, 1, 1);

// Rows of room types over a year of nights: 12 sellable of 10 rooms, bookings varying by row and
// night. Row 1 holds a full night (day 6) and an overbooked one (day 5).
HotelCalendar makeCalendar(int rooms = 5, int days = 365)
{
    HotelCalendar calendar;
    calendar.hotel.id = 7;
    calendar.hotel.name = QStringLiteral("Hotel Aurora");
    calendar.hotel.currency = QStringLiteral("EUR");
    calendar.from = firstNight;
    calendar.until = firstNight.addDays(days);
    static const char *const names[] = {"Single", "Double", "Twin", "Junior suite", "Suite"};
    for (int row = 0; row < rooms; ++row) {
        RoomTypeSummary type;
        type.id = 100 + row;
        type.hotel = 7;
        type.code = QStringLiteral("RT%1").arg(row);
        type.name = QString::fromLatin1(names[row % 5]);
        type.rank = row;
        calendar.roomTypes << type;
        QVector<NightAvailability> nights;
        for (int day = 0; day < days; ++day) {
            NightAvailability night;
            night.roomType = type.id;
            night.roomTypeCode = type.code;
            night.night = firstNight.addDays(day);
            night.capacity = 12;
            night.physical = 10;
            night.booked = (day * 3 + row * 5) % 10;
            nights << night;
        }
        calendar.nights << nights;
    }
    NightAvailability &over = calendar.nights[1][5];
    over.booked = 12; // two more than the ten rooms
    NightAvailability &full = calendar.nights[1][6];
    full.physical = 12;
    full.booked = 12; // sold out, every guest has a room
    return calendar;
}

class PaintRecorder : public QObject
{
public:
    using QObject::QObject;
    QVector<QRegion> regions;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            regions << static_cast<QPaintEvent *>(event)->region();
        return QObject::eventFilter(watched, event);
    }
};

StayRecord stayRecord(StayId id, const QString &reference, StayState state)
{
    StayRecord stay;
    stay.id = id;
    stay.reference = reference;
    stay.roomType = 101;
    stay.roomTypeCode = QStringLiteral("RT1");
    stay.checkIn = firstNight.addDays(4);
    stay.checkOut = firstNight.addDays(7);
    stay.state = state;
    stay.guest = QStringLiteral("Guest %1").arg(id);
    return stay;
}

} // namespace

class TestHotelGrid : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void dragAcrossNightsSelectsARange();
    void dragThatWandersStaysInItsRow();
    void keyboardSelectsAndEnterConfirms();
    void doubleClickActivatesANight();
    void overbookedNightIsDrawnApart();
    void tooltipTellsTheOverbooking();
    void updateNightsRepaintsOnlyTheChangedCell();
    void scrollToNightShowsDecember();
    void wheelScrollsTheNights();
    void arrivalsModelPassesTheTester();
    void staySearchModelPassesTheTester();
    void screenReadersReadATableOfNights();
    void aRefreshChangesFiguresNotTheClerksPlace();

private:
    QPoint centre(int row, int day) const { return m_view->cellRect(row, day).center(); }
    QDate night(int day) const { return firstNight.addDays(day); }

    HotelGridView *m_view = nullptr;
};

void TestHotelGrid::init()
{
    m_view = new HotelGridView;
    m_view->setToday(firstNight.addDays(2));
    m_view->setCalendar(makeCalendar());
    m_view->resize(1400, 500);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
}

void TestHotelGrid::cleanup()
{
    delete m_view;
    m_view = nullptr;
}

void TestHotelGrid::dragAcrossNightsSelectsARange()
{
    QSignalSpy selected(m_view, &HotelGridView::rangeSelected);
    QWidget *viewport = m_view->viewport();
    QTest::mousePress(viewport, Qt::LeftButton, {}, centre(1, 3));
    QTest::mouseMove(viewport, centre(1, 4));
    QTest::mouseMove(viewport, centre(1, 5));
    QCOMPARE(selected.size(), 0); // nothing until the button is let go
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, centre(1, 5));
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.at(0).at(0).value<RoomTypeId>(), RoomTypeId(101));
    QCOMPARE(selected.at(0).at(1).toDate(), night(3));
    QCOMPARE(selected.at(0).at(2).toDate(), night(6)); // the night after the last selected
    QCOMPARE(m_view->selectedRow(), 1);

    // Dragging backwards selects the same kind of range, earliest night first.
    selected.clear();
    QTest::mousePress(viewport, Qt::LeftButton, {}, centre(0, 9));
    QTest::mouseMove(viewport, centre(0, 8));
    QTest::mouseMove(viewport, centre(0, 7));
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, centre(0, 7));
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.at(0).at(0).value<RoomTypeId>(), RoomTypeId(100));
    QCOMPARE(selected.at(0).at(1).toDate(), night(7));
    QCOMPARE(selected.at(0).at(2).toDate(), night(10));
}

void TestHotelGrid::dragThatWandersStaysInItsRow()
{
    QSignalSpy selected(m_view, &HotelGridView::rangeSelected);
    QWidget *viewport = m_view->viewport();
    QTest::mousePress(viewport, Qt::LeftButton, {}, centre(2, 10));
    QTest::mouseMove(viewport, centre(3, 11));
    QTest::mouseMove(viewport, centre(4, 12));
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, centre(4, 12));
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.at(0).at(0).value<RoomTypeId>(), RoomTypeId(102));
    QCOMPARE(selected.at(0).at(1).toDate(), night(10));
    QCOMPARE(selected.at(0).at(2).toDate(), night(13));
    QCOMPARE(m_view->selectedRow(), 2);
}

void TestHotelGrid::keyboardSelectsAndEnterConfirms()
{
    QSignalSpy selected(m_view, &HotelGridView::rangeSelected);
    m_view->setFocus();
    QCOMPARE(m_view->cursorCell(), QPoint(2, 0)); // the cursor starts on today
    QTest::keyClick(m_view, Qt::Key_Down);
    QTest::keyClick(m_view, Qt::Key_Right);
    QTest::keyClick(m_view, Qt::Key_Right, Qt::ShiftModifier);
    QTest::keyClick(m_view, Qt::Key_Right, Qt::ShiftModifier);
    QTest::keyClick(m_view, Qt::Key_Right, Qt::ShiftModifier);
    QTest::keyClick(m_view, Qt::Key_Left, Qt::ShiftModifier);
    QCOMPARE(selected.size(), 0);
    QTest::keyClick(m_view, Qt::Key_Return);
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.at(0).at(0).value<RoomTypeId>(), RoomTypeId(101));
    QCOMPARE(selected.at(0).at(1).toDate(), night(3));
    QCOMPARE(selected.at(0).at(2).toDate(), night(6));

    // An arrow without Shift starts over from the cursor's night.
    QTest::keyClick(m_view, Qt::Key_Right);
    QTest::keyClick(m_view, Qt::Key_Enter);
    QCOMPARE(selected.size(), 2);
    QCOMPARE(selected.at(1).at(1).toDate(), night(6));
    QCOMPARE(selected.at(1).at(2).toDate(), night(7));

    // The cursor cannot leave the calendar.
    for (int i = 0; i < 10; ++i)
        QTest::keyClick(m_view, Qt::Key_Up);
    QCOMPARE(m_view->cursorCell(), QPoint(6, 0));
}

void TestHotelGrid::doubleClickActivatesANight()
{
    QSignalSpy activated(m_view, &HotelGridView::cellActivated);
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, {}, centre(3, 8));
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.at(0).at(0).value<RoomTypeId>(), RoomTypeId(103));
    QCOMPARE(activated.at(0).at(1).toDate(), night(8));
}

void TestHotelGrid::overbookedNightIsDrawnApart()
{
    m_view->setSelection(102, night(8), night(12));
    const QImage image = m_view->viewport()->grab().toImage();
    if (qEnvironmentVariableIsSet("HOTELGRID_SCREENSHOT")) // a look for people, not an assertion
        image.save(qEnvironmentVariable("HOTELGRID_SCREENSHOT"));
    // A point left of the centred text, clear of the frame.
    const auto fillOf = [&](int row, int day) {
        const QRect cell = m_view->cellRect(row, day);
        return image.pixelColor(cell.left() + 5, cell.center().y());
    };
    const QColor overbooked = fillOf(1, 5);
    const QColor full = fillOf(1, 6);
    const QColor normal = fillOf(1, 4);
    QVERIFY2(overbooked != full, qPrintable(overbooked.name()));
    QVERIFY2(overbooked != normal, qPrintable(overbooked.name()));
    // Red, where a full night is the deepest blue.
    QVERIFY2(overbooked.red() > overbooked.blue() + 80, qPrintable(overbooked.name()));
    QVERIFY2(full.blue() > full.red() + 40, qPrintable(full.name()));
    // And a marker in its corner that no other night has.
    const QRect overCell = m_view->cellRect(1, 5);
    const QRect fullCell = m_view->cellRect(1, 6);
    const QColor marker = image.pixelColor(overCell.right() - 3, overCell.top() + 3);
    QVERIFY2(marker != overbooked, qPrintable(marker.name()));
    QCOMPARE(image.pixelColor(fullCell.right() - 3, fullCell.top() + 3), full);
}

void TestHotelGrid::tooltipTellsTheOverbooking()
{
    const QPoint pos = centre(1, 5);
    QHelpEvent help(QEvent::ToolTip, pos, m_view->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(m_view->viewport(), &help);
    const QString text = QToolTip::text();
    QVERIFY2(text.contains(QStringLiteral("RT1")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Sellable: 12")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Physical: 10")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Booked: 12")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Free: 0")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Overbooked by 2")), qPrintable(text));
    QToolTip::hideText();
}

void TestHotelGrid::updateNightsRepaintsOnlyTheChangedCell()
{
    QCoreApplication::processEvents(); // any paint still pending from showing the view
    PaintRecorder recorder;
    m_view->viewport()->installEventFilter(&recorder);

    NightAvailability changed = *m_view->calendar().at(2, 4);
    changed.booked = 11; // overbooked now
    NightAvailability offScreen = *m_view->calendar().at(3, 340); // December: not in view
    offScreen.booked = 1;
    NightAvailability unknown = changed;
    unknown.roomType = 999; // a room type the grid does not show
    m_view->updateNights({offScreen, changed, unknown});

    QTRY_VERIFY(!recorder.regions.isEmpty());
    QRegion painted;
    for (const QRegion &region : std::as_const(recorder.regions))
        painted += region;
    QCOMPARE(painted, QRegion(m_view->cellRect(2, 4)));
    QCOMPARE(m_view->calendar().at(2, 4)->booked, 11);
    QCOMPARE(m_view->calendar().at(3, 340)->booked, 1);
    m_view->viewport()->removeEventFilter(&recorder);
}

void TestHotelGrid::scrollToNightShowsDecember()
{
    const QDate december(2025, 12, 20);
    const int day = m_view->dayOf(december);
    QCOMPARE(day, 353);
    QVERIFY(!m_view->cellArea().contains(m_view->cellRect(0, day)));
    m_view->scrollToNight(december);
    QVERIFY(m_view->horizontalScrollBar()->value() > 0);
    QVERIFY2(m_view->cellArea().contains(m_view->cellRect(0, day)),
             qPrintable(QString::number(m_view->horizontalScrollBar()->value())));
    QCOMPARE(m_view->cellAt(m_view->cellRect(0, day).center()), qMakePair(0, day));

    // The last night of the year can be reached too.
    m_view->scrollToNight(QDate(2025, 12, 31));
    QVERIFY(m_view->cellArea().contains(m_view->cellRect(0, 364)));
}

void TestHotelGrid::wheelScrollsTheNights()
{
    // Five rows fit: the wheel moves through the nights.
    QCOMPARE(m_view->verticalScrollBar()->maximum(), 0);
    const QPoint pos = centre(1, 3);
    QWheelEvent wheel(pos, m_view->viewport()->mapToGlobal(pos), QPoint(), QPoint(0, -120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->viewport(), &wheel);
    QVERIFY(m_view->horizontalScrollBar()->value() > 0);

    // Twenty rows do not fit: the wheel moves through them, Shift+wheel through the nights.
    m_view->setCalendar(makeCalendar(20));
    m_view->horizontalScrollBar()->setValue(0);
    QVERIFY(m_view->verticalScrollBar()->maximum() > 0);
    QApplication::sendEvent(m_view->viewport(), &wheel);
    QVERIFY(m_view->verticalScrollBar()->value() > 0);
    QCOMPARE(m_view->horizontalScrollBar()->value(), 0);
    QWheelEvent shifted(pos, m_view->viewport()->mapToGlobal(pos), QPoint(), QPoint(0, -120), Qt::NoButton,
                        Qt::ShiftModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->viewport(), &shifted);
    QVERIFY(m_view->horizontalScrollBar()->value() > 0);
    QCOMPARE(m_view->rowOf(119), 19);
    QCOMPARE(m_view->rowOf(999), -1);
}

void TestHotelGrid::arrivalsModelPassesTheTester()
{
    ArrivalsAtRiskModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QVector<ArrivalAtRisk> arrivals;
    for (int i = 1; i <= 3; ++i)
        arrivals << ArrivalAtRisk{stayRecord(i, QStringLiteral("H-%1").arg(i), StayState::Booked), night(5), i};
    model.setArrivals(arrivals);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(ArrivalsAtRiskModel::ColumnCount));
    QCOMPARE(model.data(model.index(1, ArrivalsAtRiskModel::ReferenceColumn)).toString(), QStringLiteral("H-2"));
    QCOMPARE(model.data(model.index(1, ArrivalsAtRiskModel::GuestColumn)).toString(), QStringLiteral("Guest 2"));
    QCOMPARE(model.data(model.index(1, ArrivalsAtRiskModel::RoomTypeColumn)).toString(), QStringLiteral("RT1"));
    QCOMPARE(model.data(model.index(1, ArrivalsAtRiskModel::OverByColumn)).toInt(), 2);
    QCOMPARE(model.data(model.index(1, ArrivalsAtRiskModel::CheckInColumn), ArrivalsAtRiskModel::SortRole).toDate(),
             night(4));
    QCOMPARE(model.data(model.index(1, ArrivalsAtRiskModel::CheckOutColumn), ArrivalsAtRiskModel::SortRole).toDate(),
             night(7));
    QCOMPARE(model.data(model.index(2, 0), ArrivalsAtRiskModel::StayIdRole).value<StayId>(), StayId(3));
    QCOMPARE(model.headerData(ArrivalsAtRiskModel::OverByColumn, Qt::Horizontal).toString(), QStringLiteral("Over by"));
    QCOMPARE(model.arrival(2).stay.reference, QStringLiteral("H-3"));
    QCOMPARE(model.arrival(99).stay.id, StayId(0));
    arrivals.removeFirst();
    model.setArrivals(arrivals);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.arrival(0).overBy, 2);
    model.setArrivals({});
    QCOMPARE(model.rowCount(), 0);
}

void TestHotelGrid::staySearchModelPassesTheTester()
{
    StaySearchModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStays({stayRecord(1, QStringLiteral("H-1"), StayState::Booked),
                    stayRecord(2, QStringLiteral("H-2"), StayState::CheckedIn),
                    stayRecord(3, QStringLiteral("H-3"), StayState::Walked),
                    stayRecord(4, QStringLiteral("H-4"), StayState::Released)});
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(StaySearchModel::ColumnCount));
    QCOMPARE(model.data(model.index(1, StaySearchModel::StateColumn)).toString(), QStringLiteral("Checked in"));
    QCOMPARE(model.data(model.index(1, StaySearchModel::StateColumn), StaySearchModel::SortRole).toString(),
             QStringLiteral("CHECKED_IN"));
    QCOMPARE(model.data(model.index(3, StaySearchModel::StateColumn)).toString(), QStringLiteral("Released"));
    QVERIFY(!model.data(model.index(0, 0), Qt::ForegroundRole).isValid());
    QVERIFY(model.data(model.index(2, 0), Qt::ForegroundRole).isValid()); // walked: greyed
    QCOMPARE(model.data(model.index(0, StaySearchModel::CheckInColumn), StaySearchModel::SortRole).toDate(), night(4));
    QCOMPARE(model.stay(3).reference, QStringLiteral("H-4"));
    QCOMPARE(model.stay(-1).id, StayId(0));
    QCOMPARE(model.headerData(StaySearchModel::StateColumn, Qt::Horizontal).toString(), QStringLiteral("State"));
    model.setStays({stayRecord(9, QStringLiteral("H-9"), StayState::Held)});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, StaySearchModel::StateColumn)).toString(), QStringLiteral("Held"));
    model.setStays({});
    QCOMPARE(model.rowCount(), 0);
}

void TestHotelGrid::screenReadersReadATableOfNights()
{
    QAccessibleInterface *grid = QAccessible::queryAccessibleInterface(m_view);
    QVERIFY(grid);
    QCOMPARE(grid->role(), QAccessible::Table);
    QCOMPARE(grid->text(QAccessible::Name), QStringLiteral("Room calendar"));
    QAccessibleTableInterface *table = grid->tableInterface();
    QVERIFY(table);
    // One row a room type, one column a night: the whole year, though only a screenful is drawn.
    QCOMPARE(table->rowCount(), 5);
    QCOMPARE(table->columnCount(), 365);
    QCOMPARE(grid->childCount(), 5 * 365);
    QCOMPARE(table->rowDescription(1), QStringLiteral("RT1 Double"));
    QCOMPARE(table->columnDescription(5), QLocale().toString(night(5), QLocale::LongFormat));

    // A cell says its room type and night, and describes the night as the view does: the overbooked
    // one says so.
    QAccessibleInterface *over = table->cellAt(1, 5);
    QVERIFY(over);
    QCOMPARE(over->role(), QAccessible::Cell);
    QCOMPARE(over->text(QAccessible::Name),
             QStringLiteral("RT1, ") + QLocale().toString(night(5), QLocale::ShortFormat));
    QCOMPARE(over->text(QAccessible::Description), m_view->cellDescription(1, 5));
    QVERIFY2(over->text(QAccessible::Description).contains(QLatin1String("Overbooked by 2")),
             qPrintable(over->text(QAccessible::Description)));
    QAccessibleTableCellInterface *cell = over->tableCellInterface();
    QVERIFY(cell);
    QCOMPARE(cell->rowIndex(), 1);
    QCOMPARE(cell->columnIndex(), 5);
    QCOMPARE(grid->indexOfChild(over), 1 * 365 + 5);
    QCOMPARE(grid->child(1 * 365 + 5), over); // one interface per cell
    QVERIFY(!over->state().offscreen);
    QVERIFY(table->cellAt(4, 300)->state().offscreen);
    QVERIFY(!table->cellAt(5, 0));
    QVERIFY(!table->cellAt(0, 365));

    // The focused cell follows the keyboard; a selected stay's nights read as selected.
    m_view->setFocus();
    QTest::keyClick(m_view, Qt::Key_Down);
    QTest::keyClick(m_view, Qt::Key_Right);
    QAccessibleInterface *focused = grid->focusChild();
    QVERIFY(focused);
    QCOMPARE(focused->tableCellInterface()->rowIndex(), 1);
    QCOMPARE(focused->tableCellInterface()->columnIndex(), 3);
    QVERIFY(focused->state().focused);
    QTest::keyClick(m_view, Qt::Key_Right, Qt::ShiftModifier);
    QCOMPARE(table->selectedCellCount(), 2);
    const QList<QAccessibleInterface *> selected = table->selectedCells();
    QCOMPARE(selected.size(), 2);
    QCOMPARE(selected.at(0)->tableCellInterface()->columnIndex(), 3);
    QCOMPARE(selected.at(1)->tableCellInterface()->columnIndex(), 4);
    QVERIFY(selected.at(1)->state().selected);
    QVERIFY(!table->cellAt(1, 5)->state().selected);

    // A calendar of fewer nights: cells beyond it are gone, the others read the new figures.
    m_view->setCalendar(makeCalendar(2, 30));
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->columnCount(), 30);
    QVERIFY(!table->cellAt(4, 300));
    QCOMPARE(table->cellAt(1, 5)->text(QAccessible::Description), m_view->cellDescription(1, 5));
}

void TestHotelGrid::aRefreshChangesFiguresNotTheClerksPlace()
{
    m_view->setFocus();
    m_view->setSelection(101, night(3), night(6));
    const QPoint cursor = m_view->cursorCell();
    m_view->scrollToNight(night(200));
    const int scrolled = m_view->horizontalScrollBar()->value();
    QVERIFY(scrolled > 0);
    HotelCalendar changed = makeCalendar();
    changed.nights[1][4].booked = 1; // another desk gave a room back
    m_view->refreshCalendar(changed);
    QCOMPARE(m_view->calendar().at(1, 4)->booked, 1);
    QCOMPARE(m_view->selectedRow(), 1);
    QCOMPARE(m_view->selectedCheckIn(), night(3));
    QCOMPARE(m_view->selectedCheckOut(), night(6));
    QCOMPARE(m_view->cursorCell(), cursor);
    QCOMPARE(m_view->horizontalScrollBar()->value(), scrolled);
    // A room type that is gone takes its selection with it; nothing else is guessed.
    HotelCalendar fewer = makeCalendar();
    fewer.roomTypes.remove(1);
    fewer.nights.remove(1);
    m_view->refreshCalendar(fewer);
    QCOMPARE(m_view->selectedRow(), -1);
    QCOMPARE(m_view->rowOf(101), -1);
    // A new calendar altogether (another hotel) starts afresh.
    m_view->setSelection(100, night(3), night(4));
    m_view->setCalendar(makeCalendar());
    QCOMPARE(m_view->selectedRow(), -1);
}

QTEST_MAIN(TestHotelGrid)
#include "tst_hotelgrid.moc"
