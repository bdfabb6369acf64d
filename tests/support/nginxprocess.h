#pragma once

// A real nginx on loopback for the tests, running the shipped site file (deploy/nginx/boxoffice.conf)
// with only what a test must change: loopback ports, a self-signed certificate made with openssl, the
// web server's port and the static folder of this checkout. Its files live in a scratch folder;
// stopped with the test.

#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QUrl>

namespace boxoffice::test {

class NginxProcess
{
public:
    NginxProcess() = default;
    ~NginxProcess();
    NginxProcess(const NginxProcess &) = delete;
    NginxProcess &operator=(const NginxProcess &) = delete;

    // nginx on PATH (or /usr/sbin/nginx), or empty when it is not installed.
    static QString program();

    // Renders `siteFile` for `webPort` and `staticDir`, starts nginx and waits until its TLS port
    // accepts connections. Empty on success, else why it did not start.
    QString start(const QString &siteFile, quint16 webPort, const QString &staticDir);
    void stop();

    QUrl httpsUrl() const; // https://127.0.0.1:<port>
    QString errorLog() const;

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_httpsPort = 0;
};

} // namespace boxoffice::test
