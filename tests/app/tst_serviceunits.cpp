// The systemd units as systemd would run them, without systemd: each unit's ExecStart line, expanded
// with the unit's Environment= and EnvironmentFile= the way systemd expands them, started with a
// notify socket and a watchdog of this test's own. The services must say READY, keep the watchdog fed,
// log with journald priorities, answer, and stop cleanly on SIGTERM. The worker must also come back
// after its database connections are cut.
//
// BOXOFFICE_INSTALLED_ROOT (set by scripts/check-packages.sh) is where the .deb packages were unpacked:
// the units, /etc/boxoffice and the programs are then the packaged ones. Otherwise the source tree's
// deploy/ folder and this build's programs stand in for them.

#include "freeport.h"
#include "testdatabase.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSocketNotifier>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

// The [Service] settings this test needs from a unit file.
struct Unit
{
    QString type;
    QString user;
    QString watchdogSec;
    QStringList environment; // NAME=value, in order
    QStringList environmentFiles;
    QString execStart;
    QStringList hardening; // the sandboxing settings present
};

Unit readUnit(const QString &path)
{
    Unit unit;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return unit;
    bool inService = false;
    static const QRegularExpression assignment(QStringLiteral("(\"[^\"]*\"|\\S+)"));
    for (const QString &raw : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1Char('[')))
            inService = line == QLatin1String("[Service]");
        if (!inService || line.isEmpty() || line.startsWith(QLatin1Char('#')) || !line.contains(QLatin1Char('=')))
            continue;
        const QString key = line.section(QLatin1Char('='), 0, 0);
        const QString value = line.section(QLatin1Char('='), 1);
        if (key == QLatin1String("Type"))
            unit.type = value;
        else if (key == QLatin1String("User"))
            unit.user = value;
        else if (key == QLatin1String("WatchdogSec"))
            unit.watchdogSec = value;
        else if (key == QLatin1String("EnvironmentFile"))
            unit.environmentFiles << value;
        else if (key == QLatin1String("ExecStart"))
            unit.execStart = value;
        else if (key == QLatin1String("Environment")) {
            auto words = assignment.globalMatch(value);
            while (words.hasNext()) {
                QString word = words.next().captured(1);
                if (word.startsWith(QLatin1Char('"')))
                    word = word.mid(1, word.size() - 2);
                unit.environment << word;
            }
        } else if (key.startsWith(QLatin1String("Protect")) || key == QLatin1String("NoNewPrivileges")
                   || key.startsWith(QLatin1String("Restrict")) || key == QLatin1String("CapabilityBoundingSet"))
            unit.hardening << key;
    }
    return unit;
}

// An EnvironmentFile: NAME=value lines, comments and blank lines skipped, no shell syntax.
QStringList readEnvironmentFile(const QString &path)
{
    QStringList assignments;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return assignments;
    for (const QString &raw : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (!line.isEmpty() && !line.startsWith(QLatin1Char('#')) && line.contains(QLatin1Char('=')))
            assignments << line;
    }
    return assignments;
}

// systemd.service(5): "${NAME}" is replaced inside its word; "$NAME" alone is split into words at
// whitespace (and vanishes when empty).
QStringList expandCommandLine(const QString &line, const QProcessEnvironment &environment)
{
    QStringList words;
    static const QRegularExpression braced(QStringLiteral("\\$\\{([A-Za-z_][A-Za-z0-9_]*)\\}"));
    for (const QString &word : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (word.startsWith(QLatin1Char('$')) && !word.startsWith(QLatin1String("${"))) {
            words << environment.value(word.mid(1)).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            continue;
        }
        QString expanded = word;
        auto match = braced.match(expanded);
        while (match.hasMatch()) {
            expanded.replace(match.capturedStart(), match.capturedLength(), environment.value(match.captured(1)));
            match = braced.match(expanded);
        }
        words << expanded;
    }
    return words;
}

// The socket systemd gives a Type=notify service (NOTIFY_SOCKET): datagrams of NAME=value lines.
class NotifySocket
{
public:
    explicit NotifySocket(const QString &path) : m_path(path)
    {
        m_fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        const QByteArray bytes = path.toLocal8Bit();
        qstrncpy(address.sun_path, bytes.constData(), sizeof(address.sun_path));
        ::unlink(bytes.constData());
        if (::bind(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    ~NotifySocket()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        ::unlink(m_path.toLocal8Bit().constData());
    }
    bool ok() const { return m_fd >= 0; }
    QString path() const { return m_path; }

    // Everything received so far, one message per entry.
    QStringList drain()
    {
        char buffer[4096];
        for (;;) {
            const ssize_t got = ::recv(m_fd, buffer, sizeof(buffer), 0);
            if (got <= 0)
                break;
            m_received << QString::fromUtf8(buffer, int(got));
        }
        return m_received;
    }
    bool waitFor(const QString &line, int timeoutMs)
    {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < timeoutMs) {
            for (const QString &message : drain()) {
                if (message.split(QLatin1Char('\n')).contains(line))
                    return true;
            }
            QTest::qWait(50);
        }
        return false;
    }
    int count(const QString &line)
    {
        int n = 0;
        for (const QString &message : drain())
            n += message.split(QLatin1Char('\n')).count(line);
        return n;
    }

private:
    QString m_path;
    int m_fd = -1;
    QStringList m_received;
};

} // namespace

class TestServiceUnits : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void unitsAreHardenedNotifyServices();
    void theWebUnitStartsServesAndStops();
    void theWorkerUnitReconnectsAndReports();

private:
    // Copies /etc/boxoffice as the package ships it into the test's folder, filled in as an operator
    // would: the database, a port, the password in pgpass.
    QString prepareConfiguration(const QStringList &extraWeb, const QStringList &extraWorker);
    QProcessEnvironment unitEnvironment(const Unit &unit, const QString &etc, const QString &state,
                                        const NotifySocket &notify) const;
    bool startUnit(QProcess &process, const QString &unitName, const QString &etc, NotifySocket &notify,
                   const QString &stderrFile, QStringList *command);
    QString get(const QString &url, int *status = nullptr) const;
    bool stop(QProcess &process, NotifySocket &notify);

    std::unique_ptr<TestDatabase> m_db;
    QTemporaryDir m_folder;
    QString m_binDir; // empty: this build's programs
    QString m_unitDir = QStringLiteral(BOXOFFICE_SOURCE_DIR "/deploy/systemd");
    QString m_etcDir = QStringLiteral(BOXOFFICE_SOURCE_DIR "/deploy/etc/boxoffice");
    quint16 m_webPort = 0;
    quint16 m_metricsPort = 0;
};

void TestServiceUnits::initTestCase()
{
    QVERIFY(m_folder.isValid());
    const QString root = qEnvironmentVariable("BOXOFFICE_INSTALLED_ROOT");
    if (!root.isEmpty()) {
        m_binDir = root + QStringLiteral("/usr/bin");
        m_unitDir = root + QStringLiteral("/lib/systemd/system");
        m_etcDir = root + QStringLiteral("/etc/boxoffice");
        QVERIFY2(QFileInfo::exists(m_unitDir + QStringLiteral("/boxoffice-web.service")), qPrintable(m_unitDir));
    }
    m_db = std::make_unique<TestDatabase>(QStringLiteral("serviceunits"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));
    m_db->loadHall(QStringLiteral("Unit Hall"), 2, 10);
    m_webPort = freeLoopbackPort();
    m_metricsPort = freeLoopbackPort();
}

QString TestServiceUnits::prepareConfiguration(const QStringList &extraWeb, const QStringList &extraWorker)
{
    const QString etc = m_folder.filePath(QStringLiteral("etc-boxoffice"));
    QDir().mkpath(etc);
    const QDir shipped(m_etcDir);
    const ConnectionSettings db = m_db->settings();
    const QStringList database{QStringLiteral("PGHOST=") + db.host, QStringLiteral("PGPORT=%1").arg(db.port),
                               QStringLiteral("PGDATABASE=") + db.database, QStringLiteral("PGUSER=") + db.user};
    for (const QString &name : shipped.entryList(QDir::Files)) {
        QFile::remove(etc + QLatin1Char('/') + name);
        QFile::copy(shipped.filePath(name), etc + QLatin1Char('/') + name);
        QFile::setPermissions(etc + QLatin1Char('/') + name, QFile::ReadOwner | QFile::WriteOwner);
    }
    for (const auto &[name, extra] :
         {std::pair{QStringLiteral("web.env"), extraWeb}, std::pair{QStringLiteral("worker.env"), extraWorker}}) {
        QStringList kept;
        for (const QString &line : readEnvironmentFile(etc + QLatin1Char('/') + name)) {
            const QString key = line.section(QLatin1Char('='), 0, 0);
            const bool replaced = std::any_of(database.begin(), database.end(),
                                              [&](const QString &d) { return d.startsWith(key + QLatin1Char('=')); })
                || std::any_of(extra.begin(), extra.end(),
                               [&](const QString &d) { return d.startsWith(key + QLatin1Char('=')); });
            if (!replaced)
                kept << line;
        }
        QFile file(etc + QLatin1Char('/') + name);
        file.open(QIODevice::WriteOnly | QIODevice::Truncate);
        file.write(QStringList(kept + database + extra).join(QLatin1Char('\n')).toUtf8() + '\n');
    }
    QFile pgpass(etc + QStringLiteral("/pgpass"));
    pgpass.open(QIODevice::Append);
    pgpass.write(QStringLiteral("*:*:%1:%2:%3\n").arg(db.database, db.user, db.password).toUtf8());
    return etc;
}

QProcessEnvironment TestServiceUnits::unitEnvironment(const Unit &unit, const QString &etc, const QString &state,
                                                      const NotifySocket &notify) const
{
    // What systemd gives a service: a bare environment, then the unit's, then its files'.
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    const auto place = [&](QString value) {
        return value.replace(QStringLiteral("/etc/boxoffice"), etc)
            .replace(QStringLiteral("/var/lib/boxoffice"), state);
    };
    for (const QString &assignment : unit.environment)
        environment.insert(assignment.section(QLatin1Char('='), 0, 0), place(assignment.section(QLatin1Char('='), 1)));
    for (QString path : unit.environmentFiles) {
        const bool optional = path.startsWith(QLatin1Char('-'));
        path = place(optional ? path.mid(1) : path);
        for (const QString &assignment : readEnvironmentFile(path))
            environment.insert(assignment.section(QLatin1Char('='), 0, 0), assignment.section(QLatin1Char('='), 1));
    }
    environment.insert(QStringLiteral("NOTIFY_SOCKET"), notify.path());
    // The units' watchdogs are tens of seconds; a test wants to see pings sooner.
    environment.insert(QStringLiteral("WATCHDOG_USEC"), QStringLiteral("2000000"));
    return environment;
}

bool TestServiceUnits::startUnit(QProcess &process, const QString &unitName, const QString &etc, NotifySocket &notify,
                                 const QString &stderrFile, QStringList *command)
{
    const Unit unit = readUnit(m_unitDir + QLatin1Char('/') + unitName);
    const QString state = m_folder.filePath(QStringLiteral("state-") + unitName);
    QDir().mkpath(state);
    QProcessEnvironment environment = unitEnvironment(unit, etc, state, notify);
    *command = expandCommandLine(unit.execStart, environment);
    if (command->isEmpty() || !command->first().startsWith(QLatin1String("/usr/bin/")))
        return false;
    const QString name = command->first().mid(int(qstrlen("/usr/bin/")));
    QString program = m_binDir + QLatin1Char('/') + name;
    if (m_binDir.isEmpty())
        program = name == QLatin1String("boxoffice-web") ? QStringLiteral(BOXOFFICE_WEB_PROGRAM)
                                                         : qEnvironmentVariable("BOXOFFICE_CTL");
    // stderr is "the journal": JOURNAL_STREAM names its device and inode, as systemd does.
    QFile(stderrFile).open(QIODevice::WriteOnly | QIODevice::Truncate);
    struct stat status
    { };
    ::stat(stderrFile.toLocal8Bit().constData(), &status);
    environment.insert(QStringLiteral("JOURNAL_STREAM"),
                       QStringLiteral("%1:%2").arg(qulonglong(status.st_dev)).arg(qulonglong(status.st_ino)));
    process.setProcessEnvironment(environment);
    process.setStandardErrorFile(stderrFile, QIODevice::Append);
    process.setWorkingDirectory(state);
    process.start(program, command->mid(1));
    return process.waitForStarted(10000);
}

QString TestServiceUnits::get(const QString &url, int *status) const
{
    QNetworkAccessManager network;
    QNetworkReply *reply = network.get(QNetworkRequest(QUrl(url)));
    QElapsedTimer clock;
    clock.start();
    while (!reply->isFinished() && clock.elapsed() < 30000)
        QTest::qWait(20);
    if (status)
        *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString body = QString::fromUtf8(reply->readAll());
    reply->deleteLater();
    return body;
}

bool TestServiceUnits::stop(QProcess &process, NotifySocket &notify)
{
    ::kill(pid_t(process.processId()), SIGTERM);
    const bool said = notify.waitFor(QStringLiteral("STOPPING=1"), 30000);
    const bool ended = process.state() == QProcess::NotRunning || process.waitForFinished(30000);
    if (!said || !ended || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        qWarning("stopping: STOPPING=1 %s, ended %s, exit status %d, code %d", said ? "said" : "not said",
                 ended ? "yes" : "no", int(process.exitStatus()), process.exitCode());
    return said && ended && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

void TestServiceUnits::unitsAreHardenedNotifyServices()
{
    for (const QString &name : {QStringLiteral("boxoffice-web.service"), QStringLiteral("boxoffice-worker.service")}) {
        const Unit unit = readUnit(m_unitDir + QLatin1Char('/') + name);
        QCOMPARE(unit.type, QStringLiteral("notify"));
        QCOMPARE(unit.user, QStringLiteral("boxoffice"));
        QVERIFY2(!unit.watchdogSec.isEmpty(), qPrintable(name));
        for (const char *setting :
             {"ProtectSystem", "ProtectHome", "NoNewPrivileges", "RestrictAddressFamilies", "CapabilityBoundingSet"})
            QVERIFY2(unit.hardening.contains(QLatin1String(setting)), setting);
        // Secrets come from files only the service user reads, never from the unit or its command line.
        QVERIFY(!unit.execStart.contains(QStringLiteral("key"))
                && !unit.execStart.contains(QStringLiteral("password")));
        QVERIFY(unit.environment.contains(QStringLiteral("PGPASSFILE=/etc/boxoffice/pgpass")));
        QVERIFY(unit.environment.contains(QStringLiteral("BOXOFFICE_SETTINGS=/etc/boxoffice/service.conf")));
    }
}

void TestServiceUnits::theWebUnitStartsServesAndStops()
{
    const QString etc = prepareConfiguration({QStringLiteral("BOXOFFICE_WEB_PORT=%1").arg(m_webPort)}, {});
    NotifySocket notify(m_folder.filePath(QStringLiteral("web.notify")));
    QVERIFY(notify.ok());
    QProcess web;
    QStringList command;
    const QString journal = m_folder.filePath(QStringLiteral("web.journal"));
    QVERIFY2(startUnit(web, QStringLiteral("boxoffice-web.service"), etc, notify, journal, &command),
             qPrintable(command.join(QLatin1Char(' ')) + web.errorString()));
    // The unit's own options reached the program: its port, and the extra options split into words.
    QVERIFY2(command.contains(QString::number(m_webPort)), qPrintable(command.join(QLatin1Char(' '))));
    QVERIFY2(command.contains(QStringLiteral("--trusted-proxy")), qPrintable(command.join(QLatin1Char(' '))));

    const bool ready = notify.waitFor(QStringLiteral("READY=1"), 60000);
    QFile log(journal);
    log.open(QIODevice::ReadOnly);
    QVERIFY2(ready, qPrintable(QString::fromUtf8(log.readAll())));
    int status = 0;
    const QString health = get(QStringLiteral("http://127.0.0.1:%1/healthz").arg(m_webPort), &status);
    QCOMPARE(status, 200);
    QVERIFY2(notify.waitFor(QStringLiteral("WATCHDOG=1"), 10000), qPrintable(notify.drain().join(QLatin1Char('|'))));
    const QStringList said = notify.drain();
    QVERIFY(std::any_of(said.begin(), said.end(),
                        [](const QString &m) { return m.contains(QStringLiteral("STATUS=Serving")); }));
    QVERIFY(stop(web, notify));

    // Its warnings went to "the journal" with a priority journald understands.
    log.seek(0);
    const QString lines = QString::fromUtf8(log.readAll());
    QVERIFY2(lines.contains(QRegularExpression(QStringLiteral("(^|\\n)<4>.*no payment provider configured"))),
             qPrintable(lines));
    QVERIFY2(!lines.contains(QRegularExpression(QStringLiteral("(^|\\n)[^<]"))), qPrintable(lines));
}

void TestServiceUnits::theWorkerUnitReconnectsAndReports()
{
    const QString etc
        = prepareConfiguration({},
                               {QStringLiteral("BOXOFFICE_WORKER_INTERVAL=1"),
                                QStringLiteral("BOXOFFICE_WORKER_OPTIONS=--metrics 127.0.0.1:%1").arg(m_metricsPort)});
    NotifySocket notify(m_folder.filePath(QStringLiteral("worker.notify")));
    QVERIFY(notify.ok());
    QProcess worker;
    QStringList command;
    const QString journal = m_folder.filePath(QStringLiteral("worker.journal"));
    QVERIFY2(startUnit(worker, QStringLiteral("boxoffice-worker.service"), etc, notify, journal, &command),
             qPrintable(command.join(QLatin1Char(' ')) + worker.errorString()));
    QCOMPARE(command.mid(1, 3),
             (QStringList{QStringLiteral("worker"), QStringLiteral("--interval"), QStringLiteral("1")}));
    const bool ready = notify.waitFor(QStringLiteral("READY=1"), 60000);
    QFile log(journal);
    log.open(QIODevice::ReadOnly);
    QVERIFY2(ready, qPrintable(QString::fromUtf8(log.readAll())));
    QVERIFY(notify.waitFor(QStringLiteral("WATCHDOG=1"), 10000));

    const QString metricsUrl = QStringLiteral("http://127.0.0.1:%1/metrics").arg(m_metricsPort);
    int status = 0;
    QString metrics = get(metricsUrl, &status);
    QCOMPARE(status, 200);
    for (const char *name :
         {"boxoffice_outbox_unprocessed", "boxoffice_payments_unknown", "boxoffice_reconcile_repairs_today",
          "boxoffice_mail_spool{state=\"waiting\"}", "boxoffice_worker_passes_total"})
        QVERIFY2(metrics.contains(QLatin1String(name)), name);
    QCOMPARE(get(QStringLiteral("http://127.0.0.1:%1/healthz").arg(m_metricsPort), &status)
                 .contains(QStringLiteral("\"connected\":true")),
             true);
    QCOMPARE(status, 200);
    get(QStringLiteral("http://127.0.0.1:%1/other").arg(m_metricsPort), &status);
    QCOMPARE(status, 404);

    // The database drops every connection of the worker (a restart, a failover): it comes back by itself.
    QVERIFY(m_db->exec(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")));
    QElapsedTimer clock;
    clock.start();
    bool reconnected = false;
    while (!reconnected && clock.elapsed() < 60000) {
        QTest::qWait(500);
        metrics = get(metricsUrl, &status);
        reconnected = status == 200 && metrics.contains(QStringLiteral("\nboxoffice_worker_reconnects_total 1"))
            && metrics.contains(QStringLiteral("\nboxoffice_worker_database_up 1"));
    }
    QVERIFY2(reconnected, qPrintable(metrics));
    QVERIFY(worker.state() == QProcess::Running);
    QVERIFY(stop(worker, notify));
    log.seek(0);
    const QString lines = QString::fromUtf8(log.readAll());
    QVERIFY2(lines.contains(QRegularExpression(QStringLiteral("(^|\\n)<4>boxoffice.worker: lost the database"))),
             qPrintable(lines));
}

QTEST_GUILESS_MAIN(TestServiceUnits)
#include "tst_serviceunits.moc"
