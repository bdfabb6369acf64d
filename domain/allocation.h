#pragma once

#include <QVector>
#include <QtGlobal>

namespace boxoffice {

// `amount` split in proportion to `weights` (a stay's price over its nights, weighted by each night's
// rate), in whole minor units that add up to `amount` exactly: each part is the rounded-up running share
// minus the one before, so odd cents fall on the first parts. Equal parts when the weights are missing,
// of the wrong count or all zero.
QVector<qint64> allocateByWeight(qint64 amount, int parts, const QVector<qint64> &weights);

} // namespace boxoffice
