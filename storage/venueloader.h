#pragma once

#include "domain/ids.h"
#include "domain/result.h"
#include "domain/venuespec.h"

#include <QSqlDatabase>

#include <functional>

namespace boxoffice {

struct LoadedVenue
{
    qint64 layoutId = 0;
    EventId eventId = 0;
    int seats = 0;
    bool alreadyPresent = false;
};

// Loads a venue layout and its first event in one transaction: a crash or a cancel leaves nothing
// half-loaded. Loading a venue whose name already exists changes nothing and reports it.
class VenueLoader
{
public:
    using Progress = std::function<void(int done, int total)>;

    explicit VenueLoader(QSqlDatabase database);

    Result<LoadedVenue> load(const VenueSpec &venue, const Progress &progress = {});
    // Another event on an existing layout, priced per band code, with inventory rows for every seat.
    Result<EventId> addEvent(qint64 layoutId, const EventSpec &event, const QString &currency,
                             const QVector<PriceBandSpec> &prices);

    // The demo venues compiled into the program (resources/demo).
    static Result<VenueSpec> demoTheatre();
    static Result<VenueSpec> demoStadium();

private:
    Status insertSeats(qint64 layoutId, const VenueSpec &venue, const Progress &progress);

    QSqlDatabase m_database;
};

} // namespace boxoffice
