// Where the programs find the payment provider's url, keys and webhook secret, and the broker: a
// settings file only its owner may read, then the environment; and never the command line.

#include "config/servicesettings.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace boxoffice;

namespace {

const char *const variables[]
    = {"BOXOFFICE_SETTINGS",       "BOXOFFICE_PAYMENT_URL", "BOXOFFICE_PAYMENT_KEY",
       "BOXOFFICE_WEBHOOK_SECRET", "BOXOFFICE_AMQP_URL",    "BOXOFFICE_PAYMENT_PUBLISHABLE_KEY"};

} // namespace

class TestServiceSettings : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void aPrivateFileGivesEverything();
    void theEnvironmentWins();
    void aFileOthersCanReadIsRefusedWhenItHoldsSecrets();
    void aFileOthersCanReadIsFineWithoutSecrets();
    void aNamedFileThatIsMissingIsAnError();
    void badValuesAreRefusedWithTheirName_data();
    void badValuesAreRefusedWithTheirName();
    void nothingConfiguredIsNoProvider();
    void secretsOnTheCommandLineAreRefused_data();
    void secretsOnTheCommandLineAreRefused();
    void theWebChannelReadsTheFile();

private:
    QString write(const QByteArray &text,
                  QFileDevice::Permissions permissions = QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QTemporaryDir m_dir;
    int m_files = 0;
};

void TestServiceSettings::init()
{
    QVERIFY(m_dir.isValid());
    for (const char *name : variables)
        qunsetenv(name);
    // No file of the machine's or the user's own may leak into a test.
    qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("no-config")).toUtf8());
}

QString TestServiceSettings::write(const QByteArray &text, QFileDevice::Permissions permissions)
{
    const QString path = m_dir.filePath(QStringLiteral("service-%1.conf").arg(++m_files));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(text);
    file.close();
    file.setPermissions(permissions);
    return path;
}

void TestServiceSettings::aPrivateFileGivesEverything()
{
    const QString path = write("[provider]\nurl=https://api.stripe.com\nsecret_key=sk_live_abc\n"
                               "publishable_key=pk_live_abc\nwebhook_secret=whsec_abc\ntimeout_ms=8000\n"
                               "[amqp]\nurl=amqp://boxoffice:secret@127.0.0.1:5672/%2F\n");
    const Result<ServiceSettings> loaded = ServiceSettings::load(path);
    QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().message));
    QCOMPARE(loaded->providerUrl, QUrl(QStringLiteral("https://api.stripe.com")));
    QCOMPARE(loaded->providerSecretKey, QByteArray("sk_live_abc"));
    QCOMPARE(loaded->providerPublishableKey, QByteArray("pk_live_abc"));
    QCOMPARE(loaded->webhookSecret, QByteArray("whsec_abc"));
    QCOMPARE(loaded->providerTimeoutMs, 8000);
    QCOMPARE(loaded->amqpUrl.password(), QStringLiteral("secret"));
    QCOMPARE(loaded->file, path);
    // BOXOFFICE_SETTINGS names it as well as --settings does.
    qputenv("BOXOFFICE_SETTINGS", path.toUtf8());
    const Result<ServiceSettings> byVariable = ServiceSettings::load({});
    QVERIFY(byVariable);
    QCOMPARE(byVariable->providerSecretKey, QByteArray("sk_live_abc"));
}

void TestServiceSettings::theEnvironmentWins()
{
    const QString path = write("[provider]\nurl=https://api.stripe.com\nsecret_key=sk_live_file\n");
    qputenv("BOXOFFICE_PAYMENT_URL", "http://127.0.0.1:12111");
    qputenv("BOXOFFICE_PAYMENT_KEY", "sk_test_env");
    qputenv("BOXOFFICE_WEBHOOK_SECRET", "whsec_env");
    const Result<ServiceSettings> loaded = ServiceSettings::load(path);
    QVERIFY(loaded);
    QCOMPARE(loaded->providerUrl, QUrl(QStringLiteral("http://127.0.0.1:12111")));
    QCOMPARE(loaded->providerSecretKey, QByteArray("sk_test_env"));
    QCOMPARE(loaded->webhookSecret, QByteArray("whsec_env"));
}

void TestServiceSettings::aFileOthersCanReadIsRefusedWhenItHoldsSecrets()
{
    for (const QFileDevice::Permissions loose :
         {QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup,
          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther,
          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::WriteOther}) {
        const QString path = write("[provider]\nurl=https://api.stripe.com\nsecret_key=sk_live_abc\n", loose);
        const Result<ServiceSettings> loaded = ServiceSettings::load(path);
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().message.contains(QStringLiteral("chmod 600")), qPrintable(loaded.error().message));
    }
    const QString broker = write("[amqp]\nurl=amqp://boxoffice:secret@127.0.0.1:5672/%2F\n",
                                 QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther);
    QVERIFY(!ServiceSettings::load(broker));
}

void TestServiceSettings::aFileOthersCanReadIsFineWithoutSecrets()
{
    const QString path
        = write("[provider]\nurl=https://api.stripe.com\npublishable_key=pk_live_abc\n",
                QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    const Result<ServiceSettings> loaded = ServiceSettings::load(path);
    QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().message));
    QVERIFY(loaded->providerSecretKey.isEmpty());
}

void TestServiceSettings::aNamedFileThatIsMissingIsAnError()
{
    const Result<ServiceSettings> loaded = ServiceSettings::load(m_dir.filePath(QStringLiteral("nowhere.conf")));
    QVERIFY(!loaded);
    QVERIFY(loaded.error().message.contains(QStringLiteral("no such settings file")));
}

void TestServiceSettings::badValuesAreRefusedWithTheirName_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("named");
    QTest::newRow("cleartext to another machine")
        << QByteArray("[provider]\nurl=http://api.stripe.com\n") << QStringLiteral("https");
    QTest::newRow("a name that looks like loopback")
        << QByteArray("[provider]\nurl=http://127.0.0.1.example.org\n") << QStringLiteral("https");
    QTest::newRow("not a url") << QByteArray("[provider]\nurl=ftp://x\n") << QStringLiteral("url");
    QTest::newRow("a key in the url") << QByteArray("[provider]\nurl=https://sk_live_x@api.stripe.com\n")
                                      << QStringLiteral("password");
    QTest::newRow("the public key as the secret one")
        << QByteArray("[provider]\nurl=https://api.stripe.com\nsecret_key=pk_live_x\n") << QStringLiteral("secret_key");
    QTest::newRow("the secret key as the public one")
        << QByteArray("[provider]\nurl=https://api.stripe.com\npublishable_key=sk_live_x\n")
        << QStringLiteral("publishable_key");
    QTest::newRow("a public key without the provider")
        << QByteArray("[provider]\npublishable_key=pk_live_x\n") << QStringLiteral("url");
    QTest::newRow("a space in a key") << QByteArray(
        "[provider]\nurl=https://api.stripe.com\nsecret_key=\"sk_live x\"\n")
                                      << QStringLiteral("printable");
    QTest::newRow("a timeout of nothing")
        << QByteArray("[provider]\nurl=https://api.stripe.com\ntimeout_ms=0\n") << QStringLiteral("timeout_ms");
    QTest::newRow("a broker that is not one")
        << QByteArray("[amqp]\nurl=http://127.0.0.1:5672/\n") << QStringLiteral("amqp://");
}

void TestServiceSettings::badValuesAreRefusedWithTheirName()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, named);
    const Result<ServiceSettings> loaded = ServiceSettings::load(write(text));
    QVERIFY(!loaded);
    QVERIFY2(loaded.error().message.contains(named), qPrintable(loaded.error().message));
}

void TestServiceSettings::nothingConfiguredIsNoProvider()
{
    const Result<ServiceSettings> loaded = ServiceSettings::load({});
    QVERIFY(loaded);
    QVERIFY(!loaded->hasProvider());
    QVERIFY(loaded->file.isEmpty());
}

void TestServiceSettings::secretsOnTheCommandLineAreRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("web --provider-key") << QStringList{QStringLiteral("--provider-key"), QStringLiteral("sk_live_x")};
    QTest::newRow("web --webhook-secret") << QStringList{QStringLiteral("--webhook-secret"), QStringLiteral("whsec_x")};
    QTest::newRow("web --provider-url") << QStringList{QStringLiteral("--provider-url"), QStringLiteral("https://x")};
}

void TestServiceSettings::secretsOnTheCommandLineAreRefused()
{
    QFETCH(QStringList, arguments);
    QProcess web;
    web.start(QString::fromUtf8(BOXOFFICE_WEB), arguments);
    QVERIFY(web.waitForFinished(20000));
    QVERIFY(web.exitCode() != 0);
    const QString said = QString::fromUtf8(web.readAllStandardError());
    QVERIFY2(said.contains(QStringLiteral("settings file")), qPrintable(said));
}

void TestServiceSettings::theWebChannelReadsTheFile()
{
    // A file others may read: the server must refuse to start rather than run with a leaked key.
    const QString loose = write("[provider]\nurl=http://127.0.0.1:1\nsecret_key=sk_test_x\n",
                                QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther);
    QProcess web;
    web.start(QString::fromUtf8(BOXOFFICE_WEB), {QStringLiteral("--settings"), loose});
    QVERIFY(web.waitForFinished(20000));
    QVERIFY(web.exitCode() != 0);
    const QString said = QString::fromUtf8(web.readAllStandardError());
    QVERIFY2(said.contains(QStringLiteral("chmod 600")), qPrintable(said));
}

QTEST_GUILESS_MAIN(TestServiceSettings)
#include "tst_servicesettings.moc"
