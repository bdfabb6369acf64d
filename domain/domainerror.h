#pragma once

#include <QString>
#include <QStringList>

namespace boxoffice {

// What went wrong, in terms a caller can act on. The storage layer maps database failures onto
// these codes; driver text only ever travels in `detail`, which is for logs, never for a clerk.
enum class ErrorCode {
    BadInput, // the request itself is wrong: fix it and try again
    NotFound, // a referenced event, cart, order or unit does not exist
    Lost, // a unit was not available (taken by someone else); `units` names them
    LimitReached, // a policy limit, e.g. no extensions left
    Conflict, // the target is in a state that does not allow this (order already paid, ...)
    PermissionDenied, // the signed-in role may not do this
    Busy, // a lock timeout, deadlock or serialization failure: safe to try again
    Unavailable, // the database could not be reached or did not answer in time
    SchemaMismatch, // the database schema is newer or older than this program
    Internal // anything else: a bug or an unexpected database answer
};

QString errorCodeName(ErrorCode code);

struct DomainError
{
    ErrorCode code = ErrorCode::Internal;
    QString message; // one sentence a person understands
    QStringList units; // for Lost: the labels of the units that were not available
    QString detail; // technical detail for the log (SQLSTATE, driver text)
    // The database's SQLSTATE when it refused ("23505"): lets a caller tell a retryable deadlock from a
    // timeout or a constraint without reading log text. Empty when the database was not involved.
    QString sqlState;
    // Where one code covers situations a clerk must be told apart (a cart whose holds ran out, cash
    // short of the total), a stable key from ErrorReason; empty otherwise. The UI words the code and
    // this key in the clerk's language (ui/common/errortext); `message` stays English for the log.
    QString reason;
    // Values the UI's sentence for `reason` fills in (%1, %2, ... in this order), already formatted for
    // people: a time as "19:42", a count or a limit as plain digits, a table's or band's own label. Empty
    // when the reason's sentence needs none. `message` names the same values in English for the log.
    QStringList args;
};

// The reason keys the UI words. Stable: logs and other channels may match on them.
namespace ErrorReason {
inline const char *const CartEmpty = "cart.empty"; // the sale's holds ran out or were released
inline const char *const NoExtensionsLeft = "hold.no-extensions";
inline const char *const SeatTaken = "seat.taken"; // units: the seats another buyer has
inline const char *const SaleChanged = "sale.changed"; // the total shown is no longer the total
inline const char *const SaleLost = "sale.lost"; // units: what went to other buyers
inline const char *const Unpriced = "cart.unpriced";
inline const char *const MixedCurrencies = "cart.mixed-currencies";
inline const char *const OrderExists = "order.exists";
inline const char *const OrderNotPayable = "order.not-payable";
inline const char *const PaymentInProgress = "payment.in-progress";
inline const char *const CashShort = "cash.short";
inline const char *const CardReferenceMissing = "card.reference-missing";
inline const char *const GuaranteeRoomsOnly = "guarantee.rooms-only";
inline const char *const GateMissing = "gate.missing";
inline const char *const GateTooLong = "gate.too-long";
inline const char *const GateUnreadable = "gate.unreadable";
inline const char *const TicketUnknown = "ticket.unknown";
inline const char *const SignInRefused = "signin.refused";
inline const char *const RoomsFull = "rooms.full";
inline const char *const OutsideCalendar = "nights.outside-calendar";
inline const char *const DatesReversed = "dates.reversed";
inline const char *const CapacityBelowBooked = "capacity.below-booked";
inline const char *const SearchTooShort = "search.too-short";
inline const char *const StayNotBooked = "stay.not-booked";
inline const char *const StayPaidNeedsManager = "stay.paid-needs-manager";
inline const char *const StayCheckedIn = "stay.checked-in";
inline const char *const StayMoneyChanged = "stay.money-changed";
inline const char *const StayPriceChanges = "stay.price-changes";
inline const char *const ReasonMissing = "reason.missing";
inline const char *const FeeTooLarge = "fee.too-large";
inline const char *const FeeNothingPaid = "fee.nothing-paid";

// Hotel: stays, the calendar and capacity.
inline const char *const DatesMissing = "dates.missing";
inline const char *const StayNoNights = "stay.no-nights";
inline const char *const StayTooLong = "stay.too-long"; // args: the most nights a stay may have
inline const char *const RoomTypeMissing = "room-type.missing";
inline const char *const RoomTypeUnknown = "room-type.unknown";
inline const char *const GuestNameTooLong = "guest.name-too-long";
inline const char *const HoldTimeRange = "hold.time-range"; // a hold's time to live out of range
inline const char *const StayUnknown = "stay.unknown";
inline const char *const StayOrRoomTypeUnknown = "stay.or-room-type-unknown";
inline const char *const HotelUnknown = "hotel.unknown";
inline const char *const CalendarRange = "calendar.range";
inline const char *const CapacityNightsMissing = "capacity.nights-missing";
inline const char *const CapacityNothingToChange = "capacity.nothing-to-change";
inline const char *const CapacityNegative = "capacity.negative";

// Front desk: arrivals, departures, overbooked nights, refund cases.
inline const char *const CheckInNotBooked = "check-in.not-booked";
inline const char *const CheckOutNotCheckedIn = "check-out.not-checked-in";
inline const char *const CheckInBeforeArrival = "check-in.before-arrival";
inline const char *const CheckInAfterDeparture = "check-in.after-departure";
inline const char *const EarlyCheckInNeedsReason = "check-in.early-needs-reason";
inline const char *const EarlyCheckInNotEarly = "check-in.early-not-early";
inline const char *const CheckOutNeedsPayment = "check-out.needs-payment";
inline const char *const CheckOutNothingOwed = "check-out.nothing-owed";
inline const char *const CheckOutCashOrCard = "check-out.cash-or-card";
inline const char *const UpgradeNotBetter = "upgrade.not-better";
inline const char *const OverbookingIncomplete = "overbooking.incomplete"; // no reason or a negative amount
inline const char *const OverbookingNightMissing = "overbooking.night-missing";
inline const char *const WalkNotMove = "overbooking.walk-not-move";
inline const char *const RefundCaseClosed = "refund-case.closed";

// Stay money: cancelling and moving a stay.
inline const char *const StayNotChosen = "stay.not-chosen";
inline const char *const MoveNotChosen = "move.not-chosen";
inline const char *const MoveSettlementMissing = "move.settlement-missing";
inline const char *const MoveNothingToCharge = "move.nothing-to-charge";
inline const char *const MoveChargeUnpaid = "move.charge-unpaid";
inline const char *const MovePayNow = "move.pay-now"; // a difference is not put on a guarantee
inline const char *const MovePaymentInvalid = "move.payment-invalid";
inline const char *const MoveNothingToRefund = "move.nothing-to-refund";
inline const char *const MoveRefundUnpaid = "move.refund-unpaid";
inline const char *const MoveNothingToWaive = "move.nothing-to-waive";

// Restaurant tables.
inline const char *const PartySize = "party.size"; // args: the smallest and the largest party
inline const char *const BookingTimesMissing = "booking.times-missing";
inline const char *const BookingEndsFirst = "booking.ends-first";
inline const char *const BookingTooLong = "booking.too-long"; // args: the most hours a booking lasts
inline const char *const BookingUnknown = "booking.unknown";
inline const char *const RestaurantMissing = "restaurant.missing";
inline const char *const TableMissing = "table.missing";
inline const char *const TableUnknown = "table.unknown";
inline const char *const TableTaken = "table.taken";
inline const char *const TableTooSmall = "table.too-small"; // args: the table, its seats, the party
inline const char *const TablesFull = "tables.full"; // args: the party, the start "19:30", the minutes

// The till.
inline const char *const TillAmountNegative = "till.amount-negative";
inline const char *const TillAmountTooLarge = "till.amount-too-large";
inline const char *const NoteTooLong = "note.too-long"; // args: the most characters a note has
inline const char *const TillCurrencyMissing = "till.currency-missing";
inline const char *const ReportDayMissing = "report.day-missing";
inline const char *const TillUnknown = "till.unknown";
inline const char *const TillOpenAlready = "till.open-already"; // args: when it was opened, "17:55"
inline const char *const TillClosedAlready = "till.closed-already";
inline const char *const TillStillOpen = "till.still-open";
inline const char *const TillCountersignedAlready = "till.countersigned-already";
inline const char *const TillCloseNotYours = "till.close-not-yours";
inline const char *const TillCountersignRefused = "till.countersign-refused";

// Price types and house seats.
inline const char *const PriceCompFree = "price.comp-free";
inline const char *const PriceNegative = "price.negative";
inline const char *const PriceSeatNotChosen = "price.seat-not-chosen";
inline const char *const PriceSeatNotHeld = "price.seat-not-held";
inline const char *const PriceTypeMissing = "price.type-missing"; // no price of that type in the band
inline const char *const PriceBandUnknown = "price.band-unknown"; // args: the band's code
inline const char *const PriceManagerOnly = "price.manager-only";
inline const char *const CompReasonMissing = "comp.reason-missing";
inline const char *const CompNeedsManager = "comp.needs-manager";
inline const char *const HouseSeatsNoneSelected = "house-seats.none-selected";
inline const char *const HouseSeatsOwnerMissing = "house-seats.owner-missing";
inline const char *const HouseSeatsNoneToRelease = "house-seats.none-to-release";
inline const char *const HouseSeatsHoldManagerOnly = "house-seats.hold-manager-only";
inline const char *const HouseSeatsReleaseManagerOnly = "house-seats.release-manager-only";

// Guest profiles.
inline const char *const GuestNameMissing = "guest.name-missing"; // also the database's refusal of a nameless booking
inline const char *const GuestDetailTooLong = "guest.detail-too-long"; // args: the most characters it may have
inline const char *const GuestDetailUnprintable = "guest.detail-unprintable"; // a control character
inline const char *const GuestEmailInvalid = "guest.email-invalid";
inline const char *const GuestUnknown = "guest.unknown";
inline const char *const GuestStayNotHeld = "guest.stay-not-held"; // the hold ran out or went elsewhere
// The folio (migration 032).
inline const char *const FolioChargeIncomplete = "folio.charge-incomplete";
inline const char *const FolioNotInHouse = "folio.not-in-house"; // a charge to a guest not checked in
inline const char *const FolioVoidNeedsReason = "folio.void-needs-reason";
inline const char *const FolioVoidManagerOnly = "folio.void-manager-only";
inline const char *const FolioChargeClosed = "folio.charge-closed"; // voided or settled already
inline const char *const FolioBalanceChanged = "folio.balance-changed";
inline const char *const FolioNeedsPayment = "folio.needs-payment";
inline const char *const FolioUnsettled = "folio.unsettled"; // a check-out with money still owed

// Group blocks (issue 14).
inline const char *const GroupBlockNameMissing = "group-block.name-missing";
inline const char *const GroupBlockNights = "group-block.nights"; // args: the most nights a block may have
inline const char *const GroupBlockRooms = "group-block.rooms"; // args: the most rooms a night
inline const char *const GroupBlockCutoff = "group-block.cutoff"; // missing or already past
inline const char *const GroupBlockHotelFull = "group-block.hotel-full"; // args: the first night short
inline const char *const GroupBlockFull = "group-block.full"; // args: the first night the block has no room
inline const char *const GroupBlockPastCutoff = "group-block.past-cutoff";
inline const char *const GroupBlockGuestMissing = "group-block.guest-missing";
inline const char *const GroupBlockOutsideNights = "group-block.outside-nights";
inline const char *const GroupBlockManagerOnly = "group-block.manager-only";
inline const char *const GroupBlockUnknown = "group-block.unknown";

// Room rates (migration 031).
inline const char *const RateNameMissing = "rate.name-missing"; // args: the longest name, "80"
inline const char *const RateNightsOrder = "rate.nights-order";
inline const char *const RateTooLong = "rate.too-long"; // args: the most nights, "732"
inline const char *const RateWeekdays = "rate.weekdays";
inline const char *const RateNegative = "rate.negative";
inline const char *const RateManagerOnly = "rate.manager-only";
inline const char *const RateUnknown = "rate.unknown";

// The hotel's lists, occupancy and partner properties (walks).
inline const char *const WalkPartnerMissing = "lists.walk-partner-missing"; // no partner, or not this hotel's
inline const char *const ListsRange = "lists.range"; // occupancy: between one night and a year
inline const char *const PartnerNameMissing = "lists.partner-name-missing";
} // namespace ErrorReason

DomainError makeError(ErrorCode code, const QString &message, const QStringList &units = {});

// `error` with its ErrorReason key set, and the values its sentence needs (DomainError::args).
DomainError withReason(DomainError error, const char *reason, const QStringList &args = {});

} // namespace boxoffice
