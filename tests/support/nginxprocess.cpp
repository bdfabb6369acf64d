#include "nginxprocess.h"

#include "freeport.h"

#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

#include <unistd.h>

namespace boxoffice::test {

namespace {
bool replaceOnce(QByteArray &text, const QByteArray &from, const QByteArray &to)
{
    if (!text.contains(from))
        return false;
    text.replace(from, to);
    return true;
}
} // namespace

NginxProcess::~NginxProcess()
{
    stop();
}

QString NginxProcess::program()
{
    const QString found = QStandardPaths::findExecutable(QStringLiteral("nginx"));
    if (!found.isEmpty())
        return found;
    return QFileInfo::exists(QStringLiteral("/usr/sbin/nginx")) ? QStringLiteral("/usr/sbin/nginx") : QString();
}

QString NginxProcess::start(const QString &siteFile, quint16 webPort, const QString &staticDir)
{
    if (program().isEmpty())
        return QStringLiteral("nginx is not installed (Debian package nginx)");
    if (!m_dir.isValid())
        return QStringLiteral("no scratch folder");
    const QString dir = m_dir.path();

    QProcess openssl;
    openssl.start(QStringLiteral("openssl"),
                  {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                   QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("2"),
                   QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"),
                   QStringLiteral("subjectAltName=IP:127.0.0.1"), QStringLiteral("-keyout"),
                   dir + QStringLiteral("/tls.key"), QStringLiteral("-out"), dir + QStringLiteral("/tls.pem")});
    if (!openssl.waitForFinished(60000) || openssl.exitCode() != 0)
        return QStringLiteral("openssl could not make a certificate: ")
            + QString::fromUtf8(openssl.readAllStandardError());

    QFile site(siteFile);
    if (!site.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read ") + siteFile;
    QByteArray text = site.readAll();
    m_httpsPort = freeLoopbackPort();
    const QByteArray httpPort = QByteArray::number(freeLoopbackPort());
    const QByteArray https = QByteArray::number(m_httpsPort);
    // Only what a test must change; a site file that no longer has these lines fails loudly.
    const bool rendered
        = replaceOnce(text, "server 127.0.0.1:8080;", "server 127.0.0.1:" + QByteArray::number(webPort) + ';')
        && replaceOnce(text, "    listen 80;\n", "    listen 127.0.0.1:" + httpPort + ";\n")
        && replaceOnce(text, "    listen [::]:80;\n", "")
        && replaceOnce(text, "    listen 443 ssl http2;\n", "    listen 127.0.0.1:" + https + " ssl http2;\n")
        && replaceOnce(text, "    listen [::]:443 ssl http2;\n", "")
        && replaceOnce(text, "/etc/ssl/certs/boxoffice.pem", (dir + QStringLiteral("/tls.pem")).toUtf8())
        && replaceOnce(text, "/etc/ssl/private/boxoffice.key", (dir + QStringLiteral("/tls.key")).toUtf8())
        && replaceOnce(text, "/usr/share/boxoffice/static", staticDir.toUtf8());
    if (!rendered)
        return QStringLiteral("the site file %1 no longer has the lines the test renders").arg(siteFile);
    QFile renderedSite(dir + QStringLiteral("/site.conf"));
    if (!renderedSite.open(QIODevice::WriteOnly) || renderedSite.write(text) != text.size())
        return QStringLiteral("cannot write the site file");
    renderedSite.close();

    const QByteArray d = dir.toUtf8();
    QByteArray main;
    // As root, nginx's workers would become "nobody", who cannot read a checkout under /root.
    if (::geteuid() == 0)
        main += "user root;\n";
    main += "daemon off;\nworker_processes 1;\npid " + d + "/nginx.pid;\nerror_log " + d
        + "/error.log warn;\n"
          "events { worker_connections 1024; }\n"
          "http {\n"
          "    include /etc/nginx/mime.types;\n"
          "    default_type application/octet-stream;\n"
          "    access_log "
        + d
        + "/access.log;\n"
          "    client_body_temp_path "
        + d + "/body;\n    proxy_temp_path " + d
        + "/proxy;\n"
          "    fastcgi_temp_path "
        + d + "/fastcgi;\n    uwsgi_temp_path " + d + "/uwsgi;\n    scgi_temp_path " + d
        + "/scgi;\n"
          "    include "
        + d
        + "/site.conf;\n"
          "}\n";
    QFile conf(dir + QStringLiteral("/nginx.conf"));
    if (!conf.open(QIODevice::WriteOnly) || conf.write(main) != main.size())
        return QStringLiteral("cannot write nginx.conf");
    conf.close();

    m_process.setProcessChannelMode(QProcess::MergedChannels);
    m_process.start(program(),
                    {QStringLiteral("-p"), dir, QStringLiteral("-c"), dir + QStringLiteral("/nginx.conf"),
                     QStringLiteral("-e"), dir + QStringLiteral("/error.log")});
    if (!m_process.waitForStarted(10000))
        return QStringLiteral("nginx did not start: ") + m_process.errorString();
    for (int attempt = 0; attempt < 100; ++attempt) {
        if (m_process.state() != QProcess::Running)
            return QStringLiteral("nginx stopped: ") + QString::fromUtf8(m_process.readAll()) + errorLog();
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, m_httpsPort);
        if (probe.waitForConnected(200))
            return {};
        QThread::msleep(100);
    }
    return QStringLiteral("nginx did not open its port: ") + errorLog();
}

void NginxProcess::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate(); // SIGTERM: a fast shutdown
    if (!m_process.waitForFinished(10000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

QUrl NginxProcess::httpsUrl() const
{
    return QUrl(QStringLiteral("https://127.0.0.1:%1").arg(m_httpsPort));
}

QString NginxProcess::errorLog() const
{
    QFile log(m_dir.path() + QStringLiteral("/error.log"));
    return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll().right(2000)) : QString();
}

} // namespace boxoffice::test
