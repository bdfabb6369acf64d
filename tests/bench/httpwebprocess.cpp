#include "httpwebprocess.h"

#include "app/ctl/simulatehttp.h"

#include <QMutex>
#include <QProcessEnvironment>
#include <QThread>
#include <QUrl>

namespace boxoffice::bench {

HttpWebSettings &HttpWebSettings::global()
{
    static HttpWebSettings settings;
    return settings;
}

HttpWebProcess::~HttpWebProcess()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.terminate();
        if (!m_process.waitForFinished(10000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
}

Result<std::shared_ptr<HttpWebProcess>> HttpWebProcess::shared(const ConnectionSettings &database)
{
    static QMutex mutex;
    static std::weak_ptr<HttpWebProcess> running;
    QMutexLocker lock(&mutex);
    if (auto process = running.lock())
        return process;
    std::shared_ptr<HttpWebProcess> process(new HttpWebProcess);
    if (auto started = process->start(database); !started)
        return started.error();
    running = process;
    return process;
}

Status HttpWebProcess::start(const ConnectionSettings &database)
{
    ConnectionSettings withoutPassword = database;
    withoutPassword.password.clear();
    QStringList arguments{QStringLiteral("--db"),      withoutPassword.toUrl(false),
                          QStringLiteral("--port"),    QStringLiteral("0"),
                          QStringLiteral("--listen"),  QStringLiteral("127.0.0.1"),
                          QStringLiteral("--threads"), QString::number(HttpWebSettings::global().threads)};
    arguments << HttpWebSettings::global().extraArguments;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // A secret never goes on a command line, where `ps` shows it.
    if (!database.password.isEmpty())
        environment.insert(QStringLiteral("PGPASSWORD"), database.password);
    // One log line per request would cost the server more than some requests do; warnings still show.
    environment.insert(QStringLiteral("QT_LOGGING_RULES"),
                       QStringLiteral("boxoffice.*.info=false;boxoffice.storage.warning=false"));
    m_process.setProcessEnvironment(environment);
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start(QStringLiteral(BOXOFFICE_WEB), arguments);
    if (!m_process.waitForStarted(10000))
        return makeError(
            ErrorCode::Unavailable,
            QStringLiteral("Could not start %1: %2").arg(QStringLiteral(BOXOFFICE_WEB), m_process.errorString()));
    QByteArray said;
    for (int i = 0; i < 300 && !said.contains('\n'); ++i) {
        if (m_process.state() == QProcess::NotRunning)
            break;
        m_process.waitForReadyRead(100);
        said += m_process.readAllStandardOutput();
    }
    const qsizetype at = said.indexOf("http://");
    if (at < 0) {
        DomainError error = makeError(ErrorCode::Unavailable, QStringLiteral("boxoffice-web did not start listening"));
        error.detail = QString::fromUtf8(said);
        return error;
    }
    const QUrl url(QString::fromUtf8(said.mid(at).trimmed()));
    m_port = quint16(url.port());
    // Ready means it answers: a health check through the same kind of connection the clients use.
    KeepAliveHttp probe(host(), m_port, 10000);
    for (int i = 0; i < 50; ++i) {
        if (probe.send("GET", "/healthz").status == 200)
            return Done{};
        QThread::msleep(100);
    }
    return makeError(ErrorCode::Unavailable,
                     QStringLiteral("boxoffice-web on port %1 does not answer /healthz").arg(m_port));
}

} // namespace boxoffice::bench
