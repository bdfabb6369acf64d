// The buyer's page in headless Chromium (Debian's chromium, driven by playwright-core from npm):
// a buyer picks two seats, sees the countdown, pays against the fake provider and sees the
// confirmation; a second buyer's browser sees those seats turn sold. Directly, and again through a
// real nginx running the shipped site file with TLS. Real processes throughout: boxoffice-web,
// boxoffice-fakepay, PostgreSQL, Chromium, nginx.

#include "fakepayprocess.h"
#include "nginxprocess.h"
#include "testdatabase.h"

#include "storage/pgbuyerstore.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QStandardPaths>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

class TestBuyerPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void twoSeatsBoughtInOneBrowserShowAsTakenInAnother();
    void theSameThroughNginxWithTls();

private:
    // Two new buyers in two browsers at `base`; the order the first one paid, checked in the database.
    void buyTwoSeats(const QUrl &base, bool insecure);

    std::unique_ptr<TestDatabase> m_db;
    FakePayProcess m_fakepay;
    QProcess m_web;
    QUrl m_base;
    LoadedVenue m_hall;
};

void TestBuyerPage::initTestCase()
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!node.isEmpty(), "node is missing: install the Debian packages nodejs and npm");
    QVERIFY2(QFileInfo::exists(QStringLiteral(BOXOFFICE_E2E_DIR "/node_modules/playwright-core")),
             "playwright-core is missing: run `npm ci --prefix tests/web/e2e` (test.sh does)");
    QVERIFY2(QFileInfo::exists(QStringLiteral("/usr/bin/chromium")) || !qEnvironmentVariableIsEmpty("CHROMIUM"),
             "chromium is missing: install the Debian package chromium");

    m_db = std::make_unique<TestDatabase>(QStringLiteral("buyerpage"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_hall = m_db->loadHall(QStringLiteral("Page Hall"), 4, 12, 600, 1, 3900);
    const QString failure
        = m_fakepay.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), QStringLiteral("sk_test_page"), {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    m_web.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_URL"), m_fakepay.baseUrl().toString());
    environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_KEY"), QStringLiteral("sk_test_page"));
    m_web.setProcessEnvironment(environment);
    m_web.start(QString::fromUtf8(BOXOFFICE_WEB),
                {QStringLiteral("--db"), m_db->settings().toUrl(true), QStringLiteral("--port"), QStringLiteral("0"),
                 QStringLiteral("--trusted-proxy"), QStringLiteral("127.0.0.1")});
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

void TestBuyerPage::cleanupTestCase()
{
    m_web.terminate();
    if (!m_web.waitForFinished(10000))
        m_web.kill();
}

void TestBuyerPage::buyTwoSeats(const QUrl &base, bool insecure)
{
    PgBuyerStore buyers(m_db->database());
    const auto first = buyers.addBuyer(QStringLiteral("Page Buyer One"));
    const auto second = buyers.addBuyer(QStringLiteral("Page Buyer Two"));
    QVERIFY(first.ok() && second.ok());

    QProcess browser;
    browser.setWorkingDirectory(QStringLiteral(BOXOFFICE_E2E_DIR));
    QStringList arguments{QStringLiteral(BOXOFFICE_E2E_DIR "/buyerpage.mjs"),
                          QStringLiteral("--url=%1").arg(base.toString(QUrl::StripTrailingSlash)),
                          QStringLiteral("--token=%1").arg(first->token),
                          QStringLiteral("--token2=%1").arg(second->token)};
    if (insecure)
        arguments << QStringLiteral("--insecure=true");
    if (!qEnvironmentVariableIsEmpty("BOXOFFICE_PAGE_SHOT"))
        arguments << QStringLiteral("--shot=%1").arg(qEnvironmentVariable("BOXOFFICE_PAGE_SHOT"));
    browser.start(QStandardPaths::findExecutable(QStringLiteral("node")), arguments);
    QVERIFY(browser.waitForStarted(10000));
    QVERIFY2(browser.waitForFinished(120000), "the browser run did not finish");
    const QByteArray out = browser.readAllStandardOutput();
    QVERIFY2(browser.exitCode() == 0, (out + browser.readAllStandardError()).constData());

    const QJsonObject result = QJsonDocument::fromJson(out.trimmed().split('\n').last()).object();
    const qint64 order = result.value(QStringLiteral("order")).toInteger();
    QVERIFY(order > 0);
    QCOMPARE(result.value(QStringLiteral("state")).toString(), QStringLiteral("confirmed"));
    QVERIFY2(result.value(QStringLiteral("refused")).toString().contains(QLatin1String("not available")),
             qPrintable(result.value(QStringLiteral("refused")).toString()));
    // What the page said is what the database holds.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), order}})
                 .toString(),
             QStringLiteral("PAID"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE order_id = :o AND state = 'SOLD'"),
                          {{QStringLiteral("o"), order}})
                 .toInt(),
             2);
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestBuyerPage::twoSeatsBoughtInOneBrowserShowAsTakenInAnother()
{
    buyTwoSeats(m_base, false);
}

void TestBuyerPage::theSameThroughNginxWithTls()
{
    NginxProcess nginx;
    const QString failure
        = nginx.start(QStringLiteral(BOXOFFICE_NGINX_SITE), m_base.port(), QStringLiteral(BOXOFFICE_STATIC_DIR));
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    buyTwoSeats(nginx.httpsUrl(), true);

    // What the front adds, seen from a client: static files from disk, compressed; TLS; the limits.
    QNetworkAccessManager network;
    const auto fetch = [&](QNetworkRequest request, const QByteArray &method, const QByteArray &body) {
        QSslConfiguration tls = request.sslConfiguration();
        tls.setPeerVerifyMode(QSslSocket::VerifyNone); // the test's self-signed certificate
        request.setSslConfiguration(tls);
        QNetworkReply *reply = network.sendCustomRequest(request, method, body);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        finished.wait(30000);
        return reply; // the manager's child: gone with it
    };
    QNetworkRequest script(nginx.httpsUrl().resolved(QUrl(QStringLiteral("/static/shop.js"))));
    script.setRawHeader("Accept-Encoding", "gzip"); // set by hand: Qt then leaves the body compressed
    QNetworkReply *scriptReply = fetch(script, "GET", {});
    QCOMPARE(scriptReply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QCOMPARE(scriptReply->rawHeader("Content-Encoding"), QByteArray("gzip"));
    QVERIFY(scriptReply->rawHeader("Server").startsWith("nginx"));

    // A buyer's address is the one nginx saw, whatever the client wrote in X-Forwarded-For.
    PgBuyerStore buyers(m_db->database());
    const auto buyer = buyers.addBuyer(QStringLiteral("Proxied Buyer"));
    QVERIFY(buyer.ok());
    QNetworkRequest cart(nginx.httpsUrl().resolved(QUrl(QStringLiteral("/api/v1/carts"))));
    cart.setRawHeader("Authorization", "Bearer " + buyer->token.toLatin1());
    cart.setRawHeader("X-Forwarded-For", "203.0.113.9");
    QNetworkReply *cartReply = fetch(cart, "POST", {});
    QCOMPARE(cartReply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 201);
    const QString cartId
        = QJsonDocument::fromJson(cartReply->readAll()).object().value(QStringLiteral("cart")).toString();
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT host(client_address) FROM buyer_carts WHERE cart_id = :c"),
                          {{QStringLiteral("c"), cartId}})
                 .toString(),
             QStringLiteral("127.0.0.1"));

    // A body over the limit is refused by nginx before the web server sees a byte of it.
    QNetworkRequest huge(nginx.httpsUrl().resolved(QUrl(QStringLiteral("/api/v1/carts"))));
    huge.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    QNetworkReply *hugeReply = fetch(huge, "POST", QByteArray(200 * 1024, ' '));
    QCOMPARE(hugeReply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 413);
}

QTEST_MAIN(TestBuyerPage)
#include "tst_buyerpage.moc"
