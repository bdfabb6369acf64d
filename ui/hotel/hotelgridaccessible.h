#pragma once

namespace boxoffice {

// Screen-reader access to the hotel calendar. A HotelGridView reads as a table: one row per room type
// (its code and name as the row's description), one column per night (the date), and each cell named
// by room type and night, described by the view's cellDescription (free, booked, sellable of how many
// rooms, overbooked, selected). Cells are made only when asked for (a year of 20 room types is 7,300).
// The focused cell follows the keyboard cursor, which the view announces as it moves. Installs the
// factory once per process; every HotelGridView calls it.
void installHotelGridAccessibility();

} // namespace boxoffice
