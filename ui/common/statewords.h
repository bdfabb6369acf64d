#pragma once

#include "domain/cartquote.h"
#include "domain/door.h"
#include "domain/frontdesk.h"
#include "domain/orderlookup.h"
#include "domain/staff.h"
#include "domain/states.h"

#include <QString>

namespace boxoffice {

// The domain's state and role names (orderStateName() and friends) are stable English keys for logs,
// files and other channels; these are the same states in the clerk's language, lower case, to sit
// inside a sentence or a table cell.
QString orderStateWords(OrderState state);
QString lineStateWords(LineState state);
QString refundStateWords(RefundState state);
QString staffRoleWords(StaffRole role);
QString overbookingWords(OverbookingAction action);
QString refusalWords(DoorRefusal refusal);
QString matchWords(OrderMatch match);
// What changed in a sale since its total was shown: "A-2-5 added; A-1-1 no longer held".
QString changeWords(const QuoteChange &change);

} // namespace boxoffice
