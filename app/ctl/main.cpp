#include "commands.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <functional>
#include <map>

using namespace boxoffice::ctl;

namespace {

struct Command
{
    std::function<int(CtlContext &)> run;
    const char *summary;
};

const std::map<QString, Command> &commands()
{
    static const std::map<QString, Command> table{
        {QStringLiteral("db"), {runDb, "db start|stop|status|url: manage the private database"}},
        {QStringLiteral("migrate"), {runMigrate, "migrate: bring the database schema up to date"}},
        {QStringLiteral("seed-demo"),
         {runSeedDemo, "seed-demo [--stadium]: load the demo theatre (and a 50,000-seat stadium)"}},
        {QStringLiteral("events"), {runEvents, "events: list events"}},
        {QStringLiteral("availability"), {runAvailability, "availability --event ID: seats by section and price band"}},
        {QStringLiteral("hold"), {runHold, "hold --event ID --cart ID --seats A-1-5,A-1-6 [--ttl SECONDS]"}},
        {QStringLiteral("release"), {runRelease, "release --cart ID [--event ID --seats ...]: give held seats back"}},
        {QStringLiteral("extend"), {runExtend, "extend --cart ID: one more hold period, within the event's limit"}},
        {QStringLiteral("order"),
         {runOrder, "order --cart ID | --order ID: open a pending order over a cart, or show one"}},
        {QStringLiteral("confirm"), {runConfirm, "confirm --order ID | --cart ID: sell the held seats of an order"}},
        {QStringLiteral("sweep"), {runSweep, "sweep: return expired holds to AVAILABLE (display tidying only)"}},
        {QStringLiteral("audit"), {runAudit, "audit: check the inventory invariants; exits 1 when one fails"}},
    };
    return table;
}

QString commandSummary()
{
    QString text = QStringLiteral("Box-office inventory tool.\n\nCommands:\n");
    for (const auto &[name, command] : commands())
        text += QStringLiteral("  %1\n").arg(QLatin1String(command.summary));
    text += QStringLiteral("\nExit status: 0 done, 1 failure, 2 bad input, 3 a seat was not available.");
    return text;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    // One application name for every box-office program, so they share one data folder and settings.
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(commandSummary());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("What to do (see Commands)."));
    parser.addOptions({
        {QStringLiteral("db"),
         QStringLiteral("Database URL (postgresql://user:password@host:port/db). Default: PG* "
                        "variables, then the saved setting, then the private database."),
         QStringLiteral("url")},
        {QStringLiteral("json"), QStringLiteral("Print machine-readable JSON on stdout.")},
        {QStringLiteral("event"), QStringLiteral("Event id."), QStringLiteral("id")},
        {QStringLiteral("cart"), QStringLiteral("Cart id (letters, digits, - _ . :)."), QStringLiteral("id")},
        {QStringLiteral("seats"), QStringLiteral("Comma-separated seats, e.g. A-1-5,A-1-6."), QStringLiteral("list")},
        {QStringLiteral("ttl"), QStringLiteral("Hold duration in seconds (default: the event's)."),
         QStringLiteral("seconds")},
        {QStringLiteral("order"), QStringLiteral("Order id."), QStringLiteral("id")},
        {QStringLiteral("stadium"), QStringLiteral("seed-demo: also load the 50,000-seat stadium.")},
    });
    parser.process(app);

    CtlContext context(parser);
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        parser.showHelp(ExitBadInput);
    }
    const auto found = commands().find(positional.first());
    if (found == commands().end())
        return context.failUsage(
            QStringLiteral("Unknown command \"%1\". Run boxoffice-ctl --help.").arg(positional.first()));
    return found->second.run(context);
}
