#pragma once

#include <functional>

class QAccessibleEvent;

namespace boxoffice {

// Screen-reader access to the seat map. A SeatMapView reads as a list whose items are the seats (in
// SeatMap::seats order, made only when asked for: a stadium has 50,000): a seat's name is its label
// ("A-3-14"), its description says where it is, its price band and price and its state in words, and
// its state carries focused and selected. The view announces the keyboard's seat as it moves
// (QAccessible::Focus with the seat as child) and a change to that seat (DescriptionChanged).
// Installs the accessibility factory once per process; every SeatMapView calls it.
void installSeatMapAccessibility();

} // namespace boxoffice

namespace boxoffice {

// Sends a seat map event to assistive technology (QAccessible::updateAccessibility, which does
// nothing until a screen reader is running) and to the observer, if one is set.
void announceSeatMapEvent(QAccessibleEvent *event);
// Sees every event the seat map announces, whether or not a reader runs: tests read it (the offscreen
// platform has no accessibility bridge), as DeskWindow::paymentHook stands in for a dialog.
void setSeatMapAccessibilityObserver(std::function<void(const QAccessibleEvent &)> observer);

} // namespace boxoffice
