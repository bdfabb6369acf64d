#pragma once

#include "domain/gapools.h"
#include "domain/hotel.h"
#include "domain/result.h"
#include "domain/seatholds.h"
#include "domain/timeslots.h"

#include <optional>
#include <variant>

namespace boxoffice {

// What a web buyer's hold asks for, as the caps see it. The scope whose caps apply follows from it:
//  - seats and GA places: their event. events.max_holds_per_buyer / max_holds_per_instrument count
//    every unit of the event held live, seats and places alike (a place counts one);
//  - a stay: its room type's hotel. hotels.max_stays_per_buyer / max_stays_per_instrument count live
//    held stays, whatever their nights or room type;
//  - a table (a given table, or one found by a search): its restaurant.
//    restaurants.max_bookings_per_buyer / max_bookings_per_instrument count live held bookings.
// NULL is no cap. Only live holds count: a sold unit is no longer held, an expired hold is nobody's.
using CapAsk = std::variant<HoldRequest, PoolHoldRequest, StayRequest, SlotRequest, TableSearch>;

enum class CapScope { Event, Hotel, Restaurant };
// Instrument: the cart's card. UnknownCard: every cart with no card, one budget per scope
// (events.max_holds_unknown_card, ...). Address: every cart created from one client address
// (events.max_holds_per_address, ...).
enum class CapHolder { Buyer, Instrument, UnknownCard, Address };

// One holder's cap in the ask's scope and what it holds there live, leaving out the units being
// asked for again: the seats named in the request, the cart's own hold of the same pool, of the same
// stay, or of the same table at the same time (a retry refreshes those, it does not add to them).
struct CapUsage
{
    std::optional<int> cap; // empty: no cap (or no such event, hotel or restaurant: the claim says so)
    int held = 0;
};

// The holder whose cap refused an ask, its cap, and what it holds live beside the ask.
struct CapRefusal
{
    CapHolder holder = CapHolder::Buyer;
    int cap = 0;
    int held = 0;
};

// A web buyer's seat hold claimed in one call: the seats granted, or the cap that refused (nothing
// claimed then). Lost seats, unknown seats or labels and a cart that is not the buyer's are errors.
struct CappedSeatClaim
{
    HoldGrant grant;
    std::optional<CapRefusal> refusal;
};

// The same for GA places: the hold granted (or refreshed), or the cap that refused.
struct CappedPlacesClaim
{
    PoolHold hold;
    std::optional<CapRefusal> refusal;
};

// The reads and locks a capped claim needs, for the domain to decide with. Storage implements each
// as one statement. The locks last until the unit of work they were taken in ends.
class BuyerCapStore
{
public:
    virtual ~BuyerCapStore() = default;

    // Serialises one buyer's capped claims (never two buyers'), so a count and the claim after it
    // see the same holds.
    virtual Status lockBuyer(BuyerId buyer) = 0;
    // The payment instrument the cart is paid with (a card's fingerprint); empty when not known.
    virtual Result<QString> cartInstrument(const CartId &cart) = 0;
    // The same for every account paying with one card.
    virtual Status lockInstrument(const QString &instrument) = 0;
    virtual Result<CapUsage> buyerUsage(BuyerId buyer, const CapAsk &ask) = 0;
    virtual Result<CapUsage> instrumentUsage(const QString &instrument, const CapAsk &ask) = 0;

    // Every cap of the ask, each holder locked then counted in the order above (buyer, card or the
    // unknown-card budget, address), inside the caller's unit of work; the refusing holder, or none.
    // NotFound when the cart is not the ask's buyer's. The default runs the steps above (buyer and card
    // only); PostgreSQL does all of it in one call, the new holders included.
    virtual Result<std::optional<CapRefusal>> checkCaps(const CapAsk &ask);

    // A web buyer's seats (by id, or by label when `labels` is not empty) claimed with every cap in one
    // call and one transaction of its own: not inside a unit of work. Stores without it say so
    // (Internal); the domain then never offers it.
    virtual bool claimsSeatsInOneCall() const { return false; }
    virtual Result<CappedSeatClaim> holdSeats(const HoldRequest &request, const QStringList &labels);
    virtual bool claimsPlacesInOneCall() const { return false; }
    virtual Result<CappedPlacesClaim> holdPlaces(const PoolHoldRequest &request);
};

} // namespace boxoffice
