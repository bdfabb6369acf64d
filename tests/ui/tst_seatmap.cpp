// The seat map without a database: the demo venues expanded by VenueSpec, with unit ids 1..N in seat
// order, drawn by SeatMapScene and driven through SeatMapView as a clerk would.

#include "domain/venuespec.h"
#include "ui/seatmap/seatitem.h"
#include "ui/seatmap/seatmaplegend.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatmapview.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QMouseEvent>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QWheelEvent>

#include <memory>

using namespace boxoffice;

namespace {

SeatMap loadVenueMap(const QString &resource, const QString &sourceRelative)
{
    QFile file(resource);
    // Through storage the resources are normally linked in; the file in the source tree does as well.
    if (!file.exists())
        file.setFileName(sourceRelative);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(resource));
    const auto spec = VenueSpec::fromJson(file.readAll());
    if (!spec)
        qFatal("bad venue %s: %s", qPrintable(resource), qPrintable(spec.error().message));
    return seatMapFromVenue(spec.value());
}

SeatMap theatreMap()
{
    return loadVenueMap(QStringLiteral(":/demo/theatre.json"),
                            QFINDTESTDATA("../../resources/demo/theatre.json"));
}

SeatMap stadiumMap()
{
    return loadVenueMap(QStringLiteral(":/demo/stadium.json"),
                            QFINDTESTDATA("../../resources/demo/stadium.json"));
}

QRectF unite(const QSignalSpy &changed)
{
    QRectF all;
    for (const QList<QVariant> &emission : changed) {
        const auto rects = emission.at(0).value<QList<QRectF>>();
        for (const QRectF &rect : rects)
            all |= rect;
    }
    return all;
}

void sendMouse(QWidget *viewport, QEvent::Type type, const QPoint &at, Qt::MouseButton button,
               Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QMouseEvent event(type, at, viewport->mapToGlobal(at), button, buttons, modifiers);
    QApplication::sendEvent(viewport, &event);
}

void drag(QWidget *viewport, const QPoint &from, const QPoint &to, Qt::MouseButton button,
          Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    sendMouse(viewport, QEvent::MouseButtonPress, from, button, button, modifiers);
    const int steps = 8;
    for (int i = 1; i <= steps; ++i)
        sendMouse(viewport, QEvent::MouseMove, from + (to - from) * i / steps, Qt::NoButton, button, modifiers);
    sendMouse(viewport, QEvent::MouseButtonRelease, to, button, Qt::NoButton, modifiers);
}

} // namespace

class TestSeatMap : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void everySeatHasOneItem();
    void stageOrPitchFollowsTheGeometry();
    void soldChangeRepaintsOnlyThatSeat();
    void farZoomDrawsPlainCells();
    void myCartsDrawAsMine();
    void expiredHoldDrawsAsFreeOnTheClock();
    void clickActivatesTheSeat_data();
    void clickActivatesTheSeat();
    void modifierClickOnlySelects();
    void rubberBandSelectsSeats();
    void fitAllShowsTheWholeVenue();
    void zoomChangesTheTransform();
    void wheelZoomKeepsThePointUnderTheCursor();
    void keysPanAndZoom();
    void middleButtonPans();
    void tooltipIsWrittenOnDemand();
    void legendListsEveryBand();

private:
    UnitId unitOf(const QString &label) const;
    // Zooms to a medium level (outlines, no numbers) with the seat in the middle of the view.
    QPoint showSeat(UnitId unit, qreal zoom = 12.0);
    QColor pixelAt(UnitId unit);

    SeatMap m_theatre;
    std::unique_ptr<SeatMapScene> m_scene;
    std::unique_ptr<SeatMapView> m_view;
};

void TestSeatMap::initTestCase()
{
    m_theatre = theatreMap();
    QCOMPARE(m_theatre.seats.size(), 1208);
}

void TestSeatMap::init()
{
    m_scene = std::make_unique<SeatMapScene>();
    m_scene->setSeatMap(m_theatre);
    m_view = std::make_unique<SeatMapView>(m_scene.get());
    m_view->resize(1000, 700);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestSeatMap::cleanup()
{
    m_view.reset();
    m_scene.reset();
}

UnitId TestSeatMap::unitOf(const QString &label) const
{
    for (const SeatMapSeat &seat : m_theatre.seats) {
        if (seat.label == label)
            return seat.unit;
    }
    qFatal("no seat %s", qPrintable(label));
    return 0;
}

QPoint TestSeatMap::showSeat(UnitId unit, qreal zoom)
{
    m_view->zoomAt(zoom, m_view->viewport()->rect().center());
    m_view->centerOn(m_scene->seatItem(unit));
    QCoreApplication::processEvents();
    return m_view->mapFromScene(m_scene->seatItem(unit)->scenePos());
}

QColor TestSeatMap::pixelAt(UnitId unit)
{
    const QImage image = m_view->viewport()->grab().toImage();
    return image.pixelColor(m_view->mapFromScene(m_scene->seatItem(unit)->scenePos()));
}

void TestSeatMap::everySeatHasOneItem()
{
    QCOMPARE(m_scene->seatCount(), 1208);
    int seatItems = 0;
    const QList<QGraphicsItem *> items = m_scene->items();
    for (const QGraphicsItem *item : items)
        seatItems += item->type() == SeatItem::Type ? 1 : 0;
    QCOMPARE(seatItems, 1208);

    const UnitId unit = unitOf(QStringLiteral("B-3-7"));
    const auto seat = m_scene->seat(unit);
    QVERIFY(seat.has_value());
    QCOMPARE(seat->label, QStringLiteral("B-3-7"));
    QCOMPARE(m_scene->seatItem(unit)->scenePos(), QPointF(seat->x, seat->y));
    QCOMPARE(m_scene->seatItem(unit)->look(), SeatLook::Available);
    QVERIFY(!m_scene->seat(99999).has_value());
}

void TestSeatMap::stageOrPitchFollowsTheGeometry()
{
    // Theatre: every seat faces a stage above the seating.
    QVERIFY(!m_scene->isArena());
    QVERIFY(m_scene->stageRect().isValid());
    QVERIFY(m_scene->stageRect().bottom() <= m_scene->seatsBoundingRect().top());
    QVERIFY(qAbs(m_scene->stageRect().center().x() - m_scene->seatsBoundingRect().center().x()) < 0.01);

    // Stadium: the stands surround an empty middle, which becomes the pitch.
    SeatMapScene stadium;
    stadium.setSeatMap(stadiumMap());
    QCOMPARE(stadium.seatCount(), 50000);
    QVERIFY(stadium.isArena());
    const QRectF pitch = stadium.stageRect();
    QVERIFY(pitch.width() > 300 && pitch.height() > 200);
    QVERIFY(QLineF(pitch.center(), stadium.seatsBoundingRect().center()).length() < 20);
    QStringList onThePitch;
    for (const SeatMapSeat &seat : stadium.seatMap().seats) {
        if (pitch.contains(seat.x, seat.y))
            onThePitch << seat.label;
    }
    QVERIFY2(onThePitch.isEmpty(), qPrintable(onThePitch.join(QLatin1Char(' '))));
}

void TestSeatMap::soldChangeRepaintsOnlyThatSeat()
{
    const UnitId unit = unitOf(QStringLiteral("A-3-12"));
    const SeatItem *item = m_scene->seatItem(unit);
    showSeat(unit);
    QCOMPARE(pixelAt(unit), SeatItem::bandColor(item->band()));

    QSignalSpy changed(m_scene.get(), &QGraphicsScene::changed);
    QCoreApplication::processEvents();
    changed.clear();
    m_scene->applyChange({unit, SeatState::Sold, CartId(), QDateTime()});
    QCOMPARE(item->look(), SeatLook::Sold);
    QCOMPARE(m_scene->seat(unit)->state, SeatState::Sold);
    QTRY_VERIFY(!changed.isEmpty());
    const QRectF repainted = unite(changed);
    QVERIFY(repainted.contains(item->sceneBoundingRect()));
    QVERIFY2(repainted.width() <= 1.01 && repainted.height() <= 1.01, "more than the one seat was repainted");
    QCOMPARE(pixelAt(unit), SeatItem::fillColor(SeatLook::Sold, item->band()));

    // The same state again changes nothing on screen, so nothing is repainted.
    changed.clear();
    m_scene->applyChange({unit, SeatState::Sold, CartId(), QDateTime()});
    QTest::qWait(20);
    QCOMPARE(changed.count(), 0);

    // A seat of another event is ignored.
    m_scene->applyChange({424242, SeatState::Sold, CartId(), QDateTime()});
    QCOMPARE(m_scene->seatCount(), 1208);
}

void TestSeatMap::farZoomDrawsPlainCells()
{
    SeatMapScene stadium;
    stadium.setSeatMap(stadiumMap());
    SeatMapView view(&stadium);
    view.resize(800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.zoom() < SeatItem::outlineDetail); // the whole stadium: every seat a plain cell

    const SeatMapSeat seat = stadium.seatMap().seats.at(1234);
    stadium.applyChange({seat.unit, SeatState::Sold, CartId(), QDateTime()});
    view.zoomAt(3, view.viewport()->rect().center());
    view.centerOn(seat.x, seat.y);
    const QImage image = view.viewport()->grab().toImage();
    const QPoint at = view.mapFromScene(seat.x, seat.y);
    QCOMPARE(image.pixelColor(at), SeatItem::fillColor(SeatLook::Sold, seat.band));
    const SeatMapSeat neighbour = stadium.seatMap().seats.at(1235);
    QCOMPARE(image.pixelColor(view.mapFromScene(neighbour.x, neighbour.y)), SeatItem::bandColor(neighbour.band));
}

void TestSeatMap::myCartsDrawAsMine()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const UnitId unit = unitOf(QStringLiteral("A-5-5"));
    const UnitId other = unitOf(QStringLiteral("A-5-6"));
    m_scene->setServerNow(now);
    m_scene->applyChange({unit, SeatState::Held, QStringLiteral("desk-1"), now.addSecs(600)});
    m_scene->applyChange({other, SeatState::Held, QStringLiteral("web-77"), now.addSecs(600)});
    QCOMPARE(m_scene->seatItem(unit)->look(), SeatLook::HeldByOther);

    m_scene->setMyCarts({QStringLiteral("desk-1")});
    QCOMPARE(m_scene->seatItem(unit)->look(), SeatLook::Mine);
    QCOMPARE(m_scene->seatItem(other)->look(), SeatLook::HeldByOther);
    showSeat(unit);
    QCOMPARE(pixelAt(unit), SeatItem::fillColor(SeatLook::Mine, 0));

    m_scene->setMyCarts({});
    QCOMPARE(m_scene->seatItem(unit)->look(), SeatLook::HeldByOther);
}

void TestSeatMap::expiredHoldDrawsAsFreeOnTheClock()
{
    const QDateTime now = QDateTime(QDate(2026, 11, 29), QTime(17, 0), Qt::UTC);
    const UnitId expiring = unitOf(QStringLiteral("B-2-10"));
    const UnitId lasting = unitOf(QStringLiteral("B-2-20"));
    const UnitId sold = unitOf(QStringLiteral("B-2-21"));
    m_scene->setServerNow(now);
    m_scene->applyChange({expiring, SeatState::Held, QStringLiteral("web-1"), now.addSecs(5)});
    m_scene->applyChange({lasting, SeatState::Held, QStringLiteral("web-2"), now.addSecs(600)});
    m_scene->applyChange({sold, SeatState::Sold, CartId(), QDateTime()});
    QCOMPARE(m_scene->seatItem(expiring)->look(), SeatLook::HeldByOther);
    showSeat(expiring);

    QSignalSpy changed(m_scene.get(), &QGraphicsScene::changed);
    QCoreApplication::processEvents();
    changed.clear();
    m_scene->setServerNow(now.addSecs(6));
    QCOMPARE(m_scene->seatItem(expiring)->look(), SeatLook::Available);
    QCOMPARE(m_scene->seatItem(lasting)->look(), SeatLook::HeldByOther);
    QCOMPARE(m_scene->seatItem(sold)->look(), SeatLook::Sold);
    // The data still says HELD: only the drawing treats the lapsed lease as free.
    QCOMPARE(m_scene->seat(expiring)->state, SeatState::Held);

    QTRY_VERIFY(!changed.isEmpty());
    const QRectF repainted = unite(changed);
    QVERIFY(repainted.contains(m_scene->seatItem(expiring)->sceneBoundingRect()));
    QVERIFY(!repainted.intersects(m_scene->seatItem(lasting)->sceneBoundingRect()));
    QCOMPARE(pixelAt(expiring), SeatItem::bandColor(m_scene->seatItem(expiring)->band()));

    // The next tick changes no seat's look, so it repaints nothing.
    changed.clear();
    m_scene->setServerNow(now.addSecs(7));
    QTest::qWait(20);
    QCOMPARE(changed.count(), 0);
}

void TestSeatMap::clickActivatesTheSeat_data()
{
    QTest::addColumn<QString>("label");
    QTest::newRow("stalls front corner") << QStringLiteral("A-1-1");
    QTest::newRow("dress circle middle") << QStringLiteral("B-5-16");
    QTest::newRow("upper circle back") << QStringLiteral("C-8-34");
    QTest::newRow("box turned sideways") << QStringLiteral("E-2-3");
}

void TestSeatMap::clickActivatesTheSeat()
{
    QFETCH(QString, label);
    const UnitId unit = unitOf(label);
    const QPoint at = showSeat(unit);
    QSignalSpy activated(m_scene.get(), &SeatMapScene::seatActivated);
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).value<UnitId>(), unit);
    QCOMPARE(m_scene->selectedUnits(), QVector<UnitId>{unit});
}

void TestSeatMap::modifierClickOnlySelects()
{
    const UnitId first = unitOf(QStringLiteral("A-4-4"));
    const UnitId second = unitOf(QStringLiteral("A-4-5"));
    const QPoint atFirst = showSeat(first);
    const QPoint atSecond = m_view->mapFromScene(m_scene->seatItem(second)->scenePos());
    QSignalSpy activated(m_scene.get(), &SeatMapScene::seatActivated);
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, Qt::NoModifier, atFirst);
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, Qt::ShiftModifier, atSecond);
    QCOMPARE(activated.count(), 1); // only the plain click
    QCOMPARE(m_scene->selectedUnits(), (QVector<UnitId>{first, second}));
}

void TestSeatMap::rubberBandSelectsSeats()
{
    // Stalls rows 1 and 2, seats 1 to 5: from the empty corner before A-1-1 to just past A-2-5.
    const QPointF a11(m_scene->seat(unitOf(QStringLiteral("A-1-1")))->x, m_scene->seat(unitOf(QStringLiteral("A-1-1")))->y);
    m_view->zoomAt(30, m_view->viewport()->rect().center());
    m_view->centerOn(a11 + QPointF(2, 1));
    const QPoint from = m_view->mapFromScene(a11 + QPointF(-0.7, -0.7));
    const QPoint to = m_view->mapFromScene(a11 + QPointF(4.2, 1.2 + 0.3));
    QSignalSpy activated(m_scene.get(), &SeatMapScene::seatActivated);
    drag(m_view->viewport(), from, to, Qt::LeftButton);

    QVector<UnitId> expected;
    for (int row = 1; row <= 2; ++row) {
        for (int seat = 1; seat <= 5; ++seat)
            expected.append(unitOf(QStringLiteral("A-%1-%2").arg(row).arg(seat)));
    }
    std::sort(expected.begin(), expected.end());
    QCOMPARE(m_scene->selectedUnits(), expected);
    QCOMPARE(activated.count(), 0);

    // Shift extends the selection with row 3 instead of replacing it.
    const QPoint from3 = m_view->mapFromScene(a11 + QPointF(-0.7, 2.4 - 0.5));
    const QPoint to3 = m_view->mapFromScene(a11 + QPointF(4.2, 2.4 + 0.3));
    drag(m_view->viewport(), from3, to3, Qt::LeftButton, Qt::ShiftModifier);
    for (int seat = 1; seat <= 5; ++seat)
        expected.append(unitOf(QStringLiteral("A-3-%1").arg(seat)));
    std::sort(expected.begin(), expected.end());
    QCOMPARE(m_scene->selectedUnits(), expected);
}

void TestSeatMap::fitAllShowsTheWholeVenue()
{
    m_view->zoomAt(40, m_view->viewport()->rect().center());
    QRectF visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    QVERIFY(!visible.contains(m_scene->seatsBoundingRect()));

    m_view->fitAll();
    visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    QVERIFY(visible.contains(m_scene->seatsBoundingRect()));
    QVERIFY(visible.contains(m_scene->stageRect()));
    // Fitted, not merely zoomed far out: the venue fills the view in one direction.
    const QRectF scene = m_scene->sceneRect();
    QVERIFY(visible.width() < scene.width() * 1.05 || visible.height() < scene.height() * 1.05);

    // While fitted, the venue follows the view's size.
    const qreal fitted = m_view->zoom();
    m_view->resize(500, 350);
    QTRY_VERIFY(m_view->zoom() < fitted * 0.6);
}

void TestSeatMap::zoomChangesTheTransform()
{
    // As far out as the view goes: seats are a few pixels, not worth antialiasing.
    m_view->zoomAt(0.01, m_view->viewport()->rect().center());
    const qreal start = m_view->zoom();
    QVERIFY(start > 0.01);
    QVERIFY(start < SeatMapView::antialiasingZoom);
    QVERIFY(!(m_view->renderHints() & QPainter::Antialiasing));
    QSignalSpy zoomed(m_view.get(), &SeatMapView::zoomChanged);

    m_view->zoomIn();
    QVERIFY(qFuzzyCompare(m_view->zoom(), start * SeatMapView::zoomStep));
    QCOMPARE(m_view->transform().m22(), m_view->transform().m11());
    QCOMPARE(zoomed.count(), 1);
    m_view->zoomOut();
    QVERIFY(qFuzzyCompare(m_view->zoom(), start));

    m_view->zoomAt(20, m_view->viewport()->rect().center());
    QCOMPARE(m_view->zoom(), 20.0);
    QVERIFY(m_view->renderHints() & QPainter::Antialiasing);
    m_view->zoomAt(1000, QPoint());
    QCOMPARE(m_view->zoom(), SeatMapView::maxZoom);
}

void TestSeatMap::wheelZoomKeepsThePointUnderTheCursor()
{
    // Close enough that the venue is larger than the view both ways, so it can stay put under the cursor.
    m_view->zoomAt(30, m_view->viewport()->rect().center());
    const QPoint cursor(300, 250);
    const QPointF underCursor = m_view->mapToScene(cursor);
    const qreal before = m_view->zoom();
    QWheelEvent wheel(cursor, m_view->viewport()->mapToGlobal(cursor), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->viewport(), &wheel);
    QVERIFY(qFuzzyCompare(m_view->zoom(), before * SeatMapView::zoomStep));
    const QPointF afterPixel = m_view->mapFromScene(underCursor);
    QVERIFY2(QLineF(afterPixel, cursor).length() <= 1.5, "the venue slid away from under the cursor");
}

void TestSeatMap::keysPanAndZoom()
{
    m_view->zoomAt(40, m_view->viewport()->rect().center());
    const qreal before = m_view->zoom();
    QTest::keyClick(m_view.get(), Qt::Key_Plus);
    QVERIFY(m_view->zoom() > before);
    QTest::keyClick(m_view.get(), Qt::Key_Minus);
    QVERIFY(qFuzzyCompare(m_view->zoom(), before));

    const int x = m_view->horizontalScrollBar()->value();
    const int y = m_view->verticalScrollBar()->value();
    QTest::keyClick(m_view.get(), Qt::Key_Right);
    QCOMPARE(m_view->horizontalScrollBar()->value(), x + m_view->viewport()->width() / 8);
    QTest::keyClick(m_view.get(), Qt::Key_Down);
    QCOMPARE(m_view->verticalScrollBar()->value(), y + m_view->viewport()->height() / 8);
}

void TestSeatMap::middleButtonPans()
{
    m_view->zoomAt(40, m_view->viewport()->rect().center());
    const int x = m_view->horizontalScrollBar()->value();
    QSignalSpy activated(m_scene.get(), &SeatMapScene::seatActivated);
    const QPoint middle = m_view->viewport()->rect().center();
    drag(m_view->viewport(), middle, middle + QPoint(-120, 0), Qt::MiddleButton);
    QCOMPARE(m_view->horizontalScrollBar()->value(), x + 120);
    QVERIFY(m_scene->selectedUnits().isEmpty());

    // Space + left drag pans too, and does not select.
    QTest::keyPress(m_view.get(), Qt::Key_Space);
    drag(m_view->viewport(), middle, middle + QPoint(60, 0), Qt::LeftButton);
    QTest::keyRelease(m_view.get(), Qt::Key_Space);
    QCOMPARE(m_view->horizontalScrollBar()->value(), x + 60);
    QVERIFY(m_scene->selectedUnits().isEmpty());
    QCOMPARE(activated.count(), 0);
}

void TestSeatMap::tooltipIsWrittenOnDemand()
{
    const UnitId unit = unitOf(QStringLiteral("A-3-12"));
    QCOMPARE(m_scene->seatItem(unit)->toolTip(), QString()); // nothing stored per item
    const QString text = m_scene->seatToolTip(unit);
    QVERIFY2(text.contains(QStringLiteral("Stalls, row 3, seat 12")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Premium, €85.00")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Available")), qPrintable(text));

    const QDateTime now = QDateTime(QDate(2026, 11, 29), QTime(17, 0), Qt::UTC);
    m_scene->setServerNow(now);
    m_scene->setMyCarts({QStringLiteral("desk-1")});
    m_scene->applyChange({unit, SeatState::Held, QStringLiteral("desk-1"), now.addSecs(272)});
    const QString held = m_scene->seatToolTip(unit);
    QVERIFY2(held.contains(QStringLiteral("Held by you, 4:32 left")), qPrintable(held));

    // Hovering shows the same text, asked for through the scene's help event.
    const QPoint at = showSeat(unit);
    QHelpEvent help(QEvent::ToolTip, at, m_view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(m_view->viewport(), &help);
    QTRY_COMPARE(QToolTip::text(), held);
}

void TestSeatMap::legendListsEveryBand()
{
    SeatMapLegend legend(m_theatre);
    const QStringList entries = legend.entries();
    QCOMPARE(entries.size(), m_theatre.bands.size() + 5); // + yours, held, sold, house seats, selected
    QCOMPARE(entries.at(0), QStringLiteral("Premium, €85.00"));
    QCOMPARE(entries.at(3), QStringLiteral("Restricted view, €20.00"));
    QStringList shown;
    const QList<QLabel *> labels = legend.findChildren<QLabel *>();
    for (const QLabel *label : labels) {
        if (!label->text().isEmpty())
            shown << label->text();
    }
    for (const SeatMapBand &band : m_theatre.bands) {
        QVERIFY2(std::any_of(shown.cbegin(), shown.cend(), [&](const QString &text) { return text.startsWith(band.name); }),
                 qPrintable(band.name));
    }
    QVERIFY(shown.contains(QStringLiteral("Held by you")));
    QVERIFY(shown.contains(QStringLiteral("Sold")));

    // A new map replaces the lines rather than adding to them.
    legend.setSeatMap(stadiumMap());
    QCOMPARE(legend.entries().size(), 3 + 5);
    QCOMPARE(legend.findChildren<QLabel *>().size(), 2 * (3 + 5));
}

QTEST_MAIN(TestSeatMap)
#include "tst_seatmap.moc"
