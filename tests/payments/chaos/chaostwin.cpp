#include "chaostwin.h"

#include "chaosworld.h"

namespace boxoffice::test {

ChaosTwin::ChaosTwin(const ChaosWorld &world, QString purpose)
    : m_world(world), m_purpose(std::move(purpose)), m_thread([this] { loop(); })
{ }

ChaosTwin::~ChaosTwin()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void ChaosTwin::start(Job job)
{
    std::unique_lock lock(m_mutex);
    m_job = std::move(job);
    m_taken = false;
    m_result.reset();
    m_changed.notify_all();
    m_changed.wait(lock, [this] { return m_taken; });
}

OpOutcome ChaosTwin::finish()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_result.has_value(); });
    return *m_result;
}

void ChaosTwin::loop()
{
    QString error;
    // Opened in this thread: a connection belongs to the thread that opened it.
    std::unique_ptr<ChaosSession> session = ChaosSession::open(m_world, m_purpose, {}, {}, &error);
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return m_stopping || m_job; });
            if (m_stopping)
                return;
            job = std::move(m_job);
            m_job = nullptr;
            m_taken = true;
        }
        m_changed.notify_all();
        const OpOutcome outcome
            = session ? job(*session) : OpOutcome::failed(QStringLiteral("the twin could not connect: ") + error);
        {
            std::lock_guard lock(m_mutex);
            m_result = outcome;
        }
        m_changed.notify_all();
    }
}

} // namespace boxoffice::test
