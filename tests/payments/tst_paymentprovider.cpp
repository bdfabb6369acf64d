// HttpPaymentProvider against the real boxoffice-fakepay process, and the fake's webhooks against a
// receiver in this test. No database.

#include "domain/payments.h"
#include "payments/blockinghttp.h"
#include "payments/httppaymentprovider.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <QUrlQuery>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

using namespace boxoffice;

namespace {

const QByteArray apiKey = "sk_test_tst_paymentprovider";
const QByteArray webhookSecret = "whsec_tst_paymentprovider";
// Generous: the machine may be slow and shared. Only the hang tests use a short client timeout.
constexpr int waitMs = 30000;

struct ReceivedWebhook
{
    QByteArray signature;
    QByteArray body;
    QString eventId;
    QString type;
    QString orderId;
    int answeredWith = 0;
};

// The shop's webhook endpoint, as small as it can be: reads one request per connection, records it and
// answers 200, or 500 while a failure is planned for the event's order.
class WebhookReceiver : public QObject
{
public:
    bool listen()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
            }
        });
        return m_server.listen(QHostAddress::LocalHost, 0);
    }
    quint16 port() const { return m_server.serverPort(); }

    void failNext(const QString &orderId, int times) { m_failuresLeft[orderId] = times; }
    void clearFailures() { m_failuresLeft.clear(); }

    // The given orders, in the order their first webhook arrived.
    QStringList arrivalOrder(const QStringList &orderIds) const
    {
        QStringList arrived;
        for (const ReceivedWebhook &webhook : m_received) {
            if (orderIds.contains(webhook.orderId) && !arrived.contains(webhook.orderId))
                arrived.append(webhook.orderId);
        }
        return arrived;
    }

    QList<ReceivedWebhook> forOrder(const QString &orderId) const
    {
        QList<ReceivedWebhook> found;
        for (const ReceivedWebhook &webhook : m_received) {
            if (webhook.orderId == orderId)
                found.append(webhook);
        }
        return found;
    }

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        ReceivedWebhook webhook;
        qsizetype length = 0;
        for (const QByteArray &line : buffer.left(headerEnd).split('\n')) {
            const qsizetype colon = line.indexOf(':');
            const QByteArray name = line.left(colon).trimmed().toLower();
            if (name == "content-length")
                length = line.mid(colon + 1).trimmed().toLongLong();
            else if (name == "stripe-signature")
                webhook.signature = line.mid(colon + 1).trimmed();
        }
        if (buffer.size() < headerEnd + 4 + length)
            return;
        webhook.body = buffer.mid(headerEnd + 4, length);
        m_buffers.remove(socket);
        disconnect(socket, &QTcpSocket::readyRead, this, nullptr);

        const QJsonObject event = QJsonDocument::fromJson(webhook.body).object();
        const QJsonObject object
            = event.value(QStringLiteral("data")).toObject().value(QStringLiteral("object")).toObject();
        webhook.eventId = event.value(QStringLiteral("id")).toString();
        webhook.type = event.value(QStringLiteral("type")).toString();
        webhook.orderId
            = object.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("order_id")).toString();
        int &failuresLeft = m_failuresLeft[webhook.orderId];
        webhook.answeredWith = failuresLeft > 0 ? 500 : 200;
        if (failuresLeft > 0)
            --failuresLeft;
        m_received.append(webhook);

        socket->write("HTTP/1.1 " + QByteArray::number(webhook.answeredWith)
                      + " X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        socket->disconnectFromHost();
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QHash<QString, int> m_failuresLeft;
    QList<ReceivedWebhook> m_received; // in the order they arrived
};

QString describe(const Result<ChargeOutcome> &result)
{
    if (!result)
        return QStringLiteral("error %1: %2 (%3)")
            .arg(errorCodeName(result.error().code), result.error().message, result.error().detail);
    return QStringLiteral("%1 %2 %3 %4")
        .arg(chargeStatusName(result->status), result->providerPaymentId, result->declineReason, result->detail);
}

QString describe(const Result<RefundOutcome> &result)
{
    if (!result)
        return QStringLiteral("error %1: %2 (%3)")
            .arg(errorCodeName(result.error().code), result.error().message, result.error().detail);
    return QStringLiteral("%1 %2 %3").arg(chargeStatusName(result->status), result->providerRefundId, result->detail);
}

QString describe(const Result<QVector<ProviderCharge>> &result)
{
    if (!result)
        return QStringLiteral("error %1: %2 (%3)")
            .arg(errorCodeName(result.error().code), result.error().message, result.error().detail);
    return QStringLiteral("%1 charges").arg(result->size());
}

// A provider that answers what the test scripts, for answers the real fake never gives: a list that
// breaks off, never ends or contradicts itself.
class ScriptedProvider : public QObject
{
public:
    // The answer to the n-th request (from 1) and its query: HTTP status and body.
    using Script = std::function<QPair<int, QByteArray>(int request, const QUrlQuery &query)>;

    explicit ScriptedProvider(Script script) : m_script(std::move(script)) { }

    bool listen()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
            }
        });
        return m_server.listen(QHostAddress::LocalHost, 0);
    }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort())); }
    int requests() const { return m_requests; }

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        // GET requests only: the head is the whole request.
        if (!buffer.contains("\r\n\r\n"))
            return;
        const QList<QByteArray> requestLine = buffer.left(buffer.indexOf("\r\n")).split(' ');
        m_buffers.remove(socket);
        disconnect(socket, &QTcpSocket::readyRead, this, nullptr);

        const QUrl target(QString::fromLatin1(requestLine.value(1)));
        const auto [status, body] = m_script(++m_requests, QUrlQuery(target));
        socket->write("HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Type: application/json\r\n"
                      + "Content-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
        socket->disconnectFromHost();
    }

    Script m_script;
    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    int m_requests = 0;
};

// One payment intent as a Stripe list shows it, with the latest charge expanded.
QJsonObject listedIntent(const QString &id, const QString &key)
{
    return {
        {QStringLiteral("id"), id},
        {QStringLiteral("object"), QStringLiteral("payment_intent")},
        {QStringLiteral("status"), QStringLiteral("succeeded")},
        {QStringLiteral("amount"), 100},
        {QStringLiteral("currency"), QStringLiteral("eur")},
        {QStringLiteral("created"), QDateTime::currentSecsSinceEpoch()},
        {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("boxoffice_key"), key}}},
        {QStringLiteral("latest_charge"), QJsonObject{{QStringLiteral("amount_refunded"), 0}}},
    };
}

QPair<int, QByteArray> listAnswer(const QJsonArray &data, bool hasMore)
{
    const QJsonObject list{
        {QStringLiteral("object"), QStringLiteral("list")},
        {QStringLiteral("data"), data},
        {QStringLiteral("has_more"), hasMore},
        {QStringLiteral("url"), QStringLiteral("/v1/payment_intents")},
    };
    return {200, QJsonDocument(list).toJson(QJsonDocument::Compact)};
}

} // namespace

class TestPaymentProvider : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();

    void chargeSucceeds();
    void chargeDeclined();
    void declineReasonFromDeclineCode();
    void slowAnswerStillSucceeds();
    void hangIsUnknownThenFoundByKey();
    void error500IsUnknownThenFoundByKey();
    void error500BeforeIsUnknownThenNotFound();
    void aRateLimitIsWaitedOutAndChargedOnce();
    void sameKeySameRequestReplays();
    void sameKeyReplaysADecline();
    void sameKeyDifferentAmountIsBadInput();
    void concurrentRequestsWithOneKey();
    void refunds();
    void overRefundIsRefused();
    void refundOfUnknownPaymentIsNotFound();
    void wrongApiKeyIsNotASuccess();
    void connectionRefusedIsUnknown();
    void badRequestsNeverLeaveTheProcess();
    void callsFromAPoolThread();

    void listRouteIsStripeShaped();
    void listRefusesBadParameters();
    void listEmpty();
    void listPagesThroughManyCharges();
    void listSince();
    void listKeepsOnlyTheKeyPrefix();
    void listShowsChargesWhoseAnswerWasLost();
    void listReportsRefundedAmounts();
    void listUnreachableIsAnError();
    void listBrokenOffIsAnError();
    void listThatNeverEndsIsAnError();
    void listThatContradictsItselfIsAnError();

    void webhooksAreSignedAndParse();
    void webhookRetriedAfterFailures();
    void webhookDuplicates();
    void webhooksReordered();
    void webhooksPausedThenReleased();

private:
    QString newKey(const QString &what) { return QStringLiteral("tst-%1-%2").arg(what).arg(++m_serial); }
    // A key prefix no other test's key starts with.
    QString newPrefix(const QString &what) { return QStringLiteral("tst-%1-%2-").arg(what).arg(++m_serial); }
    OrderId newOrder() { return ++m_serial + 100000; }
    ChargeRequest chargeRequest(const QString &key, OrderId order, qint64 amount = 9000) const;
    bool control(const QByteArray &method, const QString &path, const QJsonObject &body = {},
                 QJsonObject *answer = nullptr) const;
    bool plan(const QJsonArray &next, int slowMs = 1500, int hangMs = 30000) const;
    QJsonObject state() const;
    QList<QJsonObject> chargesWithKey(const QString &key) const;
    QJsonArray refundsOf(const QString &paymentId) const;
    HttpAnswer listRaw(const QString &query) const;
    static QStringList idsOf(const QVector<ProviderCharge> &charges);

    QProcess m_fakepay;
    QUrl m_baseUrl;
    WebhookReceiver m_receiver;
    std::unique_ptr<HttpPaymentProvider> m_provider;
    int m_serial = 0;
};

void TestPaymentProvider::initTestCase()
{
    QVERIFY(m_receiver.listen());

    m_fakepay.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_fakepay.start(QStringLiteral(BOXOFFICE_FAKEPAY),
                    {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--api-key"),
                     QString::fromLatin1(apiKey), QStringLiteral("--webhook-url"),
                     QStringLiteral("http://127.0.0.1:%1/webhooks/payments").arg(m_receiver.port()),
                     QStringLiteral("--webhook-secret"), QString::fromLatin1(webhookSecret)});
    QVERIFY2(m_fakepay.waitForStarted(waitMs), qPrintable(m_fakepay.errorString()));

    QByteArray line;
    QDeadlineTimer deadline(waitMs);
    while (!m_fakepay.canReadLine() && !deadline.hasExpired() && m_fakepay.state() == QProcess::Running)
        m_fakepay.waitForReadyRead(1000);
    line = m_fakepay.readLine().trimmed();
    QVERIFY2(line.startsWith("listening on http://127.0.0.1:"), line.constData());
    m_baseUrl = QUrl(QString::fromLatin1(line.mid(int(strlen("listening on ")))));
    QVERIFY(m_baseUrl.port() > 0);
    m_provider = std::make_unique<HttpPaymentProvider>(m_baseUrl, apiKey, waitMs);
}

void TestPaymentProvider::init()
{
    QVERIFY(control("POST", QStringLiteral("/control/behaviour"), {{QStringLiteral("next"), QJsonArray()}}));
    QVERIFY(control("POST", QStringLiteral("/control/webhooks"),
                    {{QStringLiteral("duplicate"), 0},
                     {QStringLiteral("delay_ms"), 0},
                     {QStringLiteral("reorder"), false},
                     {QStringLiteral("paused"), false}}));
    m_receiver.clearFailures();
}

void TestPaymentProvider::cleanupTestCase()
{
    if (m_fakepay.state() == QProcess::NotRunning)
        return;
    m_fakepay.terminate();
    if (!m_fakepay.waitForFinished(10000))
        m_fakepay.kill();
    m_fakepay.waitForFinished(10000);
}

ChargeRequest TestPaymentProvider::chargeRequest(const QString &key, OrderId order, qint64 amount) const
{
    ChargeRequest request;
    request.idempotencyKey = key;
    request.order = order;
    request.amount = Money(amount, QStringLiteral("EUR"));
    request.description = QStringLiteral("Order %1").arg(order);
    return request;
}

bool TestPaymentProvider::control(const QByteArray &method, const QString &path, const QJsonObject &body,
                                  QJsonObject *answer) const
{
    HttpExchange exchange;
    exchange.method = method;
    exchange.url = m_baseUrl.resolved(QUrl(path));
    if (method != "GET") {
        exchange.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
        exchange.contentType = "application/json"; // the fake's own control API, not Stripe's
    }
    exchange.timeoutMs = waitMs;
    const HttpAnswer reply = exchangeBlocking(exchange);
    if (reply.status != 200) {
        qWarning().noquote() << method << path << "answered" << reply.status << reply.networkError << reply.body;
        return false;
    }
    if (answer)
        *answer = QJsonDocument::fromJson(reply.body).object();
    return true;
}

bool TestPaymentProvider::plan(const QJsonArray &next, int slowMs, int hangMs) const
{
    return control(
        "POST", QStringLiteral("/control/behaviour"),
        {{QStringLiteral("next"), next}, {QStringLiteral("slow_ms"), slowMs}, {QStringLiteral("hang_ms"), hangMs}});
}

QJsonObject TestPaymentProvider::state() const
{
    QJsonObject answer;
    control("GET", QStringLiteral("/control/state"), {}, &answer);
    return answer;
}

QList<QJsonObject> TestPaymentProvider::chargesWithKey(const QString &key) const
{
    QList<QJsonObject> charges;
    for (const QJsonValue &charge : state().value(QStringLiteral("charges")).toArray()) {
        if (charge[QStringLiteral("idempotency_key")].toString() == key)
            charges.append(charge.toObject());
    }
    return charges;
}

QJsonArray TestPaymentProvider::refundsOf(const QString &paymentId) const
{
    QJsonArray refunds;
    for (const QJsonValue &refund : state().value(QStringLiteral("refunds")).toArray()) {
        if (refund[QStringLiteral("payment_intent")].toString() == paymentId)
            refunds.append(refund);
    }
    return refunds;
}

HttpAnswer TestPaymentProvider::listRaw(const QString &query) const
{
    HttpExchange exchange;
    exchange.url = m_baseUrl.resolved(QUrl(QStringLiteral("/v1/payment_intents")));
    exchange.url.setQuery(query, QUrl::TolerantMode);
    exchange.headers = {{"Authorization", "Bearer " + apiKey}};
    exchange.timeoutMs = waitMs;
    return exchangeBlocking(exchange);
}

QStringList TestPaymentProvider::idsOf(const QVector<ProviderCharge> &charges)
{
    QStringList ids;
    for (const ProviderCharge &charge : charges)
        ids.append(charge.providerPaymentId);
    return ids;
}

void TestPaymentProvider::chargeSucceeds()
{
    const QString key = newKey(QStringLiteral("success"));
    const OrderId order = newOrder();
    const Result<ChargeOutcome> outcome = m_provider->charge(chargeRequest(key, order, 9000));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Succeeded);
    QVERIFY2(outcome->providerPaymentId.startsWith(QLatin1String("pi_")), qPrintable(describe(outcome)));
    QCOMPARE(outcome->amount, Money(9000, QStringLiteral("EUR"))); // the provider says "eur"
    QVERIFY(outcome->declineReason.isEmpty());

    const QList<QJsonObject> charges = chargesWithKey(key);
    QCOMPARE(charges.size(), 1);
    QCOMPARE(charges.first()[QStringLiteral("id")].toString(), outcome->providerPaymentId);
    QCOMPARE(charges.first()[QStringLiteral("status")].toString(), QStringLiteral("succeeded"));
    QCOMPARE(charges.first()[QStringLiteral("order_id")].toString(), QString::number(order));
    QCOMPARE(charges.first()[QStringLiteral("currency")].toString(), QStringLiteral("eur"));
    // The key is kept with the charge, where a list of charges shows it.
    QCOMPARE(
        charges.first()[QStringLiteral("metadata")].toObject(),
        QJsonObject({{QStringLiteral("order_id"), QString::number(order)}, {QStringLiteral("boxoffice_key"), key}}));

    const Result<ChargeOutcome> found = m_provider->chargeByKey(key);
    QVERIFY2(found.ok(), qPrintable(describe(found)));
    QCOMPARE(found->status, ChargeStatus::Succeeded);
    QCOMPARE(found->providerPaymentId, outcome->providerPaymentId);
}

void TestPaymentProvider::chargeDeclined()
{
    QVERIFY(plan({QStringLiteral("decline")}));
    const QString key = newKey(QStringLiteral("decline"));
    const Result<ChargeOutcome> outcome = m_provider->charge(chargeRequest(key, newOrder()));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Declined);
    // Stripe always names a decline's reason; a plain decline is its generic one.
    QCOMPARE(outcome->declineReason, QStringLiteral("generic_decline"));
    QVERIFY(outcome->detail.contains(QLatin1String("402")));

    const QList<QJsonObject> charges = chargesWithKey(key);
    QCOMPARE(charges.size(), 1);
    QCOMPARE(charges.first()[QStringLiteral("status")].toString(), QStringLiteral("requires_payment_method"));

    // The lookup agrees: a declined intent is final.
    const Result<ChargeOutcome> found = m_provider->chargeByKey(key);
    QVERIFY2(found.ok(), qPrintable(describe(found)));
    QCOMPARE(found->status, ChargeStatus::Declined);
    QCOMPARE(found->declineReason, QStringLiteral("generic_decline"));

    // The next charge is back to normal: the plan held one entry.
    const Result<ChargeOutcome> next = m_provider->charge(chargeRequest(newKey(QStringLiteral("after")), newOrder()));
    QVERIFY2(next.ok() && next->status == ChargeStatus::Succeeded, qPrintable(describe(next)));
}

void TestPaymentProvider::declineReasonFromDeclineCode()
{
    QVERIFY(plan({QStringLiteral("decline:insufficient_funds")}));
    const Result<ChargeOutcome> outcome
        = m_provider->charge(chargeRequest(newKey(QStringLiteral("funds")), newOrder()));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Declined);
    QCOMPARE(outcome->declineReason, QStringLiteral("insufficient_funds"));
}

void TestPaymentProvider::slowAnswerStillSucceeds()
{
    QVERIFY(plan({QStringLiteral("slow")}, 300));
    const QString key = newKey(QStringLiteral("slow"));
    const Result<ChargeOutcome> outcome = m_provider->charge(chargeRequest(key, newOrder()));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Succeeded);
    QCOMPARE(chargesWithKey(key).size(), 1);
}

void TestPaymentProvider::hangIsUnknownThenFoundByKey()
{
    QVERIFY(plan({QStringLiteral("hang")}, 1500, 120000));
    const QString key = newKey(QStringLiteral("hang"));
    // Long enough for the request to reach the fake even on a loaded machine; the fake holds it far longer.
    HttpPaymentProvider impatient(m_baseUrl, apiKey, 5000);
    const Result<ChargeOutcome> outcome = impatient.charge(chargeRequest(key, newOrder(), 4200));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Unknown);
    QVERIFY2(outcome->detail.contains(QLatin1String("no answer within 5000 ms")), qPrintable(outcome->detail));

    // The money moved although the answer never came: the lookup by key says so.
    const Result<ChargeOutcome> found = m_provider->chargeByKey(key);
    QVERIFY2(found.ok(), qPrintable(describe(found)));
    QCOMPARE(found->status, ChargeStatus::Succeeded);
    QCOMPARE(found->amount.minor(), qint64(4200));
    QVERIFY(found->providerPaymentId.startsWith(QLatin1String("pi_")));
    QCOMPARE(chargesWithKey(key).size(), 1);
}

void TestPaymentProvider::error500IsUnknownThenFoundByKey()
{
    QVERIFY(plan({QStringLiteral("error500")}));
    const QString key = newKey(QStringLiteral("e500"));
    const OrderId order = newOrder();
    const Result<ChargeOutcome> outcome = m_provider->charge(chargeRequest(key, order));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Unknown);
    QVERIFY2(outcome->detail.contains(QLatin1String("HTTP 500")), qPrintable(outcome->detail));

    const Result<ChargeOutcome> found = m_provider->chargeByKey(key);
    QVERIFY2(found.ok(), qPrintable(describe(found)));
    QCOMPARE(found->status, ChargeStatus::Succeeded);

    // Like Stripe, the provider keeps the 500 it gave once the charge had begun, and says not to try
    // again: a retry under the same key gets that 500 replayed, never a second charge. Only the
    // lookup finds out what happened.
    QCOMPARE(chargesWithKey(key).size(), 1);
    const Result<ChargeOutcome> retry = m_provider->charge(chargeRequest(key, order));
    QVERIFY2(retry.ok(), qPrintable(describe(retry)));
    QCOMPARE(retry->status, ChargeStatus::Unknown);
    QVERIFY2(retry->detail.contains(QLatin1String("(replayed)")), qPrintable(retry->detail));
    QCOMPARE(chargesWithKey(key).size(), 1);
}

void TestPaymentProvider::aRateLimitIsWaitedOutAndChargedOnce()
{
    QVERIFY(plan({QStringLiteral("rate_limit"), QStringLiteral("rate_limit")}));
    const QString key = newKey(QStringLiteral("limited"));
    const Result<ChargeOutcome> outcome = m_provider->charge(chargeRequest(key, newOrder()));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Succeeded);
    QCOMPARE(chargesWithKey(key).size(), 1);
}

void TestPaymentProvider::error500BeforeIsUnknownThenNotFound()
{
    // A 500 before the charge began is not kept and says "try again": the client does, with backoff,
    // so only a provider failing every attempt leaves the charge unknown.
    QVERIFY(plan(QJsonArray{QStringLiteral("error500_before"), QStringLiteral("error500_before"),
                            QStringLiteral("error500_before")}));
    const QString key = newKey(QStringLiteral("e500b"));
    const OrderId order = newOrder();
    const Result<ChargeOutcome> outcome = m_provider->charge(chargeRequest(key, order));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Unknown);

    const Result<ChargeOutcome> found = m_provider->chargeByKey(key);
    QVERIFY2(!found.ok(), qPrintable(describe(found)));
    QCOMPARE(found.error().code, ErrorCode::NotFound);
    QCOMPARE(chargesWithKey(key).size(), 0);

    // Nothing was stored under the key, so trying again charges once.
    const Result<ChargeOutcome> retry = m_provider->charge(chargeRequest(key, order));
    QVERIFY2(retry.ok() && retry->status == ChargeStatus::Succeeded, qPrintable(describe(retry)));
    QCOMPARE(chargesWithKey(key).size(), 1);
}

void TestPaymentProvider::sameKeySameRequestReplays()
{
    const QString key = newKey(QStringLiteral("replay"));
    const ChargeRequest request = chargeRequest(key, newOrder());
    const Result<ChargeOutcome> first = m_provider->charge(request);
    const Result<ChargeOutcome> second = m_provider->charge(request);
    QVERIFY2(first.ok() && first->status == ChargeStatus::Succeeded, qPrintable(describe(first)));
    QVERIFY2(second.ok() && second->status == ChargeStatus::Succeeded, qPrintable(describe(second)));
    QCOMPARE(second->providerPaymentId, first->providerPaymentId);
    QVERIFY2(second->detail.contains(QLatin1String("replayed")), qPrintable(second->detail));
    QVERIFY(!first->detail.contains(QLatin1String("replayed")));
    QCOMPARE(chargesWithKey(key).size(), 1);
}

void TestPaymentProvider::sameKeyReplaysADecline()
{
    QVERIFY(plan({QStringLiteral("decline")}));
    const QString key = newKey(QStringLiteral("replay-decline"));
    const ChargeRequest request = chargeRequest(key, newOrder());
    const Result<ChargeOutcome> first = m_provider->charge(request);
    const Result<ChargeOutcome> second = m_provider->charge(request); // the plan is empty by now
    QVERIFY2(first.ok() && first->status == ChargeStatus::Declined, qPrintable(describe(first)));
    QVERIFY2(second.ok() && second->status == ChargeStatus::Declined, qPrintable(describe(second)));
    QCOMPARE(second->providerPaymentId, first->providerPaymentId);
    QCOMPARE(chargesWithKey(key).size(), 1);
}

void TestPaymentProvider::sameKeyDifferentAmountIsBadInput()
{
    const QString key = newKey(QStringLiteral("reuse"));
    const OrderId order = newOrder();
    const Result<ChargeOutcome> first = m_provider->charge(chargeRequest(key, order, 9000));
    QVERIFY2(first.ok() && first->status == ChargeStatus::Succeeded, qPrintable(describe(first)));

    const Result<ChargeOutcome> second = m_provider->charge(chargeRequest(key, order, 9500));
    QVERIFY2(!second.ok(), qPrintable(describe(second)));
    QCOMPARE(second.error().code, ErrorCode::BadInput);
    QVERIFY2(second.error().detail.contains(QLatin1String("idempotency_error")), qPrintable(second.error().detail));

    const QList<QJsonObject> charges = chargesWithKey(key);
    QCOMPARE(charges.size(), 1);
    QCOMPARE(charges.first()[QStringLiteral("amount")].toInteger(), qint64(9000));
}

void TestPaymentProvider::concurrentRequestsWithOneKey()
{
    QVERIFY(plan({QStringLiteral("hang")}, 1500, 120000));
    const QString key = newKey(QStringLiteral("concurrent"));
    const ChargeRequest request = chargeRequest(key, newOrder());

    // The first request runs in its own thread, as the saga's would, and hangs at the provider.
    std::optional<Result<ChargeOutcome>> first;
    HttpPaymentProvider impatient(m_baseUrl, apiKey, 8000);
    std::unique_ptr<QThread> thread(QThread::create([&] { first = impatient.charge(request); }));
    thread->start();
    QTRY_COMPARE_WITH_TIMEOUT(chargesWithKey(key).size(), 1, waitMs);

    // The provider is still busy with the key (it counts as running for hang_ms, whether or not the first
    // client has given up yet): the second request learns nothing and must not charge.
    const Result<ChargeOutcome> second = m_provider->charge(request);
    QVERIFY2(second.ok(), qPrintable(describe(second)));
    QCOMPARE(second->status, ChargeStatus::Unknown);
    QVERIFY2(second->detail.contains(QLatin1String("409")), qPrintable(second->detail));

    QTRY_VERIFY_WITH_TIMEOUT(thread->isFinished(), waitMs);
    QVERIFY(first.has_value());
    QVERIFY2(first->ok(), qPrintable(describe(*first)));
    QCOMPARE((*first)->status, ChargeStatus::Unknown);

    QCOMPARE(chargesWithKey(key).size(), 1);
    const Result<ChargeOutcome> found = m_provider->chargeByKey(key);
    QVERIFY2(found.ok() && found->status == ChargeStatus::Succeeded, qPrintable(describe(found)));
}

void TestPaymentProvider::refunds()
{
    const Result<ChargeOutcome> charged
        = m_provider->charge(chargeRequest(newKey(QStringLiteral("refund")), newOrder(), 9000));
    QVERIFY2(charged.ok() && charged->status == ChargeStatus::Succeeded, qPrintable(describe(charged)));
    const QString payment = charged->providerPaymentId;

    RefundRequest half;
    half.idempotencyKey = newKey(QStringLiteral("refund-half"));
    half.providerPaymentId = payment;
    half.amount = Money(4500, QStringLiteral("EUR"));
    half.reason = QStringLiteral("requested_by_customer");
    const Result<RefundOutcome> first = m_provider->refund(half);
    QVERIFY2(first.ok(), qPrintable(describe(first)));
    QCOMPARE(first->status, ChargeStatus::Succeeded);
    QVERIFY(first->providerRefundId.startsWith(QLatin1String("re_")));

    // The same refund again (a retry) is the same refund, not a second one.
    const Result<RefundOutcome> replayed = m_provider->refund(half);
    QVERIFY2(replayed.ok() && replayed->status == ChargeStatus::Succeeded, qPrintable(describe(replayed)));
    QCOMPARE(replayed->providerRefundId, first->providerRefundId);
    QCOMPARE(refundsOf(payment).size(), 1);

    // One key, two amounts: refused as a wrong request.
    RefundRequest changed = half;
    changed.amount = Money(4000, QStringLiteral("EUR"));
    const Result<RefundOutcome> reused = m_provider->refund(changed);
    QVERIFY2(!reused.ok(), qPrintable(describe(reused)));
    QCOMPARE(reused.error().code, ErrorCode::BadInput);

    RefundRequest rest = half;
    rest.idempotencyKey = newKey(QStringLiteral("refund-rest"));
    const Result<RefundOutcome> second = m_provider->refund(rest);
    QVERIFY2(second.ok() && second->status == ChargeStatus::Succeeded, qPrintable(describe(second)));
    QVERIFY(second->providerRefundId != first->providerRefundId);

    RefundRequest more = half;
    more.idempotencyKey = newKey(QStringLiteral("refund-more"));
    more.amount = Money(1, QStringLiteral("EUR"));
    const Result<RefundOutcome> refused = m_provider->refund(more);
    QVERIFY2(refused.ok(), qPrintable(describe(refused)));
    QCOMPARE(refused->status, ChargeStatus::Declined);

    QCOMPARE(refundsOf(payment).size(), 2);
    for (const QJsonValue &charge : state().value(QStringLiteral("charges")).toArray()) {
        if (charge[QStringLiteral("id")].toString() == payment)
            QCOMPARE(charge[QStringLiteral("amount_refunded")].toInteger(), qint64(9000));
    }
}

void TestPaymentProvider::overRefundIsRefused()
{
    const Result<ChargeOutcome> charged
        = m_provider->charge(chargeRequest(newKey(QStringLiteral("over")), newOrder(), 1000));
    QVERIFY2(charged.ok() && charged->status == ChargeStatus::Succeeded, qPrintable(describe(charged)));

    RefundRequest tooMuch;
    tooMuch.idempotencyKey = newKey(QStringLiteral("over-refund"));
    tooMuch.providerPaymentId = charged->providerPaymentId;
    tooMuch.amount = Money(1500, QStringLiteral("EUR"));
    const Result<RefundOutcome> refused = m_provider->refund(tooMuch);
    QVERIFY2(refused.ok(), qPrintable(describe(refused)));
    QCOMPARE(refused->status, ChargeStatus::Declined);
    QVERIFY2(refused->detail.contains(QLatin1String("amount_too_large")), qPrintable(refused->detail));
    QCOMPARE(refundsOf(charged->providerPaymentId).size(), 0);

    RefundRequest full = tooMuch;
    full.idempotencyKey = newKey(QStringLiteral("full-refund"));
    full.amount = Money(1000, QStringLiteral("EUR"));
    const Result<RefundOutcome> refunded = m_provider->refund(full);
    QVERIFY2(refunded.ok() && refunded->status == ChargeStatus::Succeeded, qPrintable(describe(refunded)));
    QCOMPARE(refundsOf(charged->providerPaymentId).size(), 1);

    // A declined charge moved no money, so there is nothing to refund.
    QVERIFY(plan({QStringLiteral("decline")}));
    const Result<ChargeOutcome> declined
        = m_provider->charge(chargeRequest(newKey(QStringLiteral("over-d")), newOrder()));
    QVERIFY2(declined.ok() && declined->status == ChargeStatus::Declined, qPrintable(describe(declined)));
    RefundRequest ofDeclined = full;
    ofDeclined.idempotencyKey = newKey(QStringLiteral("refund-declined"));
    ofDeclined.providerPaymentId = declined->providerPaymentId;
    const Result<RefundOutcome> nothing = m_provider->refund(ofDeclined);
    QVERIFY2(nothing.ok() && nothing->status == ChargeStatus::Declined, qPrintable(describe(nothing)));
}

void TestPaymentProvider::refundOfUnknownPaymentIsNotFound()
{
    RefundRequest request;
    request.idempotencyKey = newKey(QStringLiteral("refund-unknown"));
    request.providerPaymentId = QStringLiteral("pi_doesnotexist");
    request.amount = Money(100, QStringLiteral("EUR"));
    const Result<RefundOutcome> outcome = m_provider->refund(request);
    QVERIFY2(!outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome.error().code, ErrorCode::NotFound);
}

void TestPaymentProvider::wrongApiKeyIsNotASuccess()
{
    HttpPaymentProvider wrong(m_baseUrl, "sk_test_wrong", waitMs);
    const QString key = newKey(QStringLiteral("wrong-key"));
    const Result<ChargeOutcome> outcome = wrong.charge(chargeRequest(key, newOrder()));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Unknown);
    QVERIFY2(outcome->detail.contains(QLatin1String("401")), qPrintable(outcome->detail));
    QCOMPARE(chargesWithKey(key).size(), 0);

    // Refused access says nothing about the charge: not NotFound, which would let the saga give up.
    const Result<ChargeOutcome> found = wrong.chargeByKey(key);
    QVERIFY2(found.ok(), qPrintable(describe(found)));
    QCOMPARE(found->status, ChargeStatus::Unknown);
}

void TestPaymentProvider::connectionRefusedIsUnknown()
{
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 closedPort = probe.serverPort();
    probe.close();

    HttpPaymentProvider nowhere(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(closedPort)), apiKey, waitMs);
    const Result<ChargeOutcome> outcome = nowhere.charge(chargeRequest(newKey(QStringLiteral("refused")), newOrder()));
    QVERIFY2(outcome.ok(), qPrintable(describe(outcome)));
    QCOMPARE(outcome->status, ChargeStatus::Unknown);
    QVERIFY2(outcome->detail.contains(QLatin1String("network error")), qPrintable(outcome->detail));

    const Result<ChargeOutcome> found = nowhere.chargeByKey(newKey(QStringLiteral("refused")));
    QVERIFY2(found.ok() && found->status == ChargeStatus::Unknown, qPrintable(describe(found)));
}

void TestPaymentProvider::badRequestsNeverLeaveTheProcess()
{
    const QJsonObject before = state();
    const int chargesBefore = before.value(QStringLiteral("charges")).toArray().size();

    const QList<ChargeRequest> bad = [this] {
        QList<ChargeRequest> requests;
        requests.append(chargeRequest(QString(), newOrder()));
        requests.append(chargeRequest(QStringLiteral("line\r\nX-Injected: 1"), newOrder()));
        requests.append(chargeRequest(QString(256, QLatin1Char('k')), newOrder()));
        requests.append(chargeRequest(newKey(QStringLiteral("zero")), newOrder(), 0));
        requests.append(chargeRequest(newKey(QStringLiteral("negative")), newOrder(), -100));
        ChargeRequest noCurrency = chargeRequest(newKey(QStringLiteral("currency")), newOrder());
        noCurrency.amount = Money(noCurrency.amount.minor(), QStringLiteral("EURO"));
        requests.append(noCurrency);
        requests.append(chargeRequest(newKey(QStringLiteral("no-order")), 0));
        return requests;
    }();
    for (const ChargeRequest &request : bad) {
        const Result<ChargeOutcome> outcome = m_provider->charge(request);
        QVERIFY2(!outcome.ok(), qPrintable(describe(outcome)));
        QCOMPARE(outcome.error().code, ErrorCode::BadInput);
    }
    QVERIFY(!m_provider->chargeByKey(QString()).ok());
    RefundRequest refund;
    refund.idempotencyKey = newKey(QStringLiteral("refund-bad"));
    QVERIFY(!m_provider->refund(refund).ok());

    QCOMPARE(state().value(QStringLiteral("charges")).toArray().size(), chargesBefore);
}

void TestPaymentProvider::callsFromAPoolThread()
{
    // Several charges at once from pool threads (where the saga runs them), one provider shared by all.
    const int count = 4;
    QStringList keys;
    for (int i = 0; i < count; ++i)
        keys.append(newKey(QStringLiteral("pool")));
    // std::vector: writing distinct elements from several threads must not detach a shared list.
    std::vector<std::optional<Result<ChargeOutcome>>> outcomes(count);
    std::atomic<int> finished = 0;
    QThreadPool pool;
    pool.setMaxThreadCount(count);
    for (int i = 0; i < count; ++i) {
        const ChargeRequest request = chargeRequest(keys.at(i), newOrder(), 100 + i);
        pool.start([this, request, &outcomes, &finished, i] {
            outcomes[i] = m_provider->charge(request);
            ++finished;
        });
    }
    QTRY_COMPARE_WITH_TIMEOUT(finished.load(), count, waitMs);
    pool.waitForDone();
    for (int i = 0; i < count; ++i) {
        QVERIFY(outcomes.at(i).has_value());
        QVERIFY2(outcomes.at(i)->ok() && (*outcomes.at(i))->status == ChargeStatus::Succeeded,
                 qPrintable(describe(*outcomes.at(i))));
        QCOMPARE((*outcomes.at(i))->amount.minor(), qint64(100 + i));
        QCOMPARE(chargesWithKey(keys.at(i)).size(), 1);
    }
}

void TestPaymentProvider::listRouteIsStripeShaped()
{
    const qint64 since = QDateTime::currentSecsSinceEpoch();
    QStringList made; // oldest first
    for (int i = 0; i < 3; ++i) {
        const Result<ChargeOutcome> charged
            = m_provider->charge(chargeRequest(newKey(QStringLiteral("raw-list")), newOrder(), 500 + i));
        QVERIFY2(charged.ok() && charged->status == ChargeStatus::Succeeded, qPrintable(describe(charged)));
        made.append(charged->providerPaymentId);
    }

    // The newest two, newest first, and word that there is more.
    const HttpAnswer first = listRaw(QStringLiteral("limit=2&created[gte]=%1").arg(since));
    QCOMPARE(first.status, 200);
    const QJsonObject page = QJsonDocument::fromJson(first.body).object();
    QCOMPARE(page[QStringLiteral("object")].toString(), QStringLiteral("list"));
    QCOMPARE(page[QStringLiteral("url")].toString(), QStringLiteral("/v1/payment_intents"));
    QCOMPARE(page[QStringLiteral("has_more")].toBool(), true);
    const QJsonArray data = page[QStringLiteral("data")].toArray();
    QCOMPARE(data.size(), 2);
    QCOMPARE(data.at(0)[QStringLiteral("id")].toString(), made.at(2));
    QCOMPARE(data.at(1)[QStringLiteral("id")].toString(), made.at(1));
    QCOMPARE(data.at(0)[QStringLiteral("amount")].toInteger(), qint64(502));
    QCOMPARE(data.at(0)[QStringLiteral("currency")].toString(), QStringLiteral("eur"));
    QCOMPARE(data.at(0)[QStringLiteral("amount_received")].toInteger(), qint64(502));
    QVERIFY(data.at(0)[QStringLiteral("created")].toInteger() >= since);
    // Not expanded unless asked for: the charge's id only.
    QVERIFY(data.at(0)[QStringLiteral("latest_charge")].toString().startsWith(QLatin1String("ch_")));

    // The cursor goes on after the last one shown; ending_before goes back.
    const HttpAnswer next
        = listRaw(QStringLiteral("limit=2&created[gte]=%1&starting_after=%2").arg(since).arg(made.at(1)));
    QCOMPARE(next.status, 200);
    const QJsonObject nextPage = QJsonDocument::fromJson(next.body).object();
    QCOMPARE(nextPage[QStringLiteral("data")].toArray().at(0)[QStringLiteral("id")].toString(), made.at(0));
    const HttpAnswer back = listRaw(QStringLiteral("limit=1&ending_before=%1").arg(made.at(1)));
    QCOMPARE(
        QJsonDocument::fromJson(back.body)[QStringLiteral("data")].toArray().at(0)[QStringLiteral("id")].toString(),
        made.at(2));

    // Expanded, the latest charge carries the refunded amount.
    const HttpAnswer expanded = listRaw(QStringLiteral("limit=1&expand[]=data.latest_charge"));
    const QJsonObject charge = QJsonDocument::fromJson(expanded.body)[QStringLiteral("data")]
                                   .toArray()
                                   .at(0)[QStringLiteral("latest_charge")]
                                   .toObject();
    QCOMPARE(charge[QStringLiteral("object")].toString(), QStringLiteral("charge"));
    QCOMPARE(charge[QStringLiteral("amount_refunded")].toInteger(), qint64(0));

    // Like every /v1 route, only with the key.
    HttpExchange anonymous;
    anonymous.url = m_baseUrl.resolved(QUrl(QStringLiteral("/v1/payment_intents")));
    anonymous.timeoutMs = waitMs;
    QCOMPARE(exchangeBlocking(anonymous).status, 401);
}

void TestPaymentProvider::listRefusesBadParameters()
{
    const QStringList bad = {
        QStringLiteral("limit=0"),
        QStringLiteral("limit=101"),
        QStringLiteral("limit=ten"),
        QStringLiteral("created[gte]=yesterday"),
        QStringLiteral("created[gte]=-5"),
        QStringLiteral("starting_after=pi_nosuchintent"),
        QStringLiteral("ending_before=pi_nosuchintent"),
        QStringLiteral("limit=5&limit=6"),
        QStringLiteral("colour=blue"),
        QStringLiteral("expand[]=data.customer"),
    };
    for (const QString &query : bad) {
        const HttpAnswer answer = listRaw(query);
        QVERIFY2(answer.status == 400, qPrintable(query + QStringLiteral(": ") + QString::number(answer.status)));
        const QJsonObject error = QJsonDocument::fromJson(answer.body)[QStringLiteral("error")].toObject();
        QCOMPARE(error[QStringLiteral("type")].toString(), QStringLiteral("invalid_request_error"));
        // Stripe names the parameter at fault always, a code only where it has one for the fault.
        QVERIFY2(!error[QStringLiteral("message")].toString().isEmpty(), answer.body.constData());
        QVERIFY2(!error[QStringLiteral("param")].toString().isEmpty(), answer.body.constData());
    }
}

void TestPaymentProvider::listEmpty()
{
    const QDateTime dayAgo = QDateTime::currentDateTimeUtc().addDays(-1);
    const Result<QVector<ProviderCharge>> none = m_provider->listCharges(dayAgo, newPrefix(QStringLiteral("unused")));
    QVERIFY2(none.ok(), qPrintable(describe(none)));
    QVERIFY(none->isEmpty());

    const Result<QVector<ProviderCharge>> future
        = m_provider->listCharges(QDateTime::currentDateTimeUtc().addDays(1), QString());
    QVERIFY2(future.ok(), qPrintable(describe(future)));
    QVERIFY(future->isEmpty());

    const Result<QVector<ProviderCharge>> noTime = m_provider->listCharges(QDateTime(), QString());
    QVERIFY(!noTime.ok());
    QCOMPARE(noTime.error().code, ErrorCode::BadInput);
}

void TestPaymentProvider::listPagesThroughManyCharges()
{
    // More than two pages of the client's 100, and other charges in between that are not ours.
    const int count = 250;
    const QString prefix = newPrefix(QStringLiteral("many"));
    const QDateTime since = QDateTime::currentDateTimeUtc();
    QStringList ids;
    QList<OrderId> orders;
    for (int i = 0; i < count; ++i) {
        const OrderId order = newOrder();
        const Result<ChargeOutcome> charged
            = m_provider->charge(chargeRequest(prefix + QString::number(i), order, 1000 + i));
        QVERIFY2(charged.ok() && charged->status == ChargeStatus::Succeeded, qPrintable(describe(charged)));
        ids.append(charged->providerPaymentId);
        orders.append(order);
        if (i % 50 == 0)
            QVERIFY(m_provider->charge(chargeRequest(newKey(QStringLiteral("between")), newOrder())).ok());
    }
    const QDateTime until = QDateTime::currentDateTimeUtc();

    const Result<QVector<ProviderCharge>> listed = m_provider->listCharges(since, prefix);
    QVERIFY2(listed.ok(), qPrintable(describe(listed)));
    QCOMPARE(listed->size(), count);
    // Each once, oldest first.
    QCOMPARE(idsOf(*listed), ids);
    for (int i = 0; i < count; ++i) {
        const ProviderCharge &charge = listed->at(i);
        QCOMPARE(charge.idempotencyKey, prefix + QString::number(i));
        QCOMPARE(charge.order, orders.at(i));
        QCOMPARE(charge.status, ChargeStatus::Succeeded);
        QCOMPARE(charge.amount, Money(1000 + i, QStringLiteral("EUR")));
        QCOMPARE(charge.refunded.minor(), qint64(0));
        QCOMPARE(charge.created.timeSpec(), Qt::UTC);
        QVERIFY(charge.created.toSecsSinceEpoch() >= since.toSecsSinceEpoch());
        QVERIFY(charge.created.toSecsSinceEpoch() <= until.toSecsSinceEpoch());
    }
}

void TestPaymentProvider::listSince()
{
    const QString prefix = newPrefix(QStringLiteral("since"));
    const QDateTime beforeAll = QDateTime::currentDateTimeUtc();
    const Result<ChargeOutcome> early = m_provider->charge(chargeRequest(prefix + QStringLiteral("early"), newOrder()));
    QVERIFY2(early.ok() && early->status == ChargeStatus::Succeeded, qPrintable(describe(early)));

    // The provider counts whole seconds: start `since` in a later second than the early charge's.
    const qint64 earlySecond = QDateTime::currentSecsSinceEpoch();
    while (QDateTime::currentSecsSinceEpoch() <= earlySecond)
        QTest::qWait(20);
    const QDateTime since = QDateTime::currentDateTimeUtc();
    const Result<ChargeOutcome> late = m_provider->charge(chargeRequest(prefix + QStringLiteral("late"), newOrder()));
    QVERIFY2(late.ok() && late->status == ChargeStatus::Succeeded, qPrintable(describe(late)));

    const Result<QVector<ProviderCharge>> fromSince = m_provider->listCharges(since, prefix);
    QVERIFY2(fromSince.ok(), qPrintable(describe(fromSince)));
    QCOMPARE(idsOf(*fromSince), QStringList{late->providerPaymentId});

    const Result<QVector<ProviderCharge>> all = m_provider->listCharges(beforeAll, prefix);
    QVERIFY2(all.ok(), qPrintable(describe(all)));
    QCOMPARE(idsOf(*all), QStringList({early->providerPaymentId, late->providerPaymentId}));
}

void TestPaymentProvider::listKeepsOnlyTheKeyPrefix()
{
    const QDateTime since = QDateTime::currentDateTimeUtc();
    const QString ours = newPrefix(QStringLiteral("shop"));
    const QString theirs = newPrefix(QStringLiteral("othershop"));
    const Result<ChargeOutcome> mine = m_provider->charge(chargeRequest(ours + QStringLiteral("1"), newOrder()));
    const Result<ChargeOutcome> other = m_provider->charge(chargeRequest(theirs + QStringLiteral("1"), newOrder()));
    QVERIFY2(mine.ok() && mine->status == ChargeStatus::Succeeded, qPrintable(describe(mine)));
    QVERIFY2(other.ok() && other->status == ChargeStatus::Succeeded, qPrintable(describe(other)));

    // A charge made by someone else on the account: an idempotency key, but no boxoffice_key.
    HttpExchange foreign;
    foreign.method = "POST";
    foreign.url = m_baseUrl.resolved(QUrl(QStringLiteral("/v1/payment_intents")));
    foreign.headers
        = {{"Authorization", "Bearer " + apiKey}, {"Idempotency-Key", newKey(QStringLiteral("foreign")).toLatin1()}};
    foreign.body = "amount=700&currency=eur&confirm=true&metadata[order_id]=1";
    foreign.timeoutMs = waitMs;
    const HttpAnswer made = exchangeBlocking(foreign);
    QCOMPARE(made.status, 200);
    const QString foreignId = QJsonDocument::fromJson(made.body)[QStringLiteral("id")].toString();

    const Result<QVector<ProviderCharge>> onlyOurs = m_provider->listCharges(since, ours);
    QVERIFY2(onlyOurs.ok(), qPrintable(describe(onlyOurs)));
    QCOMPARE(idsOf(*onlyOurs), QStringList{mine->providerPaymentId});

    // No prefix: every charge with a key of the shop's, whatever the prefix, and nothing else.
    const Result<QVector<ProviderCharge>> everyKey = m_provider->listCharges(since, QString());
    QVERIFY2(everyKey.ok(), qPrintable(describe(everyKey)));
    const QStringList ids = idsOf(*everyKey);
    QVERIFY(ids.contains(mine->providerPaymentId));
    QVERIFY(ids.contains(other->providerPaymentId));
    QVERIFY(!ids.contains(foreignId));
    QVERIFY(ids.indexOf(mine->providerPaymentId) < ids.indexOf(other->providerPaymentId));
}

void TestPaymentProvider::listShowsChargesWhoseAnswerWasLost()
{
    const QDateTime since = QDateTime::currentDateTimeUtc();
    const QString prefix = newPrefix(QStringLiteral("lost"));
    QVERIFY(plan({QStringLiteral("error500"), QStringLiteral("decline:insufficient_funds"),
                  QStringLiteral("error500_before"), QStringLiteral("error500_before"),
                  QStringLiteral("error500_before")}));

    const OrderId lostOrder = newOrder();
    const Result<ChargeOutcome> lost
        = m_provider->charge(chargeRequest(prefix + QStringLiteral("500"), lostOrder, 4200));
    QVERIFY2(lost.ok() && lost->status == ChargeStatus::Unknown, qPrintable(describe(lost)));
    const OrderId declinedOrder = newOrder();
    const Result<ChargeOutcome> declined
        = m_provider->charge(chargeRequest(prefix + QStringLiteral("declined"), declinedOrder));
    QVERIFY2(declined.ok() && declined->status == ChargeStatus::Declined, qPrintable(describe(declined)));
    const Result<ChargeOutcome> never
        = m_provider->charge(chargeRequest(prefix + QStringLiteral("500-before"), newOrder()));
    QVERIFY2(never.ok() && never->status == ChargeStatus::Unknown, qPrintable(describe(never)));

    const Result<QVector<ProviderCharge>> listed = m_provider->listCharges(since, prefix);
    QVERIFY2(listed.ok(), qPrintable(describe(listed)));
    // The 500 after charging moved money the shop never heard of; the 500 before charging moved none.
    QCOMPARE(listed->size(), 2);
    const ProviderCharge &charged = listed->at(0);
    QVERIFY(charged.providerPaymentId.startsWith(QLatin1String("pi_")));
    QCOMPARE(charged.idempotencyKey, prefix + QStringLiteral("500"));
    QCOMPARE(charged.order, lostOrder);
    QCOMPARE(charged.status, ChargeStatus::Succeeded);
    QCOMPARE(charged.amount.minor(), qint64(4200));
    QCOMPARE(charged.providerPaymentId, m_provider->chargeByKey(prefix + QStringLiteral("500"))->providerPaymentId);

    QCOMPARE(listed->at(1).providerPaymentId, declined->providerPaymentId);
    QCOMPARE(listed->at(1).order, declinedOrder);
    QCOMPARE(listed->at(1).status, ChargeStatus::Declined);
}

void TestPaymentProvider::listReportsRefundedAmounts()
{
    const QDateTime since = QDateTime::currentDateTimeUtc();
    const QString prefix = newPrefix(QStringLiteral("refunded"));
    const Result<ChargeOutcome> partly
        = m_provider->charge(chargeRequest(prefix + QStringLiteral("partly"), newOrder(), 9000));
    const Result<ChargeOutcome> fully
        = m_provider->charge(chargeRequest(prefix + QStringLiteral("fully"), newOrder(), 3000));
    const Result<ChargeOutcome> kept
        = m_provider->charge(chargeRequest(prefix + QStringLiteral("kept"), newOrder(), 1000));
    for (const Result<ChargeOutcome> *charged : {&partly, &fully, &kept})
        QVERIFY2(charged->ok() && (*charged)->status == ChargeStatus::Succeeded, qPrintable(describe(*charged)));

    const auto refund = [this](const QString &payment, qint64 amount) {
        RefundRequest request;
        request.idempotencyKey = newKey(QStringLiteral("list-refund"));
        request.providerPaymentId = payment;
        request.amount = Money(amount, QStringLiteral("EUR"));
        const Result<RefundOutcome> refunded = m_provider->refund(request);
        return refunded.ok() && refunded->status == ChargeStatus::Succeeded;
    };
    QVERIFY(refund(partly->providerPaymentId, 2500));
    QVERIFY(refund(partly->providerPaymentId, 1000));
    QVERIFY(refund(fully->providerPaymentId, 3000));

    const Result<QVector<ProviderCharge>> listed = m_provider->listCharges(since, prefix);
    QVERIFY2(listed.ok(), qPrintable(describe(listed)));
    QCOMPARE(idsOf(*listed),
             QStringList({partly->providerPaymentId, fully->providerPaymentId, kept->providerPaymentId}));
    QCOMPARE(listed->at(0).refunded.minor(), qint64(3500));
    QCOMPARE(listed->at(0).amount.minor(), qint64(9000));
    QCOMPARE(listed->at(1).refunded.minor(), qint64(3000));
    QCOMPARE(listed->at(2).refunded.minor(), qint64(0));
    // Refunded or not, the charge itself succeeded.
    QCOMPARE(listed->at(1).status, ChargeStatus::Succeeded);
}

void TestPaymentProvider::listUnreachableIsAnError()
{
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 closedPort = probe.serverPort();
    probe.close();

    HttpPaymentProvider nowhere(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(closedPort)), apiKey, waitMs);
    const Result<QVector<ProviderCharge>> listed
        = nowhere.listCharges(QDateTime::currentDateTimeUtc().addDays(-1), QString());
    QVERIFY2(!listed.ok(), qPrintable(describe(listed)));
    QCOMPARE(listed.error().code, ErrorCode::Unavailable);

    // A refused key is no empty list either.
    HttpPaymentProvider wrongKey(m_baseUrl, "sk_test_wrong", waitMs);
    const Result<QVector<ProviderCharge>> refused
        = wrongKey.listCharges(QDateTime::currentDateTimeUtc().addDays(-1), QString());
    QVERIFY2(!refused.ok(), qPrintable(describe(refused)));
    QVERIFY2(refused.error().detail.contains(QLatin1String("401")), qPrintable(refused.error().detail));
}

void TestPaymentProvider::listBrokenOffIsAnError()
{
    // The first page is fine and promises more; the second fails. Half a list must not pass for all.
    ScriptedProvider provider([](int request, const QUrlQuery &query) -> QPair<int, QByteArray> {
        if (request == 1 && !query.hasQueryItem(QStringLiteral("starting_after")))
            return listAnswer({listedIntent(QStringLiteral("pi_first"), QStringLiteral("key-1"))}, true);
        if (query.queryItemValue(QStringLiteral("starting_after")) != QLatin1String("pi_first"))
            return {400, R"({"error":{"type":"invalid_request_error","code":"unexpected"}})"};
        return {503, R"({"error":{"type":"api_error","message":"try later"}})"};
    });
    QVERIFY(provider.listen());
    HttpPaymentProvider client(provider.url(), apiKey, waitMs);
    const Result<QVector<ProviderCharge>> listed = client.listCharges(QDateTime::currentDateTimeUtc(), QString());
    QVERIFY2(!listed.ok(), qPrintable(describe(listed)));
    QCOMPARE(listed.error().code, ErrorCode::Unavailable);
    QVERIFY2(listed.error().detail.contains(QLatin1String("503")), qPrintable(listed.error().detail));
    // The 503 was asked again, with backoff, before giving up.
    QCOMPARE(provider.requests(), 1 + HttpPaymentProvider::maxAttempts);
}

void TestPaymentProvider::listThatNeverEndsIsAnError()
{
    // Always one more page, each with a new intent: only the page limit ends this.
    ScriptedProvider provider([](int request, const QUrlQuery &) {
        return listAnswer({listedIntent(QStringLiteral("pi_%1").arg(request), QStringLiteral("key"))}, true);
    });
    QVERIFY(provider.listen());
    HttpPaymentProvider client(provider.url(), apiKey, waitMs);
    const Result<QVector<ProviderCharge>> listed = client.listCharges(QDateTime::currentDateTimeUtc(), QString());
    QVERIFY2(!listed.ok(), qPrintable(describe(listed)));
    QCOMPARE(listed.error().code, ErrorCode::Internal);
    QCOMPARE(provider.requests(), HttpPaymentProvider::maxListPages);
}

void TestPaymentProvider::listThatContradictsItselfIsAnError()
{
    const auto listWith = [](const QPair<int, QByteArray> &secondPage) {
        ScriptedProvider provider([secondPage](int request, const QUrlQuery &) {
            return request == 1 ? listAnswer({listedIntent(QStringLiteral("pi_a"), QStringLiteral("key-a"))}, true)
                                : secondPage;
        });
        if (!provider.listen())
            return Result<QVector<ProviderCharge>>(makeError(ErrorCode::Internal, QStringLiteral("no listen")));
        HttpPaymentProvider client(provider.url(), apiKey, waitMs);
        return client.listCharges(QDateTime::currentDateTimeUtc(), QString());
    };
    QJsonObject unexpanded = listedIntent(QStringLiteral("pi_b"), QStringLiteral("key-b"));
    unexpanded.insert(QStringLiteral("latest_charge"), QStringLiteral("ch_b"));
    QJsonObject noAmount = listedIntent(QStringLiteral("pi_c"), QStringLiteral("key-c"));
    noAmount.remove(QStringLiteral("amount"));

    const QList<QPair<QString, QPair<int, QByteArray>>> cases = {
        {QStringLiteral("the same intent again"),
         listAnswer({listedIntent(QStringLiteral("pi_a"), QStringLiteral("key-a"))}, false)},
        {QStringLiteral("an empty page that says there is more"), listAnswer({}, true)},
        {QStringLiteral("a refunded amount hidden behind an id"), listAnswer({unexpanded}, false)},
        {QStringLiteral("an intent without an amount"), listAnswer({noAmount}, false)},
        {QStringLiteral("not JSON"), {200, "<html>gateway</html>"}},
        {QStringLiteral("a refusal"), {404, R"({"error":{"type":"invalid_request_error"}})"}},
    };
    for (const auto &[what, secondPage] : cases) {
        const Result<QVector<ProviderCharge>> listed = listWith(secondPage);
        QVERIFY2(!listed.ok(), qPrintable(what + QStringLiteral(": ") + describe(listed)));
        QVERIFY2(listed.error().code == ErrorCode::Internal,
                 qPrintable(what + QStringLiteral(": ") + describe(listed)));
    }
}

void TestPaymentProvider::webhooksAreSignedAndParse()
{
    const OrderId order = newOrder();
    const QString orderId = QString::number(order);
    const Result<ChargeOutcome> charged = m_provider->charge(chargeRequest(newKey(QStringLiteral("wh")), order, 9000));
    QVERIFY2(charged.ok() && charged->status == ChargeStatus::Succeeded, qPrintable(describe(charged)));
    QTRY_COMPARE_WITH_TIMEOUT(m_receiver.forOrder(orderId).size(), 1, waitMs);

    const ReceivedWebhook webhook = m_receiver.forOrder(orderId).first();
    const WebhookDelivery delivery{webhook.body, webhook.signature};
    const Status verified = WebhookSignature::verify(delivery, webhookSecret, QDateTime::currentDateTimeUtc());
    QVERIFY2(verified.ok(), qPrintable(verified.ok() ? QString() : verified.error().message));
    QVERIFY(!WebhookSignature::verify(delivery, "whsec_wrong", QDateTime::currentDateTimeUtc()).ok());
    QByteArray tampered = webhook.body;
    tampered.replace("9000", "9001");
    QVERIFY(
        !WebhookSignature::verify({tampered, webhook.signature}, webhookSecret, QDateTime::currentDateTimeUtc()).ok());

    const Result<PaymentEvent> event = WebhookSignature::parseEvent(webhook.body);
    QVERIFY2(event.ok(), qPrintable(event.ok() ? QString() : event.error().message));
    QVERIFY(event->eventId.startsWith(QLatin1String("evt_")));
    QCOMPARE(event->type, QStringLiteral("payment_intent.succeeded"));
    QCOMPARE(event->providerPaymentId, charged->providerPaymentId);
    QCOMPARE(event->order, order);
    QCOMPARE(event->amount.minor(), qint64(9000));
    QVERIFY(qAbs(event->created.secsTo(QDateTime::currentDateTimeUtc())) < 3600);

    // A refund tells the total refunded so far.
    RefundRequest refund;
    refund.idempotencyKey = newKey(QStringLiteral("wh-refund"));
    refund.providerPaymentId = charged->providerPaymentId;
    refund.amount = Money(2500, QStringLiteral("EUR"));
    const Result<RefundOutcome> refunded = m_provider->refund(refund);
    QVERIFY2(refunded.ok() && refunded->status == ChargeStatus::Succeeded, qPrintable(describe(refunded)));
    QTRY_COMPARE_WITH_TIMEOUT(m_receiver.forOrder(orderId).size(), 2, waitMs);
    const ReceivedWebhook refundHook = m_receiver.forOrder(orderId).at(1);
    QVERIFY(WebhookSignature::verify({refundHook.body, refundHook.signature}, webhookSecret,
                                     QDateTime::currentDateTimeUtc())
                .ok());
    const Result<PaymentEvent> refundEvent = WebhookSignature::parseEvent(refundHook.body);
    QVERIFY2(refundEvent.ok(), qPrintable(refundEvent.ok() ? QString() : refundEvent.error().message));
    QCOMPARE(refundEvent->type, QStringLiteral("charge.refunded"));
    QCOMPARE(refundEvent->providerPaymentId, charged->providerPaymentId);
    QCOMPARE(refundEvent->order, order);
    QCOMPARE(refundEvent->amount.minor(), qint64(2500));
    QVERIFY(refundEvent->eventId != event->eventId);

    // A decline has its own event.
    QVERIFY(plan({QStringLiteral("decline")}));
    const OrderId declinedOrder = newOrder();
    const Result<ChargeOutcome> declined
        = m_provider->charge(chargeRequest(newKey(QStringLiteral("wh-decline")), declinedOrder));
    QVERIFY2(declined.ok() && declined->status == ChargeStatus::Declined, qPrintable(describe(declined)));
    QTRY_COMPARE_WITH_TIMEOUT(m_receiver.forOrder(QString::number(declinedOrder)).size(), 1, waitMs);
    const Result<PaymentEvent> failed
        = WebhookSignature::parseEvent(m_receiver.forOrder(QString::number(declinedOrder)).first().body);
    QVERIFY(failed.ok());
    QCOMPARE(failed->type, QStringLiteral("payment_intent.payment_failed"));
    QCOMPARE(failed->providerPaymentId, declined->providerPaymentId);
}

void TestPaymentProvider::webhookRetriedAfterFailures()
{
    const OrderId order = newOrder();
    const QString orderId = QString::number(order);
    m_receiver.failNext(orderId, 2);
    const Result<ChargeOutcome> charged = m_provider->charge(chargeRequest(newKey(QStringLiteral("wh-retry")), order));
    QVERIFY2(charged.ok() && charged->status == ChargeStatus::Succeeded, qPrintable(describe(charged)));

    QTRY_COMPARE_WITH_TIMEOUT(m_receiver.forOrder(orderId).size(), 3, waitMs);
    const QList<ReceivedWebhook> received = m_receiver.forOrder(orderId);
    QCOMPARE(received.at(0).answeredWith, 500);
    QCOMPARE(received.at(1).answeredWith, 500);
    QCOMPARE(received.at(2).answeredWith, 200);
    for (const ReceivedWebhook &webhook : received) {
        // Every attempt is the same event, freshly signed.
        QCOMPARE(webhook.eventId, received.first().eventId);
        QCOMPARE(webhook.body, received.first().body);
        QVERIFY(
            WebhookSignature::verify({webhook.body, webhook.signature}, webhookSecret, QDateTime::currentDateTimeUtc())
                .ok());
    }
}

void TestPaymentProvider::webhookDuplicates()
{
    QVERIFY(control("POST", QStringLiteral("/control/webhooks"), {{QStringLiteral("duplicate"), 2}}));
    const OrderId order = newOrder();
    const QString orderId = QString::number(order);
    const Result<ChargeOutcome> charged = m_provider->charge(chargeRequest(newKey(QStringLiteral("wh-dup")), order));
    QVERIFY2(charged.ok() && charged->status == ChargeStatus::Succeeded, qPrintable(describe(charged)));

    QTRY_COMPARE_WITH_TIMEOUT(m_receiver.forOrder(orderId).size(), 3, waitMs);
    const QList<ReceivedWebhook> received = m_receiver.forOrder(orderId);
    for (const ReceivedWebhook &webhook : received) {
        QCOMPARE(webhook.eventId, received.first().eventId);
        QCOMPARE(webhook.answeredWith, 200);
    }
}

void TestPaymentProvider::webhooksReordered()
{
    QVERIFY(control("POST", QStringLiteral("/control/webhooks"), {{QStringLiteral("reorder"), true}}));
    QStringList orders;
    for (int i = 0; i < 4; ++i) {
        const OrderId order = newOrder();
        orders.append(QString::number(order));
        const Result<ChargeOutcome> charged
            = m_provider->charge(chargeRequest(newKey(QStringLiteral("wh-reorder")), order));
        QVERIFY2(charged.ok() && charged->status == ChargeStatus::Succeeded, qPrintable(describe(charged)));
    }
    QJsonObject held;
    QVERIFY(control("GET", QStringLiteral("/control/state"), {}, &held));
    QVERIFY(held[QStringLiteral("deliveries")][QStringLiteral("held")].toInt() >= orders.size());
    for (const QString &order : std::as_const(orders))
        QVERIFY(m_receiver.forOrder(order).isEmpty());

    QVERIFY(control("POST", QStringLiteral("/control/webhooks/flush")));
    for (const QString &order : std::as_const(orders))
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver.forOrder(order).size(), 1, waitMs);

    // The fake sends first attempts one after another, so the order they arrive in is its shuffled one.
    const QStringList arrivalOrder = m_receiver.arrivalOrder(orders);
    QCOMPARE(arrivalOrder.size(), orders.size());
    QVERIFY2(arrivalOrder != orders, qPrintable(arrivalOrder.join(QLatin1Char(' '))));
}

void TestPaymentProvider::webhooksPausedThenReleased()
{
    QVERIFY(control("POST", QStringLiteral("/control/webhooks"), {{QStringLiteral("paused"), true}}));
    QStringList orders;
    for (int i = 0; i < 3; ++i) {
        const OrderId order = newOrder();
        orders.append(QString::number(order));
        const Result<ChargeOutcome> charged
            = m_provider->charge(chargeRequest(newKey(QStringLiteral("wh-pause")), order));
        QVERIFY2(charged.ok() && charged->status == ChargeStatus::Succeeded, qPrintable(describe(charged)));
    }
    QTest::qWait(300);
    for (const QString &order : std::as_const(orders))
        QVERIFY(m_receiver.forOrder(order).isEmpty());

    // Unpausing sends what was held, in the order it happened.
    QVERIFY(control("POST", QStringLiteral("/control/webhooks"), {{QStringLiteral("paused"), false}}));
    for (const QString &order : std::as_const(orders))
        QTRY_COMPARE_WITH_TIMEOUT(m_receiver.forOrder(order).size(), 1, waitMs);
    QCOMPARE(m_receiver.arrivalOrder(orders), orders);
}

QTEST_GUILESS_MAIN(TestPaymentProvider)
#include "tst_paymentprovider.moc"
