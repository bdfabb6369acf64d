#include "interruption.h"

#include <atomic>
#include <csignal>

namespace boxoffice::bench {

namespace {

std::atomic<bool> interrupted{false};

extern "C" void onInterrupt(int)
{
    interrupted.store(true, std::memory_order_relaxed);
}

} // namespace

void installInterruptHandler()
{
    struct sigaction action = {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

bool interruptRequested()
{
    return interrupted.load(std::memory_order_relaxed);
}

} // namespace boxoffice::bench
