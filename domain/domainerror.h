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
} // namespace ErrorReason

DomainError makeError(ErrorCode code, const QString &message, const QStringList &units = {});

// `error` with its ErrorReason key set.
DomainError withReason(DomainError error, const char *reason);

} // namespace boxoffice
