#pragma once

#include "domain/result.h"
#include "domain/seatholds.h"

#include <QStringList>

namespace boxoffice {

// Requests are checked here, before any database work, so bad input can never change inventory and
// every channel refuses the same things with the same words.
namespace SeatHoldRules {

constexpr int maxUnitsPerRequest = 1000;
constexpr int maxTtlSeconds = 24 * 60 * 60;

Status checkHold(const HoldRequest &request);
Status checkCart(const CartId &cart);
Status checkUnits(const QVector<UnitId> &units);
Status checkLabels(const QStringList &labels);
Status checkOrder(OrderId order);
Status checkEvent(EventId event);

} // namespace SeatHoldRules
} // namespace boxoffice
