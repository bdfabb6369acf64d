#pragma once

// A real boxoffice-web process on a free loopback port for the load tests (tst_rush300,
// tst_simulatebuyers): secrets through the environment, never its command line; quiet per-request logs.

#include "storage/connectionsettings.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QUrl>

namespace boxoffice::test {

class WebProcess
{
public:
    ~WebProcess() { stop(); }

    // Empty on success, else why it did not start.
    QString start(const ConnectionSettings &database, const QUrl &provider, const QString &providerKey, int threads)
    {
        ConnectionSettings withoutPassword = database;
        withoutPassword.password.clear();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        if (!database.password.isEmpty())
            environment.insert(QStringLiteral("PGPASSWORD"), database.password);
        environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_URL"), provider.toString());
        environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_KEY"), providerKey);
        environment.insert(QStringLiteral("QT_LOGGING_RULES"),
                           QStringLiteral("boxoffice.*.info=false;boxoffice.storage.warning=false"));
        m_process.setProcessEnvironment(environment);
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(QString::fromUtf8(BOXOFFICE_WEB),
                        QStringList{QStringLiteral("--db"), withoutPassword.toUrl(false), QStringLiteral("--port"),
                                    QStringLiteral("0"), QStringLiteral("--threads"), QString::number(threads)}
                            + extraArguments);
        if (!m_process.waitForStarted(10000))
            return QStringLiteral("could not start boxoffice-web: %1").arg(m_process.errorString());
        QByteArray said;
        for (int i = 0; i < 300 && !said.contains('\n') && m_process.state() == QProcess::Running; ++i) {
            m_process.waitForReadyRead(100);
            said += m_process.readAllStandardOutput();
        }
        const qsizetype at = said.indexOf("http://");
        if (at < 0)
            return QStringLiteral("boxoffice-web said: %1").arg(QString::fromUtf8(said));
        m_base = QUrl(QString::fromUtf8(said.mid(at).trimmed()));
        return {};
    }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(10000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    QUrl baseUrl() const { return m_base; }

    QStringList extraArguments; // more options for the next start (e.g. --browse-db), never a secret

private:
    QProcess m_process;
    QUrl m_base;
};

} // namespace boxoffice::test
