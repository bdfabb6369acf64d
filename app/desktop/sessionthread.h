#pragma once

#include "storage/databasethread.h"
#include "ui/common/databasecalls.h"

#include <memory>

namespace boxoffice {

// The handle a window calls a session through: each call runs on `thread` (in place when it is
// already there), and the window waits for it without freezing.
DatabaseCalls callsOn(const std::shared_ptr<DatabaseThread> &thread);

} // namespace boxoffice
