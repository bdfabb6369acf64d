#include "domain/seatmap.h"

#include "domain/venuespec.h"

#include <QHash>

namespace boxoffice {

SeatMap seatMapFromVenue(const VenueSpec &venue)
{
    SeatMap map;
    map.event.id = 1;
    map.event.name = venue.event.name;
    map.event.venue = venue.name;
    map.event.currency = venue.currency;
    QHash<QString, int> bandIndex;
    for (const PriceBandSpec &band : venue.bands) {
        bandIndex.insert(band.code, int(map.bands.size()));
        map.bands.append({band.code, band.name, band.price});
    }
    QHash<QString, int> sectionIndex;
    for (const SectionSpec &section : venue.sections) {
        sectionIndex.insert(section.code, int(map.sections.size()));
        map.sections.append({section.code, section.name});
    }
    map.seats.reserve(venue.seatCount());
    UnitId next = 1;
    venue.forEachSeat([&](const SeatSpec &spec) {
        SeatMapSeat seat;
        seat.unit = next++;
        seat.label = spec.label;
        seat.section = sectionIndex.value(spec.section);
        seat.row = spec.row;
        seat.number = spec.number;
        seat.x = spec.x;
        seat.y = spec.y;
        seat.band = bandIndex.value(spec.band);
        map.seats.append(seat);
    });
    map.event.totalUnits = int(map.seats.size());
    map.scoring = venue.scoring;
    return map;
}

} // namespace boxoffice
