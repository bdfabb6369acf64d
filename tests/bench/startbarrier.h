#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace boxoffice::bench {

// Every client connects and prepares first and is then let go with all the others at once, so the
// claims really race instead of trickling in while 300 connections open. Used once per run.
class StartBarrier
{
public:
    using Clock = std::chrono::steady_clock;

    explicit StartBarrier(int parties) : m_parties(parties) { }

    void arriveAndWait()
    {
        std::unique_lock lock(m_mutex);
        if (++m_arrived >= m_parties) {
            m_releasedAt = Clock::now();
            m_open = true;
            m_changed.notify_all();
            return;
        }
        m_changed.wait(lock, [this] { return m_open; });
    }

    bool isOpen() const
    {
        std::lock_guard lock(m_mutex);
        return m_open;
    }

    // When the last client arrived: the start of the measured window.
    Clock::time_point releasedAt() const
    {
        std::lock_guard lock(m_mutex);
        return m_releasedAt;
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    const int m_parties;
    int m_arrived = 0;
    bool m_open = false;
    Clock::time_point m_releasedAt;
};

} // namespace boxoffice::bench
