#include "benchoptions.h"

#include "httpwebprocess.h"
#include "scenarioregistry.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace boxoffice::bench {

namespace {

// Full runs stay under about 12 minutes for every scenario at four client counts on two cores.
constexpr double fullSeconds = 15;
constexpr double quickSeconds = 1.5;
const QVector<int> defaultClients{1, 16, 64, 300};
constexpr int mostClients = 1000;

Result<QVector<int>> parseClients(const QString &text)
{
    QVector<int> clients;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int count = part.trimmed().toInt(&ok);
        if (!ok || count < 1 || count > mostClients)
            return makeError(
                ErrorCode::BadInput,
                QStringLiteral("--clients takes numbers from 1 to %1, e.g. 1,16,64,300; \"%2\" is not one.")
                    .arg(mostClients)
                    .arg(part));
        if (!clients.contains(count))
            clients << count;
    }
    if (clients.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("--clients needs at least one number."));
    std::sort(clients.begin(), clients.end());
    return clients;
}

Result<QStringList> parseScenarios(const QString &text)
{
    const QStringList known = scenarioNames();
    if (text.isEmpty())
        return known;
    QStringList wanted;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = part.trimmed();
        if (!known.contains(name))
            return makeError(
                ErrorCode::BadInput,
                QStringLiteral("Unknown scenario \"%1\"; known: %2.").arg(name, known.join(QStringLiteral(", "))));
        if (!wanted.contains(name))
            wanted << name;
    }
    // Report order is the registry's, whatever order they were asked in.
    QStringList ordered;
    for (const QString &name : known) {
        if (wanted.contains(name))
            ordered << name;
    }
    return ordered;
}

void listScenarios()
{
    QTextStream out(stdout);
    for (const auto &scenario : allScenarios())
        out << qSetFieldWidth(18) << Qt::left << scenario->name() << qSetFieldWidth(0) << scenario->summary() << '\n';
}

} // namespace

Result<BenchOptions> BenchOptions::parse(const QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures the seat-claim paths under concurrent clients against PostgreSQL's own ceiling.\n"
                       "Without --db it creates a throwaway durable PostgreSQL cluster under the temp folder and "
                       "removes it afterwards."));
    const QCommandLineOption help = parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("scenarios"), QStringLiteral("Comma-separated scenarios (default: all; see --list)."),
         QStringLiteral("a,b")},
        {QStringLiteral("clients"), QStringLiteral("Comma-separated client counts (default: 1,16,64,300)."),
         QStringLiteral("n,m")},
        {QStringLiteral("duration"),
         QStringLiteral("Seconds per scenario and client count (default: %1, with --quick %2).")
             .arg(fullSeconds)
             .arg(quickSeconds),
         QStringLiteral("seconds")},
        {QStringLiteral("rounds"),
         QStringLiteral("Run every scenario at every client count this many times, alternating the scenarios' "
                        "order, and report each ratio as the median of the rounds' (default 1)."),
         QStringLiteral("n")},
        {QStringLiteral("quick"), QStringLiteral("Short runs: a smoke test of every scenario, not figures to quote.")},
        {QStringLiteral("db"),
         QStringLiteral("PostgreSQL server to use (postgresql://user:pw@host:port/db). The bench creates a database "
                        "of its own there and drops it afterwards (needs CREATEDB)."),
         QStringLiteral("url")},
        {QStringLiteral("in-place"),
         QStringLiteral("With --db: run inside the database the URL names (its schema must be current); the bench "
                        "loads a venue of its own there and deletes it afterwards.")},
        {QStringLiteral("keep"), QStringLiteral("Leave the cluster, database or venue in place afterwards.")},
        {QStringLiteral("json"), QStringLiteral("Write one JSON object per scenario and client count (JSON Lines)."),
         QStringLiteral("file")},
        {QStringLiteral("plot"), QStringLiteral("Draw throughput and p99 against clients into a PNG."),
         QStringLiteral("file.png")},
        {QStringLiteral("list"), QStringLiteral("List the scenarios and exit.")},
        {QStringLiteral("web-threads"),
         QStringLiteral("HTTP scenarios: boxoffice-web's --threads (default %1).")
             .arg(HttpWebSettings::global().threads),
         QStringLiteral("n")},
        {QStringLiteral("web-args"),
         QStringLiteral(
             "HTTP scenarios: more boxoffice-web arguments, space-separated (e.g. \"--claim-connections 4\")."),
         QStringLiteral("args")},
    });
    if (!parser.parse(app.arguments()))
        return makeError(ErrorCode::BadInput, parser.errorText());
    if (parser.isSet(help))
        parser.showHelp(EXIT_SUCCESS);
    if (parser.isSet(QStringLiteral("list"))) {
        listScenarios();
        std::exit(EXIT_SUCCESS);
    }
    if (!parser.positionalArguments().isEmpty())
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Unexpected argument \"%1\".").arg(parser.positionalArguments().first()));

    BenchOptions options;
    auto scenarios = parseScenarios(parser.value(QStringLiteral("scenarios")));
    if (!scenarios)
        return scenarios.error();
    options.scenarios = scenarios.value();
    if (parser.isSet(QStringLiteral("clients"))) {
        auto clients = parseClients(parser.value(QStringLiteral("clients")));
        if (!clients)
            return clients.error();
        options.clients = clients.value();
    } else {
        options.clients = defaultClients;
    }
    options.quick = parser.isSet(QStringLiteral("quick"));
    double seconds = options.quick ? quickSeconds : fullSeconds;
    if (parser.isSet(QStringLiteral("duration"))) {
        bool ok = false;
        seconds = parser.value(QStringLiteral("duration")).toDouble(&ok);
        if (!ok || !(seconds > 0) || seconds > 3600)
            return makeError(ErrorCode::BadInput,
                             QStringLiteral("--duration takes seconds, more than 0 and at most 3600."));
    }
    options.duration = std::chrono::milliseconds(qint64(std::llround(seconds * 1000)));
    HttpWebSettings::global().runSeconds = seconds;
    if (parser.isSet(QStringLiteral("rounds"))) {
        bool ok = false;
        options.rounds = parser.value(QStringLiteral("rounds")).toInt(&ok);
        if (!ok || options.rounds < 1 || options.rounds > 20)
            return makeError(ErrorCode::BadInput, QStringLiteral("--rounds takes a number from 1 to 20."));
    }
    options.databaseUrl = parser.value(QStringLiteral("db"));
    options.inPlace = parser.isSet(QStringLiteral("in-place"));
    if (options.inPlace && options.databaseUrl.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("--in-place needs --db URL."));
    options.keep = parser.isSet(QStringLiteral("keep"));
    options.jsonPath = parser.value(QStringLiteral("json"));
    options.plotPath = parser.value(QStringLiteral("plot"));
    if (parser.isSet(QStringLiteral("web-threads"))) {
        bool ok = false;
        const int threads = parser.value(QStringLiteral("web-threads")).toInt(&ok);
        if (!ok || threads < 1 || threads > 256)
            return makeError(ErrorCode::BadInput, QStringLiteral("--web-threads takes a number from 1 to 256."));
        HttpWebSettings::global().threads = threads;
    }
    HttpWebSettings::global().extraArguments
        = parser.value(QStringLiteral("web-args")).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return options;
}

} // namespace boxoffice::bench
