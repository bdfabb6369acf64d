#pragma once

// The ErrorReason keys of rooms and housekeeping (migration 029). Kept beside domain/domainerror.h
// rather than in it, so this slice builds without recompiling everything; they are keys like any other
// (the same namespace, worded by ui/common/errortextrooms.cpp, read by tst_translations_reasons).

#include "domain/domainerror.h"

namespace boxoffice::ErrorReason {
inline const char *const RoomNotChosen = "room.not-chosen";
inline const char *const RoomUnknown = "room.unknown";
inline const char *const RoomTaken = "room.taken"; // another stay or out of order on one of the nights
inline const char *const RoomNoneFree = "room.none-free"; // check-in: no clean room of the type is free
inline const char *const RoomNotReady = "room.not-ready"; // not clean or inspected
inline const char *const RoomWrongType = "room.wrong-type";
inline const char *const RoomOutOfOrder = "room.out-of-order";
inline const char *const RoomStayNotBooked = "room.stay-not-booked";
inline const char *const RoomStayNotInHouse = "room.stay-not-in-house";
inline const char *const RoomStayDeparting = "room.stay-departing";
inline const char *const RoomSame = "room.same";
inline const char *const HousekeepingNotAllowed = "housekeeping.not-allowed";
inline const char *const HousekeepingUnchanged = "housekeeping.unchanged";
inline const char *const OutOfOrderDates = "out-of-order.dates";
inline const char *const OutOfOrderReasonMissing = "out-of-order.reason-missing";
inline const char *const OutOfOrderTaken = "out-of-order.taken"; // a guest (or another block) on those nights
inline const char *const OutOfOrderPhysical = "out-of-order.physical";
inline const char *const RoomNotOutOfOrder = "room.not-out-of-order";
inline const char *const RoomStayNotChosen = "room.stay-not-chosen";
} // namespace boxoffice::ErrorReason
