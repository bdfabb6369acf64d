// Cards as the fake provider keeps them, through the real boxoffice-fakepay process and the shop's
// provider client: one card has one fingerprint however its number is written, different cards have
// different ones, and only the provider can make one. No database.

#include "fakepayprocess.h"

#include "domain/cardfingerprint.h"
#include "payments/httppaymentprovider.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QTest>
#include <QTimer>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {
const QString apiKey = QStringLiteral("sk_test_paymentmethods");
const QString visa = QStringLiteral("4242424242424242");
} // namespace

class TestPaymentMethods : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void oneCardOneFingerprintHoweverWritten_data();
    void oneCardOneFingerprintHoweverWritten();
    void differentCardsDifferentFingerprints();
    void theLookupAnswersAsTheCardWasMade();
    void anotherProviderGivesAnotherFingerprint();
    void badCardNumbersAreRefused_data();
    void badCardNumbersAreRefused();
    void unknownAndMalformedIds();
    void cardsNeedTheApiKey();
    void aBrowserMakesACardWithThePublishableKeyOnly();
    void aChargeNamesItsPaymentMethod();
    void theStoredShapeOfAFingerprint_data();
    void theStoredShapeOfAFingerprint();

private:
    QString fingerprint(const QJsonObject &made) const
    {
        return made.value(QStringLiteral("card")).toObject().value(QStringLiteral("fingerprint")).toString();
    }

    FakePayProcess m_fakepay;
    std::unique_ptr<HttpPaymentProvider> m_provider;
};

void TestPaymentMethods::initTestCase()
{
    const QString failure = m_fakepay.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    m_provider = std::make_unique<HttpPaymentProvider>(m_fakepay.baseUrl(), apiKey.toUtf8(), 20000);
}

void TestPaymentMethods::oneCardOneFingerprintHoweverWritten_data()
{
    QTest::addColumn<QString>("number");
    QTest::newRow("spaces") << QStringLiteral("4242 4242 4242 4242");
    QTest::newRow("dashes") << QStringLiteral("4242-4242-4242-4242");
    QTest::newRow("dots and slashes") << QStringLiteral("4242.4242/4242.4242");
    QTest::newRow("leading and trailing blanks") << QStringLiteral("  4242424242424242\t");
    QTest::newRow("zero-width space") << QStringLiteral("4242\u200B4242\u200B4242\u200B4242");
    QTest::newRow("no-break space") << QStringLiteral("4242\u00A04242\u00A04242\u00A04242");
    QTest::newRow("full-width digits") << QStringLiteral("\uFF14\uFF12\uFF14\uFF12 4242 4242 4242");
}

void TestPaymentMethods::oneCardOneFingerprintHoweverWritten()
{
    QFETCH(QString, number);
    const QJsonObject plain = m_fakepay.addCard(apiKey, visa);
    const QJsonObject written = m_fakepay.addCard(apiKey, number, QDate::currentDate().year() + 5);
    QVERIFY2(!fingerprint(plain).isEmpty(), QJsonDocument(plain).toJson().constData());
    QVERIFY2(!fingerprint(written).isEmpty(), QJsonDocument(written).toJson().constData());
    // Two payment methods of one card: their own ids, the card's one fingerprint (the expiry aside).
    QVERIFY(plain.value(QStringLiteral("id")).toString() != written.value(QStringLiteral("id")).toString());
    QCOMPARE(fingerprint(written), fingerprint(plain));
    QCOMPARE(written.value(QStringLiteral("card")).toObject().value(QStringLiteral("last4")).toString(),
             QStringLiteral("4242"));
}

void TestPaymentMethods::differentCardsDifferentFingerprints()
{
    const QList<QPair<QString, QString>> cards{
        {visa, QStringLiteral("visa")},
        {QStringLiteral("4000056655665556"), QStringLiteral("visa")},
        {QStringLiteral("4000000000000077"), QStringLiteral("visa")},
        {QStringLiteral("5555555555554444"), QStringLiteral("mastercard")},
        {QStringLiteral("2223003122003222"), QStringLiteral("mastercard")},
        {QStringLiteral("378282246310005"), QStringLiteral("amex")},
        {QStringLiteral("6011111111111117"), QStringLiteral("unknown")},
    };
    QSet<QString> seen;
    for (const auto &[number, brand] : cards) {
        const QJsonObject made = m_fakepay.addCard(apiKey, number);
        const QString print = fingerprint(made);
        QVERIFY2(!print.isEmpty(), qPrintable(number));
        QVERIFY2(!seen.contains(print), qPrintable(number + QStringLiteral(" shares a fingerprint")));
        seen.insert(print);
        QCOMPARE(made.value(QStringLiteral("card")).toObject().value(QStringLiteral("brand")).toString(), brand);
        QCOMPARE(made.value(QStringLiteral("card")).toObject().value(QStringLiteral("last4")).toString(),
                 number.right(4));
        // Nothing a shop could work out from the number itself.
        const QByteArray plainHash = QCryptographicHash::hash(number.toLatin1(), QCryptographicHash::Sha256).toHex();
        QVERIFY(!plainHash.startsWith(print.toLatin1()));
        // And every one fits the shape a cart stores.
        QVERIFY(cardFingerprint(print).ok());
    }
    QCOMPARE(seen.size(), cards.size());
}

void TestPaymentMethods::theLookupAnswersAsTheCardWasMade()
{
    const QJsonObject made = m_fakepay.addCard(apiKey, QStringLiteral("5555 5555 5555 4444"));
    const Result<PaymentCard> found = m_provider->paymentMethod(made.value(QStringLiteral("id")).toString());
    QVERIFY2(found.ok(), found.ok() ? "" : qPrintable(found.error().message));
    QCOMPARE(found->paymentMethod, made.value(QStringLiteral("id")).toString());
    QCOMPARE(found->fingerprint, fingerprint(made));
    QCOMPARE(found->last4, QStringLiteral("4444"));
    QCOMPARE(found->brand, QStringLiteral("mastercard"));
    // Asked again, the same answer: a fingerprint is the card's for good.
    QCOMPARE(m_provider->paymentMethod(made.value(QStringLiteral("id")).toString())->fingerprint, fingerprint(made));
}

void TestPaymentMethods::anotherProviderGivesAnotherFingerprint()
{
    // Each fake draws its own secret: the fingerprint is the provider's, not a function of the number
    // anyone could evaluate.
    FakePayProcess other;
    const QString failure = other.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    const QString here = fingerprint(m_fakepay.addCard(apiKey, visa));
    const QString there = fingerprint(other.addCard(apiKey, visa));
    QVERIFY(!here.isEmpty() && !there.isEmpty());
    QVERIFY(here != there);
}

void TestPaymentMethods::badCardNumbersAreRefused_data()
{
    QTest::addColumn<QString>("number");
    QTest::addColumn<int>("expYear");
    QTest::addColumn<QString>("code");
    const int valid = QDate::currentDate().year() + 2;
    QTest::newRow("check digit") << QStringLiteral("4242424242424241") << valid << QStringLiteral("incorrect_number");
    QTest::newRow("letters") << QStringLiteral("4242 4242 4242 424X") << valid << QStringLiteral("incorrect_number");
    QTest::newRow("too short") << QStringLiteral("42424242") << valid << QStringLiteral("incorrect_number");
    QTest::newRow("too long") << QStringLiteral("42424242424242424242") << valid << QStringLiteral("incorrect_number");
    // Sent as "card[number]=": Stripe reads an empty value as unsetting a parameter that cannot be unset.
    QTest::newRow("empty") << QString() << valid << QStringLiteral("parameter_invalid_empty");
    QTest::newRow("expired") << visa << QDate::currentDate().year() - 1 << QStringLiteral("invalid_expiry_year");
}

void TestPaymentMethods::badCardNumbersAreRefused()
{
    QFETCH(QString, number);
    QFETCH(int, expYear);
    QFETCH(QString, code);
    const QJsonObject refused = m_fakepay.addCard(apiKey, number, expYear);
    QVERIFY(!refused.contains(QStringLiteral("id")));
    QCOMPARE(refused.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(), code);
}

void TestPaymentMethods::unknownAndMalformedIds()
{
    const Result<PaymentCard> unknown = m_provider->paymentMethod(QStringLiteral("pm_NoSuchCard1234"));
    QVERIFY(!unknown.ok());
    QCOMPARE(unknown.error().code, ErrorCode::NotFound);
    for (const QString &malformed :
         {QString(), QStringLiteral("pm_"), QStringLiteral("card_123"), QStringLiteral("pm_../v1/payment_intents"),
          QStringLiteral("pm_abc\u200B"), QStringLiteral("pm_abc?x=1"),
          QStringLiteral("pm_") + QString(101, QLatin1Char('a'))}) {
        const Result<PaymentCard> refused = m_provider->paymentMethod(malformed);
        QVERIFY2(!refused.ok(), qPrintable(malformed));
        QCOMPARE(refused.error().code, ErrorCode::BadInput);
    }
    // A provider that does not answer is not a card that does not exist.
    HttpPaymentProvider nowhere(QUrl(QStringLiteral("http://127.0.0.1:1")), apiKey.toUtf8(), 2000);
    const Result<PaymentCard> unreachable = nowhere.paymentMethod(QStringLiteral("pm_abc"));
    QVERIFY(!unreachable.ok());
    QCOMPARE(unreachable.error().code, ErrorCode::Unavailable);
}

void TestPaymentMethods::cardsNeedTheApiKey()
{
    // Stripe's 401 carries no code, only its type and message.
    const QJsonObject refused = m_fakepay.addCard(QStringLiteral("sk_wrong"), visa);
    QVERIFY(!refused.contains(QStringLiteral("id")));
    QCOMPARE(refused.value(QStringLiteral("error")).toObject().value(QStringLiteral("type")).toString(),
             QStringLiteral("invalid_request_error"));
    QVERIFY2(refused.value(QStringLiteral("error"))
                 .toObject()
                 .value(QStringLiteral("message"))
                 .toString()
                 .startsWith(QLatin1String("Invalid API Key provided")),
             QJsonDocument(refused).toJson().constData());
    const QJsonObject made = m_fakepay.addCard(apiKey, visa);
    HttpPaymentProvider wrongKey(m_fakepay.baseUrl(), "sk_wrong", 20000);
    const Result<PaymentCard> lookedUp = wrongKey.paymentMethod(made.value(QStringLiteral("id")).toString());
    QVERIFY(!lookedUp.ok());
    QCOMPARE(lookedUp.error().code, ErrorCode::Unavailable);
}

void TestPaymentMethods::aBrowserMakesACardWithThePublishableKeyOnly()
{
    // The shop's page sends the card to the provider itself (as with Stripe.js), so the number never
    // reaches the shop: only a payment method can be made that way, with the public key, from the
    // shop's origin.
    FakePayProcess browsable;
    browsable.extraArguments = {QStringLiteral("--publishable-key"), QStringLiteral("pk_test_page"),
                                QStringLiteral("--allow-origin"), QStringLiteral("https://shop.test")};
    const QString failure = browsable.start(QString::fromUtf8(BOXOFFICE_FAKEPAY), apiKey, {}, {});
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    QNetworkAccessManager network;
    struct Reply
    {
        int status = 0;
        QJsonObject json;
        QByteArray allowOrigin;
    };
    const auto call = [&](const QByteArray &method, const QString &path, const QByteArray &origin,
                          const QByteArray &key, const QByteArray &body = {}) {
        QNetworkRequest request(browsable.baseUrl().resolved(QUrl(path)));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/x-www-form-urlencoded"));
        if (!origin.isEmpty())
            request.setRawHeader("Origin", origin);
        if (!key.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + key);
        QNetworkReply *reply = network.sendCustomRequest(request, method, body);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        loop.exec();
        Reply answer{reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                     QJsonDocument::fromJson(reply->readAll()).object(),
                     reply->rawHeader("Access-Control-Allow-Origin")};
        reply->deleteLater();
        return answer;
    };
    // Form-encoded, as Stripe.js posts a card.
    const QByteArray card = "type=card&card[number]=4242+4242+4242+4242&card[exp_month]=12&card[exp_year]="
        + QByteArray::number(QDate::currentDate().year() + 4);

    const Reply preflight = call("OPTIONS", QStringLiteral("/v1/payment_methods"), "https://shop.test", {});
    QCOMPARE(preflight.status, 204);
    QCOMPARE(preflight.allowOrigin, QByteArray("https://shop.test"));
    const Reply otherSite = call("OPTIONS", QStringLiteral("/v1/payment_methods"), "https://evil.test", {});
    QCOMPARE(otherSite.status, 403);
    QVERIFY(otherSite.allowOrigin.isEmpty());

    const Reply made = call("POST", QStringLiteral("/v1/payment_methods"), "https://shop.test", "pk_test_page", card);
    QCOMPARE(made.status, 200);
    QCOMPARE(made.allowOrigin, QByteArray("https://shop.test"));
    const QString id = made.json.value(QStringLiteral("id")).toString();
    QVERIFY(id.startsWith(QStringLiteral("pm_")));
    QCOMPARE(call("POST", QStringLiteral("/v1/payment_methods"), "https://evil.test", "pk_test_page", card).status,
             403);
    // The public key reads nothing and charges nothing, with or without an origin.
    QCOMPARE(call("GET", QStringLiteral("/v1/payment_methods/") + id, {}, "pk_test_page").status, 401);
    QCOMPARE(call("GET", QStringLiteral("/v1/payment_methods/") + id, "https://shop.test", "pk_test_page").status, 401);
    QCOMPARE(call("POST", QStringLiteral("/v1/payment_intents"), {}, "pk_test_page", "amount=100&currency=eur").status,
             401);
    QCOMPARE(call("POST", QStringLiteral("/v1/payment_methods"), "https://shop.test", "pk_test_page",
                  "type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2031&card[colour]=red")
                 .json.value(QStringLiteral("error"))
                 .toObject()
                 .value(QStringLiteral("param"))
                 .toString(),
             QStringLiteral("card[colour]"));
    // The shop's server sees the browser's card as any other, with the same fingerprint.
    HttpPaymentProvider shop(browsable.baseUrl(), apiKey.toUtf8(), 20000);
    const Result<PaymentCard> seen = shop.paymentMethod(id);
    QVERIFY2(seen.ok(), seen.ok() ? "" : qPrintable(seen.error().message));
    QCOMPARE(seen->last4, QStringLiteral("4242"));
    QCOMPARE(seen->fingerprint, fingerprint(browsable.addCard(apiKey, visa)));
}

void TestPaymentMethods::aChargeNamesItsPaymentMethod()
{
    const QJsonObject made = m_fakepay.addCard(apiKey, visa);
    ChargeRequest request;
    request.idempotencyKey = QStringLiteral("pm-test-%1").arg(QDateTime::currentMSecsSinceEpoch());
    request.order = 7;
    request.amount = Money(1200, QStringLiteral("EUR"));
    request.paymentMethod = made.value(QStringLiteral("id")).toString();
    const Result<ChargeOutcome> paid = m_provider->charge(request);
    QVERIFY(paid.ok());
    QCOMPARE(paid->status, ChargeStatus::Succeeded);

    request.idempotencyKey += QStringLiteral("-forged");
    request.paymentMethod = QStringLiteral("pm_forged0000");
    const Result<ChargeOutcome> forged = m_provider->charge(request);
    QVERIFY(!forged.ok());
    QCOMPARE(forged.error().code, ErrorCode::BadInput);
}

void TestPaymentMethods::theStoredShapeOfAFingerprint_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("hex") << QStringLiteral("3654b0cd783699049b89a83b") << true;
    QTest::newRow("stripe-like") << QStringLiteral("Xt5EWLLDS7FJjR1c") << true;
    QTest::newRow("underscore and dash") << QStringLiteral("fp_card-42") << true;
    QTest::newRow("64") << QString(64, QLatin1Char('a')) << true;
    QTest::newRow("65") << QString(65, QLatin1Char('a')) << false;
    QTest::newRow("3") << QStringLiteral("abc") << false;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("zero-width space") << QStringLiteral("CARD\u200BYYYY") << false;
    QTest::newRow("trailing blank") << QStringLiteral("CARD-YYYY ") << false;
    QTest::newRow("cyrillic a") << QStringLiteral("c\u0430rd-yyyy") << false;
    QTest::newRow("control") << QStringLiteral("card\u0001yyyy") << false;
    QTest::newRow("quote") << QStringLiteral("card'yyyy") << false;
}

void TestPaymentMethods::theStoredShapeOfAFingerprint()
{
    QFETCH(QString, text);
    QFETCH(bool, accepted);
    const Result<QString> checked = cardFingerprint(text);
    QCOMPARE(checked.ok(), accepted);
    if (accepted)
        QCOMPARE(checked.value(), text);
    else
        QCOMPARE(checked.error().code, ErrorCode::BadInput);
}

QTEST_GUILESS_MAIN(TestPaymentMethods)
#include "tst_paymentmethods.moc"
