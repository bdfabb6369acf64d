#pragma once

#include "domain/waitingroom.h"

#include <QVector>

#include <optional>

namespace boxoffice {

// An on-sale as the web servers keep it in memory: its settings and the general-admission pools of
// its event, so a places hold (which names a pool, not an event) is checked without a round trip.
struct OnSaleEntry
{
    OnSale sale;
    QVector<qint64> pools;
};

// The operator's on-sale settings (migration 036). Written by a manager with boxoffice-ctl, read by
// every web server every few seconds, off the request path.
class OnSaleStore
{
public:
    virtual ~OnSaleStore() = default;
    virtual Result<QVector<OnSaleEntry>> onSales() = 0;
    virtual Result<std::optional<OnSale>> onSale(EventId event) = 0;
    // Creates or replaces the event's on-sale; NotFound for an event that does not exist.
    virtual Status setOnSale(const OnSale &sale) = 0;
    // Ends the waiting room: holds on the event need no token any more. NotFound when there was none.
    virtual Status clearOnSale(EventId event) = 0;
};

} // namespace boxoffice
