#include "domain/payments.h"

#include <QTest>

using namespace boxoffice;

namespace {

// Computed outside this code base, with Python's hmac module:
//   hmac.new(b"whsec_5f8e2a0c9d1b47e6", b"1764432000." + body, hashlib.sha256).hexdigest()
const QByteArray secret = "whsec_5f8e2a0c9d1b47e6";
const QByteArray body
    = R"({"id":"evt_1PvXq2","object":"event","type":"payment_intent.succeeded","created":1764432000,)"
      R"("data":{"object":{"id":"pi_3PvXq2","amount":9000,"currency":"eur","metadata":{"order_id":"42"}}}})";
const qint64 timestamp = 1764432000;
const QByteArray expectedHex = "d125c2d3ff39e63fb00dbd5ae7ab9a24808158eaf633089e1a646ef4f7bfaaaf";
// The same body and time signed with the secret "other".
const QByteArray otherSecretHex = "d1458fefa929d610079923c7e09d477622124e53fe60d237c147d91c11067acd";

QDateTime at(qint64 seconds)
{
    return QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC);
}

QByteArray header(const QByteArray &v1, qint64 t = timestamp)
{
    return "t=" + QByteArray::number(t) + ",v1=" + v1;
}

} // namespace

class TestWebhookSignature : public QObject
{
    Q_OBJECT

private slots:
    void signMatchesKnownVector();
    void verifyAcceptsTheSignedBody();
    void verify_data();
    void verify();
    void toleranceIsInclusive();
    void emptySecretIsRefused();
    void parseSucceeded();
    void parseFailed();
    void parseRefundedCharge();
    void parseRefundObject();
    void parseRefuses_data();
    void parseRefuses();
    void statusNames();
};

void TestWebhookSignature::signMatchesKnownVector()
{
    QCOMPARE(WebhookSignature::sign(body, secret, timestamp), header(expectedHex));
}

void TestWebhookSignature::verifyAcceptsTheSignedBody()
{
    const WebhookDelivery delivery{body, WebhookSignature::sign(body, secret, timestamp)};
    const Status status = WebhookSignature::verify(delivery, secret, at(timestamp + 10));
    QVERIFY2(status.ok(), qPrintable(status.ok() ? QString() : status.error().message));
}

void TestWebhookSignature::verify_data()
{
    QTest::addColumn<QByteArray>("rawBody");
    QTest::addColumn<QByteArray>("signatureHeader");
    QTest::addColumn<QByteArray>("key");
    QTest::addColumn<qint64>("now");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QString>("messagePart");

    QByteArray flippedBody = body;
    flippedBody[10] = flippedBody[10] ^ 0x01;
    QByteArray flippedSignature = expectedHex;
    flippedSignature[63] = flippedSignature[63] == '0' ? '1' : '0';
    const QByteArray good = header(expectedHex);

    QTest::newRow("known vector") << body << good << secret << timestamp << true << "";
    QTest::newRow("upper-case hex") << body << header(expectedHex.toUpper()) << secret << timestamp << true << "";
    QTest::newRow("spaces around fields")
        << body << " t = 1764432000 , v1 = " + expectedHex << secret << timestamp << true << "";
    QTest::newRow("fields in another order")
        << body << "v1=" + expectedHex + ",t=1764432000" << secret << timestamp << true << "";
    QTest::newRow("unknown keys ignored")
        << body << "t=1764432000,v0=abc,scheme=x,v1=" + expectedHex << secret << timestamp << true << "";
    QTest::newRow("second of several v1 matches")
        << body << header(otherSecretHex) + ",v1=" + expectedHex << secret << timestamp << true << "";
    QTest::newRow("first of several v1 matches")
        << body << header(expectedHex) + ",v1=" + otherSecretHex << secret << timestamp << true << "";
    QTest::newRow("garbled v1 next to a good one")
        << body << header("zz-not-hex") + ",v1=" + expectedHex << secret << timestamp << true << "";

    QTest::newRow("wrong secret") << body << good << QByteArray("whsec_wrong") << timestamp << false
                                  << "does not match";
    QTest::newRow("signed with another secret")
        << body << header(otherSecretHex) << secret << timestamp << false << "does not match";
    QTest::newRow("body byte flipped") << flippedBody << good << secret << timestamp << false << "does not match";
    QTest::newRow("body with trailing newline") << body + "\n"
                                                << good << secret << timestamp << false << "does not match";
    QTest::newRow("signature byte flipped")
        << body << header(flippedSignature) << secret << timestamp << false << "does not match";
    QTest::newRow("signature cut short") << body << header(expectedHex.left(62)) << secret << timestamp << false
                                         << "does not match";
    QTest::newRow("signature too long") << body << header(expectedHex + "00") << secret << timestamp << false
                                        << "does not match";
    QTest::newRow("timestamp changed") << body << header(expectedHex, timestamp + 1) << secret << timestamp + 1 << false
                                       << "does not match";
    QTest::newRow("several v1, none matching") << body << header(otherSecretHex) + ",v1=" + flippedSignature << secret
                                               << timestamp << false << "does not match";

    QTest::newRow("old timestamp") << body << good << secret << timestamp + 301 << false << "301 seconds ago";
    QTest::newRow("very old timestamp") << body << good << secret << timestamp + 86400 * 365 << false << "seconds ago";
    QTest::newRow("future timestamp") << body << good << secret << timestamp - 301 << false << "in the future";

    QTest::newRow("empty header") << body << QByteArray() << secret << timestamp << false << "no signature header";
    QTest::newRow("blank header") << body << QByteArray("   ") << secret << timestamp << false << "no signature header";
    QTest::newRow("only a signature") << body << "v1=" + expectedHex << secret << timestamp << false << "no timestamp";
    QTest::newRow("only a timestamp") << body << QByteArray("t=1764432000") << secret << timestamp << false
                                      << "no v1 signature";
    QTest::newRow("v0 only") << body << "t=1764432000,v0=" + expectedHex << secret << timestamp << false
                             << "no v1 signature";
    QTest::newRow("no equals sign") << body << QByteArray("garbage") << secret << timestamp << false << "malformed";
    QTest::newRow("empty field") << body << "t=1764432000,,v1=" + expectedHex << secret << timestamp << false
                                 << "malformed";
    QTest::newRow("timestamp not a number")
        << body << "t=yesterday,v1=" + expectedHex << secret << timestamp << false << "not a number";
    QTest::newRow("negative timestamp") << body << "t=-5,v1=" + expectedHex << secret << timestamp << false
                                        << "not a number";
    QTest::newRow("empty timestamp") << body << "t=,v1=" + expectedHex << secret << timestamp << false
                                     << "not a number";
    QTest::newRow("huge timestamp") << body << "t=99999999999999999999,v1=" + expectedHex << secret << timestamp
                                    << false << "not a number";
    QTest::newRow("two timestamps") << body << "t=1764432000,t=1764432000,v1=" + expectedHex << secret << timestamp
                                    << false << "more than one timestamp";
    QTest::newRow("header far too long") << body << good + ",x=" + QByteArray(5000, 'a') << secret << timestamp << false
                                         << "too long";
}

void TestWebhookSignature::verify()
{
    QFETCH(QByteArray, rawBody);
    QFETCH(QByteArray, signatureHeader);
    QFETCH(QByteArray, key);
    QFETCH(qint64, now);
    QFETCH(bool, accepted);
    QFETCH(QString, messagePart);

    const Status status = WebhookSignature::verify(WebhookDelivery{rawBody, signatureHeader}, key, at(now), 300);
    if (accepted) {
        QVERIFY2(status.ok(), qPrintable(status.ok() ? QString() : status.error().message));
        return;
    }
    QVERIFY(!status.ok());
    QCOMPARE(status.error().code, ErrorCode::BadInput);
    QVERIFY2(status.error().message.contains(messagePart), qPrintable(status.error().message));
}

void TestWebhookSignature::toleranceIsInclusive()
{
    const WebhookDelivery delivery{body, header(expectedHex)};
    QVERIFY(WebhookSignature::verify(delivery, secret, at(timestamp + 60), 60).ok());
    QVERIFY(WebhookSignature::verify(delivery, secret, at(timestamp - 60), 60).ok());
    QVERIFY(!WebhookSignature::verify(delivery, secret, at(timestamp + 61), 60).ok());
    QVERIFY(!WebhookSignature::verify(delivery, secret, at(timestamp - 61), 60).ok());
    QVERIFY(WebhookSignature::verify(delivery, secret, at(timestamp), 0).ok());
}

void TestWebhookSignature::emptySecretIsRefused()
{
    // With no secret anyone could sign: HMAC with an empty key is just as easy to compute.
    const QByteArray forged = WebhookSignature::sign(body, QByteArray(), timestamp);
    const Status status = WebhookSignature::verify(WebhookDelivery{body, forged}, QByteArray(), at(timestamp));
    QVERIFY(!status.ok());
    QCOMPARE(status.error().code, ErrorCode::BadInput);
}

void TestWebhookSignature::parseSucceeded()
{
    const Result<PaymentEvent> event = WebhookSignature::parseEvent(body);
    QVERIFY2(event.ok(), qPrintable(event.ok() ? QString() : event.error().message));
    QCOMPARE(event->eventId, QStringLiteral("evt_1PvXq2"));
    QCOMPARE(event->type, QStringLiteral("payment_intent.succeeded"));
    QCOMPARE(event->providerPaymentId, QStringLiteral("pi_3PvXq2"));
    QCOMPARE(event->order, OrderId(42));
    QCOMPARE(event->amount.minor(), qint64(9000));
    QCOMPARE(event->created, at(timestamp));
}

void TestWebhookSignature::parseFailed()
{
    const QByteArray failed = R"({"id":"evt_2","type":"payment_intent.payment_failed","created":1764432001,
        "data":{"object":{"id":"pi_9","object":"payment_intent","amount":1250,"status":"requires_payment_method",
        "metadata":{"order_id":7},"last_payment_error":{"code":"card_declined"}}}})";
    const Result<PaymentEvent> event = WebhookSignature::parseEvent(failed);
    QVERIFY2(event.ok(), qPrintable(event.ok() ? QString() : event.error().message));
    QCOMPARE(event->type, QStringLiteral("payment_intent.payment_failed"));
    QCOMPARE(event->providerPaymentId, QStringLiteral("pi_9"));
    QCOMPARE(event->order, OrderId(7));
    QCOMPARE(event->amount.minor(), qint64(1250));
}

void TestWebhookSignature::parseRefundedCharge()
{
    // A charge: the amount is what has been refunded so far, not what was charged.
    const QByteArray refunded = R"({"id":"evt_3","type":"charge.refunded","created":1764432002,
        "data":{"object":{"id":"ch_1","object":"charge","payment_intent":"pi_3PvXq2","amount":9000,
        "amount_refunded":4500,"metadata":{"order_id":"42"}}}})";
    const Result<PaymentEvent> event = WebhookSignature::parseEvent(refunded);
    QVERIFY2(event.ok(), qPrintable(event.ok() ? QString() : event.error().message));
    QCOMPARE(event->type, QStringLiteral("charge.refunded"));
    QCOMPARE(event->providerPaymentId, QStringLiteral("pi_3PvXq2"));
    QCOMPARE(event->order, OrderId(42));
    QCOMPARE(event->amount.minor(), qint64(4500));
}

void TestWebhookSignature::parseRefundObject()
{
    const QByteArray refunded = R"({"id":"evt_4","type":"charge.refund.updated","created":1764432003,
        "data":{"object":{"id":"re_1","object":"refund","payment_intent":"pi_5","amount":300}}})";
    const Result<PaymentEvent> event = WebhookSignature::parseEvent(refunded);
    QVERIFY2(event.ok(), qPrintable(event.ok() ? QString() : event.error().message));
    QCOMPARE(event->providerPaymentId, QStringLiteral("pi_5"));
    QCOMPARE(event->amount.minor(), qint64(300));
    QCOMPARE(event->order, OrderId(0)); // no metadata: not an order of ours
}

void TestWebhookSignature::parseRefuses_data()
{
    QTest::addColumn<QByteArray>("rawBody");
    QTest::addColumn<QString>("messagePart");

    const QByteArray object = R"("data":{"object":{"id":"pi_1","amount":100,"metadata":{"order_id":"3"}}})";
    QTest::newRow("empty") << QByteArray() << "not a JSON object";
    QTest::newRow("not json") << QByteArray("t=1,v1=ab") << "not a JSON object";
    QTest::newRow("array") << QByteArray("[1,2]") << "not a JSON object";
    QTest::newRow("no id") << R"({"type":"payment_intent.succeeded","created":1,)" + object + "}"
                           << "no id";
    QTest::newRow("no type") << R"({"id":"evt_1","created":1,)" + object + "}"
                             << "no type";
    QTest::newRow("no created") << R"({"id":"evt_1","type":"payment_intent.succeeded",)" + object + "}"
                                << "\"created\"";
    QTest::newRow("no data") << QByteArray(R"({"id":"evt_1","type":"payment_intent.succeeded","created":1})")
                             << "no data object";
    QTest::newRow("not a payment event") << R"({"id":"evt_1","type":"customer.created","created":1,)" + object + "}"
                                         << "not a payment event";
    QTest::newRow("no payment intent id")
        << QByteArray(R"({"id":"evt_1","type":"payment_intent.succeeded","created":1,"data":{"object":{"amount":1}}})")
        << "names no payment intent";
    QTest::newRow("charge without intent")
        << QByteArray(R"({"id":"e","type":"charge.refunded","created":1,"data":{"object":{"amount_refunded":1}}})")
        << "names no payment intent";
    QTest::newRow("fractional amount") << QByteArray(
        R"({"id":"e","type":"payment_intent.succeeded","created":1,"data":{"object":{"id":"pi_1",)"
        R"("amount":12.5}}})") << "whole";
    QTest::newRow("amount as text") << QByteArray(
        R"({"id":"e","type":"payment_intent.succeeded","created":1,"data":{"object":{"id":"pi_1",)"
        R"("amount":"100"}}})") << "whole";
    QTest::newRow("negative amount") << QByteArray(
        R"({"id":"e","type":"payment_intent.succeeded","created":1,"data":{"object":{"id":"pi_1",)"
        R"("amount":-100}}})") << "whole";
    QTest::newRow("garbled order") << QByteArray(
        R"({"id":"e","type":"payment_intent.succeeded","created":1,"data":{"object":{"id":"pi_1",)"
        R"("amount":100,"metadata":{"order_id":"forty-two"}}}})")
                                   << "order id";
}

void TestWebhookSignature::parseRefuses()
{
    QFETCH(QByteArray, rawBody);
    QFETCH(QString, messagePart);
    const Result<PaymentEvent> event = WebhookSignature::parseEvent(rawBody);
    QVERIFY(!event.ok());
    QCOMPARE(event.error().code, ErrorCode::BadInput);
    QVERIFY2(event.error().message.contains(messagePart), qPrintable(event.error().message));
}

void TestWebhookSignature::statusNames()
{
    QCOMPARE(chargeStatusName(ChargeStatus::Succeeded), QStringLiteral("succeeded"));
    QCOMPARE(chargeStatusName(ChargeStatus::Declined), QStringLiteral("declined"));
    QCOMPARE(chargeStatusName(ChargeStatus::Unknown), QStringLiteral("unknown"));
}

QTEST_GUILESS_MAIN(TestWebhookSignature)
#include "tst_webhooksignature.moc"
