#include "loadrunner.h"

#include "interruption.h"
#include "scenario.h"

#include "storage/databaseconnection.h"
#include "storage/sqlerrors.h"

#include <QSqlQuery>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <limits>

namespace boxoffice::bench {

namespace {

using Clock = StartBarrier::Clock;

constexpr int notesPerClient = 3;
// A guard, not part of any measurement: a claim stuck behind a lock still ends (as a timeout), so a
// run always ends.
const QString statementTimeout = QStringLiteral("60s");

Status limitStatementTime(const QSqlDatabase &database)
{
    QSqlQuery query(database);
    query.prepare(QStringLiteral("SELECT set_config('statement_timeout', :value, false)"));
    query.bindValue(QStringLiteral(":value"), statementTimeout);
    if (!query.exec())
        return fromSqlError(query.lastError(), QStringLiteral("setting the statement timeout"));
    return Done{};
}

bool isError(Outcome outcome)
{
    return outcome != Outcome::Granted && outcome != Outcome::Lost;
}

QString describe(const QString &step, const DomainError &error)
{
    return step + QStringLiteral(": ") + error.message
        + (error.detail.isEmpty() ? QString() : QStringLiteral(" (") + error.detail + QLatin1Char(')'));
}

} // namespace

// Written by its client thread only; the counters are atomics so the main thread can show progress.
struct alignas(64) LoadRunner::Tally
{
    std::atomic<qint64> attempts{0};
    std::atomic<qint64> granted{0};
    std::atomic<qint64> errors{0};
    std::atomic<bool> ready{false};
    std::atomic<bool> finished{false};
    OutcomeCounts outcomes{};
    std::vector<quint32> latenciesUs;
    QStringList notes;
    Clock::time_point finishedAt;

    void count(const AttemptResult &result)
    {
        ++outcomes[std::size_t(result.outcome)];
        if (result.outcome == Outcome::Granted) {
            granted.fetch_add(1, std::memory_order_relaxed);
        } else if (isError(result.outcome)) {
            errors.fetch_add(1, std::memory_order_relaxed);
            if (notes.size() < notesPerClient)
                notes << outcomeKey(result.outcome) + QStringLiteral(": ")
                        + (result.detail.isEmpty() ? QStringLiteral("(no text)") : result.detail.simplified());
        }
    }
};

LoadRunner::LoadRunner(Scenario &scenario, ConnectionSettings settings, int clients, qint64 attemptBudget)
    : m_scenario(scenario), m_settings(std::move(settings)), m_attemptBudget(attemptBudget)
{
    for (int index = 0; index < clients; ++index) {
        // Fixed seeds: a rerun draws the same seats in the same order per client.
        m_clients.push_back(std::make_unique<ClientContext>(index, quint32(index) * 2654435761u + 12345u));
        m_tallies.push_back(std::make_unique<Tally>());
        m_tallies.back()->latenciesUs.reserve(4096);
    }
}

LoadRunner::~LoadRunner() = default;

void LoadRunner::runClient(int index, StartBarrier &barrier, std::chrono::milliseconds duration)
{
    ClientContext &client = *m_clients[std::size_t(index)];
    Tally &tally = *m_tallies[std::size_t(index)];
    {
        auto connection = m_scenario.connectsClients()
            ? DatabaseConnection::open(m_settings, QStringLiteral("bench"))
            : Result<std::unique_ptr<DatabaseConnection>>(std::unique_ptr<DatabaseConnection>());
        if (!connection) {
            tally.notes << describe(QStringLiteral("connect"), connection.error());
        } else {
            if (connection.value())
                client.attach(connection.value()->database());
            if (auto status = connection.value() ? limitStatementTime(client.database()) : Status(Done{}); !status)
                tally.notes << describe(QStringLiteral("set-up"), status.error());
            else if (auto opened = m_scenario.openClient(client); !opened)
                tally.notes << describe(QStringLiteral("prepare"), opened.error());
            else
                tally.ready = true;
        }
        barrier.arriveAndWait();

        if (tally.ready) {
            const Clock::time_point deadline = barrier.releasedAt() + duration;
            while (Clock::now() < deadline && !interruptRequested()) {
                if (m_attemptBudget > 0 && m_attemptsIssued.fetch_add(1, std::memory_order_relaxed) >= m_attemptBudget)
                    break;
                const Clock::time_point begin = Clock::now();
                const AttemptResult result = m_scenario.attempt(client);
                const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - begin).count();
                tally.latenciesUs.push_back(quint32(std::min<qint64>(micros, std::numeric_limits<quint32>::max())));
                tally.attempts.fetch_add(1, std::memory_order_relaxed);
                tally.count(result);
                if (result.outcome == Outcome::Granted) {
                    const AttemptResult after = m_scenario.afterGrant(client);
                    if (isError(after.outcome))
                        tally.count(after);
                }
            }
        }
        tally.finishedAt = Clock::now();
        client.detach(); // the scenario's queries go before their connection does
    }
    tally.finished = true;
}

void LoadRunner::run(std::chrono::milliseconds duration, const Progress &progress)
{
    StartBarrier barrier(int(m_clients.size()));
    std::vector<std::unique_ptr<QThread>> threads;
    for (int index = 0; index < int(m_clients.size()); ++index) {
        threads.emplace_back(
            QThread::create([this, index, &barrier, duration] { runClient(index, barrier, duration); }));
        threads.back()->start();
    }
    for (;;) {
        const bool done = std::all_of(m_tallies.cbegin(), m_tallies.cend(),
                                      [](const std::unique_ptr<Tally> &tally) { return tally->finished.load(); });
        if (progress)
            progress(snapshot(barrier));
        if (done)
            break;
        QThread::msleep(200);
    }
    for (const auto &thread : threads)
        thread->wait();
    m_startedAt = barrier.releasedAt();
}

RunProgress LoadRunner::snapshot(const StartBarrier &barrier) const
{
    RunProgress progress;
    progress.clients = int(m_clients.size());
    progress.started = barrier.isOpen();
    if (progress.started)
        progress.elapsedSeconds = std::chrono::duration<double>(Clock::now() - barrier.releasedAt()).count();
    for (const auto &tally : m_tallies) {
        progress.ready += tally->ready ? 1 : 0;
        progress.attempts += tally->attempts.load(std::memory_order_relaxed);
        progress.granted += tally->granted.load(std::memory_order_relaxed);
        progress.errors += tally->errors.load(std::memory_order_relaxed);
    }
    return progress;
}

void LoadRunner::collect(CellResult &result) const
{
    std::vector<quint32> latencies;
    Clock::time_point lastFinish = m_startedAt;
    for (const auto &tally : m_tallies) {
        if (!tally->ready) {
            ++result.clientsFailed;
        } else {
            lastFinish = std::max(lastFinish, tally->finishedAt);
            result.attempts += tally->attempts.load();
        }
        for (int outcome = 0; outcome < outcomeCount; ++outcome)
            result.outcomes[std::size_t(outcome)] += tally->outcomes[std::size_t(outcome)];
        latencies.insert(latencies.end(), tally->latenciesUs.cbegin(), tally->latenciesUs.cend());
        for (const QString &note : tally->notes) {
            if (result.notes.size() < 6 && !result.notes.contains(note))
                result.notes << note;
        }
    }
    // Throughput counts the whole window, up to the end of the slowest client's last claim.
    result.seconds = std::chrono::duration<double>(lastFinish - m_startedAt).count();
    result.latency = LatencySummary::fromMicroseconds(latencies);
}

QVector<const ClientContext *> LoadRunner::clients() const
{
    QVector<const ClientContext *> clients;
    for (const auto &client : m_clients)
        clients << client.get();
    return clients;
}

} // namespace boxoffice::bench
