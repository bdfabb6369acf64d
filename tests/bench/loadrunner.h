#pragma once

#include "cellresult.h"
#include "clientcontext.h"
#include "startbarrier.h"

#include "storage/connectionsettings.h"

#include <QVector>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <vector>

namespace boxoffice::bench {

class Scenario;

struct RunProgress
{
    int clients = 0;
    int ready = 0; // connected and prepared, waiting at the start barrier
    bool started = false;
    double elapsedSeconds = 0;
    qint64 attempts = 0;
    qint64 granted = 0;
    qint64 errors = 0; // neither granted nor lost
};

// Runs one scenario with N client threads. Each thread opens its own connection, lets the scenario
// prepare, waits at the start barrier, then claims until the time is up. The main thread only watches.
class LoadRunner
{
public:
    using Progress = std::function<void(const RunProgress &)>;

    // `attemptBudget` > 0 ends the run after that many attempts in all, if time is left.
    LoadRunner(Scenario &scenario, ConnectionSettings settings, int clients, qint64 attemptBudget);
    ~LoadRunner();
    LoadRunner(const LoadRunner &) = delete;
    LoadRunner &operator=(const LoadRunner &) = delete;

    // Returns once every client thread has ended; `progress` is called from this thread meanwhile.
    void run(std::chrono::milliseconds duration, const Progress &progress);

    // Attempts, outcomes, latencies and setup failures of the last run.
    void collect(CellResult &result) const;
    // What each client was told, for the scenario's verify().
    QVector<const ClientContext *> clients() const;

private:
    struct Tally;
    void runClient(int index, StartBarrier &barrier, std::chrono::milliseconds duration);
    RunProgress snapshot(const StartBarrier &barrier) const;

    Scenario &m_scenario;
    const ConnectionSettings m_settings;
    const qint64 m_attemptBudget;
    std::atomic<qint64> m_attemptsIssued{0};
    std::vector<std::unique_ptr<ClientContext>> m_clients;
    std::vector<std::unique_ptr<Tally>> m_tallies;
    StartBarrier::Clock::time_point m_startedAt;
};

} // namespace boxoffice::bench
