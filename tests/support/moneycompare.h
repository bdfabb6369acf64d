#pragma once

#include "domain/money.h"

#include <QTest>

namespace boxoffice {

// QCOMPARE(a, b) on two Money values prints both amounts when they differ: "1500 EUR".
inline char *toString(const Money &money)
{
    return QTest::toString(QStringLiteral("%1 %2").arg(money.minor()).arg(money.currency()));
}

} // namespace boxoffice
