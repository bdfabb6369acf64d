#include "benchrun.h"

#include "benchdatabase.h"
#include "benchinventory.h"
#include "environmentreport.h"
#include "httpratios.h"
#include "interruption.h"
#include "jsonlineswriter.h"
#include "loadrunner.h"
#include "plotwriter.h"
#include "ratioreport.h"
#include "resulttable.h"
#include "scenario.h"
#include "scenarioregistry.h"

#include "storage/databaseconnection.h"
#include "storage/inventoryauditor.h"

#include <QSqlQuery>
#include <QVariant>

#include <QCoreApplication>
#include <QLocale>
#include <QTextStream>

namespace boxoffice::bench {

namespace {

QString describe(const DomainError &error)
{
    return error.detail.isEmpty() ? error.message
                                  : error.message + QStringLiteral(" (") + error.detail + QLatin1Char(')');
}

QString number(qint64 value)
{
    return QLocale(QLocale::English).toString(value);
}

// The postmaster's pid when the server runs on this machine (a unix socket or a loopback address),
// so CpuWatch can tell its CPU from everybody else's; 0 otherwise.
qint64 localPostmaster(QSqlDatabase connection, const ConnectionSettings &settings)
{
    const bool local = settings.host.isEmpty() || settings.host.startsWith(QLatin1Char('/'))
        || settings.host == QLatin1String("localhost") || settings.host == QLatin1String("127.0.0.1")
        || settings.host == QLatin1String("::1");
    if (!local)
        return 0;
    QSqlQuery query(connection);
    if (!query.exec(QStringLiteral("SELECT pg_backend_pid()")) || !query.next())
        return 0;
    return CpuWatch::postmasterOf(query.value(0).toLongLong());
}

QString describe(const RunProgress &progress, double seconds)
{
    if (!progress.started)
        return QStringLiteral("connecting and preparing, %1/%2 clients ready")
            .arg(progress.ready)
            .arg(progress.clients);
    const double elapsed = std::min(progress.elapsedSeconds, seconds);
    return QStringLiteral("%1/%2 s, %3 attempts (%4/s), %5 granted, %6 errors")
        .arg(elapsed, 0, 'f', 1)
        .arg(seconds, 0, 'f', 0)
        .arg(number(progress.attempts))
        .arg(number(elapsed > 0 ? qint64(progress.attempts / elapsed) : 0))
        .arg(number(progress.granted))
        .arg(number(progress.errors));
}

} // namespace

BenchRun::BenchRun(BenchOptions options) : m_options(std::move(options)) { }

int BenchRun::exec()
{
    const auto note = [this](const QString &message) { m_progress.note(message); };
    BenchDatabase database(m_options.databaseUrl, m_options.inPlace);
    auto settings = database.open(note);
    int status = ExitFailure;
    if (!settings)
        note(QStringLiteral("Could not set up the benchmark database: %1").arg(describe(settings.error())));
    else
        status = measure(database, settings.value());
    if (auto closed = database.close(m_options.keep, note); !closed) {
        note(QStringLiteral("Could not remove what the benchmark created: %1").arg(describe(closed.error())));
        if (status == ExitDone)
            status = ExitFailure;
    }
    return status;
}

int BenchRun::measure(BenchDatabase &database, const ConnectionSettings &settings)
{
    auto connection = DatabaseConnection::open(settings, QStringLiteral("bench-main"));
    if (!connection) {
        m_progress.note(QStringLiteral("Could not connect: %1").arg(describe(connection.error())));
        return ExitFailure;
    }
    QSqlDatabase db = connection.value()->database();

    m_progress.note(QStringLiteral("Loading the demo stadium"));
    auto inventory = BenchInventory::load(db, database.venueSuffix(), [this](int done, int total) {
        m_progress.show(QStringLiteral("loading seats: %1 / %2").arg(number(done), number(total)));
    });
    m_progress.clear();
    if (!inventory) {
        m_progress.note(QStringLiteral("Could not load the stadium: %1").arg(describe(inventory.error())));
        return ExitFailure;
    }

    JsonLinesWriter json;
    if (!m_options.jsonPath.isEmpty()) {
        if (auto opened = json.open(m_options.jsonPath); !opened) {
            m_progress.note(opened.error().message);
            return ExitFailure;
        }
    }

    printHeader(database, db, inventory.value());
    QTextStream out(stdout);
    ResultTable table(out);
    table.printHeader();

    std::vector<std::unique_ptr<Scenario>> scenarios;
    for (auto &scenario : allScenarios()) {
        if (m_options.scenarios.contains(scenario->name()))
            scenarios.push_back(std::move(scenario));
    }
    const CpuWatch cpu(localPostmaster(db, settings));
    const int total = int(scenarios.size()) * int(m_options.clients.size()) * m_options.rounds;
    int index = 0;
    bool incorrect = false;
    // Every scenario at one client count before the next count: the scenarios compared with each other
    // (the product with the baseline) then run seconds apart, not minutes, on a machine whose
    // background load comes and goes. Every other round runs them in the opposite order, so neither
    // side of a ratio always runs first (on a warmer cache, a fresher checkpoint).
    for (int round = 1; round <= m_options.rounds && !interruptRequested(); ++round) {
        if (m_options.rounds > 1)
            out << "Round " << round << " of " << m_options.rounds << (round % 2 ? "" : ", scenarios in reverse order")
                << ":\n";
        out.flush();
        for (int clients : m_options.clients) {
            for (size_t position = 0; position < scenarios.size(); ++position) {
                if (interruptRequested())
                    break;
                Scenario &scenario = *scenarios[round % 2 ? position : scenarios.size() - 1 - position];
                const QString label
                    = QStringLiteral("[%1/%2] %3 x%4").arg(++index).arg(total).arg(scenario.name()).arg(clients);
                CellResult result = runCell(scenario, clients, label, db, inventory.value(), settings, cpu);
                result.round = round;
                m_progress.clear();
                if (interruptRequested())
                    break; // cut short: its figures would mislead
                table.printRow(result);
                if (auto written = json.write(result); !written)
                    m_progress.note(written.error().message);
                if (result.expectsCorrectness && !result.correct())
                    incorrect = true;
                m_results << result;
            }
        }
    }

    // Again grouped by scenario, the way docs/PERFORMANCE.md shows it.
    QVector<CellResult> grouped;
    for (const auto &scenario : scenarios) {
        for (int clients : m_options.clients) {
            for (const CellResult &result : std::as_const(m_results)) {
                if (result.scenario == scenario->name() && result.clients == clients)
                    grouped << result;
            }
        }
    }
    out << (m_options.rounds > 1 ? "\nBy scenario (one row a round, in round order):\n\n" : "\nBy scenario:\n\n");
    table.printHeader();
    for (const CellResult &result : std::as_const(grouped))
        table.printRow(result);
    table.printNotes(grouped);
    if (m_options.scenarios.contains(QStringLiteral("baseline"))
        && m_options.scenarios.contains(QStringLiteral("seats-spread")))
        printRatios(out, m_results);
    printHttpRatios(out, m_results);
    printPoolRatios(out, m_results);
    printCorrectness(out, grouped);
    if (interruptRequested())
        out << "\nInterrupted: the runs above are all that was measured.\n";
    out.flush();

    int status = incorrect ? ExitIncorrect : ExitDone;
    if (!m_options.plotPath.isEmpty()) {
        if (auto plotted = writePlot(m_options.plotPath, m_results); !plotted) {
            m_progress.note(plotted.error().message);
            status = status == ExitDone ? ExitFailure : status;
        } else {
            m_progress.note(QStringLiteral("Plot written to %1").arg(m_options.plotPath));
        }
    }
    if (database.inPlace() && !m_options.keep) {
        if (auto removed = inventory->remove(db); !removed) {
            m_progress.note(
                QStringLiteral("Could not remove the benchmark stadium: %1").arg(describe(removed.error())));
            status = status == ExitDone ? ExitFailure : status;
        }
    }
    return status;
}

void BenchRun::printHeader(BenchDatabase &database, QSqlDatabase connection, const BenchInventory &inventory)
{
    QTextStream out(stdout);
    QStringList clients;
    for (int count : m_options.clients)
        clients << QString::number(count);
    out << "boxoffice-bench: " << m_options.scenarios.join(QStringLiteral(", ")) << "\n"
        << "clients " << clients.join(QLatin1Char(',')) << ", " << m_options.duration.count() / 1000.0 << " s per run"
        << (m_options.quick ? " (quick)" : "")
        << (m_options.rounds > 1 ? QStringLiteral(", %1 rounds").arg(m_options.rounds) : QString()) << "\n"
        << "command: " << QCoreApplication::arguments().join(QLatin1Char(' ')) << "\n"
        << "machine: " << machineDescription() << ", load average " << loadAverage() << "\n"
        << "database: " << database.description() << "\n";
    if (auto settings = serverSettings(connection)) {
        QStringList pairs;
        for (const auto &[name, value] : settings.value())
            pairs << name + QLatin1Char('=') + value;
        out << "server: " << pairs.join(QStringLiteral(" ")) << "\n";
    }
    out << "inventory: event " << inventory.event() << ", " << number(inventory.units().size())
        << " seats; reset, vacuumed and checkpointed before every run; scenarios on random seats of the whole "
           "event stop after "
        << number(halfTheEvent(inventory)) << " attempts (half the event) if time is left\n\n";
    out.flush();
}

CellResult BenchRun::runCell(Scenario &scenario, int clients, const QString &label, QSqlDatabase connection,
                             const BenchInventory &inventory, const ConnectionSettings &settings, const CpuWatch &cpu)
{
    CellResult result;
    result.scenario = scenario.name();
    result.clients = clients;
    result.expectsCorrectness = scenario.expectsCorrectness();

    m_progress.show(label + QStringLiteral(": resetting the inventory"));
    if (auto reset = inventory.reset(connection); !reset) {
        result.notes << QStringLiteral("reset: ") + describe(reset.error());
        return result;
    }
    if (auto prepared = scenario.prepare(connection, inventory); !prepared) {
        result.notes << QStringLiteral("prepare: ") + describe(prepared.error());
        return result;
    }
    if (auto prepared = scenario.prepareClients(connection, clients); !prepared) {
        result.notes << QStringLiteral("prepare: ") + describe(prepared.error());
        return result;
    }

    LoadRunner runner(scenario, settings, clients, scenario.attemptBudget(inventory));
    const double seconds = m_options.duration.count() / 1000.0;
    const CpuWatch::Sample before = cpu.sample();
    runner.run(m_options.duration, [&](const RunProgress &progress) {
        m_progress.show(label + QStringLiteral(": ") + describe(progress, seconds));
    });
    result.othersShare = cpu.othersShare(before, cpu.sample());
    runner.collect(result);

    m_progress.show(label + QStringLiteral(": checking"));
    if (auto verification = scenario.verify(connection, inventory, runner.clients())) {
        result.doubleSold = verification->doubleSold;
        result.databaseMismatches = verification->databaseMismatches;
    } else {
        result.databaseMismatches = -1;
        result.notes << QStringLiteral("verify: ") + describe(verification.error());
    }
    auto audit = InventoryAuditor(connection).run();
    result.auditOk = audit && audit->ok() && result.databaseMismatches >= 0;
    if (!audit) {
        result.notes << QStringLiteral("audit: ") + describe(audit.error());
    } else {
        for (const AuditFinding &finding : audit->findings)
            result.notes << QStringLiteral("audit %1: %2 (%3 rows, e.g. %4)")
                                .arg(finding.check, finding.description)
                                .arg(finding.count)
                                .arg(finding.examples.join(QStringLiteral(", ")));
    }
    return result;
}

} // namespace boxoffice::bench
