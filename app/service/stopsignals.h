#pragma once

#include <functional>

namespace boxoffice {

// SIGINT and SIGTERM call `stop` from the event loop of the calling thread (through a socket pair, so
// nothing runs inside the signal handler). Call once, from the main thread, after the application
// object exists.
void stopOnSignals(std::function<void()> stop);

} // namespace boxoffice
