#pragma once

#include <QString>
#include <QtGlobal>

namespace boxoffice {

using EventId = qint64;
using UnitId = qint64; // one sellable row of an event's inventory (an event seat)
using OrderId = qint64;
using BuyerId = qint64; // a web buyer's account; 0: staff at the counter or the desk

// A cart is named by the channel that owns it (a desktop session, a web buyer's cart). The name is
// opaque to the box office but must be safe to print, log and pass on a command line.
using CartId = QString;

bool isValidCartId(const QString &cartId);

} // namespace boxoffice
