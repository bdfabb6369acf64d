// The seat map without a database: the demo venues expanded by VenueSpec, with unit ids 1..N in seat
// order, drawn by SeatMapScene and driven through SeatMapView as a clerk would.

#include "domain/bestavailable.h"
#include "domain/venuespec.h"
#include "ui/seatmap/seatitem.h"
#include "ui/seatmap/seatmapaccessible.h"
#include "ui/seatmap/seatmaplegend.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatmapview.h"
#include "ui/seatmap/seatoverviewitem.h"

#include <QAccessible>
#include <QAccessibleInterface>

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
    return loadVenueMap(QStringLiteral(":/demo/theatre.json"), QFINDTESTDATA("../../resources/demo/theatre.json"));
}

SeatMap stadiumMap()
{
    return loadVenueMap(QStringLiteral(":/demo/stadium.json"), QFINDTESTDATA("../../resources/demo/stadium.json"));
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

void sendMouse(QWidget *viewport, QEvent::Type type, const QPoint &at, Qt::MouseButton button, Qt::MouseButtons buttons,
               Qt::KeyboardModifiers modifiers = Qt::NoModifier)
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
    void accessibleViewReadsSeats();
    void keyboardMovesBetweenSeats();
    void keyboardSelectsAndActivates();
    void findSeatZoomsToAReadableScale_data();
    void findSeatZoomsToAReadableScale();
    void farViewShowsHeldAndSelected();
    void farViewShowsLiveChangesAtOnce();
    void statesDifferWithoutColour_data();
    void statesDifferWithoutColour();
    void legendSpeaksItsMarks();
    void sectionNamesStayInViewWhenZoomed();
    void qualityFollowsTheMapsOwnScoring();

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
    // Left of the centre: the fill, clear of the marks (a sold seat's cross runs through the centre).
    const QImage image = m_view->viewport()->grab().toImage();
    return image.pixelColor(m_view->mapFromScene(m_scene->seatItem(unit)->scenePos() + QPointF(-0.25, 0)));
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
    const QPointF a11(m_scene->seat(unitOf(QStringLiteral("A-1-1")))->x,
                      m_scene->seat(unitOf(QStringLiteral("A-1-1")))->y);
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
    // Alt+arrows pan; plain arrows move between seats (keyboardMovesBetweenSeats).
    QTest::keyClick(m_view.get(), Qt::Key_Right, Qt::AltModifier);
    QCOMPARE(m_view->horizontalScrollBar()->value(), x + m_view->viewport()->width() / 8);
    QTest::keyClick(m_view.get(), Qt::Key_Down, Qt::AltModifier);
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
        QVERIFY2(
            std::any_of(shown.cbegin(), shown.cend(), [&](const QString &text) { return text.startsWith(band.name); }),
            qPrintable(band.name));
    }
    QVERIFY(shown.contains(QStringLiteral("Held by you")));
    QVERIFY(shown.contains(QStringLiteral("Sold")));

    // A new map replaces the lines rather than adding to them.
    legend.setSeatMap(stadiumMap());
    QCOMPARE(legend.entries().size(), 3 + 5);
    QCOMPARE(legend.findChildren<QLabel *>().size(), 2 * (3 + 5));
}

namespace {

struct AnnouncedEvent
{
    QObject *object;
    QAccessible::Event type;
    int child;
};

// A seat drawn alone at a size where its marks show, then reduced to grey as a colour-blind clerk or a
// black-and-white print-out sees it.
QImage greySeat(SeatLook look, bool selected)
{
    QImage image(48, 48, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    SeatItem::paintSeat(&painter, QRectF(8, 8, 32, 32), look, 0, selected);
    painter.end();
    return image.convertToFormat(QImage::Format_Grayscale8);
}

// The share of pixels whose grey differs by more than a clearly visible step.
double greyDifference(const QImage &a, const QImage &b)
{
    int differing = 0;
    for (int y = 0; y < a.height(); ++y) {
        const uchar *ra = a.constScanLine(y);
        const uchar *rb = b.constScanLine(y);
        for (int x = 0; x < a.width(); ++x)
            differing += qAbs(int(ra[x]) - int(rb[x])) > 40 ? 1 : 0;
    }
    return double(differing) / (a.width() * a.height());
}

bool colourNear(const QImage &image, const QPoint &at, const QColor &colour, int radius)
{
    for (int dy = -radius; dy <= radius; ++dy) {
        for (int dx = -radius; dx <= radius; ++dx) {
            const QPoint p = at + QPoint(dx, dy);
            if (image.rect().contains(p) && image.pixelColor(p) == colour)
                return true;
        }
    }
    return false;
}

} // namespace

void TestSeatMap::accessibleViewReadsSeats()
{
    QAccessibleInterface *view = QAccessible::queryAccessibleInterface(m_view.get());
    QVERIFY(view);
    QCOMPARE(view->role(), QAccessible::List);
    QVERIFY2(view->text(QAccessible::Name).contains(QStringLiteral("Seat map")),
             qPrintable(view->text(QAccessible::Name)));
    QVERIFY(!view->text(QAccessible::Description).isEmpty());
    QCOMPARE(view->childCount(), 1208);

    const UnitId unit = unitOf(QStringLiteral("A-3-12"));
    const int index = m_scene->seatItem(unit)->index();
    QAccessibleInterface *seat = view->child(index);
    QVERIFY(seat && seat->isValid());
    QCOMPARE(view->child(index), seat); // one interface a seat, however often asked
    QCOMPARE(view->indexOfChild(seat), index);
    QCOMPARE(seat->parent(), view);
    QCOMPARE(seat->role(), QAccessible::ListItem);
    QCOMPARE(seat->text(QAccessible::Name), QStringLiteral("A-3-12"));
    QCOMPARE(seat->text(QAccessible::Description),
             QStringLiteral("Stalls, row 3, seat 12; Premium, €85.00; Available"));

    m_scene->applyChange({unit, SeatState::Sold, CartId(), QDateTime()});
    QCOMPARE(seat->text(QAccessible::Description), QStringLiteral("Stalls, row 3, seat 12; Premium, €85.00; Sold"));
    QVERIFY(seat->state().disabled);

    const UnitId held = unitOf(QStringLiteral("B-1-4"));
    m_scene->applyChange(
        {held, SeatState::Held, QStringLiteral("web-3"), QDateTime::currentDateTimeUtc().addSecs(600)});
    QAccessibleInterface *heldSeat = view->child(m_scene->seatItem(held)->index());
    QVERIFY2(heldSeat->text(QAccessible::Description).endsWith(QStringLiteral("Held by another sale")),
             qPrintable(heldSeat->text(QAccessible::Description)));

    // The keyboard's seat is the focused child, and says so once the view has focus.
    QVERIFY(!view->focusChild());
    m_view->setFocus();
    QTRY_VERIFY(m_view->hasFocus());
    m_scene->setFocusSeat(held);
    QCOMPARE(view->focusChild(), heldSeat);
    QVERIFY(heldSeat->state().focused);
    QVERIFY(!heldSeat->state().selected);
    m_scene->seatItem(held)->setSelected(true);
    QVERIFY(heldSeat->state().selected);
    QVERIFY(heldSeat->text(QAccessible::Description).endsWith(QStringLiteral("selected")));

    // Where it is on screen, for a magnifier.
    showSeat(held, 30);
    const QRect rect = heldSeat->rect();
    const QPoint centre = m_view->viewport()->mapToGlobal(m_view->mapFromScene(m_scene->seatItem(held)->scenePos()));
    QVERIFY2(rect.contains(centre), "the seat's rectangle is not where the seat is drawn");
    QVERIFY(!heldSeat->state().offscreen);
    QCOMPARE(view->childAt(centre.x(), centre.y()), heldSeat);
}

void TestSeatMap::keyboardMovesBetweenSeats()
{
    // What the view tells assistive technology, as a screen reader would receive it.
    QVector<AnnouncedEvent> events;
    setSeatMapAccessibilityObserver([&](const QAccessibleEvent &event) {
        events.append({event.object(), event.type(), event.child()});
    });
    const auto restore = qScopeGuard([] { setSeatMapAccessibilityObserver({}); });

    m_view->setFocus();
    QTRY_VERIFY(m_view->hasFocus());
    m_scene->setFocusSeat(unitOf(QStringLiteral("A-5-10")));
    QVERIFY(m_scene->seatItem(unitOf(QStringLiteral("A-5-10")))->hasKeyboardFocus());
    events.clear();

    // Right is the next seat of the row, down the row behind (rows count away from the stage).
    QTest::keyClick(m_view.get(), Qt::Key_Right);
    QCOMPARE(m_scene->focusSeat(), unitOf(QStringLiteral("A-5-11")));
    QVERIFY(!m_scene->seatItem(unitOf(QStringLiteral("A-5-10")))->hasKeyboardFocus());
    QTest::keyClick(m_view.get(), Qt::Key_Down);
    QCOMPARE(m_scene->focusSeat(), unitOf(QStringLiteral("A-6-11")));
    QTest::keyClick(m_view.get(), Qt::Key_Left);
    QTest::keyClick(m_view.get(), Qt::Key_Up);
    QCOMPARE(m_scene->focusSeat(), unitOf(QStringLiteral("A-5-10")));

    // Each move was announced: a focus event on the view whose child is the seat now focused.
    QCOMPARE(events.size(), 4);
    for (const AnnouncedEvent &event : std::as_const(events)) {
        QCOMPARE(event.type, QAccessible::Focus);
        QCOMPARE(event.object, m_view.get());
    }
    QCOMPARE(events.last().child, m_scene->seatItem(unitOf(QStringLiteral("A-5-10")))->index());
    QCOMPARE(QAccessible::queryAccessibleInterface(m_view.get())->child(events.last().child)->text(QAccessible::Name),
             QStringLiteral("A-5-10"));

    // At the end of a row there is nowhere further; the seat stays.
    m_scene->setFocusSeat(unitOf(QStringLiteral("A-1-30")));
    QTest::keyClick(m_view.get(), Qt::Key_Up); // the stage is above row 1
    QCOMPARE(m_scene->focusSeat(), unitOf(QStringLiteral("A-1-30")));

    // Zoomed in, the view follows the seat off the edge.
    m_scene->setFocusSeat(unitOf(QStringLiteral("A-10-15")));
    showSeat(unitOf(QStringLiteral("A-10-15")), 60);
    for (int i = 0; i < 12; ++i)
        QTest::keyClick(m_view.get(), Qt::Key_Right);
    QCOMPARE(m_scene->focusSeat(), unitOf(QStringLiteral("A-10-27")));
    const QPoint at = m_view->mapFromScene(m_scene->seatItem(m_scene->focusSeat())->scenePos());
    QVERIFY2(m_view->viewport()->rect().contains(at), "the view did not follow the keyboard");

    // A change to the focused seat is announced; one elsewhere is not.
    events.clear();
    m_scene->applyChange({unitOf(QStringLiteral("C-1-1")), SeatState::Sold, CartId(), QDateTime()});
    QCOMPARE(events.size(), 0);
    m_scene->applyChange({m_scene->focusSeat(), SeatState::Sold, CartId(), QDateTime()});
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.first().type, QAccessible::DescriptionChanged);
}

void TestSeatMap::keyboardSelectsAndActivates()
{
    m_view->setFocus();
    QTRY_VERIFY(m_view->hasFocus());
    QSignalSpy activated(m_scene.get(), &SeatMapScene::seatActivated);
    const UnitId first = unitOf(QStringLiteral("B-2-5"));
    m_scene->setFocusSeat(first);

    // A tap of Space selects the seat, another unselects it.
    QTest::keyClick(m_view.get(), Qt::Key_Space);
    QCOMPARE(m_scene->selectedUnits(), QVector<UnitId>{first});
    QTest::keyClick(m_view.get(), Qt::Key_Space);
    QVERIFY(m_scene->selectedUnits().isEmpty());

    // Shift+arrows select the seats passed, as in a list.
    QTest::keyClick(m_view.get(), Qt::Key_Right, Qt::ShiftModifier);
    QTest::keyClick(m_view.get(), Qt::Key_Right, Qt::ShiftModifier);
    QCOMPARE(m_scene->selectedUnits(),
             (QVector<UnitId>{first, unitOf(QStringLiteral("B-2-6")), unitOf(QStringLiteral("B-2-7"))}));

    // Enter does what a click does: the window holds or releases the seat.
    QTest::keyClick(m_view.get(), Qt::Key_Return);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.first().at(0).value<UnitId>(), unitOf(QStringLiteral("B-2-7")));

    // Tabbing into the view puts the keyboard on a seat in the middle of what shows.
    SeatMapScene fresh;
    fresh.setSeatMap(m_theatre);
    m_view->setSeatMapScene(&fresh);
    QFocusEvent tabIn(QEvent::FocusIn, Qt::TabFocusReason);
    QApplication::sendEvent(m_view.get(), &tabIn);
    QVERIFY(fresh.focusSeat() != 0);
    m_view->setSeatMapScene(m_scene.get());
}

void TestSeatMap::findSeatZoomsToAReadableScale_data()
{
    QTest::addColumn<QString>("venue");
    QTest::addColumn<QStringList>("labels");
    QTest::newRow("theatre seat") << QStringLiteral("theatre") << QStringList{QStringLiteral("C-8-34")};
    QTest::newRow("theatre best 4") << QStringLiteral("theatre")
                                    << QStringList{QStringLiteral("A-1-14"), QStringLiteral("A-1-15"),
                                                   QStringLiteral("A-1-16"), QStringLiteral("A-1-17")};
    QTest::newRow("stadium seat") << QStringLiteral("stadium") << QStringList{QStringLiteral("117-20-33")};
    QTest::newRow("stadium best 10") << "stadium"
                                     << QStringList{QStringLiteral("106-1-41"), QStringLiteral("106-1-42"),
                                                    QStringLiteral("106-1-43"), QStringLiteral("106-1-44"),
                                                    QStringLiteral("106-1-45"), QStringLiteral("106-1-46"),
                                                    QStringLiteral("106-1-47"), QStringLiteral("106-1-48"),
                                                    QStringLiteral("106-1-49"), QStringLiteral("106-1-50")};
}

void TestSeatMap::findSeatZoomsToAReadableScale()
{
    QFETCH(QString, venue);
    QFETCH(QStringList, labels);
    SeatMapScene scene;
    scene.setSeatMap(venue == QLatin1String("theatre") ? m_theatre : stadiumMap());
    SeatMapView view(&scene);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVector<UnitId> units;
    for (const SeatMapSeat &seat : scene.seatMap().seats) {
        if (labels.contains(seat.label))
            units << seat.unit;
    }
    QCOMPARE(units.size(), labels.size());

    view.showUnits(units);
    QVERIFY2(view.zoom() >= SeatMapView::readableZoom, qPrintable(QString::number(view.zoom())));
    QVERIFY(view.zoom() >= SeatItem::numberDetail); // seat numbers are drawn
    QRect covered;
    for (UnitId unit : units) {
        const QRect seat = view.mapFromScene(scene.seatItem(unit)->sceneBoundingRect()).boundingRect();
        QVERIFY2(view.viewport()->rect().contains(seat), qPrintable(scene.seat(unit)->label));
        covered |= seat;
    }
    // With room for context on each side: at least two seats' width of the venue around it (a seat at
    // the edge of the venue cannot be centred, but still is not pressed against the view's edge).
    const int context = qRound(2 * view.zoom());
    QVERIFY2(view.viewport()->rect().adjusted(context, context, -context, -context).contains(covered),
             "the result has no context around it");
    QVERIFY(covered.width() <= view.viewport()->width() / 2);
    if (units.size() == 1)
        QCOMPARE(scene.focusSeat(), units.first());
}

void TestSeatMap::farViewShowsHeldAndSelected()
{
    SeatMapScene stadium;
    stadium.setSeatMap(stadiumMap());
    SeatMapView view(&stadium);
    view.resize(800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.zoom() < 1.2); // a seat is about a pixel
    const QDateTime now = QDateTime::currentDateTimeUtc();
    stadium.setServerNow(now);
    stadium.setMyCarts({QStringLiteral("desk-1")});
    const SeatMapSeat mine = stadium.seatMap().seats.at(2000);
    const SeatMapSeat other = stadium.seatMap().seats.at(21000);
    const SeatMapSeat picked = stadium.seatMap().seats.at(40000);
    stadium.applyChange({mine.unit, SeatState::Held, QStringLiteral("desk-1"), now.addSecs(600)});
    stadium.applyChange({other.unit, SeatState::Held, QStringLiteral("web-9"), now.addSecs(600)});
    stadium.seatItem(picked.unit)->setSelected(true);

    const QImage image = view.viewport()->grab().toImage();
    QVERIFY(stadium.isFarView());
    const auto markerShows = [&](const SeatMapSeat &seat, const QColor &colour) {
        // A marker several pixels wide, not one pixel among thousands: its fill covers a 3x3 square.
        const QPoint at = view.mapFromScene(seat.x, seat.y);
        int found = 0;
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx)
                found += colourNear(image, at + QPoint(dx, dy), colour, 0) ? 1 : 0;
        }
        return found >= 6;
    };
    QVERIFY2(markerShows(mine, SeatItem::fillColor(SeatLook::Mine, mine.band)), "my hold is lost at the far view");
    // Another sale's hold keeps its colour in the picture, a cell like the rest: thousands of markers
    // would bury the clerk's own.
    QVERIFY(colourNear(image, view.mapFromScene(other.x, other.y),
                       SeatItem::fillColor(SeatLook::HeldByOther, other.band), 1));
    QVERIFY(!markerShows(other, SeatItem::fillColor(SeatLook::HeldByOther, other.band)));
    QVERIFY2(markerShows(picked, SeatItem::selectionColor()), "the selection is lost at the far view");
    // An ordinary seat stays a plain cell of its band's colour.
    const SeatMapSeat plain = stadium.seatMap().seats.at(10000);
    QVERIFY(colourNear(image, view.mapFromScene(plain.x, plain.y), SeatItem::bandColor(plain.band), 1));

    // Zoomed in again the seat items draw themselves, and the overview draws nothing.
    view.zoomAt(12, view.viewport()->rect().center());
    view.centerOn(mine.x, mine.y);
    view.viewport()->grab();
    QVERIFY(!stadium.isFarView());
    QVERIFY(!stadium.overviewItem()->shownFar());
}

void TestSeatMap::farViewShowsLiveChangesAtOnce()
{
    SeatMapScene stadium;
    stadium.setSeatMap(stadiumMap());
    SeatMapView view(&stadium);
    view.resize(800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.viewport()->grab(); // the overview's picture is drawn
    const SeatMapSeat seat = stadium.seatMap().seats.at(30000);
    const QPoint at = view.mapFromScene(seat.x, seat.y);

    // As LiveSeatMap applies it: a sale elsewhere turns the seat grey in the cached picture.
    QSignalSpy changed(&stadium, &QGraphicsScene::changed);
    stadium.applyChange({seat.unit, SeatState::Sold, CartId(), QDateTime()});
    QTRY_VERIFY(!changed.isEmpty()); // a repaint is scheduled at once
    QVERIFY(unite(changed).contains(QPointF(seat.x, seat.y)));
    QVERIFY(colourNear(view.viewport()->grab().toImage(), at, SeatItem::fillColor(SeatLook::Sold, seat.band), 1));

    stadium.applyChange(
        {seat.unit, SeatState::Held, QStringLiteral("web-2"), QDateTime::currentDateTimeUtc().addSecs(60)});
    QVERIFY(
        colourNear(view.viewport()->grab().toImage(), at, SeatItem::fillColor(SeatLook::HeldByOther, seat.band), 1));
    stadium.applyChange({seat.unit, SeatState::Available, CartId(), QDateTime()});
    const QImage after = view.viewport()->grab().toImage();
    QVERIFY(!colourNear(after, at, SeatItem::fillColor(SeatLook::HeldByOther, seat.band), 3));
    QVERIFY(colourNear(after, at, SeatItem::bandColor(seat.band), 1));

    // Between two zooms of the far view the picture is drawn again with the change in it.
    stadium.applyChange({seat.unit, SeatState::Sold, CartId(), QDateTime()});
    view.zoomAt(view.zoom() * 1.5, at);
    const QImage zoomed = view.viewport()->grab().toImage();
    QVERIFY(stadium.isFarView());
    QVERIFY(colourNear(zoomed, view.mapFromScene(seat.x, seat.y), SeatItem::fillColor(SeatLook::Sold, seat.band), 1));
}

void TestSeatMap::statesDifferWithoutColour_data()
{
    QTest::addColumn<int>("look");
    QTest::addColumn<bool>("selected");
    for (const SeatLookMark &entry : seatLookMarks)
        QTest::addRow("%s", qPrintable(seatLookText(entry.look))) << int(entry.look) << false;
    QTest::newRow("selected") << int(SeatLook::Available) << true;
}

void TestSeatMap::statesDifferWithoutColour()
{
    QFETCH(int, look);
    QFETCH(bool, selected);
    const QImage grey = greySeat(SeatLook(look), selected);
    // Against every other state, in grey alone, a clear share of the seat looks different.
    for (const SeatLookMark &entry : seatLookMarks) {
        if (entry.look == SeatLook(look) && !selected)
            continue;
        const double difference = greyDifference(grey, greySeat(entry.look, false));
        QVERIFY2(difference >= 0.04,
                 qPrintable(QStringLiteral("%1 vs %2: %3").arg(look).arg(int(entry.look)).arg(difference)));
    }
    if (!selected) {
        const double difference = greyDifference(grey, greySeat(SeatLook::Available, true));
        QVERIFY2(difference >= 0.04, qPrintable(QStringLiteral("%1 vs selected: %2").arg(look).arg(difference)));
    }
    // Every state but Available carries a mark of its own, so it does not depend on the grey level.
    if (SeatLook(look) != SeatLook::Available)
        QVERIFY(SeatItem::markOf(SeatLook(look)) != SeatMark::None);
}

void TestSeatMap::legendSpeaksItsMarks()
{
    SeatMapLegend legend(m_theatre);
    QVERIFY(!legend.accessibleName().isEmpty());
    QStringList swatchNames;
    const QList<QLabel *> labels = legend.findChildren<QLabel *>();
    for (const QLabel *label : labels) {
        if (!label->pixmap().isNull())
            swatchNames << label->accessibleName() + QStringLiteral(": ") + label->accessibleDescription();
    }
    QCOMPARE(swatchNames.size(), legend.entries().size());
    const QString all = swatchNames.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QStringLiteral("Sold: ")) && all.contains(QStringLiteral("cross")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("hatched")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("Selected: ")) && all.contains(QStringLiteral("outline")), qPrintable(all));
}

void TestSeatMap::sectionNamesStayInViewWhenZoomed()
{
    SeatMapScene stadium;
    stadium.setSeatMap(stadiumMap());
    SeatMapView view(&stadium);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // Whole: every block's own label shows, nothing is pinned.
    QVERIFY(view.pinnedNames().isEmpty());

    // Close on the front rows of block 106: its label behind the back row is off screen, so its name
    // is pinned inside the view, whole.
    UnitId unit = 0;
    for (const SeatMapSeat &seat : stadium.seatMap().seats) {
        if (seat.label == QLatin1String("106-2-25"))
            unit = seat.unit;
    }
    view.showUnits({unit});
    const QVector<SeatMapView::PinnedName> pinned = view.pinnedNames();
    QStringList names;
    for (const SeatMapView::PinnedName &name : pinned) {
        names << name.text;
        QVERIFY(view.viewport()->rect().contains(name.box));
    }
    QVERIFY2(names.contains(QStringLiteral("Block 106")), qPrintable(names.join(QLatin1Char(','))));
    // Drawn: the pill's white shows where the name is pinned.
    const QImage image = view.viewport()->grab().toImage();
    const QRect box = pinned.at(int(names.indexOf(QStringLiteral("Block 106")))).box;
    QCOMPARE(QColor(image.pixel(box.left() + 3, box.center().y())).lightness() > 240, true);
}

// Best available at the desk ranks with the scene's qualities: they must come from the venue's scoring
// the map brings (the boxes' 0.75 in the theatre file, or what the database says), not places alone.
void TestSeatMap::qualityFollowsTheMapsOwnScoring()
{
    const auto indexOf = [this](const QString &label) {
        for (int i = 0; i < m_theatre.seats.size(); ++i) {
            if (m_theatre.seats.at(i).label == label)
                return i;
        }
        return -1;
    };
    const int box = indexOf(QStringLiteral("D-1-1"));
    const int stalls = indexOf(QStringLiteral("A-1-15"));
    QVERIFY(box >= 0 && stalls >= 0);
    QCOMPARE(m_theatre.scoring.preferenceOf(QStringLiteral("D")), 0.75);
    const QVector<double> byPlaces = seatQuality(m_theatre, SeatScoring{});
    QCOMPARE(m_scene->seatQuality().size(), m_theatre.seats.size());
    QCOMPARE(m_scene->seatQuality().at(box), 0.75 * byPlaces.at(box));
    QCOMPARE(m_scene->seatQuality().at(stalls), byPlaces.at(stalls));

    SeatMap lowered = m_theatre;
    lowered.scoring.sectionPreference.insert(QStringLiteral("A"), 0.2);
    m_scene->setSeatMap(lowered);
    QCOMPARE(m_scene->seatQuality().at(stalls), 0.2 * byPlaces.at(stalls));
    QCOMPARE(m_scene->seatQuality().at(box), 0.75 * byPlaces.at(box));
}

QTEST_MAIN(TestSeatMap)
#include "tst_seatmap.moc"
