// The waiting room in headless Chromium (as tst_buyerpage): a buyer of an event on sale through its
// waiting room is sent to the queue page by the refused hold, waits for the draw, is let in, and holds
// the seat with the admission token. Real processes throughout: boxoffice-web, PostgreSQL, Chromium.

#include "testdatabase.h"

#include "storage/pgbuyerstore.h"
#include "storage/pgonsalestore.h"

#include <QJsonDocument>
#include <QStandardPaths>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestQueuePage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aRefusedHoldQueuesTheBuyerWhoIsLetInAndHolds();

private:
    std::unique_ptr<TestDatabase> m_db;
    QProcess m_web;
    QUrl m_base;
    LoadedVenue m_hall;
};

void TestQueuePage::initTestCase()
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!node.isEmpty(), "node is missing: install the Debian packages nodejs and npm");
    QVERIFY2(QFileInfo::exists(QStringLiteral(BOXOFFICE_E2E_DIR "/node_modules/playwright-core")),
             "playwright-core is missing: run `npm ci --prefix tests/web/e2e` (test.sh does)");
    QVERIFY2(QFileInfo::exists(QStringLiteral("/usr/bin/chromium")) || !qEnvironmentVariableIsEmpty("CHROMIUM"),
             "chromium is missing: install the Debian package chromium");

    m_db = std::make_unique<TestDatabase>(QStringLiteral("queuepage"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Queue Hall"), 2, 8, 600, 1, 3900);
    // On sale before the server starts, so its first read knows it: the draw closes in a few seconds.
    OnSale sale;
    sale.event = m_hall.eventId;
    sale.drawClosesAt = QDateTime::currentDateTimeUtc().addSecs(6);
    sale.admitPerSecond = 100;
    QVERIFY(PgOnSaleStore(m_db->database()).setOnSale(sale).ok());

    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("BOXOFFICE_ADMISSION_SECRET"), QStringLiteral("queue-page-secret"));
    m_web.setProcessEnvironment(environment);
    m_web.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_web.start(QString::fromUtf8(BOXOFFICE_WEB),
                {QStringLiteral("--db"), m_db->settings().toUrl(true), QStringLiteral("--port"), QStringLiteral("0")});
    QVERIFY(m_web.waitForStarted(10000));
    QByteArray said;
    for (int i = 0; i < 300 && !said.contains('\n'); ++i) {
        m_web.waitForReadyRead(100);
        said += m_web.readAllStandardOutput();
    }
    const int at = said.indexOf("http://");
    QVERIFY2(at >= 0, said.constData());
    m_base = QUrl(QString::fromUtf8(said.mid(at).trimmed()));
}

void TestQueuePage::cleanupTestCase()
{
    m_web.terminate();
    if (!m_web.waitForFinished(10000))
        m_web.kill();
}

void TestQueuePage::aRefusedHoldQueuesTheBuyerWhoIsLetInAndHolds()
{
    const auto buyer = PgBuyerStore(m_db->database()).addBuyer(QStringLiteral("Queue Buyer"));
    QVERIFY(buyer.ok());
    QProcess browser;
    browser.setWorkingDirectory(QStringLiteral(BOXOFFICE_E2E_DIR));
    browser.start(QStandardPaths::findExecutable(QStringLiteral("node")),
                  {QStringLiteral(BOXOFFICE_E2E_DIR "/queuepage.mjs"),
                   QStringLiteral("--url=%1").arg(m_base.toString(QUrl::StripTrailingSlash)),
                   QStringLiteral("--token=%1").arg(buyer->token), QStringLiteral("--event=%1").arg(m_hall.eventId)});
    QVERIFY(browser.waitForStarted(10000));
    QVERIFY2(browser.waitForFinished(120000), "the browser run did not finish");
    const QByteArray out = browser.readAllStandardOutput();
    QVERIFY2(browser.exitCode() == 0, (out + browser.readAllStandardError()).constData());

    const QJsonObject result = QJsonDocument::fromJson(out.trimmed().split('\n').last()).object();
    QCOMPARE(result.value(QStringLiteral("position")).toInteger(), qint64(1)); // the only visitor
    // Whether the page still showed the draw depends on how long the browser took to start (a shared
    // machine): said, not asserted.
    qInfo("the page showed the draw pending: %s", result.value(QStringLiteral("drawShown")).toBool() ? "yes" : "no");
    const qint64 seat = result.value(QStringLiteral("seat")).toInteger();
    // What the page showed is what the database holds: the seat, held by this buyer's cart.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT es.state FROM event_seats es JOIN buyer_carts bc ON bc.cart_id = "
                                         "es.cart_id WHERE es.id = :s AND bc.buyer_id = :b"),
                          {{QStringLiteral("s"), seat}, {QStringLiteral("b"), buyer->buyer.id}})
                 .toString(),
             QStringLiteral("HELD"));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

QTEST_MAIN(TestQueuePage)
#include "tst_queuepage.moc"
