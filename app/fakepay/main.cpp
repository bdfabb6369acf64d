// boxoffice-fakepay: a payment provider double for tests and the demo. See fakeprovider.h for the API.

#include "fakepaylogging.h"
#include "fakeprovider.h"
#include "httpserver.h"
#include "paymentmethods.h"
#include "webhookdispatcher.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>
#include <QRandomGenerator>
#include <QUrl>

#include <cstdio>

using namespace boxoffice::fakepay;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice-fakepay"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "A fake payment provider answering Stripe's v1 API, strictly: form-encoded bodies, Stripe's error\n"
        "objects, unknown parameters refused, Idempotency-Key as Stripe keeps it. Objects live in memory.\n"
        "  POST /v1/payment_intents                 amount, currency, metadata[..], payment_method, confirm, ...\n"
        "  POST /v1/payment_intents/<id>/confirm    payment_method, expand[]\n"
        "  POST /v1/payment_intents/<id>/cancel     cancellation_reason\n"
        "  GET  /v1/payment_intents/<id>            expand[]=latest_charge|payment_method\n"
        "  GET  /v1/payment_intents                 newest first: created[gte|gt|lte|lt], limit (1-100),\n"
        "                                           starting_after / ending_before, expand[]=data.latest_charge\n"
        "  GET  /v1/payment_intents/search          query=metadata['order_id']:'42' AND status:'succeeded', page\n"
        "  GET  /v1/charges, /v1/charges/<id>       every attempt; payment_intent=, created[..], paging\n"
        "  POST /v1/refunds, GET /v1/refunds/<id>   payment_intent or charge, amount, reason, metadata[..]\n"
        "  POST /v1/payment_methods                 type=card&card[number]=..&card[exp_month]=..&card[exp_year]=..;\n"
        "                                           its fingerprint is an HMAC of the digits (secret:\n"
        "                                           BOXOFFICE_FAKEPAY_FINGERPRINT_SECRET, else a random one per\n"
        "                                           start); also from a page's browser (--publishable-key,\n"
        "                                           --allow-origin); test ids pm_card_visa etc. work too\n"
        "  GET  /v1/payment_methods/<id>\n"
        "  /control/behaviour, /control/webhooks, /control/webhooks/flush, /control/browsers, /control/search,\n"
        "  /control/state: the test's JSON API to make it misbehave and to look inside (no key needed)"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption listenOption(QStringLiteral("listen"), QStringLiteral("Address to listen on."),
                                          QStringLiteral("address"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption portOption(QStringLiteral("port"), QStringLiteral("Port; 0 picks a free one."),
                                        QStringLiteral("port"), QStringLiteral("0"));
    const QCommandLineOption keyOption(
        QStringLiteral("api-key"),
        QStringLiteral("The secret key every /v1/ request must carry (Bearer, or Basic as the user); else "
                       "BOXOFFICE_FAKEPAY_API_KEY."),
        QStringLiteral("key"));
    const QCommandLineOption webhookUrlOption(QStringLiteral("webhook-url"), QStringLiteral("Where events are POSTed."),
                                              QStringLiteral("url"));
    const QCommandLineOption webhookSecretOption(QStringLiteral("webhook-secret"),
                                                 QStringLiteral("Secret the Stripe-Signature header is made with; else "
                                                                "BOXOFFICE_FAKEPAY_WEBHOOK_SECRET."),
                                                 QStringLiteral("secret"));
    const QCommandLineOption verboseOption(QStringLiteral("verbose"),
                                           QStringLiteral("Log every request and delivery to stderr."));
    const QCommandLineOption publishableKeyOption(
        QStringLiteral("publishable-key"),
        QStringLiteral(
            "The key a shop's page may use from the buyer's browser, only to make a payment method (pk_...)."),
        QStringLiteral("key"));
    const QCommandLineOption allowOriginOption(
        QStringLiteral("allow-origin"),
        QStringLiteral("A shop page's origin (https://tickets.example.org) allowed to make payment methods from the "
                       "browser (repeatable)."),
        QStringLiteral("origin"));
    parser.addOptions({listenOption, portOption, keyOption, publishableKeyOption, allowOriginOption, webhookUrlOption,
                       webhookSecretOption, verboseOption});
    parser.process(app);

    const auto fail = [](const QString &message) {
        std::fprintf(stderr, "boxoffice-fakepay: %s\n", qPrintable(message));
        return 2;
    };
    QHostAddress address;
    if (!address.setAddress(parser.value(listenOption)))
        return fail(QStringLiteral("--listen needs an IP address"));
    bool portOk = false;
    const uint port = parser.value(portOption).toUInt(&portOk);
    if (!portOk || port > 65535)
        return fail(QStringLiteral("--port needs a number from 0 to 65535"));
    const QUrl webhookUrl(parser.value(webhookUrlOption), QUrl::StrictMode);
    if (parser.isSet(webhookUrlOption)
        && (!webhookUrl.isValid() || !webhookUrl.scheme().startsWith(QLatin1String("http"))
            || webhookUrl.host().isEmpty()))
        return fail(QStringLiteral("--webhook-url needs an http:// or https:// URL"));
    // Keys from the environment too, so that they need not show in the process list.
    const auto setting = [&parser](const QCommandLineOption &option, const char *variable) {
        return parser.isSet(option) ? parser.value(option).toUtf8() : qgetenv(variable);
    };
    const QByteArray apiKey = setting(keyOption, "BOXOFFICE_FAKEPAY_API_KEY");
    if (apiKey.isEmpty())
        return fail(
            QStringLiteral("--api-key (or BOXOFFICE_FAKEPAY_API_KEY) is needed: Stripe answers nothing without a key"));
    const QByteArray secret = setting(webhookSecretOption, "BOXOFFICE_FAKEPAY_WEBHOOK_SECRET");
    if (parser.isSet(webhookUrlOption) && secret.isEmpty())
        return fail(QStringLiteral("--webhook-url needs --webhook-secret: unsigned events teach receivers nothing"));
    if (parser.isSet(verboseOption))
        QLoggingCategory::setFilterRules(QStringLiteral("boxoffice.fakepay.info=true"));

    WebhookDispatcher webhooks(webhookUrl, secret);
    // A secret from the environment keeps fingerprints stable across restarts (a demo database keeps
    // them); without one nobody, not even a test, can compute a fingerprint the fake will give.
    QByteArray fingerprintSecret = qgetenv("BOXOFFICE_FAKEPAY_FINGERPRINT_SECRET");
    if (fingerprintSecret.isEmpty()) {
        fingerprintSecret.resize(32);
        QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(fingerprintSecret.data()), 8);
    }
    PaymentMethods paymentMethods(fingerprintSecret);
    const QByteArray publishableKey = parser.value(publishableKeyOption).toUtf8();
    if (!publishableKey.isEmpty() && !publishableKey.startsWith("pk_"))
        return fail(QStringLiteral("--publishable-key starts with pk_"));
    if (!publishableKey.isEmpty() && publishableKey == apiKey)
        return fail(QStringLiteral("--publishable-key must differ from --api-key: the page's key is public"));
    QList<QByteArray> origins;
    for (const QString &origin : parser.values(allowOriginOption))
        origins << origin.toUtf8();
    FakeProvider provider(apiKey, &webhooks, &paymentMethods, BrowserAccess(publishableKey, origins));
    HttpServer server([&provider](const HttpRequest &request, const HttpResponder &responder) {
        provider.handle(request, responder);
    });
    if (!server.listen(address, quint16(port))) {
        std::fprintf(stderr, "boxoffice-fakepay: cannot listen: %s\n", qPrintable(server.errorString()));
        return 1;
    }

    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(address.toString());
    url.setPort(server.port());
    // The one line on stdout: tests read it to learn the port.
    std::printf("listening on %s\n", qPrintable(url.toString()));
    std::fflush(stdout);
    return app.exec();
}
