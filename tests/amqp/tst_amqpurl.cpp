// The RabbitMQ URL (AmqpUrl, the one place it is read) and where the worker takes it from: never a
// password on the command line. No broker and no database needed.

#include "amqpworkeroptions.h"

#include <QProcess>
#include <QtTest>

using namespace boxoffice;

class TestAmqpUrl : public QObject
{
    Q_OBJECT

private slots:
    void cleanup();

    void aFullUrlIsReadPartByPart();
    void theDefaultsAreRabbitMqs();
    void badUrlsAreRefusedWithoutRepeatingThePassword();
    void aPasswordOnTheCommandLineIsRefused();
    void theEnvironmentMayCarryThePassword();
    void theCommandsRefuseAPasswordBeforeTouchingAnything();
};

void TestAmqpUrl::cleanup()
{
    qunsetenv("BOXOFFICE_AMQP_URL");
    qunsetenv("BOXOFFICE_AMQP_REPUBLISH_SECONDS");
}

void TestAmqpUrl::aFullUrlIsReadPartByPart()
{
    const auto url = AmqpUrl::parse(QStringLiteral(
        "amqp://box%20office:p%40ss%3Aword@broker.example:5673/shop%2Fprod?heartbeat=10&connection_timeout=2500"));
    QVERIFY2(url.ok(), url.ok() ? "" : qPrintable(url.error().message));
    QCOMPARE(url->host, QStringLiteral("broker.example"));
    QCOMPARE(url->port, quint16(5673));
    QCOMPARE(url->user, QStringLiteral("box office"));
    QCOMPARE(url->password, QStringLiteral("p@ss:word"));
    QVERIFY(url->passwordGiven);
    QCOMPARE(url->vhost, QStringLiteral("shop/prod"));
    QCOMPARE(url->heartbeatSeconds, 10);
    QCOMPARE(url->timeoutMs, 2500);
    // Logs and output name the broker and the user, never the password.
    const QString shown = url->redacted();
    QVERIFY2(!shown.contains(QStringLiteral("p@ss")) && !shown.contains(QStringLiteral("p%40ss")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("broker.example:5673")), qPrintable(shown));
}

void TestAmqpUrl::theDefaultsAreRabbitMqs()
{
    for (const QString &text : {QStringLiteral("amqp://localhost"), QStringLiteral("amqp://localhost/"),
                                QStringLiteral("amqp://localhost/%2F")}) {
        const auto url = AmqpUrl::parse(text);
        QVERIFY2(url.ok(), qPrintable(text));
        QCOMPARE(url->port, quint16(5672));
        QCOMPARE(url->vhost, QStringLiteral("/"));
        QCOMPARE(url->user, QStringLiteral("guest"));
        QVERIFY(!url->passwordGiven);
        QVERIFY(url->heartbeatSeconds > 0);
    }
}

void TestAmqpUrl::badUrlsAreRefusedWithoutRepeatingThePassword()
{
    const QStringList bad{QStringLiteral("amqps://u:s3cret@h/"),
                          QStringLiteral("http://u:s3cret@h/"),
                          QStringLiteral("amqp://u:s3cret@h/a/b"),
                          QStringLiteral("amqp://u:s3cret@h/?bogus=1"),
                          QStringLiteral("amqp://u:s3cret@h/?heartbeat=-1"),
                          QStringLiteral("amqp://u:s3cret@/vh"),
                          QStringLiteral("amqp://u:s3cret@h:99999/")};
    for (const QString &text : bad) {
        const auto url = AmqpUrl::parse(text);
        QVERIFY2(!url.ok(), qPrintable(text));
        QCOMPARE(url.error().code, ErrorCode::BadInput);
        QVERIFY2(!url.error().message.contains(QStringLiteral("s3cret")), qPrintable(url.error().message));
    }
}

void TestAmqpUrl::aPasswordOnTheCommandLineIsRefused()
{
    const auto refused = AmqpWorkerOptions::resolve(QStringLiteral("amqp://shop:s3cret@broker.example/"), QString());
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::BadInput);
    QVERIFY2(refused.error().message.contains(QStringLiteral("BOXOFFICE_AMQP_URL")),
             qPrintable(refused.error().message));
    QVERIFY2(!refused.error().message.contains(QStringLiteral("s3cret")), qPrintable(refused.error().message));
    // Without a password it is taken (the broker's guest on loopback, or a user the broker trusts).
    const auto taken = AmqpWorkerOptions::resolve(QStringLiteral("amqp://broker.example:5673/"), QString());
    QVERIFY(taken.ok());
    QVERIFY(taken->has_value());
    QCOMPARE(taken->value().url.port, quint16(5673));
}

void TestAmqpUrl::theEnvironmentMayCarryThePassword()
{
    const auto nothing = AmqpWorkerOptions::resolve(QString(), QString());
    QVERIFY(nothing.ok());
    QVERIFY(!nothing->has_value()); // not configured: the worker polls PostgreSQL as before
    // The settings (file or BOXOFFICE_AMQP_URL, config/servicesettings.h) may carry the password.
    const QString fromSettings = QStringLiteral("amqp://shop:s3cret@broker.example/tickets");
    qputenv("BOXOFFICE_AMQP_REPUBLISH_SECONDS", "42");
    const auto fromEnvironment = AmqpWorkerOptions::resolve(QString(), fromSettings);
    QVERIFY2(fromEnvironment.ok(), fromEnvironment.ok() ? "" : qPrintable(fromEnvironment.error().message));
    QCOMPARE(fromEnvironment->value().url.password, QStringLiteral("s3cret"));
    QCOMPARE(fromEnvironment->value().url.vhost, QStringLiteral("tickets"));
    QCOMPARE(fromEnvironment->value().republishAfterSeconds, 42);
    qputenv("BOXOFFICE_AMQP_REPUBLISH_SECONDS", "0");
    QCOMPARE(AmqpWorkerOptions::resolve(QString(), fromSettings).error().code, ErrorCode::BadInput);
}

void TestAmqpUrl::theCommandsRefuseAPasswordBeforeTouchingAnything()
{
    const QString ctl = qEnvironmentVariable("BOXOFFICE_CTL");
    if (ctl.isEmpty())
        QSKIP("BOXOFFICE_CTL is not set (run through ctest)");
    for (const QString &command : {QStringLiteral("worker"), QStringLiteral("outbox")}) {
        QProcess process;
        // Only options the command reads: a stray one is refused first, for another reason.
        QStringList arguments{command, QStringLiteral("--amqp"), QStringLiteral("amqp://shop:s3cret@127.0.0.1:1/")};
        if (command == QStringLiteral("worker"))
            arguments << QStringLiteral("--once");
        process.start(ctl, arguments);
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        const QString error = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(error.contains(QStringLiteral("BOXOFFICE_AMQP_URL")), qPrintable(error));
    }
}

QTEST_GUILESS_MAIN(TestAmqpUrl)
#include "tst_amqpurl.moc"
