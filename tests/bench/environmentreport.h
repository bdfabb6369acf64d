#pragma once

#include "domain/result.h"

#include <QPair>
#include <QSqlDatabase>
#include <QString>
#include <QVector>

namespace boxoffice::bench {

// What the figures depend on, printed above the table so a result can be read and compared later.
QString machineDescription();
// /proc/loadavg's three figures: the machine is shared, and anything else running shows up here.
QString loadAverage();
// The server version and the settings that bound a claim's cost: commit flushing, memory, connections.
Result<QVector<QPair<QString, QString>>> serverSettings(QSqlDatabase database);

} // namespace boxoffice::bench
