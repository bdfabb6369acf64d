#pragma once

#include "domain/result.h"

#include <QSqlDatabase>

namespace boxoffice {

// A connection is used only on the thread that opened it. A call from elsewhere would share one
// libpq connection between two threads, so it is refused (and logged as the bug it is) before any
// statement is sent.
Status checkConnectionThread(const QSqlDatabase &database, const QString &context);

} // namespace boxoffice
