// The shop's own API over real HTTP against a real PostgreSQL: accounts (sign-up, the mailed
// confirmation, cookie sessions with their CSRF token, sign-out, password reset) and best available
// N together. The mails are read where the worker would read them, in mail_spool. Every answer is
// checked against the published OpenAPI document at the end, as tst_webapi does.

#include "openapicheck.h"
#include "testdatabase.h"

#include "app/web/webserver.h"
#include "storage/pgaccountstore.h"
#include "storage/pgbuyerstore.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryFile>
#include <QTimer>
#include <QtTest>

using namespace boxoffice;
using namespace boxoffice::test;
using namespace boxoffice::web;

namespace {

struct Answer
{
    int status = 0;
    QByteArray body;
    QJsonObject json;
    QHash<QByteArray, QByteArray> headers;
    QString describe() const { return QStringLiteral("%1 %2").arg(status).arg(QString::fromUtf8(body.left(300))); }
    QString errorCode() const
    {
        return json.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString();
    }
};

// What a browser holds after signing in: the cookie's token and the page's CSRF token.
struct Browser
{
    QString session;
    QString csrf;
};

const QString password = QStringLiteral("correct horse battery");

} // namespace

class TestShopApi : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void cleanup();

    void signUpConfirmAndSignInWithACookie();
    void aChangeWithTheCookieNeedsTheCsrfToken();
    void signingOutEndsTheSession();
    void aKnownAddressGetsTheSameAnswerAndAMail();
    void aWrongPasswordAndAnUnknownAddressAnswerAlike();
    void parallelSignUpsOfOneAddressMakeOneAccount();
    void aPasswordResetEndsEveryOtherSession();
    void badAccountInputIsRefusedAndWritesNothing();
    void aSessionCookieCannotPassForABearerToken();
    void bestAvailableHoldsAdjacentSeatsInOneRow();
    void bestAvailableSaysSoWhenNoBlockIsFree();
    void thePageLearnsWhereToSendTheCard();
    void anEndedSessionAdmitsNobodyAndIsDeletedLater();

private:
    Answer send(const QByteArray &method, const QString &path, const QJsonObject &body = {},
                const Browser &browser = {}, bool withCsrf = true, const QString &bearer = {});
    // Signs up `email`, follows the confirmation link from the spool: the signed-in browser.
    Browser newAccount(const QString &name, const QString &email);
    // The token of the newest mailed link of `purpose` to `email`.
    QString mailedLink(const QString &email, const QString &purpose) const;
    Browser signIn(const QString &email, const QString &withPassword);
    static QString cookieToken(const Answer &answer);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<WebServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    LoadedVenue m_hall;
    QTemporaryFile m_answers;
};

void TestShopApi::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("shopapi"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    QVERIFY(m_answers.open());
    m_hall = m_db->loadHall(QStringLiteral("Shop Hall"), 4, 8, 600, 1, 3900);

    WebConfig config;
    config.database = m_db->settings();
    config.port = 0;
    config.threads = 3;
    config.seatMapMaxAgeMs = 0;
    config.maxCartsPerMinute = 0;
    config.maxFailedSignInsPerMinute = 0; // the suite signs up and fails on purpose; the limit has its own tests
    config.publicUrl = QUrl(QStringLiteral("https://tickets.example.org/"));
    config.authCacheSeconds = 1; // an ended session is refused within a second (the default is 5)
    m_server = std::make_unique<WebServer>(config);
    const auto listening = m_server->listen();
    QVERIFY2(listening.ok(), listening.ok() ? "" : qPrintable(listening.error().message));
    m_network = std::make_unique<QNetworkAccessManager>();
}

void TestShopApi::cleanupTestCase()
{
    if (m_answers.isOpen()) {
        m_answers.flush();
        const QString problems = openApiProblems(QStringLiteral(BOXOFFICE_OPENAPI_DIR),
                                                 QStringLiteral(BOXOFFICE_OPENAPI_FILE), m_answers.fileName());
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    }
    m_network.reset();
    m_server.reset();
}

void TestShopApi::cleanup()
{
    QVERIFY2(m_db->auditFailure().isEmpty(), qPrintable(m_db->auditFailure()));
}

Answer TestShopApi::send(const QByteArray &method, const QString &path, const QJsonObject &body, const Browser &browser,
                         bool withCsrf, const QString &bearer)
{
    QUrl url = m_server->baseUrl();
    url.setPath(path);
    QNetworkRequest request(url);
    // The test is the browser: it keeps the cookie itself, so each request carries exactly what it says.
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    const QByteArray payload = body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact);
    if (!payload.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    if (!browser.session.isEmpty())
        request.setRawHeader("Cookie", "boxoffice_session=" + browser.session.toLatin1());
    if (withCsrf && !browser.csrf.isEmpty())
        request.setRawHeader("X-CSRF-Token", browser.csrf.toLatin1());
    if (!bearer.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + bearer.toLatin1());
    QNetworkReply *reply = m_network->sendCustomRequest(request, method, payload);
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit); // a safety net for a hung server, not a timing check
    if (!reply->isFinished())
        loop.exec();
    Answer answer;
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.body = reply->readAll();
    answer.json = QJsonDocument::fromJson(answer.body).object();
    for (const auto &pair : reply->rawHeaderPairs())
        answer.headers.insert(pair.first.toLower(), pair.second);
    reply->deleteLater();
    if (answer.status > 0)
        m_answers.write(answerLine(method, path, answer.status, answer.headers.value("content-type"), answer.body));
    return answer;
}

QString TestShopApi::cookieToken(const Answer &answer)
{
    static const QRegularExpression cookie(QStringLiteral("^boxoffice_session=([A-Za-z0-9_-]*);"));
    const auto match = cookie.match(QString::fromLatin1(answer.headers.value("set-cookie")));
    return match.hasMatch() ? match.captured(1) : QString();
}

QString TestShopApi::mailedLink(const QString &email, const QString &purpose) const
{
    const QString body
        = m_db->scalar(QStringLiteral("SELECT body FROM mail_spool WHERE lower(recipient) = lower(:email) "
                                      "AND purpose = :purpose ORDER BY id DESC LIMIT 1"),
                       {{QStringLiteral("email"), email}, {QStringLiteral("purpose"), purpose}})
              .toString();
    static const QRegularExpression link(
        QStringLiteral("https://tickets\\.example\\.org/#(?:confirm|reset)=([A-Za-z0-9_-]{43})"));
    const auto match = link.match(body);
    return match.hasMatch() ? match.captured(1) : QString();
}

Browser TestShopApi::newAccount(const QString &name, const QString &email)
{
    const Answer signedUp = send(
        "POST", QStringLiteral("/api/v1/account/signup"),
        {{QStringLiteral("name"), name}, {QStringLiteral("email"), email}, {QStringLiteral("password"), password}});
    if (signedUp.status != 202)
        qWarning() << "sign-up:" << signedUp.describe();
    const Answer confirmed = send("POST", QStringLiteral("/api/v1/account/confirm"),
                                  {{QStringLiteral("token"), mailedLink(email, QStringLiteral("confirm"))}});
    if (confirmed.status != 200)
        qWarning() << "confirm:" << confirmed.describe();
    return Browser{cookieToken(confirmed), confirmed.json.value(QStringLiteral("csrf")).toString()};
}

Browser TestShopApi::signIn(const QString &email, const QString &withPassword)
{
    const Answer answer = send("POST", QStringLiteral("/api/v1/account/signin"),
                               {{QStringLiteral("email"), email}, {QStringLiteral("password"), withPassword}});
    return answer.status == 200 ? Browser{cookieToken(answer), answer.json.value(QStringLiteral("csrf")).toString()}
                                : Browser{};
}

void TestShopApi::signUpConfirmAndSignInWithACookie()
{
    const QString email = QStringLiteral("zoe@example.org");
    const Answer signedUp = send("POST", QStringLiteral("/api/v1/account/signup"),
                                 {{QStringLiteral("name"), QStringLiteral("Zoë Example")},
                                  {QStringLiteral("email"), email},
                                  {QStringLiteral("password"), password}});
    QCOMPARE(signedUp.status, 202);
    QCOMPARE(signedUp.json.value(QStringLiteral("status")).toString(), QStringLiteral("check_your_mail"));
    // Only the Argon2id string is stored, never the password.
    QVERIFY(m_db->scalar(QStringLiteral("SELECT password_hash FROM buyers WHERE email = :e"),
                         {{QStringLiteral("e"), email}})
                .toString()
                .startsWith(QStringLiteral("$argon2id$")));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyers WHERE position(:p IN password_hash) > 0"),
                          {{QStringLiteral("p"), password}})
                 .toInt(),
             0);

    // Before the address is confirmed, the right password is not enough.
    const Answer early = send("POST", QStringLiteral("/api/v1/account/signin"),
                              {{QStringLiteral("email"), email}, {QStringLiteral("password"), password}});
    QCOMPARE(early.status, 403);
    QCOMPARE(early.errorCode(), QStringLiteral("unconfirmed"));

    const QString link = mailedLink(email, QStringLiteral("confirm"));
    QVERIFY2(!link.isEmpty(), "no confirmation link in the spooled mail");
    // The link's token itself is not stored, only its hash.
    QCOMPARE(
        m_db->scalar(QStringLiteral(
                         "SELECT count(*) FROM buyer_link_tokens WHERE token_hash = sha256(convert_to(:t, 'UTF8'))"),
                     {{QStringLiteral("t"), link}})
            .toInt(),
        1);
    const Answer confirmed = send("POST", QStringLiteral("/api/v1/account/confirm"), {{QStringLiteral("token"), link}});
    QCOMPARE(confirmed.status, 200);
    const QByteArray cookie = confirmed.headers.value("set-cookie");
    QVERIFY2(cookie.contains("HttpOnly") && cookie.contains("Secure") && cookie.contains("SameSite=Strict")
                 && cookie.contains("Path=/"),
             cookie.constData());
    QCOMPARE(confirmed.json.value(QStringLiteral("buyer")).toObject().value(QStringLiteral("email")).toString(), email);
    // A link works once.
    const Answer again = send("POST", QStringLiteral("/api/v1/account/confirm"), {{QStringLiteral("token"), link}});
    QCOMPARE(again.status, 400);
    QCOMPARE(again.errorCode(), QStringLiteral("token_invalid"));

    // Signed in by password now, with a session of its own; a different case of the address is the same account.
    const Browser browser = signIn(QStringLiteral("ZOE@example.org"), password);
    QVERIFY(!browser.session.isEmpty());
    QVERIFY(browser.session != cookieToken(confirmed));
    const Answer who = send("GET", QStringLiteral("/api/v1/account"), {}, browser);
    QCOMPARE(who.status, 200);
    QCOMPARE(who.json.value(QStringLiteral("buyer")).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("Zoë Example"));
    QCOMPARE(who.json.value(QStringLiteral("csrf")).toString(), browser.csrf);
    QCOMPARE(who.headers.value("cache-control"), QByteArray("no-store"));
}

void TestShopApi::aChangeWithTheCookieNeedsTheCsrfToken()
{
    const Browser browser = newAccount(QStringLiteral("Carla"), QStringLiteral("carla@example.org"));
    QVERIFY(!browser.session.isEmpty());
    const int cartsBefore = m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_carts")).toInt();

    const Answer forged = send("POST", QStringLiteral("/api/v1/carts"), {}, browser, false);
    QCOMPARE(forged.status, 403);
    QCOMPARE(forged.errorCode(), QStringLiteral("csrf"));
    Browser wrong = browser;
    wrong.csrf = QStringLiteral("not-the-token");
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts"), {}, wrong).status, 403);
    // Another session's token does not fit this one.
    const Browser other = newAccount(QStringLiteral("Dora"), QStringLiteral("dora@example.org"));
    wrong.csrf = other.csrf;
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts"), {}, wrong).status, 403);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_carts")).toInt(), cartsBefore);

    // Reading needs no token; a change with it works.
    QCOMPARE(send("GET", QStringLiteral("/api/v1/orders"), {}, browser, false).status, 200);
    const Answer cart = send("POST", QStringLiteral("/api/v1/carts"), {}, browser);
    QCOMPARE(cart.status, 201);
    const QVector<UnitId> units = m_db->units(m_hall.eventId);
    const Answer held = send(
        "POST", QStringLiteral("/api/v1/carts/%1/holds").arg(cart.json.value(QStringLiteral("cart")).toString()),
        {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("seats"), QJsonArray{units.last()}}}, browser);
    QCOMPARE(held.status, 201);
    // The other account cannot see this cart.
    QCOMPARE(send("DELETE", QStringLiteral("/api/v1/carts/%1").arg(cart.json.value(QStringLiteral("cart")).toString()),
                  {}, other)
                 .status,
             404);
    QCOMPARE(send("DELETE",
                  QStringLiteral("/api/v1/carts/%1/holds/%2")
                      .arg(cart.json.value(QStringLiteral("cart")).toString())
                      .arg(units.last()),
                  {}, browser)
                 .status,
             200);
}

void TestShopApi::signingOutEndsTheSession()
{
    const Browser browser = newAccount(QStringLiteral("Eve"), QStringLiteral("eve@example.org"));
    QCOMPARE(send("GET", QStringLiteral("/api/v1/account"), {}, browser).status, 200);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/account/signout"), {}, browser, false).status, 403);
    const Answer out = send("POST", QStringLiteral("/api/v1/account/signout"), {}, browser);
    QCOMPARE(out.status, 204);
    QVERIFY(out.headers.value("set-cookie").contains("Max-Age=0"));
    QCOMPARE(send("GET", QStringLiteral("/api/v1/account"), {}, browser).status, 401);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts"), {}, browser).status, 401);
}

void TestShopApi::aKnownAddressGetsTheSameAnswerAndAMail()
{
    const QString email = QStringLiteral("fred@example.org");
    newAccount(QStringLiteral("Fred"), email);
    const Answer again = send("POST", QStringLiteral("/api/v1/account/signup"),
                              {{QStringLiteral("name"), QStringLiteral("Someone Else")},
                               {QStringLiteral("email"), QStringLiteral("Fred@Example.org")},
                               {QStringLiteral("password"), QStringLiteral("another password 1")}});
    QCOMPARE(again.status, 202);
    QCOMPARE(again.json.value(QStringLiteral("status")).toString(), QStringLiteral("check_your_mail"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyers WHERE lower(email) = :e"),
                          {{QStringLiteral("e"), email}})
                 .toInt(),
             1);
    QCOMPARE(
        m_db->scalar(QStringLiteral(
                         "SELECT count(*) FROM mail_spool WHERE lower(recipient) = :e AND purpose = 'account-exists'"),
                     {{QStringLiteral("e"), email}})
            .toInt(),
        1);
    // The first password still signs in; the second never did anything.
    QVERIFY(!signIn(email, password).session.isEmpty());
    QVERIFY(signIn(email, QStringLiteral("another password 1")).session.isEmpty());
    // Unknown and known addresses answer a reset alike.
    QCOMPARE(send("POST", QStringLiteral("/api/v1/account/reset"),
                  {{QStringLiteral("email"), QStringLiteral("nobody-here@example.org")}})
                 .status,
             202);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM mail_spool WHERE recipient = 'nobody-here@example.org'"))
                 .toInt(),
             0);
}

void TestShopApi::aWrongPasswordAndAnUnknownAddressAnswerAlike()
{
    newAccount(QStringLiteral("Gina"), QStringLiteral("gina@example.org"));
    const Answer wrong = send("POST", QStringLiteral("/api/v1/account/signin"),
                              {{QStringLiteral("email"), QStringLiteral("gina@example.org")},
                               {QStringLiteral("password"), QStringLiteral("not her password")}});
    const Answer unknown = send("POST", QStringLiteral("/api/v1/account/signin"),
                                {{QStringLiteral("email"), QStringLiteral("nobody@example.org")},
                                 {QStringLiteral("password"), QStringLiteral("not her password")}});
    QCOMPARE(wrong.status, 401);
    QCOMPARE(unknown.status, 401);
    QCOMPARE(wrong.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")),
             unknown.json.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")));
    QVERIFY(wrong.headers.value("set-cookie").isEmpty());
}

void TestShopApi::parallelSignUpsOfOneAddressMakeOneAccount()
{
    // Twelve sign-ups at once on QNetworkAccessManager's parallel connections, decided by the unique index.
    const QString email = QStringLiteral("rush@example.org");
    QList<QNetworkReply *> replies;
    for (int i = 0; i < 12; ++i) {
        QUrl url = m_server->baseUrl();
        url.setPath(QStringLiteral("/api/v1/account/signup"));
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        const QJsonObject body{{QStringLiteral("name"), QStringLiteral("Rusher %1").arg(i)},
                               {QStringLiteral("email"), email},
                               {QStringLiteral("password"), password}};
        replies << m_network->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    }
    for (QNetworkReply *reply : replies) {
        if (!reply->isFinished()) {
            QEventLoop loop;
            connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
            QTimer::singleShot(120000, &loop, &QEventLoop::quit);
            loop.exec();
        }
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 202);
        reply->deleteLater();
    }
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyers WHERE lower(email) = :e"),
                          {{QStringLiteral("e"), email}})
                 .toInt(),
             1);
    QCOMPARE(
        m_db->scalar(QStringLiteral("SELECT count(*) FROM mail_spool WHERE recipient = :e AND purpose = 'confirm'"),
                     {{QStringLiteral("e"), email}})
            .toInt(),
        1);
    // The others were told by mail, at most five an hour: the form cannot flood a mailbox.
    const int told
        = m_db->scalar(
                  QStringLiteral("SELECT count(*) FROM mail_spool WHERE recipient = :e AND purpose = 'account-exists'"),
                  {{QStringLiteral("e"), email}})
              .toInt();
    QVERIFY2(told >= 1 && told <= 4, qPrintable(QString::number(told)));
}

void TestShopApi::aPasswordResetEndsEveryOtherSession()
{
    const QString email = QStringLiteral("hana@example.org");
    const Browser first = newAccount(QStringLiteral("Hana"), email);
    const Browser second = signIn(email, password);
    QVERIFY(!second.session.isEmpty());
    QCOMPARE(send("POST", QStringLiteral("/api/v1/account/reset"),
                  {{QStringLiteral("email"), QStringLiteral("HANA@example.org")}})
                 .status,
             202);
    const QString link = mailedLink(email, QStringLiteral("reset"));
    QVERIFY2(!link.isEmpty(), "no reset link in the spooled mail");

    const Answer tooShort
        = send("POST", QStringLiteral("/api/v1/account/reset/confirm"),
               {{QStringLiteral("token"), link}, {QStringLiteral("password"), QStringLiteral("short")}});
    QCOMPARE(tooShort.status, 400);
    const QString newPassword = QStringLiteral("a brand new passphrase");
    const Answer reset = send("POST", QStringLiteral("/api/v1/account/reset/confirm"),
                              {{QStringLiteral("token"), link}, {QStringLiteral("password"), newPassword}});
    QCOMPARE(reset.status, 200);
    const Browser third{cookieToken(reset), reset.json.value(QStringLiteral("csrf")).toString()};
    QVERIFY(!third.session.isEmpty());

    QCOMPARE(send("GET", QStringLiteral("/api/v1/account"), {}, first).status, 401);
    QCOMPARE(send("GET", QStringLiteral("/api/v1/account"), {}, second).status, 401);
    QCOMPARE(send("GET", QStringLiteral("/api/v1/account"), {}, third).status, 200);
    QVERIFY(signIn(email, password).session.isEmpty());
    QVERIFY(!signIn(email, newPassword).session.isEmpty());
    const Answer reused
        = send("POST", QStringLiteral("/api/v1/account/reset/confirm"),
               {{QStringLiteral("token"), link}, {QStringLiteral("password"), QStringLiteral("yet another one 2")}});
    QCOMPARE(reused.status, 400);
    QCOMPARE(reused.errorCode(), QStringLiteral("token_invalid"));
}

void TestShopApi::badAccountInputIsRefusedAndWritesNothing()
{
    const int buyersBefore = m_db->scalar(QStringLiteral("SELECT count(*) FROM buyers")).toInt();
    const QString nul = QStringLiteral("long enough") + QChar(0) + QStringLiteral("password");
    const QList<QJsonObject> bodies{
        {{QStringLiteral("name"), QStringLiteral("Ivo")},
         {QStringLiteral("email"), QStringLiteral("ivo@example.org")},
         {QStringLiteral("password"), QStringLiteral("short")}},
        {{QStringLiteral("name"), QStringLiteral("Ivo")},
         {QStringLiteral("email"), QStringLiteral("not an address")},
         {QStringLiteral("password"), password}},
        {{QStringLiteral("name"), QStringLiteral("Ivo\nBcc: x@example.org")},
         {QStringLiteral("email"), QStringLiteral("ivo@example.org")},
         {QStringLiteral("password"), password}},
        {{QStringLiteral("name"), QStringLiteral("Ivo")},
         {QStringLiteral("email"), QStringLiteral("ivo@example.org\r\nBcc: x@example.org")},
         {QStringLiteral("password"), password}},
        {{QStringLiteral("name"), QStringLiteral("Ivo")},
         {QStringLiteral("email"), QStringLiteral("ivo@example.org")},
         {QStringLiteral("password"), nul}},
        {{QStringLiteral("name"), QStringLiteral("Ivo")},
         {QStringLiteral("email"), QStringLiteral("ivo@example.org")},
         {QStringLiteral("password"), password},
         {QStringLiteral("admin"), true}},
        {{QStringLiteral("name"), QStringLiteral("Ivo")}, {QStringLiteral("email"), QStringLiteral("ivo@example.org")}},
        {{QStringLiteral("name"), 5},
         {QStringLiteral("email"), QStringLiteral("ivo@example.org")},
         {QStringLiteral("password"), password}},
    };
    for (const QJsonObject &body : bodies) {
        const Answer refused = send("POST", QStringLiteral("/api/v1/account/signup"), body);
        QVERIFY2(refused.status == 400,
                 qPrintable(QString::fromUtf8(QJsonDocument(body).toJson()) + refused.describe()));
        QVERIFY(!refused.json.value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("message"))
                     .toString()
                     .isEmpty());
    }
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyers")).toInt(), buyersBefore);
    // A made-up or malformed link.
    QCOMPARE(send("POST", QStringLiteral("/api/v1/account/confirm"),
                  {{QStringLiteral("token"), QString(43, QLatin1Char('A'))}})
                 .status,
             400);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/account/confirm"),
                  {{QStringLiteral("token"), QStringLiteral("../../etc")}})
                 .status,
             400);
    // A form of another site posts text/plain: a sign-in that way is refused before anything is looked up.
    QUrl url = m_server->baseUrl();
    url.setPath(QStringLiteral("/api/v1/account/signin"));
    QNetworkRequest form(url);
    form.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("text/plain"));
    QNetworkReply *reply
        = m_network->post(form, QByteArray(R"({"email":"zoe@example.org","password":"correct horse battery"})"));
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 415);
    QVERIFY(reply->rawHeader("Set-Cookie").isEmpty());
    reply->deleteLater();
    // A made-up cookie is no session.
    QCOMPARE(send("GET", QStringLiteral("/api/v1/account"), {}, Browser{QString(43, QLatin1Char('b')), {}}).status,
             401);
}

void TestShopApi::aSessionCookieCannotPassForABearerToken()
{
    const Browser browser = newAccount(QStringLiteral("Jon"), QStringLiteral("jon@example.org"));
    // A session token sent as a bearer token is not a buyer token, and the other way round.
    QCOMPARE(send("GET", QStringLiteral("/api/v1/orders"), {}, {}, false, browser.session).status, 401);
    const Answer token = send("POST", QStringLiteral("/api/v1/account/token"), {}, browser);
    QCOMPARE(token.status, 201);
    const QString bearer = token.json.value(QStringLiteral("token")).toString();
    QCOMPARE(send("GET", QStringLiteral("/api/v1/orders"), {}, {}, false, bearer).status, 200);
    QCOMPARE(send("GET", QStringLiteral("/api/v1/account"), {}, Browser{bearer, {}}).status, 401);
    // A new token replaces the old one.
    const Answer newer = send("POST", QStringLiteral("/api/v1/account/token"), {}, browser);
    QCOMPARE(newer.status, 201);
    QCOMPARE(send("GET", QStringLiteral("/api/v1/orders"), {}, {}, false,
                  newer.json.value(QStringLiteral("token")).toString())
                 .status,
             200);
    QTest::qWait(100);
}

void TestShopApi::bestAvailableHoldsAdjacentSeatsInOneRow()
{
    const Browser browser = newAccount(QStringLiteral("Kim"), QStringLiteral("kim@example.org"));
    const QString cart
        = send("POST", QStringLiteral("/api/v1/carts"), {}, browser).json.value(QStringLiteral("cart")).toString();
    QVERIFY(!cart.isEmpty());
    const Answer held = send("POST", QStringLiteral("/api/v1/carts/%1/best").arg(cart),
                             {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("count"), 3}}, browser);
    QCOMPARE(held.status, 201);
    const QJsonArray seats = held.json.value(QStringLiteral("held")).toArray();
    QCOMPARE(seats.size(), 3);
    // One row, consecutive numbers: labels are "<section>-<row>-<seat>".
    QStringList rows;
    QList<int> numbers;
    for (const QJsonValue &seat : seats) {
        const QStringList parts = seat.toObject().value(QStringLiteral("seat")).toString().split(QLatin1Char('-'));
        rows << parts.mid(0, parts.size() - 1).join(QLatin1Char('-'));
        numbers << parts.last().toInt();
    }
    std::sort(numbers.begin(), numbers.end());
    QCOMPARE(rows.count(rows.first()), 3);
    QCOMPARE(numbers.last() - numbers.first(), 2);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c"),
                          {{QStringLiteral("c"), cart}})
                 .toInt(),
             3);

    // Another buyer's cart is not this buyer's to fill; a count out of range is refused.
    const Browser other = newAccount(QStringLiteral("Lou"), QStringLiteral("lou@example.org"));
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts/%1/best").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("count"), 2}}, other)
                 .status,
             404);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts/%1/best").arg(cart),
                  {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("count"), 50}}, browser)
                 .status,
             400);
    QCOMPARE(
        send("POST", QStringLiteral("/api/v1/carts/%1/best").arg(cart),
             {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("count"), 2}, {QStringLiteral("section"), 7}},
             browser)
            .status,
        400);
    QCOMPARE(send("DELETE", QStringLiteral("/api/v1/carts/%1").arg(cart), {}, browser).status, 200);
}

void TestShopApi::bestAvailableSaysSoWhenNoBlockIsFree()
{
    const Browser browser = newAccount(QStringLiteral("Max"), QStringLiteral("max@example.org"));
    const QString cart
        = send("POST", QStringLiteral("/api/v1/carts"), {}, browser).json.value(QStringLiteral("cart")).toString();
    // Rows of 8: nine together exist nowhere.
    const Answer none = send("POST", QStringLiteral("/api/v1/carts/%1/best").arg(cart),
                             {{QStringLiteral("event"), m_hall.eventId}, {QStringLiteral("count"), 9}}, browser);
    QCOMPARE(none.status, 409);
    QCOMPARE(none.errorCode(), QStringLiteral("lost"));
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM event_seats WHERE cart_id = :c"),
                          {{QStringLiteral("c"), cart}})
                 .toInt(),
             0);
}

void TestShopApi::thePageLearnsWhereToSendTheCard()
{
    // Without a publishable key the page names no card, and its policy lets it call this server only.
    const Answer none = send("GET", QStringLiteral("/api/v1/payment-config"));
    QCOMPARE(none.status, 200);
    QVERIFY(none.json.value(QStringLiteral("provider")).isNull());
    const Answer page = send("GET", QStringLiteral("/"));
    QVERIFY2(page.headers.value("content-security-policy").contains("connect-src 'self';"),
             page.headers.value("content-security-policy").constData());

    // With one, the page sends the card to the provider (and may: its policy names that origin).
    WebConfig config;
    config.database = m_db->settings();
    config.port = 0;
    config.threads = 1;
    config.providerUrl = QUrl(QStringLiteral("http://10.0.0.7:8090"));
    config.providerPublicUrl = QUrl(QStringLiteral("https://pay.example.com/"));
    config.providerPublishableKey = "pk_test_shop";
    WebServer withCards(config);
    QVERIFY(withCards.listen().ok());
    QNetworkRequest request(withCards.baseUrl().resolved(QUrl(QStringLiteral("/api/v1/payment-config"))));
    QNetworkReply *reply = m_network->get(request);
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    const QJsonObject provider
        = QJsonDocument::fromJson(reply->readAll()).object().value(QStringLiteral("provider")).toObject();
    reply->deleteLater();
    QCOMPARE(provider.value(QStringLiteral("url")).toString(), QStringLiteral("https://pay.example.com"));
    QCOMPARE(provider.value(QStringLiteral("publishable_key")).toString(), QStringLiteral("pk_test_shop"));
    QNetworkReply *index = m_network->get(QNetworkRequest(withCards.baseUrl().resolved(QUrl(QStringLiteral("/")))));
    connect(index, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!index->isFinished())
        loop.exec();
    QVERIFY2(index->rawHeader("Content-Security-Policy").contains("connect-src 'self' https://pay.example.com;"),
             index->rawHeader("Content-Security-Policy").constData());
    index->deleteLater();
}

void TestShopApi::anEndedSessionAdmitsNobodyAndIsDeletedLater()
{
    const Browser browser = newAccount(QStringLiteral("Nell"), QStringLiteral("nell@example.org"));
    QCOMPARE(send("GET", QStringLiteral("/api/v1/account"), {}, browser).status, 200);
    // The database's clock ends it: two days ago.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE buyer_sessions SET created_at = now() - interval '3 days', "
                                      "expires_at = now() - interval '2 days' "
                                      "WHERE token_hash = sha256(convert_to(:t, 'UTF8'))"),
                       {{QStringLiteral("t"), browser.session}}));
    QTest::qWait(1500); // past the server's memory of the session (authCacheSeconds, 1 here)
    QCOMPARE(send("GET", QStringLiteral("/api/v1/account"), {}, browser).status, 401);
    QCOMPARE(send("POST", QStringLiteral("/api/v1/carts"), {}, browser).status, 401);
    const int sessionsBefore = m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_sessions")).toInt();
    PgAccountStore store(m_db->database());
    auto purged = store.purgeExpired();
    QVERIFY(purged.ok());
    QVERIFY(purged.value() >= 1);
    QCOMPARE(m_db->scalar(QStringLiteral(
                              "SELECT count(*) FROM buyer_sessions WHERE token_hash = sha256(convert_to(:t, 'UTF8'))"),
                          {{QStringLiteral("t"), browser.session}})
                 .toInt(),
             0);
    // Live sessions stay.
    QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_sessions")).toInt()
            >= sessionsBefore - purged.value());
    QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM buyer_sessions WHERE expires_at > now()")).toInt() > 0);
}

QTEST_GUILESS_MAIN(TestShopApi)
#include "tst_shopapi.moc"
