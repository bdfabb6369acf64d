#include "sessionthread.h"

namespace boxoffice {

DatabaseCalls callsOn(const std::shared_ptr<DatabaseThread> &thread)
{
    return DatabaseCalls([thread](std::function<void()> job) {
        if (thread->isCurrent())
            job();
        else
            thread->post(std::move(job));
    });
}

} // namespace boxoffice
