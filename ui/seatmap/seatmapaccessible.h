#pragma once

namespace boxoffice {

// Screen-reader access to the seat map. A SeatMapView reads as a list whose items are the seats (in
// SeatMap::seats order, made only when asked for: a stadium has 50,000): a seat's name is its label
// ("A-3-14"), its description says where it is, its price band and price and its state in words, and
// its state carries focused and selected. The view announces the keyboard's seat as it moves
// (QAccessible::Focus with the seat as child) and a change to that seat (DescriptionChanged).
// Installs the accessibility factory once per process; every SeatMapView calls it.
void installSeatMapAccessibility();

} // namespace boxoffice
