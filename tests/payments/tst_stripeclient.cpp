// The payment client's side of Stripe's API, against a scripted server that answers exactly what each
// case needs and records every request: the wire format (form-encoded, bracketed metadata, the
// headers), which answers are tried again and which are not, how a lost answer is found by searching,
// and that one thread's requests share one connection. No database, no fake provider process.

#include "payments/formbody.h"
#include "payments/httppaymentprovider.h"
#include "payments/providerretry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QUrlQuery>

#include <deque>

using namespace boxoffice;

namespace {

struct CannedAnswer
{
    int status = 200;
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
};

struct SeenRequest
{
    QByteArray method;
    QByteArray target; // path and query, as sent
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;

    QUrlQuery form() const { return QUrlQuery(QString::fromUtf8(body)); }
    QString path() const
    {
        return QString::fromUtf8(target.left(target.indexOf('?') < 0 ? target.size() : target.indexOf('?')));
    }
    QUrlQuery query() const
    {
        const int at = target.indexOf('?');
        return QUrlQuery(at < 0 ? QString() : QString::fromUtf8(target.mid(at + 1)));
    }
};

// Answers requests in order from a script; keeps connections open (HTTP/1.1 keep-alive) and counts them.
class ScriptedProvider : public QObject
{
public:
    bool listen()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                ++connections;
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        return m_server.listen(QHostAddress::LocalHost, 0);
    }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort())); }
    void answer(int status, const QJsonObject &body, QList<QPair<QByteArray, QByteArray>> headers = {})
    {
        script.push_back({status, QJsonDocument(body).toJson(QJsonDocument::Compact), std::move(headers)});
    }

    std::deque<CannedAnswer> script;
    QList<SeenRequest> seen;
    int connections = 0;

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        for (;;) {
            const int headEnd = buffer.indexOf("\r\n\r\n");
            if (headEnd < 0)
                return;
            SeenRequest request;
            const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
            const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
            request.method = requestLine.value(0);
            request.target = requestLine.value(1);
            for (int i = 1; i < lines.size(); ++i) {
                const int colon = lines[i].indexOf(':');
                if (colon > 0)
                    request.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
            }
            const int length = request.headers.value("content-length", "0").toInt();
            if (buffer.size() < headEnd + 4 + length)
                return;
            request.body = buffer.mid(headEnd + 4, length);
            buffer.remove(0, headEnd + 4 + length);
            seen.append(request);
            const CannedAnswer canned = script.empty() ? CannedAnswer{500, "{}", {}} : script.front();
            if (!script.empty())
                script.pop_front();
            QByteArray reply = "HTTP/1.1 " + QByteArray::number(canned.status)
                + " X\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + QByteArray::number(canned.body.size()) + "\r\n";
            for (const auto &[name, value] : canned.headers)
                reply += name + ": " + value + "\r\n";
            socket->write(reply + "\r\n" + canned.body);
        }
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

QJsonObject intent(const QString &id, const QString &status, const QString &key, qint64 amount = 4200)
{
    return {{QStringLiteral("id"), id},
            {QStringLiteral("object"), QStringLiteral("payment_intent")},
            {QStringLiteral("amount"), amount},
            {QStringLiteral("currency"), QStringLiteral("eur")},
            {QStringLiteral("status"), status},
            {QStringLiteral("created"), 1764600000},
            {QStringLiteral("metadata"),
             QJsonObject{{QStringLiteral("order_id"), QStringLiteral("7")}, {QStringLiteral("boxoffice_key"), key}}}};
}

QJsonObject stripeError(const QString &type, const QString &code, const QString &declineCode = {})
{
    QJsonObject error{{QStringLiteral("type"), type},
                      {QStringLiteral("code"), code},
                      {QStringLiteral("message"), QStringLiteral("scripted")}};
    if (!declineCode.isEmpty())
        error.insert(QStringLiteral("decline_code"), declineCode);
    return {{QStringLiteral("error"), error}};
}

ChargeRequest request(const QString &key)
{
    ChargeRequest charge;
    charge.idempotencyKey = key;
    charge.order = 7;
    charge.amount = Money(4200, QStringLiteral("EUR"));
    charge.description = QStringLiteral("Order 7 & friends = 2+2");
    charge.paymentMethod = QStringLiteral("pm_card_visa");
    return charge;
}

} // namespace

class TestStripeClient : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void formBodyEscapesValuesButNotBrackets();
    void aChargeIsOneFormEncodedRequest();
    void aRateLimitIsTriedAgainWithTheSameKey();
    void aSavedServerErrorIsNotTriedAgain();
    void serverErrorsAreTriedThreeTimesThenUnknown();
    void aCardErrorIsDeclinedAtOnce();
    void aReusedKeyIsBadInputAtOnce();
    void aLostAnswerIsFoundBySearchThenRetrieve();
    void aSearchThatFindsNothingIsNotFound();
    void aSearchThatMatchedLooselyProvesNothing();
    void twoIntentsUnderOneKeyAreUnknown();
    void aRefundIsFormEncodedWithItsOwnKey();
    void oneThreadReusesOneConnection();
    void retryDecisions_data();
    void retryDecisions();

private:
    std::unique_ptr<ScriptedProvider> m_server;
    std::unique_ptr<HttpPaymentProvider> m_client;
};

void TestStripeClient::init()
{
    m_server = std::make_unique<ScriptedProvider>();
    QVERIFY(m_server->listen());
    m_client = std::make_unique<HttpPaymentProvider>(m_server->url(), "sk_test_scripted", 5000);
}

void TestStripeClient::formBodyEscapesValuesButNotBrackets()
{
    FormBody body;
    body.add(QStringLiteral("amount"), 4200)
        .addMetadata(QStringLiteral("order_id"), QStringLiteral("7"))
        .add(QStringLiteral("description"), QStringLiteral("a&b=c+d %e ü"))
        .add(QStringLiteral("expand[]"), QStringLiteral("data.latest_charge"));
    QCOMPARE(body.encoded(),
             QByteArray("amount=4200&metadata[order_id]=7&description=a%26b%3Dc%2Bd%20%25e%20%C3%BC"
                        "&expand[]=data.latest_charge"));
    // Read back as any form parser would: the value is whole, no field was forged.
    const QUrlQuery parsed(QString::fromUtf8(body.encoded()));
    QCOMPARE(parsed.queryItems().size(), 4);
    QCOMPARE(parsed.queryItemValue(QStringLiteral("description"), QUrl::FullyDecoded), QStringLiteral("a&b=c+d %e ü"));
}

void TestStripeClient::aChargeIsOneFormEncodedRequest()
{
    m_server->answer(200, intent(QStringLiteral("pi_1"), QStringLiteral("succeeded"), QStringLiteral("k-1")));
    const Result<ChargeOutcome> outcome = m_client->charge(request(QStringLiteral("k-1")));
    QVERIFY(outcome);
    QCOMPARE(outcome->status, ChargeStatus::Succeeded);
    QCOMPARE(outcome->providerPaymentId, QStringLiteral("pi_1"));
    QCOMPARE(m_server->seen.size(), 1);
    const SeenRequest &sent = m_server->seen.first();
    QCOMPARE(sent.method, QByteArray("POST"));
    QCOMPARE(sent.path(), QStringLiteral("/v1/payment_intents"));
    QCOMPARE(sent.headers.value("content-type"), QByteArray("application/x-www-form-urlencoded"));
    QCOMPARE(sent.headers.value("authorization"), QByteArray("Bearer sk_test_scripted"));
    QCOMPARE(sent.headers.value("idempotency-key"), QByteArray("k-1"));
    QCOMPARE(sent.headers.value("stripe-version"), QByteArray(HttpPaymentProvider::apiVersion));
    const QUrlQuery form = sent.form();
    QCOMPARE(form.queryItemValue(QStringLiteral("amount")), QStringLiteral("4200"));
    QCOMPARE(form.queryItemValue(QStringLiteral("currency")), QStringLiteral("eur"));
    QCOMPARE(form.queryItemValue(QStringLiteral("confirm")), QStringLiteral("true"));
    QCOMPARE(form.queryItemValue(QStringLiteral("payment_method")), QStringLiteral("pm_card_visa"));
    QCOMPARE(form.queryItemValue(QStringLiteral("payment_method_types[]")), QStringLiteral("card"));
    QCOMPARE(form.queryItemValue(QStringLiteral("error_on_requires_action")), QStringLiteral("true"));
    QCOMPARE(form.queryItemValue(QStringLiteral("metadata[order_id]")), QStringLiteral("7"));
    QCOMPARE(form.queryItemValue(QStringLiteral("metadata[boxoffice_key]")), QStringLiteral("k-1"));
    QCOMPARE(form.queryItemValue(QStringLiteral("description"), QUrl::FullyDecoded),
             QStringLiteral("Order 7 & friends = 2+2"));
}

void TestStripeClient::aRateLimitIsTriedAgainWithTheSameKey()
{
    m_server->answer(429, stripeError(QStringLiteral("invalid_request_error"), QStringLiteral("rate_limit")));
    m_server->answer(200, intent(QStringLiteral("pi_2"), QStringLiteral("succeeded"), QStringLiteral("k-2")));
    const Result<ChargeOutcome> outcome = m_client->charge(request(QStringLiteral("k-2")));
    QVERIFY(outcome);
    QCOMPARE(outcome->status, ChargeStatus::Succeeded);
    QCOMPARE(m_server->seen.size(), 2);
    QCOMPARE(m_server->seen.at(1).headers.value("idempotency-key"), QByteArray("k-2"));
    QCOMPARE(m_server->seen.at(1).body, m_server->seen.at(0).body);
}

void TestStripeClient::aSavedServerErrorIsNotTriedAgain()
{
    m_server->answer(500, stripeError(QStringLiteral("api_error"), {}), {{"Stripe-Should-Retry", "false"}});
    const Result<ChargeOutcome> outcome = m_client->charge(request(QStringLiteral("k-3")));
    QVERIFY(outcome);
    QCOMPARE(outcome->status, ChargeStatus::Unknown);
    QVERIFY(outcome->answered);
    QCOMPARE(m_server->seen.size(), 1);
}

void TestStripeClient::serverErrorsAreTriedThreeTimesThenUnknown()
{
    for (int i = 0; i < 3; ++i)
        m_server->answer(503, stripeError(QStringLiteral("api_error"), {}));
    const Result<ChargeOutcome> outcome = m_client->charge(request(QStringLiteral("k-4")));
    QVERIFY(outcome);
    QCOMPARE(outcome->status, ChargeStatus::Unknown);
    QCOMPARE(m_server->seen.size(), HttpPaymentProvider::maxAttempts);
}

void TestStripeClient::aCardErrorIsDeclinedAtOnce()
{
    QJsonObject declined = stripeError(QStringLiteral("card_error"), QStringLiteral("card_declined"),
                                       QStringLiteral("insufficient_funds"));
    QJsonObject error = declined.value(QStringLiteral("error")).toObject();
    error.insert(QStringLiteral("payment_intent"),
                 intent(QStringLiteral("pi_5"), QStringLiteral("requires_payment_method"), QStringLiteral("k-5")));
    declined.insert(QStringLiteral("error"), error);
    m_server->answer(402, declined);
    const Result<ChargeOutcome> outcome = m_client->charge(request(QStringLiteral("k-5")));
    QVERIFY(outcome);
    QCOMPARE(outcome->status, ChargeStatus::Declined);
    QCOMPARE(outcome->declineReason, QStringLiteral("insufficient_funds"));
    QCOMPARE(outcome->providerPaymentId, QStringLiteral("pi_5"));
    QCOMPARE(m_server->seen.size(), 1);
}

void TestStripeClient::aReusedKeyIsBadInputAtOnce()
{
    m_server->answer(400, stripeError(QStringLiteral("idempotency_error"), {}));
    const Result<ChargeOutcome> outcome = m_client->charge(request(QStringLiteral("k-6")));
    QVERIFY(!outcome);
    QCOMPARE(outcome.error().code, ErrorCode::BadInput);
    QVERIFY(outcome.error().message.contains(QStringLiteral("idempotency key")));
    QCOMPARE(m_server->seen.size(), 1);
}

void TestStripeClient::aLostAnswerIsFoundBySearchThenRetrieve()
{
    const QString key = QStringLiteral("order-7-it's");
    // The search index still says processing; the object itself has succeeded since.
    m_server->answer(
        200,
        {{QStringLiteral("object"), QStringLiteral("search_result")},
         {QStringLiteral("data"), QJsonArray{intent(QStringLiteral("pi_8"), QStringLiteral("processing"), key)}},
         {QStringLiteral("has_more"), false},
         {QStringLiteral("next_page"), QJsonValue::Null},
         {QStringLiteral("url"), QStringLiteral("/v1/payment_intents/search")}});
    m_server->answer(200, intent(QStringLiteral("pi_8"), QStringLiteral("succeeded"), key));
    const Result<ChargeOutcome> found = m_client->chargeByKey(key);
    QVERIFY(found);
    QCOMPARE(found->status, ChargeStatus::Succeeded);
    QCOMPARE(found->providerPaymentId, QStringLiteral("pi_8"));
    QCOMPARE(m_server->seen.size(), 2);
    QCOMPARE(m_server->seen.at(0).path(), QStringLiteral("/v1/payment_intents/search"));
    QCOMPARE(m_server->seen.at(0).query().queryItemValue(QStringLiteral("query"), QUrl::FullyDecoded),
             QStringLiteral("metadata['boxoffice_key']:'order-7-it\\'s'"));
    QCOMPARE(m_server->seen.at(1).method, QByteArray("GET"));
    QCOMPARE(m_server->seen.at(1).path(), QStringLiteral("/v1/payment_intents/pi_8"));
}

void TestStripeClient::aSearchThatFindsNothingIsNotFound()
{
    m_server->answer(200,
                     {{QStringLiteral("object"), QStringLiteral("search_result")},
                      {QStringLiteral("data"), QJsonArray{}},
                      {QStringLiteral("has_more"), false}});
    const Result<ChargeOutcome> found = m_client->chargeByKey(QStringLiteral("k-9"));
    QVERIFY(!found);
    QCOMPARE(found.error().code, ErrorCode::NotFound);
    // A search that did not answer is no proof of anything.
    m_server->answer(
        404,
        {{QStringLiteral("error"), QJsonObject{{QStringLiteral("type"), QStringLiteral("invalid_request_error")}}}});
    const Result<ChargeOutcome> lost = m_client->chargeByKey(QStringLiteral("k-9"));
    QVERIFY(lost);
    QCOMPARE(lost->status, ChargeStatus::Unknown);
}

void TestStripeClient::aSearchThatMatchedLooselyProvesNothing()
{
    m_server->answer(
        200,
        {{QStringLiteral("object"), QStringLiteral("search_result")},
         {QStringLiteral("data"),
          QJsonArray{intent(QStringLiteral("pi_10"), QStringLiteral("succeeded"), QStringLiteral("k-10-other"))}},
         {QStringLiteral("has_more"), false}});
    const Result<ChargeOutcome> found = m_client->chargeByKey(QStringLiteral("k-10"));
    QVERIFY(!found);
    QCOMPARE(found.error().code, ErrorCode::NotFound);
    QCOMPARE(m_server->seen.size(), 1);
}

void TestStripeClient::twoIntentsUnderOneKeyAreUnknown()
{
    m_server->answer(
        200,
        {{QStringLiteral("object"), QStringLiteral("search_result")},
         {QStringLiteral("data"),
          QJsonArray{intent(QStringLiteral("pi_11"), QStringLiteral("succeeded"), QStringLiteral("k-11")),
                     intent(QStringLiteral("pi_12"), QStringLiteral("succeeded"), QStringLiteral("k-11"))}},
         {QStringLiteral("has_more"), false}});
    const Result<ChargeOutcome> found = m_client->chargeByKey(QStringLiteral("k-11"));
    QVERIFY(found);
    QCOMPARE(found->status, ChargeStatus::Unknown);
}

void TestStripeClient::aRefundIsFormEncodedWithItsOwnKey()
{
    m_server->answer(200,
                     {{QStringLiteral("id"), QStringLiteral("re_1")},
                      {QStringLiteral("object"), QStringLiteral("refund")},
                      {QStringLiteral("status"), QStringLiteral("succeeded")},
                      {QStringLiteral("amount"), 1000}});
    RefundRequest refund;
    refund.idempotencyKey = QStringLiteral("refund-7-1");
    refund.providerPaymentId = QStringLiteral("pi_1");
    refund.amount = Money(1000, QStringLiteral("EUR"));
    refund.reason = QStringLiteral("Seat A-1 lost & found");
    const Result<RefundOutcome> outcome = m_client->refund(refund);
    QVERIFY(outcome);
    QCOMPARE(outcome->status, ChargeStatus::Succeeded);
    const SeenRequest &sent = m_server->seen.first();
    QCOMPARE(sent.path(), QStringLiteral("/v1/refunds"));
    QCOMPARE(sent.headers.value("idempotency-key"), QByteArray("refund-7-1"));
    QCOMPARE(sent.form().queryItemValue(QStringLiteral("payment_intent")), QStringLiteral("pi_1"));
    QCOMPARE(sent.form().queryItemValue(QStringLiteral("amount")), QStringLiteral("1000"));
    QCOMPARE(sent.form().queryItemValue(QStringLiteral("metadata[boxoffice_reason]"), QUrl::FullyDecoded),
             QStringLiteral("Seat A-1 lost & found"));
    // Stripe's reason is an enum of three words; the shop's words must not go there.
    QVERIFY(!sent.form().hasQueryItem(QStringLiteral("reason")));
}

void TestStripeClient::oneThreadReusesOneConnection()
{
    for (int i = 0; i < 5; ++i)
        m_server->answer(
            200, intent(QStringLiteral("pi_r%1").arg(i), QStringLiteral("succeeded"), QStringLiteral("r-%1").arg(i)));
    for (int i = 0; i < 5; ++i) {
        const Result<ChargeOutcome> outcome = m_client->charge(request(QStringLiteral("r-%1").arg(i)));
        QVERIFY(outcome && outcome->status == ChargeStatus::Succeeded);
    }
    QCOMPARE(m_server->seen.size(), 5);
    QCOMPARE(m_server->connections, 1);
}

void TestStripeClient::retryDecisions_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("shouldRetry");
    QTest::addColumn<bool>("refused");
    QTest::addColumn<bool>("retried");
    QTest::newRow("409 in use") << 409 << QByteArray() << false << true;
    QTest::newRow("429") << 429 << QByteArray() << false << true;
    QTest::newRow("500") << 500 << QByteArray() << false << true;
    QTest::newRow("500 saved") << 500 << QByteArray("false") << false << false;
    QTest::newRow("400 told to retry") << 400 << QByteArray("true") << false << true;
    QTest::newRow("400") << 400 << QByteArray() << false << false;
    QTest::newRow("402") << 402 << QByteArray() << false << false;
    QTest::newRow("404") << 404 << QByteArray() << false << false;
    QTest::newRow("refused") << 0 << QByteArray() << true << true;
    QTest::newRow("timeout or reset") << 0 << QByteArray() << false << false;
}

void TestStripeClient::retryDecisions()
{
    QFETCH(int, status);
    QFETCH(QByteArray, shouldRetry);
    QFETCH(bool, refused);
    QFETCH(bool, retried);
    HttpAnswer answer;
    answer.status = status;
    answer.connectionRefused = refused;
    if (!shouldRetry.isEmpty())
        answer.headers.append(qMakePair(QByteArray("Stripe-Should-Retry"), shouldRetry));
    QCOMPARE(worthRetrying(answer), retried);
    // Backoff grows and stays bounded; Retry-After is honoured up to the bound.
    for (int attempt = 2; attempt < 10; ++attempt) {
        const int delay = retryDelayMs(attempt, answer);
        QVERIFY(delay >= 0 && delay <= 5000);
    }
    answer.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("2")));
    QCOMPARE(retryDelayMs(2, answer), 2000);
}

QTEST_GUILESS_MAIN(TestStripeClient)
#include "tst_stripeclient.moc"
