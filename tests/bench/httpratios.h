#pragma once

#include "cellresult.h"

#include <QTextStream>
#include <QVector>

namespace boxoffice::bench {

// Issue 15's targets for the web channel, read, never asserted: http-seats-spread over seats-spread
// at each client count (>= 0.7 at 16 and 64), the HTTP rate at 300 and 1,000 clients over its rate at
// 16 (>= 0.8), and http-pool-batched over pool-hot at 300 (>= 10). Prints nothing without HTTP cells.
void printHttpRatios(QTextStream &out, const QVector<CellResult> &results);
// The batched pool against one row at 300 clients (target 10x) and the split pool at 16 (no worse).
void printPoolRatios(QTextStream &out, const QVector<CellResult> &results);

} // namespace boxoffice::bench
