#pragma once

#include "cellresult.h"

#include <QTextStream>
#include <QVector>

namespace boxoffice::bench {

// The product's path over the baseline measured in the same run (issue 4's targets, read, never
// asserted), and which scenarios failed their correctness check.
void printRatios(QTextStream &out, const QVector<CellResult> &results);
void printCorrectness(QTextStream &out, const QVector<CellResult> &results);

} // namespace boxoffice::bench
