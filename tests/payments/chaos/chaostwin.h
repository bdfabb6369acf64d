#pragma once

#include "chaosstats.h"

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace boxoffice::test {

struct ChaosSession;
struct ChaosWorld;

// A worker's second pair of hands: a thread with a connection of its own that runs one job when the
// worker hands it over, so two requests about one cart really race (a double click, the cart given
// back while it is being paid for). Idle otherwise.
class ChaosTwin
{
public:
    using Job = std::function<OpOutcome(ChaosSession &)>;

    ChaosTwin(const ChaosWorld &world, QString purpose);
    ~ChaosTwin();
    ChaosTwin(const ChaosTwin &) = delete;
    ChaosTwin &operator=(const ChaosTwin &) = delete;

    // Hands `job` over; returns once the twin has taken it, so both sides start together.
    void start(Job job);
    // The job's outcome, once it has run (every job is bounded by its own timeouts).
    OpOutcome finish();

private:
    void loop();

    const ChaosWorld &m_world;
    const QString m_purpose;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    Job m_job;
    bool m_taken = false;
    std::optional<OpOutcome> m_result;
    bool m_stopping = false;
    std::thread m_thread; // last: started once everything above exists
};

} // namespace boxoffice::test
