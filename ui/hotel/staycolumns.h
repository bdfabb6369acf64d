#pragma once

#include "domain/frontdesk.h"

#include <QVariant>

namespace boxoffice::StayColumns {

// The columns every list of stays starts with, drawn one way everywhere: a list adds its own after.
enum Column { Reference, Guest, RoomType, CheckIn, CheckOut, Count };

QVariant display(const StayRecord &stay, int column);
QVariant sortValue(const StayRecord &stay, int column); // the raw QDate behind a date's text
QVariant header(int column);

} // namespace boxoffice::StayColumns
