#pragma once

#include "domain/moneytext.h"

#include "domain/auditreport.h"
#include "domain/cartitems.h"
#include "domain/domainerror.h"
#include "domain/gapools.h"
#include "domain/hotel.h"
#include "domain/seatholds.h"
#include "domain/timeslots.h"

#include <QJsonObject>

namespace boxoffice::ctl {

// The --json shapes of boxoffice-ctl (docs/JSON.md; scripts depend on them). They use the web API's
// vocabulary (domain/jsonvocabulary.h), so one script reads both channels.
QJsonObject errorToJson(const DomainError &error);
QJsonObject holdToJson(const HoldRequest &request, const HoldGrant &grant);
QJsonObject releaseToJson(const CartId &cart, const ReleaseOutcome &outcome);
QJsonObject cartReleaseToJson(const CartId &cart, const CartRelease &outcome);
QJsonObject extendToJson(const CartId &cart, const ExtendOutcome &outcome);
QJsonObject orderToJson(const OrderSummary &order);
QJsonObject confirmToJson(const ConfirmOutcome &outcome);
QJsonObject availabilityToJson(const EventAvailability &availability);
QJsonObject auditToJson(const AuditReport &report);
QJsonObject poolToJson(const PoolSummary &pool);
QJsonObject poolHoldToJson(const CartId &cart, const PoolHold &hold);
QJsonObject hotelToJson(const HotelSummary &hotel);
QJsonObject stayHoldToJson(const CartId &cart, const StayHold &hold);
QJsonObject rangeToJson(const RangeAvailability &range);
QJsonObject restaurantToJson(const RestaurantSummary &restaurant);
QJsonObject slotHoldToJson(const CartId &cart, const SlotHold &hold);

} // namespace boxoffice::ctl
