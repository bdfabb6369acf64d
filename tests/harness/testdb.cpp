// Starts and stops the throwaway PostgreSQL cluster one ctest run shares (ctest fixtures call it).
// It is the product's own PrivateCluster, pointed at a scratch folder and tuned for speed: the tests
// exercise the same start/reuse/stop code a user runs.

#include "storage/privatecluster.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

using namespace boxoffice;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Throwaway PostgreSQL cluster for the test suites."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("action"), QStringLiteral("start | stop"));
    parser.addOptions(
        {{QStringLiteral("dir"), QStringLiteral("Cluster folder."), QStringLiteral("path")},
         {QStringLiteral("fresh"), QStringLiteral("start: remove a cluster left by an earlier run first.")},
         {QStringLiteral("remove"), QStringLiteral("stop: delete the cluster folder too.")}});
    parser.process(app);

    QTextStream err(stderr);
    const QString directory = parser.value(QStringLiteral("dir"));
    if (directory.isEmpty() || parser.positionalArguments().size() != 1) {
        err << "usage: boxoffice-testdb start|stop --dir PATH [--fresh|--remove]\n";
        return 2;
    }
    PrivateClusterOptions options;
    options.directory = directory;
    options.maxConnections = 700; // crowd suites open 300 connections while other suites run
    options.durable = false;
    PrivateCluster cluster(options);

    const QString action = parser.positionalArguments().first();
    if (action == QLatin1String("start")) {
        if (parser.isSet(QStringLiteral("fresh"))) {
            if (auto status = cluster.destroy(); !status) {
                err << "could not remove the old test cluster: " << status.error().message << '\n';
                return 1;
            }
        }
        auto settings = cluster.start([&err](const QString &message) {
            err << message << '\n';
            err.flush();
        });
        if (!settings) {
            err << "could not start the test cluster: " << settings.error().message << '\n'
                << settings.error().detail << '\n';
            return 1;
        }
        QTextStream(stdout) << "test cluster ready: " << settings->describe() << '\n';
        return 0;
    }
    if (action == QLatin1String("stop")) {
        auto status = parser.isSet(QStringLiteral("remove")) ? cluster.destroy() : cluster.stop();
        if (!status) {
            err << "could not stop the test cluster: " << status.error().message << '\n';
            return 1;
        }
        return 0;
    }
    err << "unknown action " << action << '\n';
    return 2;
}
