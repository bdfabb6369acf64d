// boxoffice-fakepay against Stripe's documented v1 API, byte by byte over raw HTTP: what it refuses
// (a JSON body, an unknown parameter named as such, a missing key, a wrong method), how it keeps
// idempotency keys (replays, mismatches, a key in use, 500s kept and not kept), the search query
// language and its paging, list paging, refunds and card errors. No database.

#include "fakepayprocess.h"

#include "domain/payments.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

const QByteArray apiKey = "sk_test_fakepaystripe";
const QByteArray webhookSecret = "whsec_fakepaystripe";

struct Reply
{
    int status = 0;
    QJsonObject json;
    QHash<QByteArray, QByteArray> headers; // lower-case names

    QJsonObject error() const { return json.value(QStringLiteral("error")).toObject(); }
    QString errorField(const char *name) const { return error().value(QLatin1String(name)).toString(); }
    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
    QString describe() const
    {
        return QStringLiteral("HTTP %1 %2")
            .arg(status)
            .arg(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)));
    }
};

// One element of a form body, percent-encoded as Stripe's libraries do (brackets left readable).
QByteArray field(const QByteArray &name, const QString &value)
{
    return name + '=' + QUrl::toPercentEncoding(value);
}

} // namespace

class TestFakepayStripe : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void aJsonBodyIsRefused();
    void unknownParametersAreNamed_data();
    void unknownParametersAreNamed();
    void missingAndMalformedValues_data();
    void missingAndMalformedValues();
    void theKeyIsRequired();
    void unknownUrlsAndMethods();
    void everyAnswerHasARequestId();
    void anIdempotentReplayIsMarked();
    void oneKeyWithOtherParametersIsAnIdempotencyError();
    void aKeyInUseIsA409();
    void aRefusedRequestLeavesTheKeyFree();
    void a500AfterTheChargeIsKeptAndReplayed();
    void a500BeforeTheChargeIsNotKept();
    void aRateLimitSaysRetry();
    void searchFindsByTheQueryLanguage_data();
    void searchFindsByTheQueryLanguage();
    void malformedSearchQueriesAreRefused_data();
    void malformedSearchQueriesAreRefused();
    void searchPagesWithItsToken();
    void searchCanLagBehindWrites();
    void listsPageNewestFirst();
    void refundsNeverExceedTheCharge();
    void cardErrorsAreStripes();
    void confirmAndCancelFollowTheStates();
    void chargesListEveryAttempt();
    void hostileBodiesAreRefusedNotFatal_data();
    void hostileBodiesAreRefusedNotFatal();
    void webhookEventsAreStripeEvents();

private:
    Reply call(const QByteArray &method, const QString &path, const QByteArray &body = {},
               const QList<QPair<QByteArray, QByteArray>> &headers = {}, const QByteArray &key = apiKey,
               const QByteArray &contentType = "application/x-www-form-urlencoded");
    QNetworkReply *send(const QByteArray &method, const QString &path, const QByteArray &body,
                        const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &key,
                        const QByteArray &contentType);
    static Reply readReply(QNetworkReply *reply);
    Reply createIntent(const QByteArray &extra, const QByteArray &idempotencyKey = {}, qint64 amount = 1500);
    Reply search(const QString &query, const QByteArray &extra = {});
    void plan(const QStringList &next, int hangMs = 1500);
    std::optional<WebhookDelivery> deliveryOf(const QString &type, const QString &paymentIntent) const;

    std::unique_ptr<FakePayProcess> m_fakepay;
    std::unique_ptr<WebhookReceiver> m_receiver;
    QList<WebhookDelivery> m_deliveries;
    QNetworkAccessManager m_network;
    QString m_batch; // a metadata value unique to the running test function
};

void TestFakepayStripe::initTestCase()
{
    m_receiver = std::make_unique<WebhookReceiver>([this](const WebhookDelivery &delivery) {
        m_deliveries.append(delivery);
        return 200;
    });
    m_fakepay = std::make_unique<FakePayProcess>();
    const QString failure = m_fakepay->start(QString::fromUtf8(BOXOFFICE_FAKEPAY), QString::fromUtf8(apiKey),
                                             m_receiver->url(), QString::fromUtf8(webhookSecret));
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestFakepayStripe::init()
{
    static int round = 0;
    m_batch = QStringLiteral("batch-%1-%2").arg(QDateTime::currentMSecsSinceEpoch()).arg(++round);
    plan({});
    m_fakepay->control(QStringLiteral("/control/search"), {{QStringLiteral("lag_ms"), 0}});
}

QNetworkReply *TestFakepayStripe::send(const QByteArray &method, const QString &path, const QByteArray &body,
                                       const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &key,
                                       const QByteArray &contentType)
{
    QUrl url = m_fakepay->baseUrl();
    const qsizetype question = path.indexOf(QLatin1Char('?'));
    url.setPath(path.left(question < 0 ? path.size() : question));
    if (question >= 0)
        url.setQuery(path.mid(question + 1), QUrl::TolerantMode);
    QNetworkRequest request(url);
    if (!key.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + key);
    if (!body.isEmpty())
        request.setRawHeader("Content-Type", contentType);
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    request.setTransferTimeout(20000);
    return m_network.sendCustomRequest(request, method, body);
}

Reply TestFakepayStripe::readReply(QNetworkReply *reply)
{
    if (!reply->isFinished()) {
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(25000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    Reply answer;
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.json = QJsonDocument::fromJson(reply->readAll()).object();
    for (const auto &[name, value] : reply->rawHeaderPairs())
        answer.headers.insert(name.toLower(), value);
    reply->deleteLater();
    return answer;
}

Reply TestFakepayStripe::call(const QByteArray &method, const QString &path, const QByteArray &body,
                              const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &key,
                              const QByteArray &contentType)
{
    return readReply(send(method, path, body, headers, key, contentType));
}

Reply TestFakepayStripe::createIntent(const QByteArray &extra, const QByteArray &idempotencyKey, qint64 amount)
{
    QByteArray body = "amount=" + QByteArray::number(amount) + "&currency=eur&" + field("metadata[batch]", m_batch);
    if (!extra.isEmpty())
        body += '&' + extra;
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!idempotencyKey.isEmpty())
        headers.append({"Idempotency-Key", idempotencyKey});
    return call("POST", QStringLiteral("/v1/payment_intents"), body, headers);
}

Reply TestFakepayStripe::search(const QString &query, const QByteArray &extra)
{
    QByteArray encoded = field("query", query);
    if (!extra.isEmpty())
        encoded += '&' + extra;
    return call("GET", QStringLiteral("/v1/payment_intents/search?") + QString::fromLatin1(encoded));
}

void TestFakepayStripe::plan(const QStringList &next, int hangMs)
{
    m_fakepay->control(QStringLiteral("/control/behaviour"),
                       {{QStringLiteral("next"), QJsonArray::fromStringList(next)},
                        {QStringLiteral("hang_ms"), hangMs},
                        {QStringLiteral("slow_ms"), 200}});
}

void TestFakepayStripe::aJsonBodyIsRefused()
{
    const int before = m_fakepay->state().value(QStringLiteral("charges")).toArray().size();
    const QByteArray json = R"({"amount":1500,"currency":"eur","confirm":true})";
    const Reply refused = call("POST", QStringLiteral("/v1/payment_intents"), json, {}, apiKey, "application/json");
    QCOMPARE(refused.status, 400);
    QCOMPARE(refused.errorField("type"), QStringLiteral("invalid_request_error"));
    QVERIFY2(refused.errorField("message").contains(QLatin1String("application/x-www-form-urlencoded")),
             qPrintable(refused.describe()));
    // The same fields form-encoded are fine: the encoding alone was refused.
    const Reply made = call("POST", QStringLiteral("/v1/payment_intents"), "amount=1500&currency=eur&confirm=true");
    QCOMPARE(made.status, 200);
    QCOMPARE(m_fakepay->state().value(QStringLiteral("charges")).toArray().size(), before + 1);
    // A form body labelled as something else is no form either.
    QCOMPARE(call("POST", QStringLiteral("/v1/refunds"), "payment_intent=pi_x", {}, apiKey, "text/plain").status, 400);
}

void TestFakepayStripe::unknownParametersAreNamed_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("param");
    QTest::newRow("create: top level") << QByteArray("POST") << QStringLiteral("/v1/payment_intents")
                                       << QByteArray("amount=100&currency=eur&colour=red") << QStringLiteral("colour");
    QTest::newRow("create: a field Stripe has but the fake does not")
        << QByteArray("POST") << QStringLiteral("/v1/payment_intents")
        << QByteArray("amount=100&currency=eur&statement_descriptor=X") << QStringLiteral("statement_descriptor");
    QTest::newRow("create: inside a hash")
        << QByteArray("POST") << QStringLiteral("/v1/payment_intents")
        << QByteArray("amount=100&currency=eur&automatic_payment_methods[enabled]=true"
                      "&automatic_payment_methods[colour]=red")
        << QStringLiteral("automatic_payment_methods[colour]");
    QTest::newRow("payment method: card field")
        << QByteArray("POST") << QStringLiteral("/v1/payment_methods")
        << QByteArray("type=card&card[number]=4242424242424242&card[exp_month]=1"
                      "&card[exp_year]=2040&card[pin]=1234")
        << QStringLiteral("card[pin]");
    QTest::newRow("refund") << QByteArray("POST") << QStringLiteral("/v1/refunds")
                            << QByteArray("payment_intent=pi_x&refund_everything=true")
                            << QStringLiteral("refund_everything");
    QTest::newRow("list: query string") << QByteArray("GET") << QStringLiteral("/v1/payment_intents?limit=3&order=asc")
                                        << QByteArray() << QStringLiteral("order");
    QTest::newRow("list: created bound") << QByteArray("GET")
                                         << QStringLiteral("/v1/payment_intents?created[between]=5") << QByteArray()
                                         << QStringLiteral("created[between]");
    QTest::newRow("search: the old key lookup")
        << QByteArray("GET") << QStringLiteral("/v1/payment_intents/search?idempotency_key=abc") << QByteArray()
        << QStringLiteral("idempotency_key");
    QTest::newRow("charges") << QByteArray("GET") << QStringLiteral("/v1/charges?customer=cus_1") << QByteArray()
                             << QStringLiteral("customer");
}

void TestFakepayStripe::unknownParametersAreNamed()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(QString, param);
    const Reply refused = call(method, path, body);
    QCOMPARE(refused.status, 400);
    QCOMPARE(refused.errorField("type"), QStringLiteral("invalid_request_error"));
    QCOMPARE(refused.errorField("code"), QStringLiteral("parameter_unknown"));
    QCOMPARE(refused.errorField("param"), param);
    QCOMPARE(refused.errorField("message"), QStringLiteral("Received unknown parameter: %1").arg(param));
}

void TestFakepayStripe::missingAndMalformedValues_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("param");
    const QString intents = QStringLiteral("/v1/payment_intents");
    QTest::newRow("no amount") << intents << QByteArray("currency=eur") << QStringLiteral("parameter_missing")
                               << QStringLiteral("amount");
    QTest::newRow("no currency") << intents << QByteArray("amount=5") << QStringLiteral("parameter_missing")
                                 << QStringLiteral("currency");
    QTest::newRow("amount a word") << intents << QByteArray("amount=ten&currency=eur")
                                   << QStringLiteral("parameter_invalid_integer") << QStringLiteral("amount");
    QTest::newRow("amount a fraction") << intents << QByteArray("amount=12.50&currency=eur")
                                       << QStringLiteral("parameter_invalid_integer") << QStringLiteral("amount");
    QTest::newRow("amount zero") << intents << QByteArray("amount=0&currency=eur")
                                 << QStringLiteral("parameter_invalid_integer") << QStringLiteral("amount");
    QTest::newRow("amount empty") << intents << QByteArray("amount=&currency=eur")
                                  << QStringLiteral("parameter_invalid_empty") << QStringLiteral("amount");
    QTest::newRow("currency empty") << intents << QByteArray("amount=5&currency=")
                                    << QStringLiteral("parameter_invalid_empty") << QStringLiteral("currency");
    QTest::newRow("confirm not a boolean")
        << intents << QByteArray("amount=5&currency=eur&confirm=yes") << QString() << QStringLiteral("confirm");
    QTest::newRow("manual capture") << intents << QByteArray("amount=5&currency=eur&capture_method=manual") << QString()
                                    << QStringLiteral("capture_method");
    QTest::newRow("metadata a string") << intents << QByteArray("amount=5&currency=eur&metadata=x") << QString()
                                       << QStringLiteral("metadata");
    QTest::newRow("metadata key too long")
        << intents << QByteArray("amount=5&currency=eur&metadata[") + QByteArray(41, 'k') + "]=v" << QString()
        << QStringLiteral("metadata[%1]").arg(QString(41, QLatin1Char('k')));
    QTest::newRow("expand a string") << intents << QByteArray("amount=5&currency=eur&expand=latest_charge") << QString()
                                     << QStringLiteral("expand");
    QTest::newRow("refund: reason") << QStringLiteral("/v1/refunds") << QByteArray("payment_intent=pi_x&reason=because")
                                    << QString() << QStringLiteral("reason");
    QTest::newRow("refund: neither intent nor charge")
        << QStringLiteral("/v1/refunds") << QByteArray("amount=5") << QStringLiteral("parameter_missing")
        << QStringLiteral("payment_intent");
    QTest::newRow("payment method: no type")
        << QStringLiteral("/v1/payment_methods")
        << QByteArray("card[number]=4242424242424242&card[exp_month]=1&card[exp_year]=2040")
        << QStringLiteral("parameter_missing") << QStringLiteral("type");
    QTest::newRow("payment method: no expiry")
        << QStringLiteral("/v1/payment_methods")
        << QByteArray("type=card&card[number]=4242424242424242&card[exp_month]=1")
        << QStringLiteral("parameter_missing") << QStringLiteral("card[exp_year]");
}

void TestFakepayStripe::missingAndMalformedValues()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(QString, code);
    QFETCH(QString, param);
    const Reply refused = call("POST", path, body);
    QVERIFY2(refused.status == 400, qPrintable(refused.describe()));
    QCOMPARE(refused.errorField("type"), QStringLiteral("invalid_request_error"));
    QCOMPARE(refused.errorField("param"), param);
    if (!code.isEmpty())
        QCOMPARE(refused.errorField("code"), code);
    QVERIFY(!refused.errorField("message").isEmpty());
}

void TestFakepayStripe::theKeyIsRequired()
{
    const QString path = QStringLiteral("/v1/payment_intents?limit=1");
    const Reply missing = call("GET", path, {}, {}, QByteArray());
    QCOMPARE(missing.status, 401);
    QCOMPARE(missing.errorField("type"), QStringLiteral("invalid_request_error"));
    QVERIFY2(missing.errorField("message").startsWith(QLatin1String("You did not provide an API key")),
             qPrintable(missing.describe()));
    QCOMPARE(missing.header("WWW-Authenticate"), QByteArray("Basic realm=\"Stripe\""));
    QVERIFY(!missing.json.contains(QStringLiteral("data")));

    const Reply wrong = call("GET", path, {}, {}, "sk_test_somebody_else");
    QCOMPARE(wrong.status, 401);
    QVERIFY2(wrong.errorField("message").startsWith(QLatin1String("Invalid API Key provided")),
             qPrintable(wrong.describe()));
    QVERIFY2(!wrong.errorField("message").contains(QLatin1String("somebody")), "the wrong key is masked");

    // Basic auth with the key as the user name, as Stripe's docs show it with curl -u.
    const Reply basic = call("GET", path, {}, {{"Authorization", "Basic " + (apiKey + ":").toBase64()}}, QByteArray());
    QCOMPARE(basic.status, 200);
    QCOMPARE(basic.json.value(QStringLiteral("object")).toString(), QStringLiteral("list"));
    const Reply basicWrong
        = call("GET", path, {}, {{"Authorization", "Basic " + QByteArray("sk_test_other:").toBase64()}}, QByteArray());
    QCOMPARE(basicWrong.status, 401);
    // A POST without a key changes nothing.
    const int before = m_fakepay->state().value(QStringLiteral("charges")).toArray().size();
    QCOMPARE(call("POST", QStringLiteral("/v1/payment_intents"), "amount=5&currency=eur&confirm=true", {}, QByteArray())
                 .status,
             401);
    QCOMPARE(m_fakepay->state().value(QStringLiteral("charges")).toArray().size(), before);
}

void TestFakepayStripe::unknownUrlsAndMethods()
{
    for (const auto &[method, path] : QList<QPair<QByteArray, QString>>{
             {"DELETE", QStringLiteral("/v1/payment_intents")},
             {"PUT", QStringLiteral("/v1/refunds")},
             {"POST", QStringLiteral("/v1/charges")},
             {"GET", QStringLiteral("/v1/customers")},
             {"GET", QStringLiteral("/v1/payment_intents/pi_1/confirm")},
             {"POST", QStringLiteral("/v2/payment_intents")},
         }) {
        const Reply refused = call(method, path);
        QVERIFY2(refused.status == 404,
                 qPrintable(QString::fromLatin1(method) + QLatin1Char(' ') + path + QStringLiteral(": ")
                            + refused.describe()));
        QVERIFY2(refused.errorField("message").startsWith(QLatin1String("Unrecognized request URL")),
                 qPrintable(refused.describe()));
        // No resource_missing: a client must tell a wrong URL from an unknown object.
        QVERIFY(!refused.error().contains(QStringLiteral("code")));
    }
    const Reply unknown = call("GET", QStringLiteral("/v1/payment_intents/pi_doesnotexist"));
    QCOMPARE(unknown.status, 404);
    QCOMPARE(unknown.errorField("code"), QStringLiteral("resource_missing"));
    QCOMPARE(unknown.errorField("message"), QStringLiteral("No such payment_intent: 'pi_doesnotexist'"));
}

void TestFakepayStripe::everyAnswerHasARequestId()
{
    const QList<Reply> replies{
        createIntent("confirm=true"),
        call("GET", QStringLiteral("/v1/payment_intents?limit=1")),
        call("POST", QStringLiteral("/v1/payment_intents"), "amount=x&currency=eur"),
        call("GET", QStringLiteral("/v1/payment_intents"), {}, {}, "sk_wrong"),
        call("GET", QStringLiteral("/v1/nothing")),
        // A browser turned away before the API proper (this fake allows no origin).
        call("POST", QStringLiteral("/v1/payment_methods"), "type=card", {{"Origin", "https://evil.test"}}),
    };
    QSet<QByteArray> ids;
    for (const Reply &reply : replies) {
        QVERIFY2(reply.header("Request-Id").startsWith("req_"), qPrintable(reply.describe()));
        ids.insert(reply.header("Request-Id"));
    }
    QCOMPARE(ids.size(), replies.size());
}

void TestFakepayStripe::anIdempotentReplayIsMarked()
{
    const QByteArray key = "replay-" + m_batch.toLatin1();
    const QByteArray extra
        = "confirm=true&payment_method=pm_card_visa&" + field("metadata[order_id]", QStringLiteral("77"));
    const Reply first = createIntent(extra, key);
    const Reply second = createIntent(extra, key);
    QVERIFY2(first.status == 200, qPrintable(first.describe()));
    QCOMPARE(second.status, 200);
    QVERIFY(first.header("Idempotent-Replayed").isEmpty());
    QCOMPARE(second.header("Idempotent-Replayed"), QByteArray("true"));
    QCOMPARE(second.json, first.json);
    QCOMPARE(m_fakepay->chargesFor(QString::fromLatin1(key)), 1);
    // Parameters in another order are the same parameters.
    const Reply reordered = call("POST", QStringLiteral("/v1/payment_intents"),
                                 field("metadata[order_id]", QStringLiteral("77")) + "&payment_method=pm_card_visa&"
                                     + field("metadata[batch]", m_batch) + "&confirm=true&currency=eur&amount=1500",
                                 {{"Idempotency-Key", key}});
    QCOMPARE(reordered.header("Idempotent-Replayed"), QByteArray("true"));
    QCOMPARE(reordered.json.value(QStringLiteral("id")), first.json.value(QStringLiteral("id")));
    // A GET ignores the header altogether.
    const Reply read
        = call("GET", QStringLiteral("/v1/payment_intents/") + first.json.value(QLatin1String("id")).toString(), {},
               {{"Idempotency-Key", key}});
    QCOMPARE(read.status, 200);
    QVERIFY(read.header("Idempotent-Replayed").isEmpty());
}

void TestFakepayStripe::oneKeyWithOtherParametersIsAnIdempotencyError()
{
    const QByteArray key = "mismatch-" + m_batch.toLatin1();
    const Reply first = createIntent("confirm=true", key, 1000);
    QCOMPARE(first.status, 200);
    const Reply otherAmount = createIntent("confirm=true", key, 1001);
    QCOMPARE(otherAmount.status, 400);
    QCOMPARE(otherAmount.errorField("type"), QStringLiteral("idempotency_error"));
    const Reply otherEndpoint = call("POST", QStringLiteral("/v1/refunds"),
                                     "payment_intent=" + first.json.value(QLatin1String("id")).toString().toLatin1(),
                                     {{"Idempotency-Key", key}});
    QCOMPARE(otherEndpoint.status, 400);
    QCOMPARE(otherEndpoint.errorField("type"), QStringLiteral("idempotency_error"));
    QCOMPARE(m_fakepay->chargesFor(QString::fromLatin1(key)), 1);
    for (const QJsonValue &refund : m_fakepay->state().value(QLatin1String("refunds")).toArray())
        QVERIFY(refund[QLatin1String("payment_intent")] != first.json.value(QLatin1String("id")));
}

void TestFakepayStripe::aKeyInUseIsA409()
{
    // Long enough that the second request surely comes while the first still hangs, on a busy machine too.
    plan({QStringLiteral("hang")}, 8000);
    const QByteArray key = "busy-" + m_batch.toLatin1();
    const QByteArray body = "amount=700&currency=eur&confirm=true&" + field("metadata[batch]", m_batch);
    QNetworkReply *first = send("POST", QStringLiteral("/v1/payment_intents"), body, {{"Idempotency-Key", key}}, apiKey,
                                "application/x-www-form-urlencoded");
    QTRY_COMPARE_WITH_TIMEOUT(m_fakepay->chargesFor(QString::fromLatin1(key)), 1, 5000);
    const Reply second = call("POST", QStringLiteral("/v1/payment_intents"), body, {{"Idempotency-Key", key}});
    QCOMPARE(second.status, 409);
    QCOMPARE(second.errorField("code"), QStringLiteral("idempotency_key_in_use"));
    const Reply firstAnswer = readReply(first);
    QCOMPARE(firstAnswer.status, 200);
    // The 409 was not kept: once the first request is done, the key replays its answer.
    const Reply third = call("POST", QStringLiteral("/v1/payment_intents"), body, {{"Idempotency-Key", key}});
    QCOMPARE(third.status, 200);
    QCOMPARE(third.header("Idempotent-Replayed"), QByteArray("true"));
    QCOMPARE(third.json.value(QLatin1String("id")), firstAnswer.json.value(QLatin1String("id")));
    QCOMPARE(m_fakepay->chargesFor(QString::fromLatin1(key)), 1);
}

void TestFakepayStripe::aRefusedRequestLeavesTheKeyFree()
{
    const QByteArray key = "refused-" + m_batch.toLatin1();
    const Reply invalid = call("POST", QStringLiteral("/v1/payment_intents"), "amount=ten&currency=eur&confirm=true",
                               {{"Idempotency-Key", key}});
    QCOMPARE(invalid.status, 400);
    const Reply unknownCard = createIntent("confirm=true&payment_method=pm_nosuchcard", key);
    QCOMPARE(unknownCard.status, 400);
    QCOMPARE(unknownCard.errorField("code"), QStringLiteral("resource_missing"));
    QCOMPARE(unknownCard.errorField("param"), QStringLiteral("payment_method"));
    const Reply corrected = createIntent("confirm=true", key);
    QCOMPARE(corrected.status, 200);
    QVERIFY(corrected.header("Idempotent-Replayed").isEmpty());
    QCOMPARE(corrected.json.value(QLatin1String("status")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(m_fakepay->chargesFor(QString::fromLatin1(key)), 1);
}

void TestFakepayStripe::a500AfterTheChargeIsKeptAndReplayed()
{
    plan({QStringLiteral("error500")});
    const QByteArray key = "e500-" + m_batch.toLatin1();
    const Reply failed = createIntent("confirm=true", key);
    QCOMPARE(failed.status, 500);
    QCOMPARE(failed.errorField("type"), QStringLiteral("api_error"));
    QCOMPARE(failed.header("Stripe-Should-Retry"), QByteArray("false"));
    // Stripe keeps the 500 for the key: a retry learns nothing new and charges nothing more.
    const Reply retried = createIntent("confirm=true", key);
    QCOMPARE(retried.status, 500);
    QCOMPARE(retried.header("Idempotent-Replayed"), QByteArray("true"));
    QCOMPARE(m_fakepay->chargesFor(QString::fromLatin1(key)), 1);
    // The money moved: the search by metadata finds the succeeded intent.
    const Reply found = search(QStringLiteral("metadata['batch']:'%1'").arg(m_batch));
    QCOMPARE(found.status, 200);
    const QJsonArray data = found.json.value(QLatin1String("data")).toArray();
    QCOMPARE(data.size(), 1);
    QCOMPARE(data.first()[QLatin1String("status")].toString(), QStringLiteral("succeeded"));
}

void TestFakepayStripe::a500BeforeTheChargeIsNotKept()
{
    plan({QStringLiteral("error500_before")});
    const QByteArray key = "e500b-" + m_batch.toLatin1();
    const Reply failed = createIntent("confirm=true", key);
    QCOMPARE(failed.status, 500);
    QCOMPARE(failed.header("Stripe-Should-Retry"), QByteArray("true"));
    QCOMPARE(m_fakepay->chargesFor(QString::fromLatin1(key)), 0);
    const Reply retried = createIntent("confirm=true", key);
    QCOMPARE(retried.status, 200);
    QVERIFY(retried.header("Idempotent-Replayed").isEmpty());
    QCOMPARE(m_fakepay->chargesFor(QString::fromLatin1(key)), 1);
}

void TestFakepayStripe::aRateLimitSaysRetry()
{
    plan({QStringLiteral("rate_limit")});
    const QByteArray key = "rate-" + m_batch.toLatin1();
    const Reply limited = createIntent("confirm=true", key);
    QCOMPARE(limited.status, 429);
    QCOMPARE(limited.errorField("code"), QStringLiteral("rate_limit"));
    QCOMPARE(limited.header("Stripe-Should-Retry"), QByteArray("true"));
    QCOMPARE(m_fakepay->chargesFor(QString::fromLatin1(key)), 0);
    QCOMPARE(createIntent("confirm=true", key).status, 200);
}

void TestFakepayStripe::searchFindsByTheQueryLanguage_data()
{
    QTest::addColumn<QString>("clauses"); // %1 is this test's batch
    QTest::addColumn<QStringList>("orders"); // the order_ids expected, newest first
    QTest::newRow("metadata") << QStringLiteral("metadata['batch']:'%1'")
                              << QStringList{QStringLiteral("o5"), QStringLiteral("o4"), QStringLiteral("o3"),
                                             QStringLiteral("o2"), QStringLiteral("o1")};
    QTest::newRow("metadata in double quotes")
        << QStringLiteral("metadata[\"batch\"]:\"%1\" AND metadata['order_id']:'o2'")
        << QStringList{QStringLiteral("o2")};
    QTest::newRow("status") << QStringLiteral("metadata['batch']:'%1' AND status:'succeeded'")
                            << QStringList{QStringLiteral("o5"), QStringLiteral("o4"), QStringLiteral("o2"),
                                           QStringLiteral("o1")};
    QTest::newRow("status, case aside") << QStringLiteral("metadata['batch']:'%1' AND status:'REQUIRES_PAYMENT_METHOD'")
                                        << QStringList{QStringLiteral("o3")};
    QTest::newRow("amount greater") << QStringLiteral("metadata['batch']:'%1' AND amount>1000")
                                    << QStringList{QStringLiteral("o5"), QStringLiteral("o4")};
    QTest::newRow("amount at least") << QStringLiteral("metadata['batch']:'%1' AND amount>=1000")
                                     << QStringList{QStringLiteral("o5"), QStringLiteral("o4"), QStringLiteral("o3")};
    QTest::newRow("amount equal") << QStringLiteral("metadata['batch']:'%1' AND amount:1000")
                                  << QStringList{QStringLiteral("o3")};
    QTest::newRow("currency") << QStringLiteral("metadata['batch']:'%1' AND currency:'usd'")
                              << QStringList{QStringLiteral("o4")};
    QTest::newRow("negation") << QStringLiteral("metadata['batch']:'%1' AND -currency:'eur'")
                              << QStringList{QStringLiteral("o4")};
    QTest::newRow("a blank is AND") << QStringLiteral("metadata['batch']:'%1' amount<1000")
                                    << QStringList{QStringLiteral("o2"), QStringLiteral("o1")};
    QTest::newRow("OR") << QStringLiteral("metadata['order_id']:'o1' OR metadata['order_id']:'o5'")
                        << QStringList{QStringLiteral("o5"), QStringLiteral("o1")};
    QTest::newRow("escaped quote") << QStringLiteral("metadata['batch']:'%1' AND metadata['buyer']:'O\\'Brien'")
                                   << QStringList{QStringLiteral("o2")};
    QTest::newRow("metadata null") << QStringLiteral("metadata['batch']:'%1' AND metadata['buyer']:null")
                                   << QStringList{QStringLiteral("o5"), QStringLiteral("o4"), QStringLiteral("o3"),
                                                  QStringLiteral("o1")};
    QTest::newRow("created") << QStringLiteral("metadata['batch']:'%1' AND created>1000000000")
                             << QStringList{QStringLiteral("o5"), QStringLiteral("o4"), QStringLiteral("o3"),
                                            QStringLiteral("o2"), QStringLiteral("o1")};
    QTest::newRow("nothing") << QStringLiteral("metadata['batch']:'%1' AND created<1000000000") << QStringList{};
}

void TestFakepayStripe::searchFindsByTheQueryLanguage()
{
    QFETCH(QString, clauses);
    QFETCH(QStringList, orders);
    const auto make = [&](const QString &order, qint64 amount, const QByteArray &extra) {
        QByteArray body = "amount=" + QByteArray::number(amount) + "&" + field("metadata[batch]", m_batch) + "&"
            + field("metadata[order_id]", order) + "&" + extra;
        QCOMPARE(call("POST", QStringLiteral("/v1/payment_intents"), body).status, 200);
    };
    // The OR row looks for order ids across batches: they are made unique per row.
    const QString prefix = m_batch + QLatin1Char('-');
    make(prefix + QStringLiteral("o1"), 500, "currency=eur&confirm=true");
    make(prefix + QStringLiteral("o2"), 900,
         "currency=eur&confirm=true&" + field("metadata[buyer]", QStringLiteral("O'Brien")));
    make(prefix + QStringLiteral("o3"), 1000, "currency=eur");
    make(prefix + QStringLiteral("o4"), 2000, "currency=USD&confirm=true");
    make(prefix + QStringLiteral("o5"), 3000, "currency=eur&confirm=true");

    QString query = clauses.arg(m_batch);
    query.replace(QLatin1String("'o1'"), QStringLiteral("'%1o1'").arg(prefix));
    query.replace(QLatin1String("'o2'"), QStringLiteral("'%1o2'").arg(prefix));
    query.replace(QLatin1String("'o5'"), QStringLiteral("'%1o5'").arg(prefix));
    const Reply found = search(query, "limit=100");
    QVERIFY2(found.status == 200, qPrintable(query + QStringLiteral(": ") + found.describe()));
    QCOMPARE(found.json.value(QLatin1String("object")).toString(), QStringLiteral("search_result"));
    QCOMPARE(found.json.value(QLatin1String("url")).toString(), QStringLiteral("/v1/payment_intents/search"));
    QStringList seen;
    for (const QJsonValue &intent : found.json.value(QLatin1String("data")).toArray())
        seen.append(intent[QLatin1String("metadata")][QLatin1String("order_id")].toString().mid(prefix.size()));
    QCOMPARE(seen, orders);
    QCOMPARE(found.json.value(QLatin1String("has_more")).toBool(), false);
    QVERIFY(found.json.value(QLatin1String("next_page")).isNull());
}

void TestFakepayStripe::malformedSearchQueriesAreRefused_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("empty") << QString();
    QTest::newRow("blank") << QStringLiteral("   ");
    QTest::newRow("unquoted string") << QStringLiteral("status:succeeded");
    QTest::newRow("AND mixed with OR") << QStringLiteral("status:'succeeded' AND amount>5 OR currency:'eur'");
    QTest::newRow("unknown field") << QStringLiteral("colour:'red'");
    QTest::newRow("metadata without key") << QStringLiteral("metadata:'x'");
    QTest::newRow("metadata key unquoted") << QStringLiteral("metadata[order_id]:'x'");
    QTest::newRow("no operator") << QStringLiteral("status 'succeeded'");
    QTest::newRow("no value") << QStringLiteral("status:");
    QTest::newRow("unterminated quote") << QStringLiteral("metadata['order_id']:'42");
    QTest::newRow("greater on a string") << QStringLiteral("status>'a'");
    QTest::newRow("number as amount text") << QStringLiteral("amount>'ten'");
    QTest::newRow("substring") << QStringLiteral("metadata['order_id']~'42'");
    QTest::newRow("leading AND") << QStringLiteral("AND status:'succeeded'");
    QTest::newRow("trailing AND") << QStringLiteral("status:'succeeded' AND");
    QTest::newRow("blank inside a clause") << QStringLiteral("status: 'succeeded'");
    QTest::newRow("parentheses") << QStringLiteral("(status:'succeeded')");
    QStringList eleven;
    for (int i = 0; i < 11; ++i)
        eleven << QStringLiteral("amount>%1").arg(i);
    QTest::newRow("eleven clauses") << eleven.join(QStringLiteral(" AND "));
}

void TestFakepayStripe::malformedSearchQueriesAreRefused()
{
    QFETCH(QString, query);
    const Reply refused
        = query.isEmpty() ? call("GET", QStringLiteral("/v1/payment_intents/search?query=")) : search(query);
    QVERIFY2(refused.status == 400, qPrintable(query + QStringLiteral(": ") + refused.describe()));
    QCOMPARE(refused.errorField("type"), QStringLiteral("invalid_request_error"));
    QCOMPARE(refused.errorField("param"), QStringLiteral("query"));
}

void TestFakepayStripe::searchPagesWithItsToken()
{
    QStringList made;
    for (int i = 0; i < 5; ++i)
        made.prepend(createIntent("confirm=true").json.value(QLatin1String("id")).toString());
    const QString query = QStringLiteral("metadata['batch']:'%1'").arg(m_batch);
    QStringList seen;
    QString page;
    int pages = 0;
    do {
        const Reply found = search(query, "limit=2" + (page.isEmpty() ? QByteArray() : "&" + field("page", page)));
        QVERIFY2(found.status == 200, qPrintable(found.describe()));
        for (const QJsonValue &intent : found.json.value(QLatin1String("data")).toArray())
            seen.append(intent[QLatin1String("id")].toString());
        page = found.json.value(QLatin1String("next_page")).toString();
        QCOMPARE(found.json.value(QLatin1String("has_more")).toBool(), !page.isEmpty());
        // An intent made between pages is not one the pages owe: the cursor stays where it was.
        if (pages == 0)
            createIntent("confirm=true", {}, 1501);
    } while (!page.isEmpty() && ++pages < 10);
    QCOMPARE(seen, made);
    QCOMPARE(pages, 2);

    const Reply first = search(query, "limit=1");
    const QString token = first.json.value(QLatin1String("next_page")).toString();
    QVERIFY(token.startsWith(QLatin1String("page_")));
    const Reply otherQuery = search(query + QStringLiteral(" AND amount>1"), "limit=1&" + field("page", token));
    QCOMPARE(otherQuery.status, 400);
    QCOMPARE(otherQuery.errorField("param"), QStringLiteral("page"));
    QCOMPARE(search(query, "page=garbage").status, 400);
}

void TestFakepayStripe::searchCanLagBehindWrites()
{
    QCOMPARE(m_fakepay->control(QStringLiteral("/control/search"), {{QStringLiteral("lag_ms"), 700}})
                 .value(QLatin1String("lag_ms"))
                 .toInt(),
             700);
    const Reply made = createIntent("confirm=true");
    QCOMPARE(made.status, 200);
    const QString query = QStringLiteral("metadata['batch']:'%1'").arg(m_batch);
    // Read-after-write through search misses, as it may with Stripe; retrieve and list do not.
    QCOMPARE(search(query).json.value(QLatin1String("data")).toArray().size(), 0);
    QCOMPARE(
        call("GET", QStringLiteral("/v1/payment_intents/") + made.json.value(QLatin1String("id")).toString()).status,
        200);
    QCOMPARE(call("GET", QStringLiteral("/v1/payment_intents?limit=1"))
                 .json.value(QLatin1String("data"))
                 .toArray()
                 .first()[QLatin1String("id")],
             made.json.value(QLatin1String("id")));
    QTRY_COMPARE_WITH_TIMEOUT(search(query).json.value(QLatin1String("data")).toArray().size(), 1, 5000);
    m_fakepay->control(QStringLiteral("/control/search"), {{QStringLiteral("lag_ms"), 0}});
    QCOMPARE(m_fakepay->control(QStringLiteral("/control/search"), {{QStringLiteral("lag_ms"), -1}})
                 .value(QLatin1String("error"))
                 .isObject(),
             true);
}

void TestFakepayStripe::listsPageNewestFirst()
{
    const qint64 since = QDateTime::currentSecsSinceEpoch();
    QStringList made;
    for (int i = 0; i < 5; ++i)
        made.prepend(createIntent("confirm=true").json.value(QLatin1String("id")).toString());
    const QString filter = QStringLiteral("created[gte]=%1").arg(since);
    const Reply firstPage = call("GET", QStringLiteral("/v1/payment_intents?limit=2&") + filter);
    QCOMPARE(firstPage.json.value(QLatin1String("object")).toString(), QStringLiteral("list"));
    QCOMPARE(firstPage.json.value(QLatin1String("url")).toString(), QStringLiteral("/v1/payment_intents"));
    QCOMPARE(firstPage.json.value(QLatin1String("has_more")).toBool(), true);
    const QJsonArray first = firstPage.json.value(QLatin1String("data")).toArray();
    QCOMPARE(first.size(), 2);
    QCOMPARE(first.at(0)[QLatin1String("id")].toString(), made.at(0));
    QCOMPARE(first.at(1)[QLatin1String("id")].toString(), made.at(1));

    const Reply next
        = call("GET", QStringLiteral("/v1/payment_intents?limit=2&starting_after=%1&%2").arg(made.at(1), filter));
    QCOMPARE(next.json.value(QLatin1String("data")).toArray().at(0)[QLatin1String("id")].toString(), made.at(2));
    QCOMPARE(next.json.value(QLatin1String("data")).toArray().at(1)[QLatin1String("id")].toString(), made.at(3));
    const Reply back = call("GET", QStringLiteral("/v1/payment_intents?limit=2&ending_before=%1").arg(made.at(3)));
    QCOMPARE(back.json.value(QLatin1String("data")).toArray().at(0)[QLatin1String("id")].toString(), made.at(1));
    QCOMPARE(back.json.value(QLatin1String("data")).toArray().at(1)[QLatin1String("id")].toString(), made.at(2));

    // The SDK's spelling of a list: expand[0]=data.latest_charge, the charge inlined.
    const Reply expanded = call("GET", QStringLiteral("/v1/payment_intents?limit=1&expand[0]=data.latest_charge"));
    QCOMPARE(expanded.json.value(QLatin1String("data"))
                 .toArray()
                 .first()[QLatin1String("latest_charge")][QLatin1String("object")]
                 .toString(),
             QStringLiteral("charge"));
    QCOMPARE(call("GET", QStringLiteral("/v1/payment_intents?expand[]=data.customer")).status, 400);

    QCOMPARE(call("GET", QStringLiteral("/v1/payment_intents?created[gt]=%1").arg(since + 3600))
                 .json.value(QLatin1String("data"))
                 .toArray()
                 .size(),
             0);
    QCOMPARE(call("GET", QStringLiteral("/v1/payment_intents?limit=101")).errorField("param"), QStringLiteral("limit"));
    QCOMPARE(
        call("GET", QStringLiteral("/v1/payment_intents?starting_after=%1&ending_before=%1").arg(made.at(0))).status,
        400);
    QCOMPARE(call("GET", QStringLiteral("/v1/payment_intents?starting_after=pi_nothing")).errorField("code"),
             QStringLiteral("resource_missing"));
}

void TestFakepayStripe::refundsNeverExceedTheCharge()
{
    const Reply paid = createIntent("confirm=true", {}, 1000);
    const QByteArray intent = paid.json.value(QLatin1String("id")).toString().toLatin1();
    const QString charge = paid.json.value(QLatin1String("latest_charge")).toString();
    QVERIFY(charge.startsWith(QLatin1String("ch_")));

    const Reply first = call("POST", QStringLiteral("/v1/refunds"),
                             "payment_intent=" + intent + "&amount=600&reason=requested_by_customer&metadata[line]=7",
                             {{"Idempotency-Key", "refund-a-" + intent}});
    QVERIFY2(first.status == 200, qPrintable(first.describe()));
    QCOMPARE(first.json.value(QLatin1String("object")).toString(), QStringLiteral("refund"));
    QCOMPARE(first.json.value(QLatin1String("charge")).toString(), charge);
    QCOMPARE(first.json.value(QLatin1String("payment_intent")).toString(), QString::fromLatin1(intent));
    QCOMPARE(first.json.value(QLatin1String("metadata"))[QLatin1String("line")].toString(), QStringLiteral("7"));

    const Reply tooMuch = call("POST", QStringLiteral("/v1/refunds"), "payment_intent=" + intent + "&amount=401");
    QCOMPARE(tooMuch.status, 400);
    QCOMPARE(tooMuch.errorField("code"), QStringLiteral("amount_too_large"));
    QCOMPARE(tooMuch.errorField("param"), QStringLiteral("amount"));

    const Reply rest = call("POST", QStringLiteral("/v1/refunds"), "charge=" + charge.toLatin1());
    QCOMPARE(rest.status, 200);
    QCOMPARE(rest.json.value(QLatin1String("amount")).toInteger(), qint64(400));
    const Reply chargeNow = call("GET", QStringLiteral("/v1/charges/") + charge);
    QCOMPARE(chargeNow.json.value(QLatin1String("amount_refunded")).toInteger(), qint64(1000));
    QCOMPARE(chargeNow.json.value(QLatin1String("refunded")).toBool(), true);

    const Reply again = call("POST", QStringLiteral("/v1/refunds"), "payment_intent=" + intent + "&amount=1");
    QCOMPARE(again.status, 400);
    QCOMPARE(again.errorField("code"), QStringLiteral("charge_already_refunded"));
    QCOMPARE(call("GET", QStringLiteral("/v1/refunds/") + first.json.value(QLatin1String("id")).toString())
                 .json.value(QLatin1String("amount"))
                 .toInteger(),
             qint64(600));
    QCOMPARE(call("GET", QStringLiteral("/v1/refunds/re_nothing")).status, 404);
    QCOMPARE(call("POST", QStringLiteral("/v1/refunds"), "payment_intent=pi_nothing").errorField("code"),
             QStringLiteral("resource_missing"));
    // A refund's key replays the refund, not a second one.
    const Reply replay = call("POST", QStringLiteral("/v1/refunds"),
                              "payment_intent=" + intent + "&amount=600&reason=requested_by_customer&metadata[line]=7",
                              {{"Idempotency-Key", "refund-a-" + intent}});
    QCOMPARE(replay.header("Idempotent-Replayed"), QByteArray("true"));
    QCOMPARE(replay.json.value(QLatin1String("id")), first.json.value(QLatin1String("id")));
}

void TestFakepayStripe::cardErrorsAreStripes()
{
    const Reply declined = createIntent("confirm=true&payment_method=pm_card_chargeDeclined");
    QCOMPARE(declined.status, 402);
    QCOMPARE(declined.errorField("type"), QStringLiteral("card_error"));
    QCOMPARE(declined.errorField("code"), QStringLiteral("card_declined"));
    QCOMPARE(declined.errorField("decline_code"), QStringLiteral("generic_decline"));
    const QJsonObject intent = declined.error().value(QLatin1String("payment_intent")).toObject();
    QCOMPARE(intent.value(QLatin1String("status")).toString(), QStringLiteral("requires_payment_method"));
    QCOMPARE(intent.value(QLatin1String("last_payment_error"))[QLatin1String("decline_code")].toString(),
             QStringLiteral("generic_decline"));
    QVERIFY(declined.errorField("charge").startsWith(QLatin1String("ch_")));

    const Reply poor = createIntent("confirm=true&payment_method=pm_card_chargeDeclinedInsufficientFunds");
    QCOMPARE(poor.errorField("decline_code"), QStringLiteral("insufficient_funds"));

    plan({QStringLiteral("decline:expired_card")});
    const Reply planned = createIntent("confirm=true&payment_method=pm_card_visa");
    QCOMPARE(planned.status, 402);
    QCOMPARE(planned.errorField("decline_code"), QStringLiteral("expired_card"));

    // The same intent, confirmed again with a good card, succeeds; then it cannot be confirmed again.
    const QString id = intent.value(QLatin1String("id")).toString();
    const Reply retried
        = call("POST", QStringLiteral("/v1/payment_intents/%1/confirm").arg(id), "payment_method=pm_card_visa");
    QVERIFY2(retried.status == 200, qPrintable(retried.describe()));
    QCOMPARE(retried.json.value(QLatin1String("status")).toString(), QStringLiteral("succeeded"));
    QVERIFY(retried.json.value(QLatin1String("last_payment_error")).isNull());
    const Reply twice = call("POST", QStringLiteral("/v1/payment_intents/%1/confirm").arg(id));
    QCOMPARE(twice.status, 400);
    QCOMPARE(twice.errorField("code"), QStringLiteral("payment_intent_unexpected_state"));

    // A card refused when it is made: Stripe's 402 too, not a 400.
    const Reply badNumber = call("POST", QStringLiteral("/v1/payment_methods"),
                                 "type=card&card[number]=4242424242424241&card[exp_month]=1&card[exp_year]=2040");
    QCOMPARE(badNumber.status, 402);
    QCOMPARE(badNumber.errorField("code"), QStringLiteral("incorrect_number"));
}

void TestFakepayStripe::confirmAndCancelFollowTheStates()
{
    const Reply bare = createIntent({});
    QCOMPARE(bare.json.value(QLatin1String("status")).toString(), QStringLiteral("requires_payment_method"));
    QVERIFY(bare.json.value(QLatin1String("latest_charge")).isNull());
    QVERIFY(bare.json.value(QLatin1String("client_secret"))
                .toString()
                .startsWith(bare.json.value(QLatin1String("id")).toString() + QStringLiteral("_secret_")));
    const Reply withCard = createIntent("payment_method=pm_card_mastercard&payment_method_types[]=card");
    QCOMPARE(withCard.json.value(QLatin1String("status")).toString(), QStringLiteral("requires_confirmation"));
    QVERIFY(withCard.json.value(QLatin1String("payment_method")).toString().startsWith(QLatin1String("pm_")));
    QCOMPARE(withCard.json.value(QLatin1String("payment_method_types")).toArray(), QJsonArray{QStringLiteral("card")});
    const Reply confirmed = call(
        "POST",
        QStringLiteral("/v1/payment_intents/%1/confirm").arg(withCard.json.value(QLatin1String("id")).toString()),
        "expand[]=payment_method");
    QCOMPARE(confirmed.json.value(QLatin1String("status")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(
        confirmed.json.value(QLatin1String("payment_method"))[QLatin1String("card")][QLatin1String("brand")].toString(),
        QStringLiteral("mastercard"));

    const QString id = bare.json.value(QLatin1String("id")).toString();
    const Reply canceled
        = call("POST", QStringLiteral("/v1/payment_intents/%1/cancel").arg(id), "cancellation_reason=abandoned");
    QCOMPARE(canceled.json.value(QLatin1String("status")).toString(), QStringLiteral("canceled"));
    QCOMPARE(canceled.json.value(QLatin1String("cancellation_reason")).toString(), QStringLiteral("abandoned"));
    QCOMPARE(call("POST", QStringLiteral("/v1/payment_intents/%1/confirm").arg(id)).errorField("code"),
             QStringLiteral("payment_intent_unexpected_state"));
    QCOMPARE(call("POST", QStringLiteral("/v1/payment_intents/%1/cancel").arg(id)).status, 400);
    QCOMPARE(call("POST", QStringLiteral("/v1/payment_intents/pi_nothing/confirm")).status, 404);
    QCOMPARE(createIntent("payment_method_types[]=sofort").errorField("param"), QStringLiteral("payment_method_types"));
}

void TestFakepayStripe::chargesListEveryAttempt()
{
    const Reply declined = createIntent("confirm=true&payment_method=pm_card_chargeDeclined");
    const QString id = declined.error().value(QLatin1String("payment_intent"))[QLatin1String("id")].toString();
    QCOMPARE(
        call("POST", QStringLiteral("/v1/payment_intents/%1/confirm").arg(id), "payment_method=pm_card_visa").status,
        200);
    const Reply charges = call("GET", QStringLiteral("/v1/charges?payment_intent=%1").arg(id));
    QCOMPARE(charges.json.value(QLatin1String("url")).toString(), QStringLiteral("/v1/charges"));
    const QJsonArray data = charges.json.value(QLatin1String("data")).toArray();
    QCOMPARE(data.size(), 2);
    QCOMPARE(data.at(0)[QLatin1String("status")].toString(), QStringLiteral("succeeded"));
    QCOMPARE(data.at(1)[QLatin1String("status")].toString(), QStringLiteral("failed"));
    QCOMPARE(data.at(1)[QLatin1String("failure_code")].toString(), QStringLiteral("card_declined"));
    QCOMPARE(data.at(0)[QLatin1String("metadata")][QLatin1String("batch")].toString(), m_batch);
    QCOMPARE(data.at(0)[QLatin1String("payment_intent")].toString(), id);
    const Reply withIntent = call(
        "GET",
        QStringLiteral("/v1/charges/%1?expand[]=payment_intent").arg(data.at(0)[QLatin1String("id")].toString()));
    QCOMPARE(withIntent.json.value(QLatin1String("payment_intent"))[QLatin1String("id")].toString(), id);
    QCOMPARE(call("GET", QStringLiteral("/v1/charges?limit=1")).json.value(QLatin1String("data")).toArray().size(), 1);
}

void TestFakepayStripe::hostileBodiesAreRefusedNotFatal_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("broken escape") << QByteArray("amount=5&currency=%zz");
    QTest::newRow("not UTF-8") << QByteArray("amount=5&currency=eur&description=%ff%fe");
    QTest::newRow("too deep") << QByteArray("metadata[a][b][c][d][e][f]=1");
    QTest::newRow("hash and value") << QByteArray("amount=5&amount[x]=1");
    QTest::newRow("list and hash") << QByteArray("expand[]=a&expand[x]=b");
    QTest::newRow("sparse list") << QByteArray("expand[5]=a");
    QTest::newRow("no name") << QByteArray("[x]=1");
    QTest::newRow("open bracket") << QByteArray("metadata[x=1");
    QTest::newRow("stray bracket") << QByteArray("meta]data=1");
    QTest::newRow("list then brackets") << QByteArray("expand[][x]=1");
    QTest::newRow("binary") << QByteArray("\x00\x01\xff\xfe=\x80", 6);
    QByteArray many;
    for (int i = 0; i < 1200; ++i)
        many += "metadata[k" + QByteArray::number(i) + "]=v&";
    QTest::newRow("too many pairs") << many;
    QByteArray sixty = "amount=5&currency=eur";
    for (int i = 0; i < 51; ++i)
        sixty += "&metadata[k" + QByteArray::number(i) + "]=v";
    QTest::newRow("51 metadata keys") << sixty;
}

void TestFakepayStripe::hostileBodiesAreRefusedNotFatal()
{
    QFETCH(QByteArray, body);
    const Reply refused = call("POST", QStringLiteral("/v1/payment_intents"), body);
    QVERIFY2(refused.status == 400, qPrintable(refused.describe()));
    QCOMPARE(refused.errorField("type"), QStringLiteral("invalid_request_error"));
    // Still there, still answering.
    QCOMPARE(call("GET", QStringLiteral("/v1/payment_intents?limit=1")).status, 200);
}

// The delivery of the event of `type` about `paymentIntent` (the intent itself, or a charge naming it),
// once it has arrived; deliveries of earlier tests may still be ahead of it in the queue.
std::optional<WebhookDelivery> TestFakepayStripe::deliveryOf(const QString &type, const QString &paymentIntent) const
{
    for (const WebhookDelivery &delivery : m_deliveries) {
        const QJsonObject event = QJsonDocument::fromJson(delivery.rawBody).object();
        const QJsonObject object = event.value(QLatin1String("data"))[QLatin1String("object")].toObject();
        const QString names = object
                                  .value(object.value(QLatin1String("object")) == QLatin1String("charge")
                                             ? QLatin1String("payment_intent")
                                             : QLatin1String("id"))
                                  .toString();
        if (event.value(QLatin1String("type")).toString() == type && names == paymentIntent)
            return delivery;
    }
    return std::nullopt;
}

void TestFakepayStripe::webhookEventsAreStripeEvents()
{
    const QByteArray key = "hook-" + m_batch.toLatin1();
    const Reply paid = createIntent("confirm=true&" + field("metadata[order_id]", QStringLiteral("4242")), key);
    QCOMPARE(paid.status, 200);
    const QString id = paid.json.value(QLatin1String("id")).toString();
    QTRY_VERIFY_WITH_TIMEOUT(deliveryOf(QStringLiteral("payment_intent.succeeded"), id).has_value(), 15000);
    const WebhookDelivery delivery = *deliveryOf(QStringLiteral("payment_intent.succeeded"), id);
    QVERIFY(WebhookSignature::verify(delivery, webhookSecret, QDateTime::currentDateTimeUtc()).ok());
    QVERIFY(!WebhookSignature::verify(delivery, "whsec_other", QDateTime::currentDateTimeUtc()).ok());
    const QJsonObject event = QJsonDocument::fromJson(delivery.rawBody).object();
    QVERIFY(event.value(QLatin1String("id")).toString().startsWith(QLatin1String("evt_")));
    QCOMPARE(event.value(QLatin1String("object")).toString(), QStringLiteral("event"));
    QVERIFY(!event.value(QLatin1String("api_version")).toString().isEmpty());
    QCOMPARE(event.value(QLatin1String("livemode")).toBool(true), false);
    QCOMPARE(event.value(QLatin1String("pending_webhooks")).toInt(), 1);
    QCOMPARE(event.value(QLatin1String("request"))[QLatin1String("idempotency_key")].toString(),
             QString::fromLatin1(key));
    QCOMPARE(event.value(QLatin1String("request"))[QLatin1String("id")].toString(),
             QString::fromLatin1(paid.header("Request-Id")));
    const Result<PaymentEvent> parsed = WebhookSignature::parseEvent(delivery.rawBody);
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message));
    QCOMPARE(parsed->order, OrderId(4242));
    QCOMPARE(parsed->amount, Money(1500, QStringLiteral("EUR")));

    QCOMPARE(call("POST", QStringLiteral("/v1/refunds"), "payment_intent=" + id.toLatin1() + "&amount=500").status,
             200);
    QTRY_VERIFY_WITH_TIMEOUT(deliveryOf(QStringLiteral("charge.refunded"), id).has_value(), 15000);
    const Result<PaymentEvent> refunded
        = WebhookSignature::parseEvent(deliveryOf(QStringLiteral("charge.refunded"), id)->rawBody);
    QVERIFY(refunded.ok());
    QCOMPARE(refunded->providerPaymentId, id);
    QCOMPARE(refunded->amount.minor(), qint64(500));
    QCOMPARE(refunded->order, OrderId(4242));

    const Reply declined = createIntent("confirm=true&payment_method=pm_card_chargeDeclined&"
                                        + field("metadata[order_id]", QStringLiteral("4243")));
    const QString declinedId = declined.error().value(QLatin1String("payment_intent"))[QLatin1String("id")].toString();
    QTRY_VERIFY_WITH_TIMEOUT(deliveryOf(QStringLiteral("payment_intent.payment_failed"), declinedId).has_value(),
                             15000);
}

QTEST_GUILESS_MAIN(TestFakepayStripe)
#include "tst_fakepaystripe.moc"
