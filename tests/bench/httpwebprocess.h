#pragma once

#include "domain/result.h"
#include "storage/connectionsettings.h"

#include <QProcess>
#include <QStringList>

#include <memory>

namespace boxoffice::bench {

// How the HTTP scenarios start boxoffice-web: set once from the command line (--web-threads,
// --web-args) before any scenario runs.
struct HttpWebSettings
{
    int threads = 8;
    QStringList extraArguments; // e.g. the lanes' --claim-connections 4 --read-connections 2
    double runSeconds = 15; // --duration: how many carts a run without an attempt budget may use

    static HttpWebSettings &global();
};

// A real boxoffice-web process on a free loopback port, against the bench's database, with no payment
// provider (holds need none). Shared by every HTTP scenario of a run, so one server (and its warm
// connections) serves them all; it stops when the last scenario lets go of it.
class HttpWebProcess
{
public:
    ~HttpWebProcess();

    // Started on first use; later calls get the same process.
    static Result<std::shared_ptr<HttpWebProcess>> shared(const ConnectionSettings &database);

    QString host() const { return QStringLiteral("127.0.0.1"); }
    quint16 port() const { return m_port; }

private:
    HttpWebProcess() = default;
    Status start(const ConnectionSettings &database);

    QProcess m_process;
    quint16 m_port = 0;
};

} // namespace boxoffice::bench
