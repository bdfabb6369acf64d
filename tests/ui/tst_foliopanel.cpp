// The folio as a clerk works it, offscreen against a real database: a minibar charge typed and posted,
// the pro-forma invoice written to a PDF that says the charge (read back with pdftotext, as a reader
// would), settle-and-check-out paid in cash with change, and the final invoice with its payment. And at
// the front desk: "Folio…" opens the chosen stay's folio, and "Check out" of a stay on guarantee with
// extras asks for the room and the extras together and takes one payment.

#include "desksession.h"
#include "domain/hotelservice.h"
#include "domain/receipt.h"
#include "moneycompare.h"
#include "storage/pgcountersales.h"
#include "storage/pgfrontdesk.h"
#include "storage/pginventory.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "testdatabase.h"
#include "ui/frontdesk/foliodialog.h"
#include "ui/frontdesk/foliopanel.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestFolioPanel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aMinibarChargeIsPostedInvoicedAndSettledInCash();
    void theDeskOpensTheFolioOfTheChosenStay();
    void checkOutAtTheDeskTakesTheRoomAndTheExtrasInOnePayment();

private:
    DeskServices openSession(const QString &login);
    StayId inHouse(const QString &guest, int nights, PaymentMethod method);
    QString pdfText(const QString &path) const;
    QPushButton *button(QWidget &parent, const QString &text) const;
    QVariant value(const QString &sql, qint64 id) const;

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgInventory> m_inventory;
    HotelId m_hotel = 0;
    RoomTypeId m_standard = 0;
    QDate m_first;
    QString m_clerk;
    const QString m_password = QStringLiteral("folio-panel-pass-3");
    ServerClock m_clock;
    std::vector<std::unique_ptr<DeskSession>> m_sessions;
    QTemporaryDir m_dir;
    int m_carts = 0;
};

void TestFolioPanel::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = std::make_unique<TestDatabase>(QStringLiteral("foliopanel"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const auto loaded
        = PropertyLoader(m_db->database()).loadHotel(R"({"name": "Folio Panel Inn", "currency": "EUR", "nights": 30,
                               "room_types": [{"code": "STD", "name": "Standard", "rank": 1, "price_minor": 8000, "rooms": 10}]})");
    QVERIFY(loaded.ok());
    m_hotel = loaded->id;
    m_inventory = std::make_unique<PgInventory>(m_db->database());
    for (const HotelSummary &hotel : m_inventory->hotels.hotels().value()) {
        if (hotel.id != m_hotel)
            continue;
        m_first = hotel.firstNight;
        m_standard = hotel.roomTypes.first().id;
    }
    m_clerk = QStringLiteral("foliopanelclerk_%1").arg(QCoreApplication::applicationPid());
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, m_password, StaffRole::Clerk).ok());
}

void TestFolioPanel::cleanupTestCase()
{
    m_sessions.clear();
    m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk)); // letters, digits and '_' only
    m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
}

DeskServices TestFolioPanel::openSession(const QString &login)
{
    ConnectionSettings settings = m_db->settings();
    settings.user = login;
    settings.password = m_password;
    auto session = DeskSession::open(settings);
    if (!session)
        return {};
    DeskServices services = session.value()->services();
    m_sessions.push_back(std::move(session.value()));
    return services;
}

StayId TestFolioPanel::inHouse(const QString &guest, int nights, PaymentMethod method)
{
    const CartId cart = QStringLiteral("folio-panel-%1").arg(++m_carts);
    StayRequest request{m_standard, cart, m_first, m_first.addDays(nights), guest, std::nullopt};
    const auto held = HotelService(m_inventory->hotels).holdStay(request);
    if (!held)
        return 0;
    PgCounterSales counter(m_db->database(), m_inventory->carts);
    CounterPayment payment;
    payment.method = method;
    payment.tendered = Money(8000 * nights, QStringLiteral("EUR"));
    payment.cardReference = QStringLiteral("MC-4444-EXP-0129");
    CounterSaleService sales(counter);
    const auto quote = sales.quote(cart);
    if (!quote || !sales.sell(cart, payment, quote.value()))
        return 0;
    return PgFrontDesk(m_db->database()).checkIn(held->id) ? held->id : 0;
}

QString TestFolioPanel::pdfText(const QString &path) const
{
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty())
        return QStringLiteral("pdftotext not found: install the Debian package poppler-utils");
    QProcess process;
    process.start(pdftotext, {QStringLiteral("-layout"), path, QStringLiteral("-")});
    if (!process.waitForFinished(30000))
        return QStringLiteral("pdftotext did not finish");
    return QString::fromUtf8(process.readAllStandardOutput());
}

QPushButton *TestFolioPanel::button(QWidget &parent, const QString &text) const
{
    for (QPushButton *candidate : parent.findChildren<QPushButton *>())
        if (candidate->text() == text)
            return candidate;
    return nullptr;
}

QVariant TestFolioPanel::value(const QString &sql, qint64 id) const
{
    return m_db->scalar(sql, {{QStringLiteral("id"), id}});
}

void TestFolioPanel::aMinibarChargeIsPostedInvoicedAndSettledInCash()
{
    const StayId stay = inHouse(QStringLiteral("Minibar Guest"), 2, PaymentMethod::Cash);
    QVERIFY(stay);
    const DeskServices services = openSession(m_clerk);
    QVERIFY(services.folio);
    FolioPanel panel;
    panel.setService(services.folio, services.calls);
    panel.resize(900, 500);
    panel.show();
    panel.setStay(stay);
    QCOMPARE(panel.chargesTable()->rowCount(), 0);

    // Typed as a clerk would: the kind, what it was, two of them at 4.50 each.
    panel.kindBox()->setCurrentIndex(panel.kindBox()->findData(int(FolioKind::Minibar)));
    QTest::keyClicks(panel.descriptionEdit(), QStringLiteral("Sparkling water"));
    panel.quantityBox()->setValue(2);
    QTest::keyClicks(panel.amountEdit(), QStringLiteral("4.50"));
    QPushButton *post = button(panel, QStringLiteral("&Post charge"));
    QVERIFY(post);
    QTest::mouseClick(post, Qt::LeftButton);
    QVERIFY2(panel.message().contains(QLatin1String("Posted")), qPrintable(panel.message()));
    QCOMPARE(panel.chargesTable()->rowCount(), 1);
    QCOMPARE(panel.chargesTable()->item(0, 2)->text(), QStringLiteral("Sparkling water"));
    QCOMPARE(panel.chargesTable()->item(0, 4)->text(), QStringLiteral("€9.00"));
    QCOMPARE(panel.folio().balance(), Money(900, QStringLiteral("EUR")));
    QCOMPARE(value(QStringLiteral("SELECT posted_by FROM folio_charges WHERE stay_id = :id"), stay).toString(),
             m_clerk);
    // Nothing to describe: refused in words, nothing posted.
    QTest::keyClicks(panel.amountEdit(), QStringLiteral("3"));
    QTest::mouseClick(post, Qt::LeftButton);
    QVERIFY2(panel.message().contains(QLatin1String("description")), qPrintable(panel.message()));
    QCOMPARE(panel.chargesTable()->rowCount(), 1);
    // A clerk may not void: the database says no, the charge stays open.
    panel.chargesTable()->selectRow(0);
    panel.voidReasonHook = [] { return std::optional<QString>(QStringLiteral("guest disputes it")); };
    QTest::mouseClick(button(panel, QStringLiteral("&Void charge… (manager)")), Qt::LeftButton);
    QVERIFY2(panel.message().contains(QLatin1String("Only a manager")), qPrintable(panel.message()));
    QCOMPARE(panel.folio().balance(), Money(900, QStringLiteral("EUR")));

    // The pro-forma while in house.
    const QString proForma = m_dir.filePath(QStringLiteral("pro-forma.pdf"));
    panel.invoicePathHook = [&] { return proForma; };
    QTest::mouseClick(button(panel, QStringLiteral("&Invoice PDF…")), Qt::LeftButton);
    QVERIFY2(panel.message().contains(QLatin1String("Invoice written")), qPrintable(panel.message()));
    QFile pdf(proForma);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.read(5).startsWith("%PDF"));
    pdf.close();
    QString text = pdfText(proForma);
    for (const QString &expected :
         {QStringLiteral("Folio Panel Inn"), QStringLiteral("Pro-forma invoice"), QStringLiteral("Minibar Guest"),
          QStringLiteral("Minibar: Sparkling water"), QStringLiteral("€9.00"), QStringLiteral("€80.00"),
          QStringLiteral("Paid in cash"), QStringLiteral("€169.00")})
        QVERIFY2(text.contains(expected), qPrintable(expected + QStringLiteral(" not in:\n") + text));

    // Settled in cash with change, and checked out.
    panel.paymentHook = [](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("20"));
        return true;
    };
    QSignalSpy left(&panel, &FolioPanel::checkedOut);
    QTest::mouseClick(button(panel, QStringLiteral("&Settle and check out")), Qt::LeftButton);
    QVERIFY2(panel.message().contains(QStringLiteral("Paid €9.00; give €11.00 change.")), qPrintable(panel.message()));
    QCOMPARE(left.count(), 1);
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("CHECKED_OUT"));
    QCOMPARE(
        value(QStringLiteral("SELECT count(*) FROM folio_charges WHERE stay_id = :id AND settled_at IS NOT NULL"), stay)
            .toInt(),
        1);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
    QVERIFY(!button(panel, QStringLiteral("&Post charge"))->isEnabled()); // the guest has left

    // The final invoice: the charge, both payments, nothing due.
    const QString final = m_dir.filePath(QStringLiteral("invoice.pdf"));
    panel.invoicePathHook = [&] { return final; };
    QTest::mouseClick(button(panel, QStringLiteral("&Invoice PDF…")), Qt::LeftButton);
    text = pdfText(final);
    QVERIFY2(!text.contains(QLatin1String("Pro-forma")), qPrintable(text));
    for (const QString &expected : {QStringLiteral("Invoice"), QStringLiteral("Minibar: Sparkling water"),
                                    QStringLiteral("-€9.00"), QStringLiteral("€0.00")})
        QVERIFY2(text.contains(expected), qPrintable(expected + QStringLiteral(" not in:\n") + text));
}

void TestFolioPanel::theDeskOpensTheFolioOfTheChosenStay()
{
    const StayId stay = inHouse(QStringLiteral("Desk Folio Guest"), 1, PaymentMethod::Cash);
    QVERIFY(stay);
    FrontDeskPanel desk(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, m_clock);
    desk.setServices(openSession(m_clerk));
    desk.resize(1300, 800);
    desk.show();
    desk.selectHotel(m_hotel);
    desk.findGuests(QStringLiteral("Desk Folio Guest"));
    QCOMPARE(desk.stays()->rowCount(), 1);
    for (QTableView *view : desk.findChildren<QTableView *>())
        if (view->model() == desk.stays())
            view->selectRow(0);
    StayId shown = 0;
    desk.folioHook = [&](FolioDialog &dialog) {
        shown = dialog.panel()->stay();
        QTest::keyClicks(dialog.panel()->descriptionEdit(), QStringLiteral("Garage"));
        dialog.panel()->kindBox()->setCurrentIndex(dialog.panel()->kindBox()->findData(int(FolioKind::Parking)));
        QTest::keyClicks(dialog.panel()->amountEdit(), QStringLiteral("25"));
        dialog.panel()->postCharge();
    };
    QPushButton *folio = button(desk, QStringLiteral("Folio…"));
    QVERIFY(folio);
    folio->click();
    QCOMPARE(shown, stay);
    QCOMPARE(
        value(QStringLiteral("SELECT sum(total_minor) FROM folio_charges WHERE stay_id = :id AND kind = 'parking'"),
              stay)
            .toLongLong(),
        2500);
}

void TestFolioPanel::checkOutAtTheDeskTakesTheRoomAndTheExtrasInOnePayment()
{
    const StayId stay = inHouse(QStringLiteral("Guaranteed Extras"), 2, PaymentMethod::Guarantee);
    QVERIFY(stay);
    const qint64 order = value(QStringLiteral("SELECT order_id FROM stays WHERE id = :id"), stay).toLongLong();
    const DeskServices services = openSession(m_clerk);
    const FolioChargeRequest dinner{stay, FolioKind::Restaurant, QStringLiteral("Dinner"),
                                    Money(4200, QStringLiteral("EUR")), 1};
    QVERIFY(services.calls([&] { return services.folio->post(dinner); }));

    FrontDeskPanel desk(StaffIdentity{m_clerk, StaffRole::Clerk, QStringLiteral("test")}, m_clock);
    desk.setServices(services);
    desk.resize(1300, 800);
    desk.show();
    desk.selectHotel(m_hotel);
    desk.findGuests(QStringLiteral("Guaranteed Extras"));
    for (QTableView *view : desk.findChildren<QTableView *>())
        if (view->model() == desk.stays())
            view->selectRow(0);
    bool asked = false;
    desk.paymentHook = [&asked](PaymentDialog &dialog) {
        QTest::keyClicks(dialog.tenderedEdit(), QStringLiteral("250"));
        asked = true;
        return true;
    };
    QSignalSpy receipts(&desk, &FrontDeskPanel::counterSaleMade);
    button(desk, QStringLiteral("Check &out"))->click();
    QVERIFY2(desk.message().contains(QStringLiteral("Paid €202.00; give €48.00 change.")), qPrintable(desk.message()));
    QVERIFY(asked);
    QCOMPARE(receipts.count(), 1);
    // The receipt lists the room and the dinner, and they add up to what was taken.
    const Receipt paper = Receipts::forSale(receipts.first().at(0).value<CounterSale>(),
                                            receipts.first().at(1).value<CounterPayment>(), {});
    QCOMPARE(paper.order, order);
    QCOMPARE(paper.total.minor(), qint64(20200));
    QCOMPARE(paper.change.minor(), qint64(4800));
    qint64 listed = 0;
    QStringList labels;
    for (const ReceiptLine &line : paper.lines) {
        listed += line.amount.minor();
        labels << line.label;
    }
    QCOMPARE(listed, 20200);
    QVERIFY2(labels.join(u'|').contains(QLatin1String("Restaurant: Dinner")), qPrintable(labels.join(u'|')));
    QCOMPARE(value(QStringLiteral("SELECT state FROM stays WHERE id = :id"), stay).toString(),
             QStringLiteral("CHECKED_OUT"));
    QCOMPARE(
        value(QStringLiteral("SELECT count(*) FROM counter_payments WHERE order_id = :id AND method <> 'guarantee'"),
              order)
            .toInt(),
        1);
    QCOMPARE(value(QStringLiteral(
                       "SELECT amount_minor FROM counter_payments WHERE order_id = :id AND method <> 'guarantee'"),
                   order)
                 .toLongLong(),
             20200);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

QTEST_MAIN(TestFolioPanel)
#include "tst_foliopanel.moc"
