// Printing at the counter, offscreen, through Qt PrintSupport as the desk does it: the print dialog is
// answered once per kind (a hook instead of exec(), choosing "print to file" as a PDF printer), and
// what comes out is read back as a person and a door scanner would: pdfinfo for the paper, pdftotext
// for the words, pdftoppm + zbarimg for the QR codes. Against a real database for the desk's sale,
// the Orders tab's reprint and the receipt copy.

#include "testdatabase.h"

#include "desksession.h"
#include "domain/receipt.h"
#include "moneycompare.h"
#include "storage/staffadmin.h"
#include "tickets/ticketrenderer.h"
#include "ui/desk/deskwindow.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/orders/orderlookuppanel.h"
#include "ui/print/printservice.h"
#include "ui/print/printsettings.h"
#include "ui/receipts/receiptdocument.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

#include <QLineEdit>
#include <QPrintDialog>
#include <QPrinter>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QUuid>
#include <QtTest>

#include <atomic>

using namespace boxoffice;
using namespace boxoffice::test;

Q_DECLARE_METATYPE(TicketStock)
Q_DECLARE_METATYPE(ReceiptStock)

namespace {

Money eur(qint64 minor)
{
    return Money(minor, QStringLiteral("EUR"));
}

struct PdfInfo
{
    int pages = 0;
    QSizeF sizePt; // of the first page
};

bool run(const QString &program, const QStringList &arguments, QByteArray *output, QString *error)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        *error = QStringLiteral("%1 %2 failed: %3 %4")
                     .arg(program, arguments.join(QLatin1Char(' ')), process.errorString(),
                          QString::fromLocal8Bit(process.readAllStandardError()));
        return false;
    }
    *output = process.readAllStandardOutput();
    return true;
}

PdfInfo pdfInfo(const QString &path, QString *error)
{
    QByteArray out;
    PdfInfo info;
    if (!run(QStringLiteral("pdfinfo"), {path}, &out, error))
        return info;
    const QString text = QString::fromUtf8(out);
    static const QRegularExpression pages(QStringLiteral("Pages:\\s+(\\d+)"));
    static const QRegularExpression size(QStringLiteral("Page size:\\s+([\\d.]+) x ([\\d.]+) pts"));
    if (const auto m = pages.match(text); m.hasMatch())
        info.pages = m.captured(1).toInt();
    if (const auto m = size.match(text); m.hasMatch())
        info.sizePt = QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble());
    return info;
}

QString pdfText(const QString &path, QString *error)
{
    QByteArray out;
    if (!run(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")}, &out, error))
        return {};
    // Ligatures ("ﬁ") back to letters, so the words can be searched for.
    return QString::fromUtf8(out).normalized(QString::NormalizationForm_KC);
}

// Every QR symbol on every page, as a door scanner would read the printed paper at 200 dpi; sorted.
QStringList scanned(const QString &pdf, const QTemporaryDir &dir, QString *error)
{
    const QString prefix = dir.filePath(QUuid::createUuid().toString(QUuid::Id128).left(8));
    QByteArray out;
    if (!run(QStringLiteral("pdftoppm"),
             {QStringLiteral("-r"), QStringLiteral("200"), QStringLiteral("-png"), pdf, prefix}, &out, error))
        return {};
    QStringList symbols;
    const QFileInfo base(prefix);
    for (const QString &page :
         QDir(dir.path()).entryList({base.fileName() + QStringLiteral("-*.png")}, QDir::Files, QDir::Name)) {
        if (!run(QStringLiteral("zbarimg"), {QStringLiteral("--quiet"), QStringLiteral("--raw"), dir.filePath(page)},
                 &out, error))
            return {};
        symbols += QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }
    symbols.sort();
    return symbols;
}

QStringList payloads(const QVector<Ticket> &tickets)
{
    QStringList list;
    for (const Ticket &ticket : tickets)
        list << ticketQrPayload(ticket);
    list.sort();
    return list;
}

Ticket sampleTicket(int seat)
{
    Ticket ticket;
    ticket.code = QUuid::createUuid().toString(QUuid::WithoutBraces);
    ticket.order = 40217;
    ticket.eventName = QStringLiteral("The Marriage of Figaro");
    ticket.startsAt = QDateTime(QDate(2026, 12, 12), QTime(19, 30), Qt::UTC);
    ticket.venue = QStringLiteral("Grand Theatre, Main Hall");
    ticket.seatLabel = QStringLiteral("STL-12-%1").arg(seat);
    ticket.sectionName = QStringLiteral("Stalls");
    ticket.price = Money(4550, QStringLiteral("EUR"));
    ticket.currency = QStringLiteral("EUR");
    ticket.soldBy = QStringLiteral("anna");
    ticket.issuedAt = QDateTime(QDate(2026, 11, 29), QTime(16, 5), Qt::UTC);
    return ticket;
}

QVector<Ticket> sampleTickets(int count)
{
    QVector<Ticket> tickets;
    for (int i = 1; i <= count; ++i)
        tickets << sampleTicket(i);
    return tickets;
}

} // namespace

class TestPrinting : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();

    void ticketsPrintOnEachStock_data();
    void ticketsPrintOnEachStock();
    void theChosenPrinterIsRemembered();
    void cashSaleReceiptGivesTheRightChange_data();
    void cashSaleReceiptGivesTheRightChange();
    void refundReceiptSaysWhereTheMoneyWent();
    void counterRefundReceiptSaysHowTheMoneyWentBack_data();
    void counterRefundReceiptSaysHowTheMoneyWentBack();
    void cheaperExchangeReceiptGivesTheDifferenceBack();
    void renderingRunsOffTheGuiThread();
    void cancellingStopsTheJob();
    void aDeskSalePrintsTicketsAndReceipt();
    void ordersTabReprintsTheSameCodes();
    void ordersTabPrintsAReceiptCopy();
    void aClerkCannotForgeAReprintRecord();
    void aFrontDeskBookingPrintsItsReceipt();
    void aStaysRefundPrintsItsReceipt();

private:
    // The print dialog answered as a clerk choosing "print to file" on `paper`.
    std::function<bool(QPrintDialog &)> choosePdf(const QString &path, const QPageLayout &paper);
    // Waits for the service's next finished(); true when it printed.
    static bool waitPrinted(QSignalSpy &spy, int count = 1);

    int m_dialogs = 0;
    QTemporaryDir m_dir;
    std::unique_ptr<TestDatabase> m_db;
    LoadedVenue m_hall;
    QString m_clerk;
    ConnectionSettings m_staff;
    std::unique_ptr<DeskSession> m_session;
    std::unique_ptr<ServerClock> m_clock;
    std::unique_ptr<DeskWindow> m_window;
    OrderId m_soldOrder = 0;
};

void TestPrinting::initTestCase()
{
    // The chosen printers are settings: keep this run's apart from the user's own.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_printing"));
    QSettings().remove(QStringLiteral("printing"));
    for (const char *tool : {"pdfinfo", "pdftotext", "pdftoppm", "zbarimg"}) {
        if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
            QFAIL(qPrintable(
                QStringLiteral("%1 not found: install poppler-utils and zbar-tools").arg(QLatin1String(tool))));
    }
    QVERIFY(m_dir.isValid());
    // To look at what was printed: BOXOFFICE_KEEP_PRINTS=1 keeps the PDFs and says where.
    if (qEnvironmentVariableIsSet("BOXOFFICE_KEEP_PRINTS")) {
        m_dir.setAutoRemove(false);
        qInfo("printed PDFs kept in %s", qPrintable(m_dir.path()));
    }

    m_db = std::make_unique<TestDatabase>(QStringLiteral("printing"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Print Hall"), 3, 8, 600, 1, 4500);
    m_clerk = QStringLiteral("printclerk_%1").arg(QCoreApplication::applicationPid());
    const QString password = QStringLiteral("print-test-pass-7");
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, password, StaffRole::Clerk).ok());
    m_staff = m_db->settings();
    m_staff.user = m_clerk;
    m_staff.password = password;
    auto session = DeskSession::open(m_staff);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().message));
    m_session = std::move(session.value());
    m_clock = std::make_unique<ServerClock>();
    m_window = std::make_unique<DeskWindow>(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, *m_clock,
                                            nullptr);
    m_window->setTicketFolder(m_dir.path());
    m_window->setServices(m_session->services());
    QVERIFY(m_window->selectEvent(m_hall.eventId));
    m_window->resize(1100, 750);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TestPrinting::cleanupTestCase()
{
    m_window.reset();
    m_session.reset();
    if (m_db && !m_clerk.isEmpty()) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
    }
    QSettings().remove(QStringLiteral("printing"));
}

void TestPrinting::init()
{
    QSettings().remove(QStringLiteral("printing"));
    m_dialogs = 0;
    if (m_window) {
        m_window->printing()->printDialogHook = {};
        m_window->printing()->pagePaintedHook = {};
    }
}

std::function<bool(QPrintDialog &)> TestPrinting::choosePdf(const QString &path, const QPageLayout &paper)
{
    return [this, path, paper](QPrintDialog &dialog) {
        ++m_dialogs;
        dialog.printer()->setOutputFormat(QPrinter::PdfFormat);
        dialog.printer()->setOutputFileName(path);
        dialog.printer()->setPageLayout(paper);
        return true;
    };
}

bool TestPrinting::waitPrinted(QSignalSpy &spy, int count)
{
    while (spy.size() < count) {
        if (!spy.wait(60000))
            return false;
    }
    for (const QList<QVariant> &call : spy) {
        if (!call.at(1).toBool()) {
            qWarning("printing failed: %s", qPrintable(call.at(2).toString()));
            return false;
        }
    }
    return true;
}

void TestPrinting::ticketsPrintOnEachStock_data()
{
    QTest::addColumn<TicketStock>("stock");
    QTest::addColumn<int>("tickets");
    QTest::addColumn<int>("pages");
    QTest::addColumn<QSizeF>("pagePt"); // as pdfinfo reports it: width x height

    QTest::newRow("ticket printer, 2 x 5.5 in") << TicketStock::TicketPrinter << 2 << 2 << QSizeF(396, 144);
    QTest::newRow("A6, one a page") << TicketStock::A6 << 2 << 2 << QSizeF(419.5, 297.6);
    QTest::newRow("A4, three a page") << TicketStock::A4 << 4 << 2 << QSizeF(595.3, 841.9);
}

void TestPrinting::ticketsPrintOnEachStock()
{
    QFETCH(TicketStock, stock);
    QFETCH(int, tickets);
    QFETCH(int, pages);
    QFETCH(QSizeF, pagePt);

    PrintService service(m_window.get());
    const QString pdf = m_dir.filePath(QStringLiteral("tickets-%1.pdf").arg(TicketStocks::key(stock)));
    service.printDialogHook = choosePdf(pdf, TicketStocks::pageLayout(stock));
    QSignalSpy printed(&service, &PrintService::finished);
    const QVector<Ticket> printedTickets = sampleTickets(tickets);
    const Status started = service.printTickets(printedTickets);
    QVERIFY2(started.ok(), started.ok() ? "" : qPrintable(started.error().message));
    QVERIFY(waitPrinted(printed));
    QCOMPARE(m_dialogs, 1);
    // The paper chosen in the dialog is the stock remembered.
    QCOMPARE(PrintSettings::ticketStock(), stock);
    QVERIFY2(printed.first().at(2).toString().contains(pdf), qPrintable(printed.first().at(2).toString()));

    QString error;
    const PdfInfo info = pdfInfo(pdf, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(info.pages, pages);
    QVERIFY2(qAbs(info.sizePt.width() - pagePt.width()) < 1.5 && qAbs(info.sizePt.height() - pagePt.height()) < 1.5,
             qPrintable(QStringLiteral("page is %1 x %2 pt").arg(info.sizePt.width()).arg(info.sizePt.height())));

    const QString text = pdfText(pdf, &error).simplified(); // the title may wrap
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(text.contains(QStringLiteral("The Marriage of")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Figaro")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("40217")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Stalls")), qPrintable(text));
    QVERIFY2(text.contains(printedTickets.last().code.left(8)), qPrintable(text));

    QCOMPARE(scanned(pdf, m_dir, &error), payloads(printedTickets));
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestPrinting::theChosenPrinterIsRemembered()
{
    PrintService service(m_window.get());
    const QString pdf = m_dir.filePath(QStringLiteral("remembered.pdf"));
    service.printDialogHook = choosePdf(pdf, TicketStocks::pageLayout(TicketStock::A6));
    QSignalSpy printed(&service, &PrintService::finished);
    QVERIFY(service.printTickets(sampleTickets(1)).ok());
    QVERIFY(service.printTickets(sampleTickets(1)).ok());
    QVERIFY(waitPrinted(printed, 2));
    QCOMPARE(m_dialogs, 1); // the second job went straight to the printer
    QVERIFY(service.hasPrinter(PrintKind::Tickets));
    QVERIFY(!service.hasPrinter(PrintKind::Receipts)); // each kind has its own

    // "Printer settings…" again, then cancelled: the old choice stays.
    service.printDialogHook = [this](QPrintDialog &) {
        ++m_dialogs;
        return false;
    };
    QVERIFY(!service.choosePrinter(PrintKind::Tickets));
    QCOMPARE(PrintSettings::load(PrintKind::Tickets).pdfFile, pdf);

    // No printer for receipts and the dialog closed: nothing printed, said so.
    const Status refused = service.printReceipt(Receipt{});
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.contains(QStringLiteral("no printer was chosen")),
             qPrintable(refused.error().message));
}

void TestPrinting::cashSaleReceiptGivesTheRightChange_data()
{
    QTest::addColumn<ReceiptStock>("stock");
    QTest::addColumn<double>("widthPt");
    QTest::newRow("80 mm roll") << ReceiptStock::Roll80 << 226.8;
    QTest::newRow("A4") << ReceiptStock::A4 << 595.3;
}

void TestPrinting::cashSaleReceiptGivesTheRightChange()
{
    QFETCH(ReceiptStock, stock);
    QFETCH(double, widthPt);

    CounterSale sale;
    sale.order.id = 5150;
    sale.order.currency = QStringLiteral("EUR");
    sale.order.state = OrderState::Paid;
    sale.order.lines = {{ItemKind::Seat, 1, QStringLiteral("A-1-5"), 1, eur(4500), LineState::Sold},
                        {ItemKind::Seat, 2, QStringLiteral("A-1-6"), 1, eur(4500), LineState::Sold},
                        {ItemKind::Pool, 3, QStringLiteral("Standing"), 2, eur(3000), LineState::Sold},
                        {ItemKind::Seat, 4, QStringLiteral("A-1-7"), 1, eur(4500), LineState::Lost}};
    sale.lost = {sale.order.lines.last()};
    sale.charged = Money(12000, QStringLiteral("EUR"));
    sale.change = Money(3000, QStringLiteral("EUR")); // 150.00 handed over
    CounterPayment cash;
    cash.method = PaymentMethod::Cash;
    cash.tendered = Money(15000, QStringLiteral("EUR"));
    const Receipt receipt = Receipts::forSale(sale, cash, {QStringLiteral("anna"), QStringLiteral("DESK-2"), {}});
    QCOMPARE(receipt.lines.size(), 3); // the lost seat is listed apart, not charged
    QCOMPARE(receipt.notCharged.size(), 1);
    QCOMPARE(receipt.tendered.minor() - receipt.total.minor(), receipt.change.minor());
    QCOMPARE(receipt.tendered, Money(15000, QStringLiteral("EUR")));

    PrintService service(m_window.get());
    const QString pdf = m_dir.filePath(QStringLiteral("receipt-%1.pdf").arg(ReceiptStocks::key(stock)));
    service.printDialogHook = choosePdf(pdf, ReceiptDocument(receipt, stock).pageLayout());
    QSignalSpy printed(&service, &PrintService::finished);
    QVERIFY(service.printReceipt(receipt).ok());
    QVERIFY(waitPrinted(printed));
    QCOMPARE(PrintSettings::receiptStock(), stock);

    QString error;
    const PdfInfo info = pdfInfo(pdf, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(info.pages, 1);
    QVERIFY2(qAbs(info.sizePt.width() - widthPt) < 1.5, qPrintable(QString::number(info.sizePt.width())));
    const QString text = pdfText(pdf, &error).simplified();
    for (const QString &expected :
         {QStringLiteral("Receipt"), QStringLiteral("Order 5150"), QStringLiteral("Seat A-1-5 €45.00"),
          QStringLiteral("2 x Standing €30.00"), QStringLiteral("Total €120.00"), QStringLiteral("Paid by Cash"),
          QStringLiteral("Tendered €150.00"), QStringLiteral("Change €30.00"),
          QStringLiteral("Seat A-1-7: taken by another buyer first, not charged"),
          QStringLiteral("Served by anna at DESK-2")}) {
        QVERIFY2(text.contains(expected), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(expected, text)));
    }
}

void TestPrinting::refundReceiptSaysWhereTheMoneyWent()
{
    ManagerRefund refund;
    refund.refund.order = 5151;
    refund.refund.amount = Money(4500, QStringLiteral("EUR"));
    refund.refund.reason = QStringLiteral("Buyer taken ill");
    refund.refund.atCounter = true;
    refund.money = ManagerRefund::Money::AtCounter;
    const Receipt receipt
        = Receipts::forRefund(5151, refund, QStringLiteral("EUR"),
                              {{ItemKind::Seat, 9, QStringLiteral("B-2-3"), 1, eur(4500), LineState::Refunded}},
                              {QStringLiteral("manon"), QStringLiteral("DESK-1"), QDateTime::currentDateTimeUtc()});
    QCOMPARE(receipt.kind, Receipt::Kind::Refund);
    QCOMPARE(receipt.refunded(), Money(4500, QStringLiteral("EUR")));

    PrintService service(m_window.get());
    const QString pdf = m_dir.filePath(QStringLiteral("refund.pdf"));
    service.printDialogHook = choosePdf(pdf, ReceiptDocument(receipt, ReceiptStock::Roll80).pageLayout());
    QSignalSpy printed(&service, &PrintService::finished);
    QVERIFY(service.printReceipt(receipt).ok());
    QVERIFY(waitPrinted(printed));
    QString error;
    const QString text = pdfText(pdf, &error).simplified();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QString &expected :
         {QStringLiteral("Refund receipt"), QStringLiteral("Order 5151"), QStringLiteral("Seat B-2-3 €45.00"),
          QStringLiteral("Refunded €45.00"), QStringLiteral("Refund, cash handed back"),
          QStringLiteral("Reason: Buyer taken ill"), QStringLiteral("Served by manon at DESK-1")}) {
        QVERIFY2(text.contains(expected), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(expected, text)));
    }
    QVERIFY(!text.contains(QStringLiteral("Change")));
}

void TestPrinting::counterRefundReceiptSaysHowTheMoneyWentBack_data()
{
    QTest::addColumn<int>("method"); // MoneyBack
    QTest::addColumn<bool>("returned");
    QTest::addColumn<QString>("said");

    QTest::newRow("cash from the till") << int(MoneyBack::Cash) << true << "Refund, cash handed back";
    QTest::newRow("to the card") << int(MoneyBack::Card) << true << "Refund to the card (terminal reference TRM-5152)";
    QTest::newRow("online, confirmed") << int(MoneyBack::Online) << true << "Refund through the online payment";
    QTest::newRow("online, due") << int(MoneyBack::Online) << false << "Refund due, to follow";
}

void TestPrinting::counterRefundReceiptSaysHowTheMoneyWentBack()
{
    QFETCH(int, method);
    QFETCH(bool, returned);
    QFETCH(QString, said);
    CounterRefund refund;
    refund.order = 5152;
    refund.units = {{ItemKind::Seat, 9, QStringLiteral("B-2-3"), 1, eur(4500), LineState::Sold},
                    {ItemKind::Pool, 4, QStringLiteral("Standing"), 2, eur(3000), LineState::Sold}};
    refund.amount = Money(7500, QStringLiteral("EUR"));
    refund.method = MoneyBack(method);
    refund.cardReference = QStringLiteral("TRM-5152");
    refund.moneyReturned = returned;
    refund.reason = QStringLiteral("show moved");
    const Receipt receipt = Receipts::forCounterRefund(
        refund, {QStringLiteral("anna"), QStringLiteral("DESK-2"), QDateTime::currentDateTimeUtc()},
        QStringLiteral("manon"));
    // The rows as printed, a wrapped row joined again.
    const QString text = ReceiptDocument(receipt, ReceiptStock::Roll80).text().join(QLatin1Char(' '));
    for (const QString &expected : {QStringLiteral("Refund receipt"), QStringLiteral("Order 5152"),
                                    QStringLiteral("Seat B-2-3 €45.00"), QStringLiteral("2 x Standing €30.00"),
                                    QStringLiteral("Refunded €75.00"), said, QStringLiteral("Reason: show moved"),
                                    QStringLiteral("Approved by manon"), QStringLiteral("Served by anna at DESK-2")}) {
        QVERIFY2(text.contains(expected), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(expected, text)));
    }
}

void TestPrinting::cheaperExchangeReceiptGivesTheDifferenceBack()
{
    CounterExchange exchange;
    exchange.oldOrder = 6001;
    exchange.newOrder = 6002;
    exchange.currency = QStringLiteral("EUR");
    exchange.returned = {{ItemKind::Seat, 11, QStringLiteral("A-1-1"), 1, eur(6000), LineState::Sold}};
    exchange.sold = {{ItemKind::Seat, 21, QStringLiteral("C-3-4"), 1, eur(4000), LineState::Sold}};
    exchange.returnedTotal = Money(6000, exchange.currency);
    exchange.newTotal = Money(4000, exchange.currency);
    exchange.credit = Money(4000, exchange.currency);
    exchange.difference = Money(-2000, exchange.currency);
    exchange.refunded = Money(2000, exchange.currency);
    exchange.refundMethod = MoneyBack::Card;
    exchange.refundReference = QStringLiteral("TRM-6001");
    exchange.refundReturned = true;
    const Receipt receipt = Receipts::forExchange(
        exchange, {QStringLiteral("anna"), QStringLiteral("DESK-2"), QDateTime::currentDateTimeUtc()},
        QStringLiteral("manon"));
    QCOMPARE(receipt.total, Money(0, QStringLiteral("EUR"))); // nothing charged
    QCOMPARE(receipt.refunded(), Money(2000, QStringLiteral("EUR")));

    PrintService service(m_window.get());
    const QString pdf = m_dir.filePath(QStringLiteral("exchange-cheaper.pdf"));
    service.printDialogHook = choosePdf(pdf, ReceiptDocument(receipt, ReceiptStock::Roll80).pageLayout());
    QSignalSpy printed(&service, &PrintService::finished);
    QVERIFY(service.printReceipt(receipt).ok());
    QVERIFY(waitPrinted(printed));
    QString error;
    const QString text = pdfText(pdf, &error).simplified();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QString &expected :
         {QStringLiteral("Exchange receipt"), QStringLiteral("Order 6002"), QStringLiteral("Exchanged from order 6001"),
          QStringLiteral("Given back (order 6001) Seat A-1-1 €60.00"),
          QStringLiteral("Sold (order 6002) Seat C-3-4 €40.00"), QStringLiteral("New units €40.00"),
          QStringLiteral("Credit from order 6001 -€40.00"), QStringLiteral("Difference given back €20.00"),
          QStringLiteral("Refund to the card (terminal reference TRM-6001)"), QStringLiteral("Approved by manon")}) {
        QVERIFY2(text.contains(expected), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(expected, text)));
    }
    QVERIFY(!text.contains(QStringLiteral("Change")));
    QVERIFY(!text.contains(QStringLiteral("Difference paid")));
}

void TestPrinting::renderingRunsOffTheGuiThread()
{
    PrintService service(m_window.get());
    service.printDialogHook
        = choosePdf(m_dir.filePath(QStringLiteral("long.pdf")), TicketStocks::pageLayout(TicketStock::A6));
    // A slow printer: every page takes 60 ms to go out.
    std::atomic<bool> onGuiThread{false};
    std::atomic<int> pagesDone{0};
    QThread *gui = QThread::currentThread();
    service.pagePaintedHook = [&](int done) {
        if (QThread::currentThread() == gui)
            onGuiThread = true;
        pagesDone = done;
        QThread::msleep(60);
    };
    int ticks = 0;
    bool progressShown = false;
    QTimer timer;
    timer.setInterval(20);
    connect(&timer, &QTimer::timeout, this, [&] {
        ++ticks;
        if (service.progress() && service.progress()->isVisible())
            progressShown = true;
    });
    timer.start();

    QSignalSpy printed(&service, &PrintService::finished);
    QElapsedTimer clock;
    clock.start();
    QVERIFY(service.printTickets(sampleTickets(20)).ok());
    // printTickets() came back before the pages were painted.
    QVERIFY2(clock.elapsed() < 600, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(pagesDone < 20);
    QCOMPARE(service.running(), 1);
    QVERIFY(waitPrinted(printed));
    QCOMPARE(pagesDone.load(), 20);
    QVERIFY(!onGuiThread);
    // 20 pages at 60 ms: the GUI thread's timer kept firing all along (every 20 ms, so about 60 times).
    QVERIFY2(ticks >= 30, qPrintable(QString::number(ticks)));
    QVERIFY(progressShown);
    QCOMPARE(service.running(), 0);
}

void TestPrinting::cancellingStopsTheJob()
{
    PrintService service(m_window.get());
    service.printDialogHook
        = choosePdf(m_dir.filePath(QStringLiteral("cancelled.pdf")), TicketStocks::pageLayout(TicketStock::A6));
    std::atomic<int> pagesDone{0};
    service.pagePaintedHook = [&](int done) {
        pagesDone = done;
        QThread::msleep(50);
    };
    QSignalSpy printed(&service, &PrintService::finished);
    QVERIFY(service.printTickets(sampleTickets(40)).ok());
    QTRY_VERIFY_WITH_TIMEOUT(service.progress() && service.progress()->isVisible(), 5000);
    // The clerk presses Cancel.
    auto *cancel = service.progress()->findChild<QPushButton *>();
    QVERIFY(cancel);
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(printed.wait(10000));
    QCOMPARE(printed.first().at(1).toBool(), false);
    QVERIFY2(printed.first().at(2).toString().contains(QStringLiteral("cancelled")),
             qPrintable(printed.first().at(2).toString()));
    QVERIFY(pagesDone < 40);
}

void TestPrinting::aDeskSalePrintsTicketsAndReceipt()
{
    // The printers were chosen before (Printer settings…): a sale prints without asking.
    const QString ticketsPdf = m_dir.filePath(QStringLiteral("desk-tickets.pdf"));
    const QString receiptPdf = m_dir.filePath(QStringLiteral("desk-receipt.pdf"));
    PrintSettings::save(PrintKind::Tickets, {QString(), ticketsPdf, TicketStocks::key(TicketStock::TicketPrinter)});
    PrintSettings::save(PrintKind::Receipts, {QString(), receiptPdf, ReceiptStocks::key(ReceiptStock::Roll80)});
    m_window->printing()->printDialogHook = [this](QPrintDialog &) {
        ++m_dialogs;
        return false;
    };

    const QVector<UnitId> units = m_db->units(m_hall.eventId);
    m_window->holdUnits({units.at(0), units.at(1)});
    QCOMPARE(m_window->cart()->rowCount(), 2);
    m_window->paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("100"));
        return dialog.payment().tendered.minor() == 10000;
    };
    QSignalSpy printed(m_window->printing(), &PrintService::finished);
    // The progress dialogs of the jobs before took the focus for a while.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_F9);
    QVERIFY2(m_window->message().contains(QStringLiteral("Printing the tickets and the receipt")),
             qPrintable(m_window->message()));
    QVERIFY(waitPrinted(printed, 2));
    QCOMPARE(m_dialogs, 0);

    m_soldOrder = QFileInfo(m_window->lastTicketsPdf()).completeBaseName().mid(6).toLongLong();
    QVERIFY(m_soldOrder > 0);
    const QStringList codes
        = m_db->scalar(QStringLiteral("SELECT string_agg('BOXOFFICE-TICKET:' || code, ' ' ORDER BY 1) "
                                      "FROM tickets WHERE order_id = :o"),
                       {{QStringLiteral("o"), m_soldOrder}})
              .toString()
              .split(QLatin1Char(' '));
    QString error;
    QStringList sortedCodes = codes;
    sortedCodes.sort();
    QCOMPARE(scanned(ticketsPdf, m_dir, &error), sortedCodes);
    QCOMPARE(pdfInfo(ticketsPdf, &error).pages, 2);

    const QString text = pdfText(receiptPdf, &error).simplified();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QString &expected : {QStringLiteral("Order %1").arg(m_soldOrder), QStringLiteral("Print Hall"),
                                    QStringLiteral("Total €90.00"), QStringLiteral("Tendered €100.00"),
                                    QStringLiteral("Change €10.00"), QStringLiteral("Served by %1").arg(m_clerk)}) {
        QVERIFY2(text.contains(expected), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(expected, text)));
    }
}

void TestPrinting::ordersTabReprintsTheSameCodes()
{
    if (m_soldOrder == 0)
        QSKIP("needs the sale of aDeskSalePrintsTicketsAndReceipt");
    const QString reprintPdf = m_dir.filePath(QStringLiteral("reprint.pdf"));
    m_window->printing()->printDialogHook = choosePdf(reprintPdf, TicketStocks::pageLayout(TicketStock::A6));

    m_window->pages()->setCurrentWidget(m_window->orders());
    OrderLookupPanel *orders = m_window->orders();
    QVERIFY(!orders->reprintButton()->isEnabled());
    orders->searchEdit()->setFocus();
    QTest::keyClicks(orders->searchEdit(), QString::number(m_soldOrder));
    QTest::keyClick(orders->searchEdit(), Qt::Key_Return);
    QVERIFY(orders->results()->rowCount() >= 1);
    QVERIFY(orders->reprintButton()->isEnabled());

    QSignalSpy printed(m_window->printing(), &PrintService::finished);
    QTest::mouseClick(orders->reprintButton(), Qt::LeftButton);
    QVERIFY2(m_window->message().contains(
                 QRegularExpression(QStringLiteral("Reprinting 2 ticket(s|\\(s\\)) of order %1 ").arg(m_soldOrder))),
             qPrintable(m_window->message()));
    QVERIFY(waitPrinted(printed));
    QCOMPARE(m_dialogs, 1); // the first ticket print at this terminal asks for the printer

    QString error;
    QStringList codes = m_db->scalar(QStringLiteral("SELECT string_agg('BOXOFFICE-TICKET:' || code, ' ') "
                                                    "FROM tickets WHERE order_id = :o"),
                                     {{QStringLiteral("o"), m_soldOrder}})
                            .toString()
                            .split(QLatin1Char(' '));
    codes.sort();
    QCOMPARE(scanned(reprintPdf, m_dir, &error), codes);
    QCOMPARE(pdfInfo(reprintPdf, &error).pages, 2);

    // Recorded by the database: who, how many, where; the sale's own printing was not a reprint.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM ticket_reprints WHERE order_id = :o"),
                          {{QStringLiteral("o"), m_soldOrder}})
                 .toInt(),
             1);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT tickets || ' ' || printed_by || ' ' || terminal FROM ticket_reprints "
                                         "WHERE order_id = :o"),
                          {{QStringLiteral("o"), m_soldOrder}})
                 .toString(),
             QStringLiteral("2 %1 %2").arg(m_clerk, DeskWindow::terminalName()));
}

void TestPrinting::aClerkCannotForgeAReprintRecord()
{
    if (m_soldOrder == 0)
        QSKIP("needs the sale of aDeskSalePrintsTicketsAndReceipt");
    auto clerk = DatabaseConnection::open(m_staff, QStringLiteral("forger"));
    QVERIFY2(clerk.ok(), clerk.ok() ? "" : qPrintable(clerk.error().message));
    QSqlQuery forged(clerk.value()->database());
    QVERIFY(forged.prepare(QStringLiteral("INSERT INTO ticket_reprints (order_id, tickets, terminal, printed_by) "
                                          "VALUES (:o, 1, 'x', 'somebody_else')")));
    forged.bindValue(QStringLiteral(":o"), m_soldOrder);
    QVERIFY(!forged.exec());
    QSqlQuery backdated(clerk.value()->database());
    QVERIFY(backdated.prepare(QStringLiteral("INSERT INTO ticket_reprints (order_id, tickets, terminal, printed_at) "
                                             "VALUES (:o, 1, 'x', now() - interval '1 day')")));
    backdated.bindValue(QStringLiteral(":o"), m_soldOrder);
    QVERIFY(!backdated.exec());
    QSqlQuery erased(clerk.value()->database());
    QVERIFY(erased.prepare(QStringLiteral("DELETE FROM ticket_reprints WHERE order_id = :o")));
    erased.bindValue(QStringLiteral(":o"), m_soldOrder);
    QVERIFY(!erased.exec());
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM ticket_reprints WHERE order_id = :o"),
                          {{QStringLiteral("o"), m_soldOrder}})
                 .toInt(),
             1);
}

void TestPrinting::ordersTabPrintsAReceiptCopy()
{
    if (m_soldOrder == 0)
        QSKIP("needs the sale of aDeskSalePrintsTicketsAndReceipt");
    const QString copyPdf = m_dir.filePath(QStringLiteral("copy.pdf"));
    m_window->printing()->printDialogHook
        = choosePdf(copyPdf, QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF()));
    m_window->pages()->setCurrentWidget(m_window->orders());
    OrderLookupPanel *orders = m_window->orders();
    orders->searchEdit()->selectAll();
    QTest::keyClicks(orders->searchEdit(), QString::number(m_soldOrder));
    QTest::keyClick(orders->searchEdit(), Qt::Key_Return);
    QVERIFY(orders->receiptButton()->isEnabled());
    QSignalSpy printed(m_window->printing(), &PrintService::finished);
    QTest::mouseClick(orders->receiptButton(), Qt::LeftButton);
    QVERIFY(waitPrinted(printed));
    QCOMPARE(PrintSettings::receiptStock(), ReceiptStock::A4);

    QString error;
    const QString text = pdfText(copyPdf, &error).simplified();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QString &expected : {QStringLiteral("Receipt (copy)"), QStringLiteral("Order %1").arg(m_soldOrder),
                                    QStringLiteral("Total €90.00"), QStringLiteral("Paid by Cash")}) {
        QVERIFY2(text.contains(expected), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(expected, text)));
    }
}

void TestPrinting::aFrontDeskBookingPrintsItsReceipt()
{
    const QString receiptPdf = m_dir.filePath(QStringLiteral("stay-receipt.pdf"));
    PrintSettings::save(PrintKind::Receipts, {QString(), receiptPdf, ReceiptStocks::key(ReceiptStock::Roll80)});
    CounterSale sale;
    sale.order.id = 7001;
    sale.order.currency = QStringLiteral("EUR");
    sale.order.lines = {{ItemKind::Stay, 5, QStringLiteral("STD 12-14 Mar"), 1, eur(18000), LineState::Sold}};
    sale.charged = Money(18000, QStringLiteral("EUR"));
    CounterPayment card;
    card.method = PaymentMethod::Card;
    card.cardReference = QStringLiteral("TRM-77001");
    QSignalSpy printed(m_window->printing(), &PrintService::finished);
    // What the front desk panel says after a booking paid at the desk.
    emit m_window->frontDesk()->counterSaleMade(sale, card);
    QVERIFY(waitPrinted(printed));
    QString error;
    const QString text = pdfText(receiptPdf, &error).simplified();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QString &expected :
         {QStringLiteral("Order 7001"), QStringLiteral("Stay STD 12-14 Mar €180.00"), QStringLiteral("Paid by Card"),
          QStringLiteral("Card terminal reference TRM-77001")}) {
        QVERIFY2(text.contains(expected), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(expected, text)));
    }
}

void TestPrinting::aStaysRefundPrintsItsReceipt()
{
    const QString receiptPdf = m_dir.filePath(QStringLiteral("stay-refund.pdf"));
    PrintSettings::save(PrintKind::Receipts, {QString(), receiptPdf, ReceiptStocks::key(ReceiptStock::Roll80)});
    StayMoneyReceipt stay;
    stay.stay = QStringLiteral("Stay H-7002 (Ada Guest)");
    stay.money.order = 7002;
    stay.money.currency = QStringLiteral("EUR");
    stay.outcome.refunded = Money(14000, stay.money.currency);
    stay.outcome.fee = Money(2000, stay.money.currency);
    stay.outcome.refundAtDesk = true;
    stay.reason = QStringLiteral("Stay cancelled: late cancellation; fee kept €20.00");
    QSignalSpy printed(m_window->printing(), &PrintService::finished);
    // What the front desk panel says after a manager cancelled a paid stay.
    emit m_window->frontDesk()->stayReceiptDue(stay);
    QVERIFY(waitPrinted(printed));
    QString error;
    const QString text = pdfText(receiptPdf, &error).simplified();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QString &expected : {QStringLiteral("Order 7002"), QStringLiteral("Stay H-7002 (Ada Guest)"),
                                    QStringLiteral("€140.00"), QStringLiteral("late cancellation")}) {
        QVERIFY2(text.contains(expected), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(expected, text)));
    }
}

QTEST_MAIN(TestPrinting)
#include "tst_printing.moc"
