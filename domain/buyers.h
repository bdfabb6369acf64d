#pragma once

#include "domain/cartitems.h"
#include "domain/ids.h"
#include "domain/result.h"
#include "domain/seatholds.h"

#include <QString>

namespace boxoffice {

// A web buyer: an account that authenticates with a bearer token. Only a hash of the token is
// stored; the token itself is shown once, when the buyer is created.
struct Buyer
{
    BuyerId id = 0;
    QString name;
};

// One of a buyer's orders as their list shows it (the lines are the order's own read).
struct BuyerOrder
{
    OrderSummary summary; // without lines
    QDateTime createdAt;
    QDateTime paidAt; // null until paid
};

struct NewBuyer
{
    Buyer buyer;
    QString token; // shown once, never stored
};

// Web accounts, their carts and orders. What a buyer may hold at once is HoldCaps' (domain/holdcaps.h).
class BuyerStore
{
public:
    virtual ~BuyerStore() = default;

    virtual Result<NewBuyer> addBuyer(const QString &name) = 0;
    // Where the buyer's confirmation mail goes (checked by the caller: MailDelivery::isAddress).
    virtual Status setEmail(BuyerId buyer, const QString &email) = 0;
    // PermissionDenied for an unknown or malformed token: the caller answers 401.
    virtual Result<Buyer> authenticate(const QString &token) = 0;
    // A new cart owned by the buyer, paid with `instrument`: the card fingerprint the provider vouched
    // for (domain/cardfingerprint.h; BadInput when not of that shape), empty when the buyer named no card.
    // `clientAddress`: the address the cart was created from (an IP address; empty: unknown), counted by
    // the per-address caps. `paymentMethod`: the provider's id of that card ("pm_..."), which the
    // checkout charges; only with an instrument (BadInput otherwise, or when not of that shape).
    virtual Result<CartId> createCart(BuyerId buyer, const QString &instrument = {}, const QString &clientAddress = {},
                                      const QString &paymentMethod = {})
        = 0;
    // NotFound when the cart or order is not the buyer's (or does not exist): the caller answers 404,
    // so another buyer's ids reveal nothing.
    virtual Status checkCartOwner(BuyerId buyer, const CartId &cart) = 0;
    virtual Status checkOrderOwner(BuyerId buyer, OrderId order) = 0;
    // The buyer's orders, newest first, at most `limit` (1..100) with ids below `before` (0: from the
    // newest), only the cart's when `cart` is set: a buyer whose checkout answer was lost finds the
    // order by the cart they paid.
    virtual Result<QVector<BuyerOrder>> orders(BuyerId buyer, const CartId &cart, OrderId before, int limit) = 0;
};

} // namespace boxoffice
