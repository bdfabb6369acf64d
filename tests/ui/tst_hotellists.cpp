// The front desk's Lists tab offscreen, signed in as a real manager and wired as the desktop wires it:
// a day's arrivals, departures and in-house guests in sortable tables with their CSV, occupancy and
// revenue per night as a table and a chart with its CSV, and the suggested sellable limit shown beside
// the manager's, never applied.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/frontdeskservice.h"
#include "domain/hotelservice.h"
#include "moneycompare.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/pgunitofwork.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/frontdesk/hotellistspanel.h"
#include "ui/frontdesk/overbookinghint.h"
#include "ui/hotel/hotellistmodel.h"
#include "ui/hotel/occupancychart.h"
#include "ui/sale/serverclock.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDateEdit>
#include <QHeaderView>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestHotelListsPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void theDaysListsAreShownSortedAndExported();
    void occupancyIsATableAChartAndCsv();
    void theSuggestionSitsBesideTheSellableLimit();

private:
    std::unique_ptr<FrontDeskPanel> openPanel();
    StayId book(const QString &guest, int fromDay, int nights);
    QPushButton *button(QWidget *page, const QString &startsWith) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0;
    QDate m_first;
    QString m_manager;
    const QString m_password = QStringLiteral("lists-panel-pass-1");
    ServerClock m_clock;
    std::vector<std::unique_ptr<DeskSession>> m_sessions;
    int m_carts = 0;
    QTemporaryDir m_folder;
};

void TestHotelListsPanel::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("hotellistspanel"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Lists Panel Inn", "currency": "EUR", "nights": 30,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 8000, "rooms": 3},
                                              {"code": "DLX", "name": "Deluxe", "rank": 2, "price_minor": 14000, "rooms": 1}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        for (const RoomTypeSummary &type : hotel.roomTypes) {
            if (type.code == QLatin1String("STD"))
                m_standard = type.id;
        }
    }
    QVERIFY(m_standard);
    m_manager = QStringLiteral("listspanelmanager_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());

    // Night 2: Zoe and Abe arrive (Abe is in already), Max has been in since night 1.
    PgFrontDesk store(m_db->database());
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    PgUnitOfWork unit(m_db->database());
    FrontDeskService desk(store, counter, unit);
    QVERIFY(book(QStringLiteral("Zoe Zed"), 2, 2));
    const StayId abe = book(QStringLiteral("Abe Able"), 2, 1);
    // The day looked at lies ahead: checked in early, as a manager allows (migration 028).
    QVERIFY(desk.allowEarlyCheckIn(abe, QStringLiteral("lists test: the day looked at lies ahead")).ok());
    QVERIFY(desk.checkIn(abe).ok());
    const StayId max = book(QStringLiteral("Max Mid"), 1, 3);
    QVERIFY(desk.allowEarlyCheckIn(max, QStringLiteral("lists test: the day looked at lies ahead")).ok());
    QVERIFY(desk.checkIn(max).ok());
}

void TestHotelListsPanel::cleanupTestCase()
{
    m_sessions.clear();
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_manager)); // letters, digits and '_' only
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_manager));
}

std::unique_ptr<FrontDeskPanel> TestHotelListsPanel::openPanel()
{
    ConnectionSettings settings = m_db->settings();
    settings.user = m_manager;
    settings.password = m_password;
    auto session = DeskSession::open(settings);
    if (!session)
        return nullptr;
    auto panel = std::make_unique<FrontDeskPanel>(StaffIdentity{m_manager, StaffRole::Manager, QStringLiteral("test")},
                                                  m_clock);
    panel->setServices(session.value()->services());
    m_sessions.push_back(std::move(session.value()));
    panel->resize(1300, 800);
    panel->show();
    panel->selectHotel(m_hotel);
    return panel;
}

StayId TestHotelListsPanel::book(const QString &guest, int fromDay, int nights)
{
    const CartId cart = QStringLiteral("lists-panel-%1").arg(++m_carts);
    StayRequest request{m_standard, cart,        m_first.addDays(fromDay), m_first.addDays(fromDay + nights),
                        guest,      std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    const auto order = m_inventory->carts.createOrder(cart);
    if (!order || !m_inventory->carts.confirm(order->id))
        return 0;
    return held->id;
}

QPushButton *TestHotelListsPanel::button(QWidget *page, const QString &startsWith) const
{
    for (QPushButton *candidate : page->findChildren<QPushButton *>()) {
        if (candidate->text().remove(QLatin1Char('&')).startsWith(startsWith) && candidate->isVisibleTo(page))
            return candidate;
    }
    return nullptr;
}

void TestHotelListsPanel::theDaysListsAreShownSortedAndExported()
{
    auto panel = openPanel();
    QVERIFY(panel);
    HotelListsPanel *lists = panel->lists();
    QAbstractItemModelTester tester(lists->model(HotelList::Arrivals),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    lists->dayEdit()->setFocus();
    lists->dayEdit()->setDate(m_first.addDays(2)); // picked from the calendar pop-up
    QCOMPARE(lists->model(HotelList::Arrivals)->rowCount(), 2);
    QCOMPARE(lists->model(HotelList::Departures)->rowCount(), 0);
    QCOMPARE(lists->model(HotelList::InHouse)->rowCount(), 2);
    // Sorted by guest: Abe first; a click on the header sorts by the number of nights instead.
    QSortFilterProxyModel *arrivals = lists->sorted(HotelList::Arrivals);
    QCOMPARE(arrivals->index(0, HotelListModel::Guest).data().toString(), QStringLiteral("Abe Able"));
    QCOMPARE(arrivals->index(0, HotelListModel::State).data().toString(), QStringLiteral("checked in"));
    QCOMPARE(arrivals->index(1, HotelListModel::State).data().toString(), QStringLiteral("not arrived yet"));
    QHeaderView *header = lists->view(HotelList::Arrivals)->horizontalHeader();
    lists->showList(HotelList::Arrivals);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                      QPoint(header->sectionViewportPosition(HotelListModel::Nights) + 5, header->height() / 2));
    QCOMPARE(header->sortIndicatorSection(), int(HotelListModel::Nights));
    const bool ascending = header->sortIndicatorOrder() == Qt::AscendingOrder;
    QCOMPARE(arrivals->index(0, HotelListModel::Guest).data().toString(),
             ascending ? QStringLiteral("Abe Able") : QStringLiteral("Zoe Zed"));
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                      QPoint(header->sectionViewportPosition(HotelListModel::Nights) + 5, header->height() / 2));
    QCOMPARE(arrivals->index(0, HotelListModel::Guest).data().toString(),
             ascending ? QStringLiteral("Zoe Zed") : QStringLiteral("Abe Able"));

    // Exported as the clerk would: the button, a file name, the CSV.
    QString offered;
    lists->savePathHook = [&](const QString &suggested) {
        offered = suggested;
        return m_folder.filePath(suggested);
    };
    QPushButton *csv = button(lists->view(HotelList::Arrivals)->parentWidget(), QStringLiteral("Export as CSV"));
    QVERIFY(csv);
    QTest::mouseClick(csv, Qt::LeftButton);
    QCOMPARE(offered, QStringLiteral("arrivals-%1.csv").arg(m_first.addDays(2).toString(Qt::ISODate)));
    QVERIFY2(lists->message().startsWith(QLatin1String("Saved")), qPrintable(lists->message()));
    QFile file(m_folder.filePath(offered));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QCOMPARE(lines.first(), QByteArray("reference,guest,room_type,check_in,check_out,nights,state\r"));
    QCOMPARE(lines.size(), 4); // header, two guests, and the empty rest after the last line end
    QVERIFY(lines.at(1).contains(",Abe Able,STD,") && lines.at(1).endsWith(",1,CHECKED_IN\r"));
}

void TestHotelListsPanel::occupancyIsATableAChartAndCsv()
{
    auto panel = openPanel();
    QVERIFY(panel);
    HotelListsPanel *lists = panel->lists();
    lists->showOccupancy();
    lists->showNights(m_first, 4);
    QTableWidget *table = lists->occupancyTable();
    QCOMPARE(table->rowCount(), 4); // the whole hotel, a row a night
    // Night 2: Zoe, Abe and Max in 4 rooms; 80.00 each.
    QCOMPARE(table->item(2, 1)->text(), QStringLiteral("4"));
    QCOMPARE(table->item(2, 4)->text(), QStringLiteral("3"));
    QVERIFY2(table->item(2, 5)->text().startsWith(QLocale().toString(75.0, 'f', 1)),
             qPrintable(table->item(2, 5)->text()));
    QCOMPARE(lists->report().totals().at(2).revenue, Money(24000, QStringLiteral("EUR")));
    QCOMPARE(lists->chart()->nights().size(), 4);
    QVERIFY(!lists->chart()->grab().isNull());
    // One room type: its own rows.
    lists->roomTypePicker()->setCurrentIndex(lists->roomTypePicker()->findText(QStringLiteral("STD")));
    QCOMPARE(table->item(2, 1)->text(), QStringLiteral("3"));
    QCOMPARE(lists->chart()->nights().first().roomType, m_standard);

    QString offered;
    lists->savePathHook = [&](const QString &suggested) {
        offered = suggested;
        return m_folder.filePath(suggested);
    };
    QPushButton *csv = button(table->parentWidget()->parentWidget(), QStringLiteral("Export as CSV"));
    QVERIFY(csv);
    QTest::mouseClick(csv, Qt::LeftButton);
    QFile file(m_folder.filePath(offered));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(offered));
    const QByteArray text = file.readAll();
    QVERIFY(text.startsWith("night,room_type,physical,sellable,suggested_sellable,booked,sold,occupancy_pct,"));
    QVERIFY2(text.contains(QStringLiteral("%1,ALL,4,4,4,3,3,75.0,240.00,80.00,60.00,EUR\r\n")
                               .arg(m_first.addDays(2).toString(Qt::ISODate))
                               .toUtf8()),
             text.constData());
    // Cancelled: nothing written, nothing said.
    lists->savePathHook = [](const QString &) { return QString(); };
    QTest::mouseClick(csv, Qt::LeftButton);
    QVERIFY2(lists->message().startsWith(QLatin1String("Saved")), qPrintable(lists->message()));
}

void TestHotelListsPanel::theSuggestionSitsBesideTheSellableLimit()
{
    auto panel = openPanel();
    QVERIFY(panel);
    const int before = m_db->scalar(QStringLiteral("SELECT sum(capacity) FROM room_nights WHERE room_type_id = :t"),
                                    {{QStringLiteral("t"), m_standard}})
                           .toInt();
    panel->chooseNights(m_standard, m_first.addDays(5), m_first.addDays(7));
    OverbookingHint *hint = panel->overbookingHint();
    QVERIFY(hint->isVisibleTo(panel.get()));
    QCOMPARE(hint->suggested(), 3); // no history yet: the physical rooms
    QVERIFY2(hint->text().contains(QLatin1String("Suggested: 3")), qPrintable(hint->text()));
    // Shown, never applied.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT sum(capacity) FROM room_nights WHERE room_type_id = :t"),
                          {{QStringLiteral("t"), m_standard}})
                 .toInt(),
             before);
}

QTEST_MAIN(TestHotelListsPanel)
#include "tst_hotellists.moc"
