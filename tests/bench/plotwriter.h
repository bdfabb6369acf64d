#pragma once

#include "cellresult.h"

#include "domain/result.h"

#include <QVector>

namespace boxoffice::bench {

// --plot FILE.png: attempts per second (left) and p99 latency (right) against the number of clients,
// one line per scenario, every axis logarithmic. Drawn with QPainter into a QImage: no chart module.
Status writePlot(const QString &path, const QVector<CellResult> &results);

} // namespace boxoffice::bench
