#pragma once

#include <QObject>

#include <functional>
#include <optional>
#include <type_traits>

namespace boxoffice {

// Where a signed-in session's database calls run. The desktop opens each session's connection on a
// thread of its own; a window asks through this handle and gets the answer back as a plain return
// value. While it waits, its thread keeps painting, ticking timers (hold countdowns, the clock) and
// showing the banner; only the user's clicks and keys wait, queued and delivered afterwards, so a
// half-finished call can never be started twice. A default-constructed handle runs calls in place
// (a session opened on the caller's own thread).
class DatabaseCalls
{
public:
    // Queues a job onto the connection's thread and returns at once.
    using Post = std::function<void(std::function<void()> job)>;

    DatabaseCalls() = default;
    explicit DatabaseCalls(Post post) : m_post(std::move(post)) { }

    template<typename Call> auto operator()(Call &&call) const -> std::invoke_result_t<Call &>
    {
        using Answer = std::invoke_result_t<Call &>;
        if constexpr (std::is_void_v<Answer>) {
            runAndWait([&] { call(); });
        } else {
            std::optional<Answer> answer;
            runAndWait([&] { answer.emplace(call()); });
            return std::move(*answer);
        }
    }

    bool isThreaded() const { return bool(m_post); }

private:
    void runAndWait(const std::function<void()> &call) const;

    Post m_post;
};

// Tells the window that a database call is taking long (after a moment, so quick calls do not
// flicker) and how long, and when it is over. One per process, like the override cursor it drives.
class DatabaseWaits : public QObject
{
    Q_OBJECT
public:
    static DatabaseWaits &instance();
    // A call is running and its caller waits (the nesting depth when timers call in meanwhile).
    bool waiting() const { return m_depth > 0; }
    // How long a call may take before the window shows that it waits.
    static constexpr int showAfterMs = 300;

signals:
    void longWaitStarted();
    void stillWaiting(int elapsedMs);
    void waitEnded(); // the last call of a long wait came back
    void idle(); // no call is waited for any more (after every call, long or short)

private:
    friend class DatabaseCalls;
    friend class WaitAnnouncer;
    void enter() { ++m_depth; }
    void leave();
    int m_depth = 0;
    bool m_announced = false;
};

} // namespace boxoffice
