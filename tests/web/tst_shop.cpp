// The buyer's shop in headless Chromium (Debian's chromium, driven by playwright-core from npm, with
// axe-core for accessibility), as buyers use it (tests/web/e2e/shop.mjs): sign up, the confirmation
// mail read from the relay's Maildir and its link opened, seats picked on the demo theatre's map,
// best available, standing places, a hotel stay, a table, payment against the fake provider, My
// orders and the tickets PDF; a second browser sees the seats sold; a password reset by mail; a
// keyboard-only purchase; a declined card said in words; axe-core on every main view. Directly, and again
// through a real nginx running the shipped site file with TLS. Real processes throughout:
// boxoffice-web, boxoffice-fakepay, boxoffice-ctl's worker (tickets and mail), Debian's aiosmtpd,
// PostgreSQL, Chromium, nginx. BOXOFFICE_PAGE_SHOT=PREFIX keeps screenshots of every step.

#include "fakepayprocess.h"
#include "freeport.h"
#include "nginxprocess.h"
#include "testdatabase.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

const QString python = QStringLiteral("/usr/bin/python3"); // Debian's, where python3-aiosmtpd installs

bool waitForPort(quint16 port, const QProcess &process)
{
    for (int attempt = 0; attempt < 200; ++attempt) {
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, port);
        if (probe.waitForConnected(100))
            return true;
        if (process.state() != QProcess::Running)
            return false;
        QThread::msleep(50);
    }
    return false;
}

void stopProcess(QProcess &process)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.terminate();
    if (!process.waitForFinished(10000))
        process.kill();
    process.waitForFinished(5000);
}

} // namespace

class TestShop : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aBuyerSignsUpBuysAndDownloadsTickets();
    void theSameThroughNginxWithTls();

private:
    // One run of shop.mjs at `base` for a new buyer at `email`; the checks of what it did.
    void shop(const QUrl &base, const QString &email, bool insecure);
    QProcessEnvironment ctlEnvironment() const;

    std::unique_ptr<TestDatabase> m_db;
    FakePayProcess m_fakepay;
    QTemporaryDir m_mailFolder;
    QProcess m_smtp;
    QProcess m_worker;
    QProcess m_web;
    QUrl m_base;
};

QProcessEnvironment TestShop::ctlEnvironment() const
{
    const ConnectionSettings target = m_db->settings();
    QProcessEnvironment environment = clientEnvironment(target);
    return environment;
}

void TestShop::initTestCase()
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!node.isEmpty(), "node is missing: install the Debian packages nodejs and npm");
    QVERIFY2(QFileInfo::exists(QStringLiteral(BOXOFFICE_E2E_DIR "/node_modules/playwright-core"))
                 && QFileInfo::exists(QStringLiteral(BOXOFFICE_E2E_DIR "/node_modules/axe-core")),
             "playwright-core or axe-core is missing: run `npm install --prefix tests/web/e2e`");
    QVERIFY2(QFileInfo::exists(QStringLiteral("/usr/bin/chromium")) || !qEnvironmentVariableIsEmpty("CHROMIUM"),
             "chromium is missing: install the Debian package chromium");
    QVERIFY2(!qEnvironmentVariableIsEmpty("BOXOFFICE_CTL"), "run through ctest (BOXOFFICE_CTL)");
    QProcess probe;
    probe.start(python, {QStringLiteral("-c"), QStringLiteral("import aiosmtpd")});
    QVERIFY2(probe.waitForFinished(10000) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0,
             "python3-aiosmtpd is missing: install the Debian package python3-aiosmtpd");

    m_db = std::make_unique<TestDatabase>(QStringLiteral("shop"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));

    // The demo: the theatre (five sections, four price bands, a standing pool), the hotel, the bistro.
    QProcess seed;
    seed.setProcessEnvironment(ctlEnvironment());
    seed.start(qEnvironmentVariable("BOXOFFICE_CTL"), {QStringLiteral("seed-demo"), QStringLiteral("--json")});
    QVERIFY(seed.waitForFinished(120000));
    QVERIFY2(seed.exitCode() == 0, (seed.readAllStandardOutput() + seed.readAllStandardError()).constData());

    // The web server on a port known beforehand, so the mails' links and the provider's allowed
    // origin can name it.
    const quint16 webPort = freeLoopbackPort();
    m_base = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(webPort));
    // The page sends the buyer's card to the provider itself, with the public key, from the shop's origin.
    m_fakepay.extraArguments = {QStringLiteral("--publishable-key"), QStringLiteral("pk_test_shop"),
                                QStringLiteral("--allow-origin"), m_base.toString(QUrl::StripTrailingSlash)};
    const QString failure
        = m_fakepay.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), QStringLiteral("sk_test_shop"), {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    // The mail relay: aiosmtpd keeping every message in a Maildir the browser script reads.
    QVERIFY(m_mailFolder.isValid());
    const quint16 smtpPort = freeLoopbackPort();
    QProcessEnvironment sinkEnvironment = QProcessEnvironment::systemEnvironment();
    sinkEnvironment.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(BOXOFFICE_SMTPSINK_DIR));
    m_smtp.setProcessEnvironment(sinkEnvironment);
    m_smtp.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_smtp.start(python,
                 {QStringLiteral("-m"), QStringLiteral("aiosmtpd"), QStringLiteral("-n"), QStringLiteral("-l"),
                  QStringLiteral("127.0.0.1:%1").arg(smtpPort), QStringLiteral("-c"), QStringLiteral("smtpsink.Sink"),
                  m_mailFolder.path() + QStringLiteral("/maildir")});
    QVERIFY(m_smtp.waitForStarted(10000));
    QVERIFY2(waitForPort(smtpPort, m_smtp), "aiosmtpd never listened");

    // The worker: issues the paid orders' tickets and sends every mail, once a second.
    // The provider's url and keys reach every program through the environment, never its arguments.
    QProcessEnvironment workerEnvironment = ctlEnvironment();
    workerEnvironment.insert(QStringLiteral("BOXOFFICE_PAYMENT_URL"), m_fakepay.baseUrl().toString());
    workerEnvironment.insert(QStringLiteral("BOXOFFICE_PAYMENT_KEY"), QStringLiteral("sk_test_shop"));
    m_worker.setProcessEnvironment(workerEnvironment);
    m_worker.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_worker.setStandardOutputFile(QProcess::nullDevice());
    m_worker.start(qEnvironmentVariable("BOXOFFICE_CTL"),
                   {QStringLiteral("worker"), QStringLiteral("--interval"), QStringLiteral("1"),
                    QStringLiteral("--smtp"), QStringLiteral("smtp://127.0.0.1:%1").arg(smtpPort),
                    QStringLiteral("--mail-from"), QStringLiteral("Box Office <tickets@shop.example>")});
    QVERIFY(m_worker.waitForStarted(10000));

    QProcessEnvironment webEnvironment = QProcessEnvironment::systemEnvironment();
    webEnvironment.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("boxoffice.web.info=false"));
    webEnvironment.insert(QStringLiteral("BOXOFFICE_PAYMENT_URL"), m_fakepay.baseUrl().toString());
    webEnvironment.insert(QStringLiteral("BOXOFFICE_PAYMENT_KEY"), QStringLiteral("sk_test_shop"));
    webEnvironment.insert(QStringLiteral("BOXOFFICE_PAYMENT_PUBLISHABLE_KEY"), QStringLiteral("pk_test_shop"));
    m_web.setProcessEnvironment(webEnvironment);
    m_web.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_web.start(QString::fromUtf8(BOXOFFICE_WEB),
                {QStringLiteral("--db"), m_db->settings().toUrl(true), QStringLiteral("--port"),
                 QString::number(webPort), QStringLiteral("--public-url"), m_base.toString(),
                 QStringLiteral("--trusted-proxy"), QStringLiteral("127.0.0.1")});
    QVERIFY(m_web.waitForStarted(10000));
    QByteArray said;
    for (int i = 0; i < 300 && !said.contains("http://") && m_web.state() == QProcess::Running; ++i) {
        m_web.waitForReadyRead(100);
        said += m_web.readAllStandardOutput();
    }
    QVERIFY2(said.contains("http://"), said.constData());
}

void TestShop::cleanupTestCase()
{
    stopProcess(m_web);
    stopProcess(m_worker);
    stopProcess(m_smtp);
}

void TestShop::shop(const QUrl &base, const QString &email, bool insecure)
{
    QProcess browser;
    browser.setWorkingDirectory(QStringLiteral(BOXOFFICE_E2E_DIR));
    QStringList arguments{QStringLiteral(BOXOFFICE_E2E_DIR "/shop.mjs"),
                          QStringLiteral("--url=%1").arg(base.toString(QUrl::StripTrailingSlash)),
                          QStringLiteral("--maildir=%1/maildir").arg(m_mailFolder.path()),
                          QStringLiteral("--email=%1").arg(email),
                          QStringLiteral("--fakepay=%1").arg(m_fakepay.baseUrl().toString(QUrl::StripTrailingSlash)),
                          QStringLiteral("--card=true")};
    if (insecure)
        arguments << QStringLiteral("--insecure=true");
    if (!qEnvironmentVariableIsEmpty("BOXOFFICE_PAGE_SHOT"))
        arguments << QStringLiteral("--shot=%1-%2")
                         .arg(qEnvironmentVariable("BOXOFFICE_PAGE_SHOT"),
                              insecure ? QStringLiteral("tls") : QStringLiteral("direct"));
    browser.start(QStandardPaths::findExecutable(QStringLiteral("node")), arguments);
    QVERIFY(browser.waitForStarted(10000));
    QVERIFY2(browser.waitForFinished(280000), "the browser run did not finish");
    const QByteArray out = browser.readAllStandardOutput();
    QVERIFY2(browser.exitCode() == 0, (out + browser.readAllStandardError()).constData());
    const QJsonObject result = QJsonDocument::fromJson(out.trimmed().split('\n').last()).object();
    qInfo().noquote() << "shop.mjs:" << out.trimmed().split('\n').last();

    // The mailed link named the shop's address and carried the token in the fragment only.
    QVERIFY2(result.value(QStringLiteral("confirmLink"))
                 .toString()
                 .startsWith(m_base.toString(QUrl::StripTrailingSlash) + QStringLiteral("/#confirm=")),
             qPrintable(result.value(QStringLiteral("confirmLink")).toString()));
    // The account exists, confirmed, and paid for both orders.
    const qint64 order = result.value(QStringLiteral("order")).toInteger();
    const qint64 keyboardOrder
        = result.value(QStringLiteral("keyboard")).toObject().value(QStringLiteral("order")).toInteger();
    QVERIFY(order > 0 && keyboardOrder > 0);
    QCOMPARE(result.value(QStringLiteral("state")).toString(), QStringLiteral("confirmed"));
    for (const qint64 id : {order, keyboardOrder}) {
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM orders WHERE id = :o"), {{QStringLiteral("o"), id}})
                     .toString(),
                 QStringLiteral("PAID"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT b.email FROM orders o JOIN buyer_carts c ON c.cart_id = o.cart_id "
                                             "JOIN buyers b ON b.id = c.buyer_id WHERE o.id = :o"),
                              {{QStringLiteral("o"), id}})
                     .toString(),
                 email);
    }
    // What the page said is what the database holds.
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE order_id = :o AND state = 'SOLD'"),
                          {{QStringLiteral("o"), order}})
                 .toInt(),
             5);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE order_id = :o AND state = 'SOLD'"),
                          {{QStringLiteral("o"), keyboardOrder}})
                 .toInt(),
             1);
    QCOMPARE(result.value(QStringLiteral("orderLines")).toInt(), 8); // 5 seats, the places, the stay, the table
    QVERIFY(result.value(QStringLiteral("pdf")).toBool());
    QVERIFY2(result.value(QStringLiteral("refused")).toString().contains(QLatin1String("not available")),
             qPrintable(result.value(QStringLiteral("refused")).toString()));
    QVERIFY2(result.value(QStringLiteral("reset")).toString().contains(QLatin1String("new password is saved")),
             qPrintable(result.value(QStringLiteral("reset")).toString()));
    QVERIFY2(result.value(QStringLiteral("declined")).toString().contains(QLatin1String("no money was taken")),
             qPrintable(result.value(QStringLiteral("declined")).toString()));
    // Both buyers named their card in the page, and the provider, not the shop, saw its number: the
    // orders' carts carry only the payment method's id, which the checkout charged.
    const QJsonArray cards = result.value(QStringLiteral("cards")).toArray();
    QCOMPARE(cards.size(), 2);
    for (const QJsonValue &card : cards)
        QVERIFY2(card.toString().contains(QLatin1String("ending in 4242")), qPrintable(card.toString()));
    for (const qint64 id : {order, keyboardOrder})
        QVERIFY(m_db->scalar(QStringLiteral(
                                 "SELECT c.payment_method FROM orders o JOIN buyer_carts c ON c.cart_id = o.cart_id "
                                 "WHERE o.id = :o"),
                             {{QStringLiteral("o"), id}})
                    .toString()
                    .startsWith(QStringLiteral("pm_")));
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

void TestShop::aBuyerSignsUpBuysAndDownloadsTickets()
{
    shop(m_base, QStringLiteral("zoe.direct@example.org"), false);
}

void TestShop::theSameThroughNginxWithTls()
{
    NginxProcess nginx;
    const QString failure
        = nginx.start(QStringLiteral(BOXOFFICE_NGINX_SITE), m_base.port(), QStringLiteral(BOXOFFICE_STATIC_DIR));
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    // The page's origin is nginx's now: the provider lets that one send cards as well.
    const QJsonObject allowed
        = m_fakepay.control(QStringLiteral("/control/browsers"),
                            {{QStringLiteral("allow_origin"), nginx.httpsUrl().toString(QUrl::StripTrailingSlash)}});
    QVERIFY2(allowed.contains(QStringLiteral("allowed")), QJsonDocument(allowed).toJson().constData());
    shop(nginx.httpsUrl(), QStringLiteral("zoe.tls@example.org"), true);
}

QTEST_MAIN(TestShop)
#include "tst_shop.moc"
