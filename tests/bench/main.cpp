// boxoffice-bench (issue 4): the seat-claim paths under concurrent clients, measured against the
// simplest correct statement on the same database in the same run. See docs/PERFORMANCE.md.

#include "benchoptions.h"
#include "benchrun.h"
#include "interruption.h"

#include <QGuiApplication>
#include <QLoggingCategory>
#include <QTextStream>

#include <sys/resource.h>

using namespace boxoffice::bench;

int main(int argc, char *argv[])
{
    // --plot draws text, which needs a QGuiApplication; a server has no display to give it.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice-bench"));
    // The bench counts and reports every failed claim itself; a log line per failure would bury the
    // progress line. QT_LOGGING_RULES still wins when set.
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
        QLoggingCategory::setFilterRules(QStringLiteral("boxoffice.storage.warning=false"));

    auto options = BenchOptions::parse(app);
    if (!options) {
        QTextStream(stderr) << options.error().message << "\nTry --help.\n";
        return ExitUsage;
    }
    // 1,000 HTTP clients are 1,000 sockets here and as many in the boxoffice-web it starts (which
    // inherits the limit): the usual soft limit of 1,024 descriptors is not enough.
    rlimit files{};
    if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &files);
    }
    installInterruptHandler();
    return BenchRun(options.value()).exec();
}
