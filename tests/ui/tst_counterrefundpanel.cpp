// Refunds and exchanges from the desk's Orders tab, offscreen, as a clerk signed in with a real clerk
// login works them: the clerk finds the order, ticks units, types a reason and a manager signs in on
// the spot (the dialog driven through the gate's hook instead of exec()); without a manager the request
// goes to the queue, and a manager's own desk approves it. An exchange sells the seats the clerk holds
// in the current sale. The clerk stays signed in throughout; the manager's connection is closed after.
// Each refund or exchange carried out at a desk prints its receipt on the receipt printer chosen there
// (print to file: a PDF read back with pdftotext).

#include "testdatabase.h"

#include "desksession.h"
#include "domain/seatholdservice.h"
#include "storage/pgcountersales.h"
#include "storage/pginventory.h"
#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"
#include "ui/orders/approvalspanel.h"
#include "ui/orders/managerapprovaldialog.h"
#include "ui/orders/orderactions.h"
#include "ui/orders/orderlookuppanel.h"
#include "ui/print/printservice.h"
#include "ui/print/printsettings.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/serverclock.h"

#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

// The words on a printed PDF, one line of layout each, as a person reads them.
QString pdfText(const QString &path)
{
    QProcess process;
    process.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")});
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return QStringLiteral("pdftotext failed: %1").arg(QString::fromLocal8Bit(process.readAllStandardError()));
    return QString::fromUtf8(process.readAllStandardOutput()).normalized(QString::NormalizationForm_KC).simplified();
}

// The receipt printer chosen at this terminal: print to file, on the 80 mm roll.
QString chooseReceiptPdf(const QTemporaryDir &dir, const QString &name)
{
    const QString path = dir.filePath(name);
    PrintSettings::save(PrintKind::Receipts, {QString(), path, ReceiptStocks::key(ReceiptStock::Roll80)});
    PrintSettings::setPrintAfterSale(true);
    return path;
}

// Waits for the print job that finished() reports; true when it printed.
bool printed(QSignalSpy &spy)
{
    if (spy.isEmpty() && !spy.wait(60000))
        return false;
    if (!spy.first().at(1).toBool())
        qWarning("printing failed: %s", qPrintable(spy.first().at(2).toString()));
    return spy.first().at(1).toBool();
}

} // namespace

class TestCounterRefundPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aClerkRefundsChosenUnitsWithAManagerOnTheSpot();
    void aWrongManagerPasswordRefundsNothing();
    void withoutAManagerTheRequestIsQueued();
    void aManagersDeskApprovesTheQueuedRequest();
    void anExchangeSellsTheHeldSeats();

private:
    void findOrder(OrderId order);
    void tick(int row);
    std::unique_ptr<DeskSession> signIn(const QString &login, StaffRole role);
    // The gate's hook: a manager types their login and password and approves.
    std::function<bool(ManagerApprovalDialog &)> managerSignsIn(const QString &password);
    qint64 scalar(const QString &sql, OrderId order) const;

    void expectOnPaper(const QString &pdf, const QStringList &expected);

    QTemporaryDir m_prints;
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    std::unique_ptr<DeskSession> m_clerkSession;
    std::unique_ptr<DeskSession> m_managerSession;
    std::unique_ptr<ServerClock> m_clock;
    std::unique_ptr<DeskWindow> m_window;
    std::unique_ptr<DeskWindow> m_managerWindow;
    LoadedVenue m_hall;
    QVector<UnitId> m_units;
    QString m_clerk;
    QString m_manager;
    QStringList m_logins;
    const QString m_password = QStringLiteral("refund-panel-pass-1234");
    CounterSale m_sale;
};

std::unique_ptr<DeskSession> TestCounterRefundPanel::signIn(const QString &login, StaffRole role)
{
    if (!StaffAdmin(m_db->database()).addStaff(login, m_password, role).ok())
        return nullptr;
    m_logins << login;
    ConnectionSettings staff = m_db->settings();
    staff.user = login;
    staff.password = m_password;
    auto session = DeskSession::open(staff);
    return session ? std::move(session.value()) : nullptr;
}

void TestCounterRefundPanel::initTestCase()
{
    // The chosen receipt printer is a setting: keep this run's apart from the user's own.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_counterrefundpanel"));
    QSettings().remove(QStringLiteral("printing"));
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QFAIL("pdftotext not found: install poppler-utils");
    QVERIFY(m_prints.isValid());
    m_db = std::make_unique<TestDatabase>(QStringLiteral("counterrefundpanel"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Refund Hall"), 2, 8, 600, 1, 2500);
    m_units = m_db->units(m_hall.eventId);
    m_inventory = std::make_unique<PgInventory>(m_db->database());

    const CartId cart = QStringLiteral("refund-panel-1");
    QVERIFY(SeatHoldService(m_inventory->seats)
                .hold(HoldRequest{m_hall.eventId, cart, {m_units.at(0), m_units.at(1), m_units.at(2)}, std::nullopt})
                .ok());
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterSaleService sales(counter);
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(10000, QStringLiteral("EUR"));
    auto sale = sales.sell(cart, cash, sales.quote(cart).value());
    QVERIFY(sale.ok());
    m_sale = sale.value();

    const qint64 pid = QCoreApplication::applicationPid();
    m_clerk = QStringLiteral("refundpanelclerk_%1").arg(pid);
    m_manager = QStringLiteral("refundpanelmanager_%1").arg(pid);
    m_clerkSession = signIn(m_clerk, StaffRole::Clerk);
    QVERIFY(m_clerkSession);
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_manager, m_password, StaffRole::Manager).ok());
    m_logins << m_manager;
    m_clock = std::make_unique<ServerClock>();
    m_window = std::make_unique<DeskWindow>(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, *m_clock,
                                            nullptr);
    m_window->setServices(m_clerkSession->services());
    m_window->pages()->setCurrentWidget(m_window->orders());
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestCounterRefundPanel::cleanupTestCase()
{
    QSettings().remove(QStringLiteral("printing"));
    m_window.reset();
    m_managerWindow.reset();
    m_clerkSession.reset();
    m_managerSession.reset();
    for (const QString &login : std::as_const(m_logins)) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(login)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

void TestCounterRefundPanel::findOrder(OrderId order)
{
    QLineEdit *search = m_window->orders()->searchEdit();
    search->clear();
    search->setFocus();
    QTest::keyClicks(search, QString::number(order));
    QTest::keyClick(search, Qt::Key_Return);
}

void TestCounterRefundPanel::tick(int row)
{
    QListWidgetItem *item = m_window->orders()->actions()->units()->item(row);
    QVERIFY(item);
    item->setCheckState(Qt::Checked);
}

std::function<bool(ManagerApprovalDialog &)> TestCounterRefundPanel::managerSignsIn(const QString &password)
{
    return [this, password](ManagerApprovalDialog &dialog) {
        QTest::keyClicks(dialog.loginEdit(), m_manager);
        QTest::keyClicks(dialog.passwordEdit(), password);
        QTest::mouseClick(dialog.approveButton(), Qt::LeftButton);
        if (dialog.result() != QDialog::Accepted)
            dialog.reject(); // the manager gives up: as Cancel
        return dialog.result() == QDialog::Accepted;
    };
}

void TestCounterRefundPanel::expectOnPaper(const QString &pdf, const QStringList &expected)
{
    const QString text = pdfText(pdf);
    for (const QString &words : expected)
        QVERIFY2(text.contains(words), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(words, text)));
}

qint64 TestCounterRefundPanel::scalar(const QString &sql, OrderId order) const
{
    return m_db->scalar(sql, {{QStringLiteral("o"), order}}).toLongLong();
}

void TestCounterRefundPanel::aClerkRefundsChosenUnitsWithAManagerOnTheSpot()
{
    OrderActions *actions = m_window->orders()->actions();
    findOrder(m_sale.order.id);
    QCOMPARE(actions->units()->count(), 3);
    QVERIFY(actions->refundButton()->isEnabled());
    tick(0);
    QTest::keyClicks(actions->reasonEdit(), QStringLiteral("cannot come"));
    actions->gate().hook = managerSignsIn(m_password);
    const QString receiptPdf = chooseReceiptPdf(m_prints, QStringLiteral("refund.pdf"));
    QSignalSpy printing(m_window->printing(), &PrintService::finished);
    QTest::mouseClick(actions->refundButton(), Qt::LeftButton);

    QVERIFY2(actions->message().contains(QStringLiteral("hand the buyer")), qPrintable(actions->message()));
    // The refund receipt came out at once on the receipt printer: the unit, the amount, the cash.
    QVERIFY(printed(printing));
    QVERIFY(actions->lastRefund().has_value());
    expectOnPaper(receiptPdf,
                  {QStringLiteral("Refund receipt"), QStringLiteral("Order %1").arg(m_sale.order.id),
                   QStringLiteral("Seat %1 €25.00").arg(actions->lastRefund()->units.value(0).label),
                   QStringLiteral("Refunded €25.00"), QStringLiteral("Refund, cash handed back"),
                   QStringLiteral("Reason: cannot come"), QStringLiteral("Approved by %1").arg(m_manager),
                   QStringLiteral("Served by %1").arg(m_clerk)});
    QVERIFY(actions->lastRefund().has_value());
    QCOMPARE(actions->lastRefund()->amount.minor(), qint64(2500));
    QCOMPARE(actions->lastRefund()->amount.currency(), QStringLiteral("EUR"));
    QCOMPARE(actions->lastRefund()->units.size(), 1);
    QCOMPARE(actions->lastRefund()->method, MoneyBack::Cash);
    QCOMPARE(scalar(QStringLiteral("SELECT COALESCE(sum(amount_minor), 0) FROM refunds WHERE order_id = :o"),
                    m_sale.order.id),
             2500);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM event_seats WHERE id = :u"),
                          {{QStringLiteral("u"), m_units.at(0)}})
                 .toString(),
             QStringLiteral("AVAILABLE"));
    // The ledger names the manager who approved it, and the manager's connection is closed again.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT recorded_by FROM order_ledger WHERE order_id = :o AND entry = "
                                         "'REFUND_DUE'"),
                          {{QStringLiteral("o"), m_sale.order.id}})
                 .toString(),
             m_manager);
    QTRY_COMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE usename = :u"),
                              {{QStringLiteral("u"), m_manager}})
                     .toLongLong(),
                 0);
    // The clerk is still the one signed in here, and the order shows what is left.
    QCOMPARE(m_window->staff().user, m_clerk);
    QCOMPARE(actions->units()->count(), 2);
    QVERIFY2(m_window->orders()->detailsText().contains(QStringLiteral("Refunds (1)")),
             qPrintable(m_window->orders()->detailsText()));
}

void TestCounterRefundPanel::aWrongManagerPasswordRefundsNothing()
{
    OrderActions *actions = m_window->orders()->actions();
    findOrder(m_sale.order.id);
    tick(0);
    QTest::keyClicks(actions->reasonEdit(), QStringLiteral("wrong password"));
    QString shown;
    actions->gate().hook = [&](ManagerApprovalDialog &dialog) {
        QTest::keyClicks(dialog.loginEdit(), m_clerk); // a clerk's own login is not a manager's
        QTest::keyClicks(dialog.passwordEdit(), m_password);
        QTest::mouseClick(dialog.approveButton(), Qt::LeftButton);
        shown = dialog.lastError();
        dialog.reject();
        return false;
    };
    QTest::mouseClick(actions->refundButton(), Qt::LeftButton);
    QCOMPARE(shown, QStringLiteral("That is not a manager's user name and password."));
    QCOMPARE(actions->message(), QStringLiteral("Nothing was refunded."));
    QCOMPARE(scalar(QStringLiteral("SELECT COALESCE(sum(amount_minor), 0) FROM refunds WHERE order_id = :o"),
                    m_sale.order.id),
             2500);
    actions->reasonEdit()->clear();
}

void TestCounterRefundPanel::withoutAManagerTheRequestIsQueued()
{
    OrderActions *actions = m_window->orders()->actions();
    findOrder(m_sale.order.id);
    tick(1);
    QTest::keyClicks(actions->reasonEdit(), QStringLiteral("double booked"));
    actions->gate().hook = [](ManagerApprovalDialog &dialog) {
        QTest::mouseClick(dialog.queueButton(), Qt::LeftButton);
        return dialog.result() == QDialog::Accepted;
    };
    QTest::mouseClick(actions->refundButton(), Qt::LeftButton);
    QVERIFY2(actions->message().contains(QStringLiteral("Sent to a manager's queue")), qPrintable(actions->message()));
    QCOMPARE(scalar(QStringLiteral("SELECT COALESCE(sum(amount_minor), 0) FROM refunds WHERE order_id = :o"),
                    m_sale.order.id),
             2500); // nothing more yet
    ApprovalsPanel *approvals = m_window->orders()->approvals();
    approvals->reload();
    QCOMPARE(approvals->table()->rowCount(), 1);
    QCOMPARE(approvals->table()->item(0, ApprovalsPanel::ReasonColumn)->text(), QStringLiteral("double booked"));
    QVERIFY(approvals->table()->item(0, ApprovalsPanel::RequestedColumn)->text().startsWith(m_clerk));
    // BOXOFFICE_SHOT_DIR set: the Orders tab as the clerk sees it now, for a person to look at.
    if (const QString dir = qEnvironmentVariable("BOXOFFICE_SHOT_DIR"); !dir.isEmpty())
        QVERIFY(m_window->grab().save(QDir(dir).filePath(QStringLiteral("desk-orders-refund.png"))));
}

void TestCounterRefundPanel::aManagersDeskApprovesTheQueuedRequest()
{
    m_managerSession
        = signIn(QStringLiteral("refunddesk_%1").arg(QCoreApplication::applicationPid()), StaffRole::Manager);
    QVERIFY(m_managerSession);
    m_managerWindow = std::make_unique<DeskWindow>(
        StaffIdentity{m_logins.last(), StaffRole::Manager, QStringLiteral("test")}, *m_clock, nullptr);
    m_managerWindow->setServices(m_managerSession->services());
    ApprovalsPanel *approvals = m_managerWindow->orders()->approvals();
    approvals->gate().hook = [](ManagerApprovalDialog &) {
        qWarning("a manager signed in at their own desk is not asked again");
        return false;
    };
    QCOMPARE(approvals->table()->rowCount(), 1);
    approvals->table()->selectRow(0);
    // No receipt printer chosen at this desk yet: the receipt is offered, not forced through a dialog.
    PrintSettings::forget(PrintKind::Receipts);
    QSignalSpy printing(m_managerWindow->printing(), &PrintService::finished);
    QTest::mouseClick(approvals->approveButton(), Qt::LeftButton);
    QVERIFY2(approvals->message().contains(QStringLiteral("Approved and refunded")), qPrintable(approvals->message()));
    QVERIFY2(m_managerWindow->message().contains(
                 QStringLiteral("Ctrl+Shift+P prints the refund receipt for order %1").arg(m_sale.order.id)),
             qPrintable(m_managerWindow->message()));
    QCOMPARE(m_managerWindow->printing()->running(), 0);
    // Ctrl+Shift+P once a printer is chosen: the refund receipt, naming the approving manager.
    const QString receiptPdf = chooseReceiptPdf(m_prints, QStringLiteral("approved-refund.pdf"));
    m_managerWindow->printLastReceipt();
    QVERIFY(printed(printing));
    expectOnPaper(receiptPdf,
                  {QStringLiteral("Refund receipt"), QStringLiteral("Refunded €25.00"),
                   QStringLiteral("Reason: double booked"), QStringLiteral("Approved by %1").arg(m_logins.last())});
    QCOMPARE(approvals->table()->rowCount(), 0);
    QCOMPARE(scalar(QStringLiteral("SELECT COALESCE(sum(amount_minor), 0) FROM refunds WHERE order_id = :o"),
                    m_sale.order.id),
             5000);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM approval_requests WHERE order_id = :o"),
                          {{QStringLiteral("o"), m_sale.order.id}})
                 .toString(),
             QStringLiteral("DONE"));
    // The clerk's desk sees the queue empty again.
    m_window->orders()->approvals()->reload();
    QCOMPARE(m_window->orders()->approvals()->table()->rowCount(), 0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestCounterRefundPanel::anExchangeSellsTheHeldSeats()
{
    // The buyer swaps the last seat of the order for two seats the clerk holds in the current sale.
    m_window->pages()->setCurrentIndex(0);
    QVERIFY(m_window->selectEvent(m_hall.eventId));
    m_window->holdUnits({m_units.at(8), m_units.at(9)});
    QCOMPARE(m_window->cart()->rowCount(), 2);
    const CartId heldIn = m_window->cartId();
    m_window->pages()->setCurrentWidget(m_window->orders());
    OrderActions *actions = m_window->orders()->actions();
    findOrder(m_sale.order.id);
    QCOMPARE(actions->units()->count(), 1);
    tick(0);
    QTest::keyClicks(actions->reasonEdit(), QStringLiteral("a friend comes too"));
    actions->payBy()->setCurrentIndex(actions->payBy()->findData(int(PaymentMethod::Cash)));
    QTest::keyClicks(actions->tenderEdit(), QStringLiteral("30"));
    actions->gate().hook = managerSignsIn(m_password);
    const QString given = actions->units()->item(0)->text().section(QStringLiteral(" — "), 0, 0);
    const QString receiptPdf = chooseReceiptPdf(m_prints, QStringLiteral("exchange.pdf"));
    QSignalSpy printing(m_window->printing(), &PrintService::finished);
    QTest::mouseClick(actions->exchangeButton(), Qt::LeftButton);

    QVERIFY2(actions->message().contains(QStringLiteral("Exchanged: 2 new ticket(s)")), qPrintable(actions->message()));
    QVERIFY2(actions->message().contains(QStringLiteral("give")), qPrintable(actions->message()));
    QVERIFY(actions->lastExchange().has_value());
    QCOMPARE(actions->lastExchange()->charged.minor(), 2500);
    QCOMPARE(actions->lastExchange()->change.minor(), 500);
    // The exchange receipt: the seat given back, the two sold, the credit, the difference and the change.
    QVERIFY(printed(printing));
    const CounterExchange &done = *actions->lastExchange();
    QCOMPARE(done.sold.size(), 2);
    expectOnPaper(receiptPdf,
                  {QStringLiteral("Exchange receipt"), QStringLiteral("Order %1").arg(done.newOrder),
                   QStringLiteral("Given back (order %1)").arg(m_sale.order.id),
                   QStringLiteral("Seat %1 €25.00").arg(given), QStringLiteral("Sold (order %1)").arg(done.newOrder),
                   QStringLiteral("Seat %1 €25.00").arg(done.sold.at(0).label),
                   QStringLiteral("Seat %1 €25.00").arg(done.sold.at(1).label), QStringLiteral("New units €50.00"),
                   QStringLiteral("Credit from order %1 -€25.00").arg(m_sale.order.id),
                   QStringLiteral("Difference paid €25.00"), QStringLiteral("Paid by Cash"),
                   QStringLiteral("Tendered €30.00"), QStringLiteral("Change €5.00"),
                   QStringLiteral("Approved by %1").arg(m_manager)});
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), m_sale.order.id}})
            .toString(),
        QStringLiteral("REFUNDED"));
    // The Orders tab reads the exchange from both sides: the seat given back went into the new order,
    // and the new order came from the old one with its credit.
    findOrder(m_sale.order.id);
    const QString oldDetails = m_window->orders()->detailsText();
    QVERIFY2(oldDetails.contains(QStringLiteral("Exchanged into order %1: €25.00 carried over").arg(done.newOrder)),
             qPrintable(oldDetails));
    QVERIFY2(oldDetails.contains(QStringLiteral("%1 — €25.00, exchanged into order %2").arg(given).arg(done.newOrder)),
             qPrintable(oldDetails));
    QVERIFY2(oldDetails.contains(QStringLiteral("Seat %1 given back for order %2").arg(given).arg(done.newOrder)),
             qPrintable(oldDetails));
    findOrder(done.newOrder);
    const QString newDetails = m_window->orders()->detailsText();
    QVERIFY2(newDetails.contains(
                 QStringLiteral("Sold in an exchange from order %1: €25.00 credit carried over").arg(m_sale.order.id)),
             qPrintable(newDetails));
    // The desk starts a new sale: the old cart's seats were sold by the exchange.
    QVERIFY(m_window->cartId() != heldIn);
    QCOMPARE(m_window->cart()->rowCount(), 0);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

QTEST_MAIN(TestCounterRefundPanel)
#include "tst_counterrefundpanel.moc"
