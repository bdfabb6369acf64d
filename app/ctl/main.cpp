#include "commandoptions.h"
#include "commands.h"

#include "app/service/journallog.h"
#include "app/service/programversion.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QSet>
#include <QTextStream>

#include <functional>
#include <map>
#include <memory>

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
        {QStringLiteral("db"),
         {runDb,
          "db start|stop|status|url: manage the private database; db backup [FILE] | db restore FILE [--replace]: a "
          "pg_dump archive of the database in use (private or --db), and back; db replication: whether an "
          "acknowledged sale is on a synchronous standby too"}},
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
        {QStringLiteral("ga"),
         {runGa,
          "ga list --event | create --event --code --capacity --price [--rows K] [--strategy] | "
          "hold --pool --cart --quantity | release --pool --cart | strategy --pool --strategy"}},
        {QStringLiteral("hotel"),
         {runHotel,
          "hotel list | availability --hotel --check-in --check-out [--room-types] | "
          "hold --room-type --cart --check-in --check-out [--guest] | release --cart --stay | "
          "cancel --stay [--reason TEXT] | capacity --room-type --check-in --check-out [--sellable] [--physical] | "
          "night-audit --hotel ID|NAME --date YYYY-MM-DD (manager): no-shows and the day's report | "
          "cancellation-policy --hotel ID|NAME [--free-hours N] [--check-in-time HH:MM] [--late-fee SPEC] "
          "[--no-show-fee SPEC] (setting: manager)"}},
        {QStringLiteral("staff"),
         {runStaff, "staff add NAME --role clerk|manager (password prompted, never echoed) | staff list"}},
        {QStringLiteral("buyer"),
         {runBuyer,
          "buyer add NAME [--email ADDRESS]: a web buyer account (its confirmation mail to ADDRESS); prints its bearer "
          "token once"}},
        {QStringLiteral("checkout"),
         {runCheckout, "checkout --cart CART | --order ID [--settings FILE]: pay online and confirm"}},
        {QStringLiteral("reconcile"),
         {runReconcile,
          "reconcile [--unknown-after S] | reconcile --report: finish interrupted checkouts; repairs per day"}},
        {QStringLiteral("worker"),
         {runWorker,
          "worker [--interval S] [--once] [--metrics [ADDRESS:]PORT] [--smtp URL] [--mail-from ADDRESS] [--amqp URL] "
          "[--settings FILE]: reconcile, issue tickets and "
          "queue mail for paid orders, then send the mail that is due"}},
        {QStringLiteral("refund"),
         {runRefund,
          "refund --order ID --reason TEXT [--items seat:5,ga:3,stay:4,slot:9]: (manager) refund a paid order or some "
          "of its units, any shape, back on sale"}},
        {QStringLiteral("ticket"),
         {runTicket,
          "ticket verify CODE [--gate NAME] [--event ID] [--check-only]: admit a scanned ticket once and record it "
          "(exit 0), "
          "refuse it, e.g. already admitted or refunded (1), or never issued (2)"}},
        {QStringLiteral("till"),
         {runTill,
          "till report [--shift ID | --date YYYY-MM-DD]: a till's figures (cash expected and counted, card "
          "totals by terminal reference, voids, refunds), or every till opened that day"}},
        {QStringLiteral("day"),
         {runDay,
          "day report [--date YYYY-MM-DD]: the counter's money per clerk and terminal and overall, the tills, "
          "and online money apart"}},
        {QStringLiteral("price-types"),
         {runPriceTypes,
          "price-types list EVENT | set EVENT BAND ADULT|CHILD|CONCESSION AMOUNT: (manager) prices per type"}},
        {QStringLiteral("house"),
         {runHouse,
          "house hold --event --seats --kind house|press|technical --owner NAME [--note TEXT] | "
          "release --event --seats | list --event: (manager) seats off sale with no expiry"}},
        {QStringLiteral("table"),
         {runTable,
          "table list | hold --table --cart --party --at --minutes | "
          "find --restaurant --cart --party --at --minutes | release --cart --booking"}},
        {QStringLiteral("outbox"),
         {runOutbox,
          "outbox [--amqp URL]: paid orders' events not yet confirmed by RabbitMQ and not yet processed, "
          "the oldest one's age, and with a broker its queues' counts"}},
        {QStringLiteral("mail"),
         {runMail,
          "mail: the confirmation mail still to send, being retried (with the relay's last answer) or "
          "given up, newest first, and the counts"}},
        {QStringLiteral("onsale"),
         {runOnSale,
          "onsale set --event ID --draw-closes TIME|+SECONDS [--rate R] [--token-minutes N] | show --event ID | "
          "clear --event ID: (manager) an event's waiting room and admission rate"}},
        {QStringLiteral("simulate-buyers"),
         {runSimulateBuyers,
          "simulate-buyers --event ID --buyers N --rate R [--web URL] [--seed S]: N web buyers arriving at R a "
          "second hold, abandon, pay or pay late against a running boxoffice-web; a summary and the audit "
          "(exits 1 when it fails)"}},
        {QStringLiteral("caps"),
         {runCaps,
          "caps event|hotel|restaurant ID [buyer=N] [card=N] [unknown-card=N] [address=N]: what one web "
          "buyer, card, all carts with no card, or one client address may hold at once (N or none; "
          "setting: manager)"}},
    };
    return table;
}

QString commandSummary()
{
    QString text = QStringLiteral("Box-office inventory tool.\n\nCommands:\n");
    for (const auto &[name, command] : commands())
        text += QStringLiteral("  %1\n").arg(QLatin1String(command.summary));
    text += QStringLiteral("  help COMMAND: what one command does and the options it takes (or COMMAND --help)\n");
    text += QStringLiteral("\nExit status: 0 done, 1 failure, 2 bad input, 3 a seat was not available.");
    return text;
}

// Every option of every command. Options are global to the parser, so they may come before or after
// the command word.
QList<QCommandLineOption> options()
{
    return {
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
        {QStringLiteral("replace"),
         QStringLiteral(
             "db restore: replace a database that already holds a box office (its contents are saved first).")},
        {QStringLiteral("pool"), QStringLiteral("General-admission pool id."), QStringLiteral("id")},
        {QStringLiteral("quantity"), QStringLiteral("Number of GA places."), QStringLiteral("n")},
        {QStringLiteral("code"), QStringLiteral("Code of a new pool."), QStringLiteral("code")},
        {QStringLiteral("name"), QStringLiteral("Name of a new pool."), QStringLiteral("name")},
        {QStringLiteral("capacity"), QStringLiteral("Sellable places of a new pool."), QStringLiteral("n")},
        {QStringLiteral("price"), QStringLiteral("Price in minor units (cents)."), QStringLiteral("n")},
        {QStringLiteral("rows"), QStringLiteral("Split a new pool over this many rows (hot pools)."),
         QStringLiteral("k")},
        {QStringLiteral("strategy"), QStringLiteral("Pool claim strategy: atomic, pessimistic or batched."),
         QStringLiteral("name")},
        {QStringLiteral("hotel"), QStringLiteral("Hotel id (night-audit: its id or name)."), QStringLiteral("id")},
        {QStringLiteral("room-type"), QStringLiteral("Room type id."), QStringLiteral("id")},
        {QStringLiteral("room-types"), QStringLiteral("Room type codes, comma-separated."), QStringLiteral("list")},
        {QStringLiteral("check-in"), QStringLiteral("First night (YYYY-MM-DD)."), QStringLiteral("date")},
        {QStringLiteral("check-out"),
         QStringLiteral("Day of departure (YYYY-MM-DD): the last night is the day before."), QStringLiteral("date")},
        {QStringLiteral("guest"), QStringLiteral("Guest name."), QStringLiteral("name")},
        {QStringLiteral("stay"), QStringLiteral("Stay id."), QStringLiteral("id")},
        {QStringLiteral("free-hours"),
         QStringLiteral("hotel cancellation-policy: free cancellation until this many hours before check-in."),
         QStringLiteral("n")},
        {QStringLiteral("check-in-time"), QStringLiteral("hotel cancellation-policy: the check-in time (HH:MM)."),
         QStringLiteral("time")},
        {QStringLiteral("late-fee"),
         QStringLiteral("hotel cancellation-policy: none, first-night, percent:N or fixed:MINOR."),
         QStringLiteral("spec")},
        {QStringLiteral("no-show-fee"),
         QStringLiteral("hotel cancellation-policy: none, first-night, percent:N or fixed:MINOR."),
         QStringLiteral("spec")},
        {QStringLiteral("sellable"), QStringLiteral("Sellable rooms a night (may exceed physical)."),
         QStringLiteral("n")},
        {QStringLiteral("physical"), QStringLiteral("Physical rooms a night."), QStringLiteral("n")},
        {QStringLiteral("restaurant"), QStringLiteral("Restaurant id."), QStringLiteral("id")},
        {QStringLiteral("table"), QStringLiteral("Table id."), QStringLiteral("id")},
        {QStringLiteral("party"), QStringLiteral("Party size."), QStringLiteral("n")},
        {QStringLiteral("at"), QStringLiteral("Start time, e.g. 2026-03-12T19:00."), QStringLiteral("time")},
        {QStringLiteral("minutes"), QStringLiteral("Length of a table booking."), QStringLiteral("n")},
        {QStringLiteral("booking"), QStringLiteral("Table booking id."), QStringLiteral("id")},
        {QStringLiteral("role"), QStringLiteral("staff add: clerk or manager."), QStringLiteral("role")},
        {QStringLiteral("settings"),
         QStringLiteral("checkout, reconcile, worker, refund: the settings file with the payment provider's url and "
                        "secret key, readable by this user only (default: BOXOFFICE_SETTINGS, "
                        "~/.config/boxoffice/service.conf, /etc/boxoffice/service.conf; BOXOFFICE_PAYMENT_URL and "
                        "BOXOFFICE_PAYMENT_KEY override it)."),
         QStringLiteral("file")},
        {QStringLiteral("provider-timeout"), QStringLiteral("Milliseconds before a provider call counts as unknown."),
         QStringLiteral("ms")},
        {QStringLiteral("unknown-after"),
         QStringLiteral("reconcile: ask the provider about charges older than this many seconds (default 60)."),
         QStringLiteral("s")},
        {QStringLiteral("report"), QStringLiteral("reconcile: print what was repaired, per day.")},
        {QStringLiteral("reason"), QStringLiteral("refund, hotel cancel: why, in words for the ledger."),
         QStringLiteral("text")},
        {QStringLiteral("items"), QStringLiteral("refund: only these units (kind:id, comma-separated; default: all)."),
         QStringLiteral("list")},
        {QStringLiteral("interval"), QStringLiteral("worker: seconds between runs (default 30)."), QStringLiteral("s")},
        {QStringLiteral("once"), QStringLiteral("worker: one pass, then exit (for cron and tests).")},
        {QStringLiteral("metrics"),
         QStringLiteral("worker: serve GET /metrics (Prometheus) and /healthz on PORT (loopback) or ADDRESS:PORT."),
         QStringLiteral("address")},
        {QStringLiteral("amqp"),
         QStringLiteral("worker, outbox: ticket issuing through RabbitMQ at amqp://USER@HOST:PORT/VHOST (or "
                        "BOXOFFICE_AMQP_URL, which may carry the password; the command line may not). Without it the "
                        "worker polls the outbox in PostgreSQL."),
         QStringLiteral("url")},
        {QStringLiteral("smtp"),
         QStringLiteral(
             "worker: the mail relay, smtp://host:port or smtps://host:port (or BOXOFFICE_SMTP_URL; its "
             "sign-in in BOXOFFICE_SMTP_USER and BOXOFFICE_SMTP_PASSWORD). Without one, mail stays spooled."),
         QStringLiteral("url")},
        {QStringLiteral("email"), QStringLiteral("buyer add: where the buyer's confirmation mail goes."),
         QStringLiteral("address")},
        {QStringLiteral("mail-from"),
         QStringLiteral("worker: the sender of confirmation mail (or BOXOFFICE_MAIL_FROM; default "
                        "\"Box Office <boxoffice@localhost>\")."),
         QStringLiteral("address")},
        {QStringLiteral("gate"),
         QStringLiteral("ticket verify: the gate the admission is recorded at (default: main)."),
         QStringLiteral("name")},
        {QStringLiteral("check-only"), QStringLiteral("ticket verify: only look; record no admission.")},
        {QStringLiteral("shift"), QStringLiteral("till report: the till shift's id."), QStringLiteral("id")},
        {QStringLiteral("date"),
         QStringLiteral(
             "till report, day report: the day (YYYY-MM-DD; default today); hotel night-audit: the business date."),
         QStringLiteral("date")},
        {QStringLiteral("kind"), QStringLiteral("house hold: house, press or technical."), QStringLiteral("kind")},
        {QStringLiteral("owner"), QStringLiteral("house hold: who the seats are for."), QStringLiteral("name")},
        {QStringLiteral("note"), QStringLiteral("house hold: a note for the record."), QStringLiteral("text")},
        {QStringLiteral("draw-closes"),
         QStringLiteral("onsale set: when the waiting room's draw closes (ISO time, or +SECONDS from now)."),
         QStringLiteral("time")},
        {QStringLiteral("rate"),
         QStringLiteral(
             "onsale set: admissions a second (0: as the claims sustain); simulate-buyers: arrivals a second."),
         QStringLiteral("r")},
        {QStringLiteral("token-minutes"),
         QStringLiteral("onsale set: how long an admission lets a buyer hold (default 15)."), QStringLiteral("n")},
        {QStringLiteral("buyers"), QStringLiteral("simulate-buyers: how many web buyers."), QStringLiteral("n")},
        {QStringLiteral("web"),
         QStringLiteral("simulate-buyers: boxoffice-web's address (default http://127.0.0.1:8080)."),
         QStringLiteral("url")},
        {QStringLiteral("seed"), QStringLiteral("simulate-buyers: seed of the buyers' choices (default 1)."),
         QStringLiteral("s")},
    };
}

// The command word is the first argument that is neither an option nor an option's value: with
// `--db URL worker`, "URL" belongs to --db. Needed before QCoreApplication exists, to choose the
// application class, so it cannot ask QCommandLineParser.
QString commandWord(int argc, char *argv[])
{
    QSet<QString> takesValue;
    for (const QCommandLineOption &option : options()) {
        if (!option.valueName().isEmpty())
            takesValue.unite(QSet<QString>(option.names().cbegin(), option.names().cend()));
    }
    for (int i = 1; i < argc; ++i) {
        const QString argument = QString::fromLocal8Bit(argv[i]);
        if (argument == QLatin1String("--"))
            return i + 1 < argc ? QString::fromLocal8Bit(argv[i + 1]) : QString();
        if (!argument.startsWith(QLatin1Char('-')) || argument == QLatin1String("-"))
            return argument;
        // Only long options take values here ("--db URL"; "--db=URL" is one argument); "-h" and "-v" do not.
        if (argument.startsWith(QLatin1String("--")) && takesValue.contains(argument.mid(2)))
            ++i; // its value is the next argument
    }
    return {};
}

} // namespace

int main(int argc, char *argv[])
{
    // The worker draws ticket PDFs, which needs fonts and so a QGuiApplication (offscreen: a server
    // has no display); every other command is a plain console program.
    const bool drawsTickets = commandWord(argc, argv) == QLatin1String("worker");
    if (drawsTickets && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> application(drawsTickets ? new QGuiApplication(argc, argv)
                                                               : new QCoreApplication(argc, argv));
    boxoffice::routeLogsToJournalWhenItListens();
    // One application name for every box-office program, so they share one data folder and settings.
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(commandSummary());
    parser.addHelpOption();
    parser.addOption(boxoffice::versionOption());
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("What to do (see Commands)."));
    parser.addOptions(options());
    // Taken on the command line once; now refused with the way to do it, not as an unknown option.
    const QStringList refusedSecretFlags{QStringLiteral("provider-url"), QStringLiteral("provider-key")};
    for (const QString &flag : refusedSecretFlags) {
        QCommandLineOption option(flag, QString(), QStringLiteral("value"));
        option.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(option);
    }
    // parse(), not process(): `hold --help` explains hold, and a stray option is refused per command below.
    if (!parser.parse(QCoreApplication::arguments())) {
        QTextStream(stderr) << "boxoffice-ctl: " << parser.errorText() << "\nRun boxoffice-ctl --help.\n";
        return ExitBadInput;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        boxoffice::printVersion(QStringLiteral("boxoffice-ctl"));
        return 0;
    }

    CtlContext context(parser);
    for (const QString &flag : refusedSecretFlags) {
        if (parser.isSet(flag))
            return context.failUsage(QStringLiteral("--%1 is no longer taken: the command line is readable by every "
                                                    "user of this machine. Put the payment provider's url and secret "
                                                    "key in the settings file (--settings FILE, mode 600) or "
                                                    "BOXOFFICE_PAYMENT_URL and BOXOFFICE_PAYMENT_KEY; see the README.")
                                         .arg(flag));
    }
    const QStringList positional = parser.positionalArguments();
    const bool helpAsked = parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"));
    const bool helpCommand = positional.value(0) == QLatin1String("help");
    if (helpAsked || helpCommand) {
        const QString topic = positional.value(helpCommand ? 1 : 0);
        if (topic.isEmpty())
            parser.showHelp(ExitDone);
        const auto described = commands().find(topic);
        if (described == commands().end())
            return context.failUsage(QStringLiteral("Unknown command \"%1\". Run boxoffice-ctl --help.").arg(topic));
        QTextStream(stdout) << CommandOptions::help(topic, QLatin1String(described->second.summary), options());
        return ExitDone;
    }
    if (positional.isEmpty()) {
        parser.showHelp(ExitBadInput);
    }
    const auto found = commands().find(positional.first());
    if (found == commands().end())
        return context.failUsage(
            QStringLiteral("Unknown command \"%1\". Run boxoffice-ctl --help.").arg(positional.first()));
    const QStringList strays = CommandOptions::strays(positional.first(), parser.optionNames());
    if (!strays.isEmpty())
        return context.failUsage(QStringLiteral("--%1 is not an option of \"%2\"; it would do nothing there. Run "
                                                "boxoffice-ctl help %2 for the options it takes.")
                                     .arg(strays.join(QStringLiteral(", --")), positional.first()));
    return found->second.run(context);
}
