// Accessibility of the desk without a database: every widget a clerk can reach with the keyboard has a
// name a screen reader reads, the cart and the hotel calendar say what they are and what is focused,
// and Ctrl+Tab / Ctrl+PageDown switch the main tabs from anywhere in the window. The seat map's own
// names (its view and seats) are tested with the seat map.

#include "domain/frontdesk.h"
#include "ui/desk/deskwindow.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"
#include "ui/seatmap/seatmapview.h"
#include "ui/signin/signindialog.h"

#include <QAccessible>
#include <QLineEdit>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace boxoffice;

namespace {

// What a screen reader would read as the widget's name: its own, a buddy label's, or its text.
QString spokenName(QWidget *widget)
{
    QAccessibleInterface *face = QAccessible::queryAccessibleInterface(widget);
    return face ? face->text(QAccessible::Name).trimmed() : QString();
}

bool insideSeatMap(QWidget *widget)
{
    for (QWidget *w = widget; w; w = w->parentWidget()) {
        if (qobject_cast<SeatMapView *>(w))
            return true;
    }
    return false;
}

// The focusable, visible widgets under `root` that a screen reader could not name.
QStringList unnamed(QWidget *root)
{
    QStringList missing;
    for (QWidget *widget : root->findChildren<QWidget *>()) {
        if (!widget->isVisible() || widget->focusPolicy() == Qt::NoFocus || !widget->isEnabled())
            continue;
        if (insideSeatMap(widget) || widget->inherits("QScrollBar"))
            continue;
        // A combo box's own popup list and a spin box's line edit are named by their owner.
        if (widget->parentWidget()
            && (widget->parentWidget()->inherits("QAbstractSpinBox") || widget->parentWidget()->inherits("QComboBox")))
            continue;
        if (spokenName(widget).isEmpty())
            missing << QStringLiteral("%1 \"%2\" in %3")
                           .arg(QString::fromLatin1(widget->metaObject()->className()), widget->objectName(),
                                QString::fromLatin1(widget->parentWidget()->metaObject()->className()));
    }
    return missing;
}

HotelCalendar smallCalendar()
{
    HotelCalendar calendar;
    calendar.hotel.id = 1;
    calendar.hotel.name = QStringLiteral("Harbour");
    calendar.from = QDate(2026, 3, 10);
    calendar.until = QDate(2026, 3, 20);
    RoomTypeSummary standard;
    standard.id = 7;
    standard.code = QStringLiteral("STD");
    standard.name = QStringLiteral("Standard");
    calendar.roomTypes << standard;
    QVector<NightAvailability> nights;
    for (int day = 0; day < calendar.days(); ++day) {
        NightAvailability night;
        night.roomType = standard.id;
        night.roomTypeCode = standard.code;
        night.night = calendar.from.addDays(day);
        night.capacity = 10;
        night.physical = 10;
        night.booked = day;
        nights << night;
    }
    calendar.nights << nights;
    return calendar;
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void everyFocusableWidgetIsNamed();
    void dialogsAreNamed();
    void cartSaysWhatItIs();
    void hotelGridDescribesTheFocusedCell();
    void tabWalksTheBoxOfficeInReadingOrder();
    void ctrlTabSwitchesTabsFromAnywhere_data();
    void ctrlTabSwitchesTabsFromAnywhere();

private:
    std::unique_ptr<ServerClock> m_clock;
    std::unique_ptr<DeskWindow> m_window;
};

void TestAccessibility::init()
{
    m_clock = std::make_unique<ServerClock>();
    m_window = std::make_unique<DeskWindow>(StaffIdentity{QStringLiteral("clerk"), StaffRole::Clerk, QString()},
                                            *m_clock, nullptr);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestAccessibility::cleanup()
{
    m_window.reset();
    m_clock.reset();
}

void TestAccessibility::everyFocusableWidgetIsNamed()
{
    QTabWidget *pages = m_window->pages();
    QStringList missing;
    for (int i = 0; i < pages->count(); ++i) {
        pages->setCurrentIndex(i);
        QCoreApplication::processEvents();
        QVERIFY2(!spokenName(pages->widget(i)).isEmpty() || !pages->tabText(i).isEmpty(),
                 qPrintable(pages->tabText(i)));
        for (const QString &widget : unnamed(pages->widget(i)))
            missing << pages->tabText(i) + QStringLiteral(": ") + widget;
        // And every page of a tab widget inside (the front desk's tasks).
        for (QTabWidget *inner : pages->widget(i)->findChildren<QTabWidget *>()) {
            for (int j = 0; j < inner->count(); ++j) {
                inner->setCurrentIndex(j);
                QCoreApplication::processEvents();
                for (const QString &widget : unnamed(inner->widget(j)))
                    missing << pages->tabText(i) + QStringLiteral(" / ") + inner->tabText(j) + QStringLiteral(": ")
                            + widget;
            }
        }
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
}

void TestAccessibility::dialogsAreNamed()
{
    SignInDialog signIn(QStringLiteral("a test server"),
                        [](const QString &, const QString &) { return Status(Done{}); });
    signIn.show();
    QVERIFY(QTest::qWaitForWindowExposed(&signIn));
    QVERIFY2(unnamed(&signIn).isEmpty(), qPrintable(unnamed(&signIn).join(QLatin1Char('\n'))));

    PaymentDialog payment(Money(8500, QStringLiteral("EUR")), PaymentMethod::Cash);
    payment.show();
    QVERIFY(QTest::qWaitForWindowExposed(&payment));
    QVERIFY2(unnamed(&payment).isEmpty(), qPrintable(unnamed(&payment).join(QLatin1Char('\n'))));
}

void TestAccessibility::cartSaysWhatItIs()
{
    auto *cart = m_window->findChild<QTableView *>(QStringLiteral("cartView"));
    QVERIFY(cart);
    QAccessibleInterface *face = QAccessible::queryAccessibleInterface(cart);
    QVERIFY(face);
    QVERIFY2(!face->text(QAccessible::Name).isEmpty(), "the cart has no accessible name");
    QVERIFY2(!face->text(QAccessible::Description).isEmpty(), "the cart has no accessible description");
}

void TestAccessibility::hotelGridDescribesTheFocusedCell()
{
    HotelGridView grid;
    grid.setToday(QDate(2026, 3, 10));
    grid.setCalendar(smallCalendar());
    grid.resize(800, 300);
    grid.show();
    QVERIFY(QTest::qWaitForWindowExposed(&grid));
    grid.setFocus();
    QAccessibleInterface *face = QAccessible::queryAccessibleInterface(&grid);
    QVERIFY(face);
    QVERIFY(!face->text(QAccessible::Name).isEmpty());
    QString described = face->text(QAccessible::Description);
    QVERIFY2(described.contains(QStringLiteral("STD")), qPrintable(described));
    QVERIFY2(described.contains(QStringLiteral("10 free")), qPrintable(described));
    // The arrow keys move the focused cell, and the description follows it.
    QTest::keyClick(&grid, Qt::Key_Right);
    QTest::keyClick(&grid, Qt::Key_Right);
    described = face->text(QAccessible::Description);
    QVERIFY2(described.contains(QStringLiteral("8 free")), qPrintable(described));
    QVERIFY2(described.contains(QStringLiteral("2 booked")), qPrintable(described));
    QVERIFY2(!described.contains(QLatin1Char('<')), qPrintable(described)); // plain text, no markup
}

// Tab from the event picker reaches every control of a sale in the order a clerk reads them, and
// leaves the cart table rather than walking its cells.
void TestAccessibility::tabWalksTheBoxOfficeInReadingOrder()
{
    auto *picker = m_window->findChild<QWidget *>(QStringLiteral("eventPicker"));
    QVERIFY(picker);
    picker->setFocus();
    QTRY_VERIFY(picker->hasFocus());
    // Once round the window: Tab until the picker has the focus again.
    QStringList visited;
    for (int i = 0; i < 60; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        if (QApplication::focusWidget() == picker)
            break;
        visited << spokenName(QApplication::focusWidget()).remove(QLatin1Char('&'));
    }
    QVERIFY2(QApplication::focusWidget() == picker, "Tab never came back to the event picker");
    // The controls of a sale, in reading order; those disabled without a sale (Release, Sell) are
    // skipped by Tab, as they should be.
    QStringList expected;
    for (const char *name : {"Find seat", "Seats together for best available", "Section for best available",
                             "Price band for best available", "Best available", "This sale", "Hold selected", "Release",
                             "Extend", "Sell: cash (F9)", "Sell: card (F10)"}) {
        for (QWidget *widget : m_window->pages()->widget(0)->findChildren<QWidget *>()) {
            if (spokenName(widget).remove(QLatin1Char('&')) == QLatin1String(name) && widget->isEnabled())
                expected << QString::fromLatin1(name);
        }
    }
    expected.removeDuplicates(); // the cart and its group box are both "This sale"
    QVERIFY(expected.size() >= 7);
    int at = 0;
    for (const QString &name : visited) {
        if (at < expected.size() && name == expected.at(at))
            ++at;
    }
    QVERIFY2(at == expected.size(),
             qPrintable(QStringLiteral("Tab visited: ") + visited.join(QStringLiteral(" | "))
                        + QStringLiteral("\nexpected: ") + expected.join(QStringLiteral(" | "))));
}

void TestAccessibility::ctrlTabSwitchesTabsFromAnywhere_data()
{
    QTest::addColumn<QKeySequence>("keys");
    QTest::addColumn<QKeySequence>("back");
    QTest::addColumn<int>("step");
    const QKeySequence next(Qt::CTRL | Qt::Key_Tab);
    const QKeySequence previous(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab);
    const QKeySequence pageDown(Qt::CTRL | Qt::Key_PageDown);
    const QKeySequence pageUp(Qt::CTRL | Qt::Key_PageUp);
    QTest::newRow("Ctrl+Tab") << next << previous << 1;
    QTest::newRow("Ctrl+Shift+Tab") << previous << next << -1;
    QTest::newRow("Ctrl+PageDown") << pageDown << pageUp << 1;
    QTest::newRow("Ctrl+PageUp") << pageUp << pageDown << -1;
}

void TestAccessibility::ctrlTabSwitchesTabsFromAnywhere()
{
    QFETCH(QKeySequence, keys);
    QFETCH(QKeySequence, back);
    QFETCH(int, step);
    QTabWidget *pages = m_window->pages();
    const int count = pages->count();
    QVERIFY(count >= 3);
    // From the seat search, a line edit inside the first tab.
    pages->setCurrentIndex(0);
    auto *search = m_window->findChild<QLineEdit *>(QStringLiteral("seatSearch"));
    QVERIFY(search);
    search->setFocus();
    QTRY_VERIFY(search->hasFocus());
    QTest::keySequence(QApplication::focusWidget(), keys);
    QTRY_COMPARE(pages->currentIndex(), (step + count) % count);
    // From a line edit in the tab now showing (the first tab wraps around to the last), and back.
    QLineEdit *edit = pages->currentWidget()->findChild<QLineEdit *>();
    QVERIFY(edit);
    edit->setFocus();
    QTRY_VERIFY(edit->hasFocus());
    QTest::keySequence(QApplication::focusWidget(), back);
    QTRY_COMPARE(pages->currentIndex(), 0);
}

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
