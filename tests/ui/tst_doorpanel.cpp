// The door in the desktop, offscreen, signed in as a real clerk and wired as the desktop wires it (the
// desk window's Door tab over the session's door service): a scanner types a ticket's code and Enter,
// the answer is ADMITTED, the field is empty and ready for the next ticket; the same ticket again
// says ALREADY ADMITTED with the gate; a refunded ticket says NOT VALID; the gate is remembered.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/seatholdservice.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"
#include "ui/door/doorpanel.h"
#include "ui/sale/serverclock.h"

#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestDoorPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void scanningTwiceAdmitsThenSaysAlreadyAdmitted();
    void aRefundedTicketIsNotValid();
    void theGateIsRememberedAndRequired();

private:
    QVector<Ticket> sell(const QVector<UnitId> &units);
    // Types like a barcode scanner: the characters, then Enter.
    void scanLikeAScanner(const QString &payload);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<PgCounterSales> m_counter;
    std::unique_ptr<DeskSession> m_session;
    std::unique_ptr<ServerClock> m_clock;
    std::unique_ptr<DeskWindow> m_window;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    QString m_clerk;
    int m_carts = 0;
};

void TestDoorPanel::initTestCase()
{
    // The remembered gate goes to a scratch settings file, not the user's.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_doorpanel"));
    QSettings().clear();

    m_db = std::make_unique<TestDatabase>(QStringLiteral("doorpanel"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Door Panel Hall"), 2, 8, 600, 1, 3000);
    m_units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    m_counter = std::make_unique<PgCounterSales>(m_db->database(), m_inventory->carts);
    m_clerk = QStringLiteral("doorpanelclerk_%1").arg(QCoreApplication::applicationPid());
    const QString password = QStringLiteral("door-panel-pass-1234");
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, password, StaffRole::Clerk).ok());
    ConnectionSettings staff = m_db->settings();
    staff.user = m_clerk;
    staff.password = password;
    auto session = DeskSession::open(staff);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().message));
    m_session = std::move(session.value());
    m_clock = std::make_unique<ServerClock>();
    m_window = std::make_unique<DeskWindow>(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, *m_clock,
                                            nullptr);
    m_window->setServices(m_session->services());
    m_window->pages()->setCurrentWidget(m_window->door());
    m_window->resize(1000, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_window->door()->gateEdit()->setText(QStringLiteral("2"));
}

void TestDoorPanel::cleanupTestCase()
{
    m_window.reset();
    m_session.reset();
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk)); // letters, digits and '_' only
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
}

QVector<Ticket> TestDoorPanel::sell(const QVector<UnitId> &units)
{
    const CartId cart = QStringLiteral("door-panel-%1").arg(++m_carts);
    if (!SeatHoldService(m_inventory->seats).hold(HoldRequest{m_hall.eventId, cart, units, std::nullopt}))
        return {};
    CounterSaleService sales(*m_counter);
    const auto quote = sales.quote(cart);
    if (!quote)
        return {};
    CounterPayment cash;
    cash.tendered = Money(quote->total.minor(), quote->currency);
    const auto sale = sales.sell(cart, cash, quote.value());
    return sale ? sale->tickets : QVector<Ticket>{};
}

void TestDoorPanel::scanLikeAScanner(const QString &payload)
{
    QLineEdit *code = m_window->door()->codeEdit();
    code->setFocus();
    QTest::keyClicks(code, payload);
    QTest::keyClick(code, Qt::Key_Return);
}

void TestDoorPanel::scanningTwiceAdmitsThenSaysAlreadyAdmitted()
{
    const QVector<Ticket> tickets = sell({m_units.at(0)});
    QCOMPARE(tickets.size(), 1);
    DoorPanel *door = m_window->door();

    scanLikeAScanner(ticketQrPayload(tickets.first()));
    QCOMPARE(door->resultTitle(), QStringLiteral("ADMITTED"));
    QVERIFY2(door->resultDetail().contains(QStringLiteral("seat A-1-1")), qPrintable(door->resultDetail()));
    QVERIFY(door->codeEdit()->text().isEmpty()); // ready for the next ticket
    QCOMPARE(QApplication::focusWidget(), door->codeEdit());
    QCOMPARE(door->recentScans()->count(), 1);

    scanLikeAScanner(ticketQrPayload(tickets.first()));
    QCOMPARE(door->resultTitle(), QStringLiteral("ALREADY ADMITTED"));
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(
        m_db->scalar(QStringLiteral("SELECT CAST(extract(epoch FROM admitted_at) * 1000 AS bigint) FROM admissions "
                                    "WHERE ticket_code = CAST(:c AS uuid)"),
                     {{QStringLiteral("c"), tickets.first().code}})
            .toLongLong());
    const QString expected = QStringLiteral("Admitted at %1, gate 2").arg(at.toString(QStringLiteral("HH:mm")));
    QVERIFY2(door->resultDetail().contains(expected), qPrintable(door->resultDetail()));
    QVERIFY(door->codeEdit()->text().isEmpty());
    QCOMPARE(door->recentScans()->count(), 2);
    QVERIFY(door->recentScans()->item(0)->text().contains(QStringLiteral("ALREADY ADMITTED")));
    QVERIFY(door->recentScans()->item(1)->text().contains(QStringLiteral("ADMITTED  ")));

    scanLikeAScanner(QStringLiteral("00000000-0000-4000-8000-000000000000"));
    QCOMPARE(door->resultTitle(), QStringLiteral("NOT A TICKET"));
    scanLikeAScanner(QStringLiteral("hello"));
    QCOMPARE(door->resultTitle(), QStringLiteral("NOT A TICKET"));
}

void TestDoorPanel::aRefundedTicketIsNotValid()
{
    const QVector<Ticket> tickets = sell({m_units.at(1)});
    QCOMPARE(tickets.size(), 1);
    QVERIFY(m_db->exec(QStringLiteral("UPDATE orders SET state = 'REFUNDED' WHERE id = :o"),
                       {{QStringLiteral("o"), tickets.first().order}}));
    scanLikeAScanner(ticketQrPayload(tickets.first()));
    QCOMPARE(m_window->door()->resultTitle(), QStringLiteral("NOT VALID"));
    QVERIFY(m_window->door()->resultDetail().contains(QStringLiteral("refunded")));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM admissions WHERE ticket_code = CAST(:c AS uuid)"),
                          {{QStringLiteral("c"), tickets.first().code}})
                 .toInt(),
             0);
    // Paid again, so this hand-made refund leaves no puzzle for the audit.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE orders SET state = 'PAID' WHERE id = :o"),
                       {{QStringLiteral("o"), tickets.first().order}}));
}

void TestDoorPanel::theGateIsRememberedAndRequired()
{
    DoorPanel *door = m_window->door();
    door->gateEdit()->setText(QStringLiteral("North door"));
    QTest::keyClick(door->gateEdit(), Qt::Key_Return); // editing finished: saved
    QCOMPARE(DoorPanel().gateEdit()->text(), QStringLiteral("North door"));

    const QVector<Ticket> tickets = sell({m_units.at(2)});
    QCOMPARE(tickets.size(), 1);
    door->gateEdit()->clear();
    scanLikeAScanner(ticketQrPayload(tickets.first()));
    QCOMPARE(door->resultTitle(), QStringLiteral("NAME THE GATE"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM admissions WHERE ticket_code = CAST(:c AS uuid)"),
                          {{QStringLiteral("c"), tickets.first().code}})
                 .toInt(),
             0);
    door->gateEdit()->setText(QStringLiteral("North door"));
    scanLikeAScanner(ticketQrPayload(tickets.first()));
    QCOMPARE(door->resultTitle(), QStringLiteral("ADMITTED"));
}

QTEST_MAIN(TestDoorPanel)
#include "tst_doorpanel.moc"
