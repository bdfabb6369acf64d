// Sending the spooled confirmation mail (migration 045, MailDelivery, SmtpTransport) to a real SMTP
// server: Debian's aiosmtpd on loopback, keeping what it accepts in a Maildir (smtpsink.py). A mail
// arrives whole (its subject, its text, its PDF byte for byte) and once; a relay that is down gets it
// later; a mail nobody can deliver is given up with its reason; a crashed worker's mail goes out after
// its lease; two workers never send one mail twice; nothing in a subject can add a header.

#include "freeport.h"
#include "testdatabase.h"

#include "domain/maildelivery.h"
#include "domain/mailmessage.h"
#include "mail/smtptransport.h"
#include "storage/pgmailspool.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

const QString python = QStringLiteral("/usr/bin/python3"); // Debian's, where python3-aiosmtpd installs
const QString from = QStringLiteral("Box Office <tickets@box.example>");

// One aiosmtpd process on loopback, its Maildir in a folder of its own.
class SmtpSink
{
public:
    ~SmtpSink() { stop(); }

    QString start()
    {
        stop();
        m_port = freeLoopbackPort();
        m_process = std::make_unique<QProcess>();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(BOXOFFICE_SMTPSINK_DIR));
        m_process->setProcessEnvironment(environment);
        m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process->start(python,
                         {QStringLiteral("-m"), QStringLiteral("aiosmtpd"), QStringLiteral("-n"), QStringLiteral("-l"),
                          QStringLiteral("127.0.0.1:%1").arg(m_port), QStringLiteral("-c"),
                          QStringLiteral("smtpsink.Sink"), maildir()});
        if (!m_process->waitForStarted(10000))
            return QStringLiteral("aiosmtpd did not start: %1").arg(m_process->errorString());
        for (int attempt = 0; attempt < 200; ++attempt) {
            QTcpSocket probe;
            probe.connectToHost(QHostAddress::LocalHost, quint16(m_port));
            if (probe.waitForConnected(100))
                return {};
            if (m_process->state() != QProcess::Running)
                return QStringLiteral("aiosmtpd ended at once");
            QThread::msleep(50);
        }
        return QStringLiteral("aiosmtpd never listened on %1").arg(m_port);
    }

    void stop()
    {
        if (!m_process)
            return;
        m_process->terminate();
        if (!m_process->waitForFinished(5000))
            m_process->kill();
        m_process->waitForFinished(5000);
        m_process.reset();
    }

    QString url() const { return QStringLiteral("smtp://127.0.0.1:%1").arg(m_port); }
    // Every message accepted so far, as the relay stored it.
    QList<QByteArray> messages() const
    {
        QList<QByteArray> all;
        const QDir arrived(maildir() + QStringLiteral("/new"));
        for (const QString &name : arrived.entryList(QDir::Files, QDir::Name)) {
            QFile file(arrived.filePath(name));
            if (file.open(QIODevice::ReadOnly))
                all << file.readAll();
        }
        return all;
    }

private:
    QString maildir() const { return m_folder.path() + QStringLiteral("/maildir"); } // made by the sink

    QTemporaryDir m_folder;
    std::unique_ptr<QProcess> m_process;
    int m_port = 0;
};

// The base64 body of the MIME part whose headers contain `marker`, decoded.
QByteArray partAfter(const QByteArray &message, const QByteArray &marker)
{
    const qsizetype header = message.indexOf(marker);
    if (header < 0)
        return {};
    qsizetype start = message.indexOf("\n\n", header);
    qsizetype skip = 2;
    const qsizetype crlf = message.indexOf("\r\n\r\n", header);
    if (crlf >= 0 && (start < 0 || crlf < start)) {
        start = crlf;
        skip = 4;
    }
    const qsizetype end = message.indexOf("--=_boxoffice_", start);
    QByteArray encoded = message.mid(start + skip, end - start - skip);
    encoded.replace("\r", "").replace("\n", "");
    return QByteArray::fromBase64(encoded);
}

QByteArray headerOf(const QByteArray &message, const QByteArray &name)
{
    const QRegularExpression line(QStringLiteral("^%1: (.*(?:\\r?\\n[ \\t].*)*)$").arg(QString::fromLatin1(name)),
                                  QRegularExpression::MultilineOption);
    return line.match(QString::fromLatin1(message)).captured(1).toLatin1();
}

} // namespace

class TestMailDelivery : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void aSpooledMailArrivesWholeAndOnce();
    void aRelayThatIsDownGetsTheMailLater();
    void aMailNobodyCanDeliverIsGivenUp();
    void aCrashedWorkersMailGoesOutAfterItsLease();
    void twoWorkersNeverSendOneMailTwice();
    void nothingInASubjectAddsAHeader();
    void anAccountMailWithoutAnOrderGoesOutToo();
    void aRunningWorkerSendsANewMailWithoutWaitingForItsRound();

private:
    qint64 spool(const QString &recipient, const QString &subject, const QString &body, const QByteArray &attachment);
    MailDeliveryFigures deliver(const QString &url);
    QVariant column(qint64 mail, const QString &name) const
    {
        return m_db->scalar(QStringLiteral("SELECT %1 FROM mail_spool WHERE id = :id").arg(name),
                            {{QStringLiteral("id"), mail}});
    }

    std::unique_ptr<TestDatabase> m_db;
    SmtpSink m_sink;
    int m_orders = 0;
};

void TestMailDelivery::initTestCase()
{
    QProcess probe;
    probe.start(python, {QStringLiteral("-c"), QStringLiteral("import aiosmtpd")});
    if (!probe.waitForFinished(10000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
        QSKIP("python3-aiosmtpd is not installed (CI installs it)");
    m_db = std::make_unique<TestDatabase>(QStringLiteral("maildelivery"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    const QString started = m_sink.start();
    QVERIFY2(started.isEmpty(), qPrintable(started));
}

void TestMailDelivery::init()
{
    // Each case sees only its own mail: what an earlier case left is sent or given up already.
    QVERIFY(m_db->exec(
        QStringLiteral("UPDATE mail_spool SET given_up_at = now() WHERE sent_at IS NULL AND given_up_at IS NULL")));
}

qint64 TestMailDelivery::spool(const QString &recipient, const QString &subject, const QString &body,
                               const QByteArray &attachment)
{
    const qint64 order
        = m_db->scalar(QStringLiteral("INSERT INTO orders (cart_id, currency) VALUES (:c, 'EUR') RETURNING id"),
                       {{QStringLiteral("c"), QStringLiteral("mail-%1").arg(++m_orders)}})
              .toLongLong();
    return m_db
        ->scalar(QStringLiteral("INSERT INTO mail_spool (order_id, recipient, subject, body, attachment) "
                                "VALUES (:o, :r, :s, :b, :a) RETURNING id"),
                 {{QStringLiteral("o"), order},
                  {QStringLiteral("r"), recipient},
                  {QStringLiteral("s"), subject},
                  {QStringLiteral("b"), body},
                  {QStringLiteral("a"), attachment}})
        .toLongLong();
}

MailDeliveryFigures TestMailDelivery::deliver(const QString &url)
{
    PgMailSpool spool(m_db->database());
    SmtpSettings settings;
    settings.url = url;
    settings.from = from;
    settings.timeoutSeconds = 5;
    SmtpTransport transport(settings);
    auto figures = MailDelivery(spool, transport, MailDelivery::Options{from}).deliverDue();
    if (!figures)
        qFatal("deliverDue: %s", qPrintable(figures.error().message));
    return figures.value();
}

void TestMailDelivery::aSpooledMailArrivesWholeAndOnce()
{
    const int before = int(m_sink.messages().size());
    // A subject beyond ASCII, a text with a line that is a lone dot (SMTP's end of data, unescaped),
    // and a binary attachment with NUL bytes in it.
    const QString subject = QStringLiteral("Your tickets – Hamlet, Grand Théâtre, 12 March 2027 at 19:30 (order 42)");
    const QString body = QStringLiteral("Dear Zoë,\n\nyour tickets are attached.\n.\nSee you soon.\n");
    QByteArray pdf("%PDF-1.4\n");
    for (int i = 0; i < 4000; ++i)
        pdf += char(i % 256);
    const qint64 mail = spool(QStringLiteral("zoe@example.org"), subject, body, pdf);
    const qint64 order = column(mail, QStringLiteral("order_id")).toLongLong();

    const MailDeliveryFigures figures = deliver(m_sink.url());
    QCOMPARE(figures.sent, 1);
    QCOMPARE(figures.retried + figures.givenUp, 0);
    const QList<QByteArray> messages = m_sink.messages();
    QCOMPARE(int(messages.size()), before + 1);
    const QByteArray message = messages.last();
    QCOMPARE(headerOf(message, "To").trimmed(), QByteArray("<zoe@example.org>"));
    QVERIFY2(headerOf(message, "From").contains("<tickets@box.example>"), message.left(400).constData());
    QCOMPARE(headerOf(message, "Message-ID").trimmed(),
             QByteArray("<mail-" + QByteArray::number(mail) + ".order-" + QByteArray::number(order) + "@box.example>"));
    // The subject, from its encoded words.
    QByteArray decoded;
    const QRegularExpression word(QStringLiteral("=\\?UTF-8\\?B\\?([A-Za-z0-9+/=]*)\\?="));
    for (auto it = word.globalMatch(QString::fromLatin1(headerOf(message, "Subject"))); it.hasNext();)
        decoded += QByteArray::fromBase64(it.next().captured(1).toLatin1());
    QCOMPARE(QString::fromUtf8(decoded), subject);
    QCOMPARE(QString::fromUtf8(partAfter(message, "Content-Type: text/plain"))
                 .replace(QStringLiteral("\r\n"), QStringLiteral("\n")),
             body);
    QCOMPARE(partAfter(message, "filename=\"tickets-order-" + QByteArray::number(order) + ".pdf\""), pdf);

    QVERIFY(!column(mail, QStringLiteral("sent_at")).isNull());
    QCOMPARE(column(mail, QStringLiteral("attempts")).toInt(), 1);
    // Nothing is due any more: a second pass sends nothing.
    QCOMPARE(deliver(m_sink.url()).sent, 0);
    QCOMPARE(int(m_sink.messages().size()), before + 1);
}

void TestMailDelivery::aRelayThatIsDownGetsTheMailLater()
{
    const int before = int(m_sink.messages().size());
    const qint64 mail
        = spool(QStringLiteral("ada@example.org"), QStringLiteral("Your tickets"), QStringLiteral("Attached."), {});
    const QString nobodyListening = QStringLiteral("smtp://127.0.0.1:%1").arg(freeLoopbackPort());
    const MailDeliveryFigures failed = deliver(nobodyListening);
    QCOMPARE(failed.retried, 1);
    QCOMPARE(failed.sent, 0);
    QVERIFY(column(mail, QStringLiteral("sent_at")).isNull());
    QVERIFY(column(mail, QStringLiteral("given_up_at")).isNull());
    QVERIFY2(column(mail, QStringLiteral("last_error")).toString().contains(QStringLiteral("could not be reached")),
             qPrintable(column(mail, QStringLiteral("last_error")).toString()));
    QVERIFY(m_db->scalar(QStringLiteral("SELECT next_attempt_at > now() + interval '20 seconds' FROM mail_spool "
                                        "WHERE id = :id"),
                         {{QStringLiteral("id"), mail}})
                .toBool());
    // Not due yet: even a relay that works now does not get it before its time.
    QCOMPARE(deliver(m_sink.url()).sent, 0);
    // Its time comes.
    QVERIFY(m_db->exec(QStringLiteral("UPDATE mail_spool SET next_attempt_at = now() WHERE id = :id"),
                       {{QStringLiteral("id"), mail}}));
    QCOMPARE(deliver(m_sink.url()).sent, 1);
    QCOMPARE(int(m_sink.messages().size()), before + 1);
    QCOMPARE(column(mail, QStringLiteral("attempts")).toInt(), 2);
    QVERIFY(column(mail, QStringLiteral("last_error")).isNull());
}

void TestMailDelivery::aMailNobodyCanDeliverIsGivenUp()
{
    const int before = int(m_sink.messages().size());
    // The order knew only its buyer's name; another recipient would smuggle a second one in; the
    // relay refuses the third for good.
    const qint64 name = spool(QStringLiteral("Ada Lovelace"), QStringLiteral("Your tickets"), QStringLiteral("-"), {});
    const qint64 smuggled = spool(QStringLiteral("ada@example.org>\r\nRCPT TO:<eve@example.org"),
                                  QStringLiteral("Your tickets"), QStringLiteral("-"), {});
    const qint64 unknown
        = spool(QStringLiteral("nobody@example.org"), QStringLiteral("Your tickets"), QStringLiteral("-"), {});
    const MailDeliveryFigures figures = deliver(m_sink.url());
    QCOMPARE(figures.givenUp, 3);
    QCOMPARE(figures.sent, 0);
    QCOMPARE(int(m_sink.messages().size()), before);
    for (const qint64 mail : {name, smuggled}) {
        QVERIFY(!column(mail, QStringLiteral("given_up_at")).isNull());
        QCOMPARE(column(mail, QStringLiteral("last_error")).toString(),
                 QStringLiteral("The buyer left no e-mail address."));
    }
    QVERIFY(!column(unknown, QStringLiteral("given_up_at")).isNull());
    QVERIFY2(column(unknown, QStringLiteral("last_error")).toString().contains(QStringLiteral("550")),
             qPrintable(column(unknown, QStringLiteral("last_error")).toString()));
    QCOMPARE(deliver(m_sink.url()).givenUp, 0); // given up is final
}

void TestMailDelivery::aCrashedWorkersMailGoesOutAfterItsLease()
{
    const int before = int(m_sink.messages().size());
    const qint64 mail
        = spool(QStringLiteral("bob@example.org"), QStringLiteral("Your tickets"), QStringLiteral("-"), {});
    {
        // A worker takes it and dies before the relay answers: no transaction was left open.
        PgMailSpool crashed(m_db->database());
        auto taken = crashed.takeDue(60);
        QVERIFY(taken.ok() && taken->has_value());
        QCOMPARE(taken->value().id, mail);
    }
    QCOMPARE(deliver(m_sink.url()).sent, 0); // leased to the dead worker
    QVERIFY(m_db->exec(QStringLiteral("UPDATE mail_spool SET next_attempt_at = now() WHERE id = :id"),
                       {{QStringLiteral("id"), mail}})); // its lease ran out
    QCOMPARE(deliver(m_sink.url()).sent, 1);
    QCOMPARE(int(m_sink.messages().size()), before + 1);
    QCOMPARE(column(mail, QStringLiteral("attempts")).toInt(), 2);
}

void TestMailDelivery::twoWorkersNeverSendOneMailTwice()
{
    const int before = int(m_sink.messages().size());
    constexpr int mails = 40;
    QSet<qint64> ids;
    for (int i = 0; i < mails; ++i)
        ids.insert(spool(QStringLiteral("guest%1@example.org").arg(i), QStringLiteral("Your tickets"),
                         QStringLiteral("Mail %1").arg(i), QByteArray("%PDF-") + QByteArray::number(i)));
    std::atomic<int> sent{0};
    std::atomic<int> failures{0};
    QVector<QThread *> workers;
    for (int worker = 0; worker < 3; ++worker) {
        workers << QThread::create([&] {
            auto connection = m_db->connect(QStringLiteral("mailer"));
            if (!connection) {
                ++failures;
                return;
            }
            PgMailSpool spool(connection->database());
            SmtpSettings settings;
            settings.url = m_sink.url();
            settings.from = from;
            SmtpTransport transport(settings);
            auto figures = MailDelivery(spool, transport, MailDelivery::Options{from}).deliverDue();
            if (!figures)
                ++failures;
            else
                sent += figures->sent;
        });
        workers.last()->start();
    }
    for (QThread *worker : workers) {
        QVERIFY(worker->wait(120000));
        delete worker;
    }
    QCOMPARE(failures.load(), 0);
    QCOMPARE(sent.load(), mails);
    const QList<QByteArray> messages = m_sink.messages().mid(before);
    QCOMPARE(int(messages.size()), mails);
    QSet<QByteArray> messageIds;
    for (const QByteArray &message : messages)
        messageIds.insert(headerOf(message, "Message-ID"));
    QCOMPARE(int(messageIds.size()), mails);
    QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM mail_spool WHERE sent_at IS NOT NULL AND attempts = 1 "
                                         "AND id = ANY (:ids::bigint[])"),
                          {{QStringLiteral("ids"), QStringLiteral("{%1}").arg([&] {
                                QStringList list;
                                for (const qint64 id : ids)
                                    list << QString::number(id);
                                return list.join(QLatin1Char(','));
                            }())}})
                 .toInt(),
             mails);
}

void TestMailDelivery::nothingInASubjectAddsAHeader()
{
    OutgoingMail mail;
    mail.id = 7;
    mail.order = 9;
    mail.recipient = QStringLiteral("ada@example.org");
    mail.subject = QStringLiteral("Tickets\r\nBcc: eve@example.org\r\n\r\nforged body");
    mail.body = QStringLiteral("text");
    const QByteArray message = composeMailMessage(mail, QStringLiteral("Box\r\nOffice <tickets@box.example>"));
    const QByteArray headers = message.left(message.indexOf("\r\n\r\n"));
    QVERIFY2(!headers.contains("\r\nBcc:"), headers.constData());
    QVERIFY2(!message.contains("\r\n\r\nforged body"), message.constData());
    QCOMPARE(headers.count("\r\nSubject: "), 1);
    // A display name with a comma stays one phrase: unquoted, it would name a second address.
    const QByteArray comma
        = composeMailMessage(mail, QStringLiteral("Box Office, \"Main\" Hall <tickets@box.example>"));
    QVERIFY2(comma.startsWith("From: \"Box Office, \\\"Main\\\" Hall\" <tickets@box.example>\r\n"),
             comma.left(120).constData());
    QCOMPARE(headers.count("From: "), 1);
    // Every header line is a header or its folded continuation.
    for (const QByteArray &line : headers.split('\n')) {
        const QByteArray trimmed = line.endsWith('\r') ? line.chopped(1) : line;
        QVERIFY2(
            trimmed.startsWith(' ')
                || QRegularExpression(QStringLiteral("^[A-Za-z-]+: ")).match(QString::fromLatin1(trimmed)).hasMatch(),
            trimmed.constData());
    }
}

void TestMailDelivery::anAccountMailWithoutAnOrderGoesOutToo()
{
    // A sign-up's confirmation link (migration 046): no order, no attachment, its own Message-ID.
    const int before = int(m_sink.messages().size());
    const qint64 mail
        = m_db->scalar(QStringLiteral("INSERT INTO mail_spool (purpose, recipient, subject, body) "
                                      "VALUES ('confirm', 'new@example.org', 'Confirm your address', :b) RETURNING id"),
                       {{QStringLiteral("b"), QStringLiteral("Open https://tickets.example.org/#confirm=abc\n")}})
              .toLongLong();
    QVERIFY(mail > 0);
    // An order's mail must name its order, and an account's must not: the database refuses the mix.
    QVERIFY(!m_db->exec(QStringLiteral("INSERT INTO mail_spool (purpose, recipient, subject, body) "
                                       "VALUES ('order', 'x@example.org', 's', 'b')")));
    QCOMPARE(deliver(m_sink.url()).sent, 1);
    const QList<QByteArray> messages = m_sink.messages();
    QCOMPARE(int(messages.size()), before + 1);
    // The Maildir's names do not sort by arrival: find it by its Message-ID.
    const QByteArray id = "<mail-" + QByteArray::number(mail) + "@box.example>";
    const auto found = std::find_if(messages.begin(), messages.end(), [&](const QByteArray &message) {
        return headerOf(message, "Message-ID").trimmed() == id;
    });
    QVERIFY2(found != messages.end(), id.constData());
    QVERIFY(!found->contains("application/pdf"));
    QVERIFY(QString::fromUtf8(partAfter(*found, "Content-Type: text/plain")).contains(QStringLiteral("#confirm=abc")));
}

void TestMailDelivery::aRunningWorkerSendsANewMailWithoutWaitingForItsRound()
{
    // The worker's round is an hour: the mail can only arrive because the insert woke it (migration 046).
    QProcess worker;
    worker.setProcessChannelMode(QProcess::ForwardedChannels);
    worker.start(qEnvironmentVariable("BOXOFFICE_CTL"),
                 {QStringLiteral("--db"), m_db->settings().toUrl(true), QStringLiteral("worker"),
                  QStringLiteral("--interval"), QStringLiteral("3600"), QStringLiteral("--smtp"), m_sink.url(),
                  QStringLiteral("--mail-from"), from});
    QVERIFY2(worker.waitForStarted(10000), "boxoffice-ctl did not start (run through ctest)");
    // Its first pass finds nothing; then the mail is queued while it sleeps.
    QTest::qWait(2000);
    const int before = int(m_sink.messages().size());
    const qint64 mail
        = m_db->scalar(
                  QStringLiteral("INSERT INTO mail_spool (purpose, recipient, subject, body) "
                                 "VALUES ('reset', 'woken@example.org', 'Set a new password', 'A link.') RETURNING id"),
                  {})
              .toLongLong();
    QVERIFY(mail > 0);
    // A generous bound for a slow machine, far below the worker's hour.
    QTRY_VERIFY_WITH_TIMEOUT(!column(mail, QStringLiteral("sent_at")).isNull(), 60000);
    QCOMPARE(int(m_sink.messages().size()), before + 1);
    worker.terminate();
    if (!worker.waitForFinished(5000))
        worker.kill();
}

QTEST_GUILESS_MAIN(TestMailDelivery)
#include "tst_maildelivery.moc"
