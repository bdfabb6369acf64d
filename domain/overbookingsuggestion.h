#pragma once

#include "domain/hotel.h"

#include <QDate>
#include <QVector>

namespace boxoffice {

// What one room type's recent nights say about guests who booked and did not come: booked room-nights
// (stays still booked the day before arrival: arrived, not arrived, no-show, walked, cancelled late) and
// those of them lost to a late cancellation or a no-show, or walked because the night was overbooked.
struct AttritionHistory
{
    RoomTypeId roomType = 0;
    QString roomTypeCode;
    QDate from; // first night looked at
    QDate until; // night after the last
    int bookedRoomNights = 0;
    int lateCancelledRoomNights = 0;
    int noShowRoomNights = 0;
    int walkedRoomNights = 0;
};

// The thresholds of the rule; the defaults are what the desk uses.
struct OverbookingPolicy
{
    int minimumRoomNights = 30; // less history than this suggests no overbooking at all
    int maximumAttritionPerMille = 150; // an expected loss above 15% is not trusted
    int maximumOverPercent = 20; // never suggest more than physical + 20% (rounded down)
};

// A suggested sellable limit and the figures it came from. Never applied by itself: a manager sets
// the limit with the sellable-limit action, and may use this or not.
struct OverbookingSuggestion
{
    AttritionHistory history;
    int physical = 0;
    int attritionPerMille = 0; // expected share of booked room-nights lost, after walks, capped
    int suggestedSellable = 0; // never below physical
    bool enoughHistory = false;
};

namespace OverbookingRule {

// physical / (1 - expected attrition), rounded down, capped by the policy. The expected attrition is
// (late cancellations + no-shows - walks) / booked room-nights: walks count against it because they
// are nights the hotel already sold beyond what came to be lost. Whole numbers only, so the same
// history gives the same figure everywhere.
OverbookingSuggestion suggest(const AttritionHistory &history, int physical, const OverbookingPolicy &policy = {});

} // namespace OverbookingRule

} // namespace boxoffice
