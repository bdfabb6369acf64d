#pragma once

namespace boxoffice::bench {

// Ctrl-C (or SIGTERM) ends the current run early and skips the rest, so the bench still removes the
// cluster or database it created instead of leaving them behind.
void installInterruptHandler();
bool interruptRequested();

} // namespace boxoffice::bench
