#pragma once

#include "domain/checkoutstore.h"

#include <functional>

namespace boxoffice {

struct CheckoutOutcome
{
    enum class State {
        Paid, // charged and confirmed (possibly with some units replaced or refunded)
        Declined, // no money moved; the holds went back and the order is cancelled
        Pending // the provider's answer is not known yet: holds kept, asked again by reconciliation
    };
    State state = State::Pending;
    OrderId order = 0;
    PaymentRecord payment;
    ChargeOutcome charge;
    Settlement settlement;
    int refundsCarriedOut = 0;
};

// hold -> order PENDING -> charge -> confirm, each step written before the next is taken, so a crash
// at any point leaves a state reconciliation knows how to finish. The saga never holds a transaction
// open while it talks to the provider.
class CheckoutSaga
{
public:
    CheckoutSaga(CheckoutStore &store, PaymentProvider &provider, QString providerName);

    // How long the order's units stay pinned to a charge in flight (renewed by reconciliation while the
    // provider cannot say), and how long after permission a charge request may still reach the
    // provider (at least the provider client's timeout).
    int pinSeconds = 900;
    int sendWindowSeconds = 60;

    // Called after each recorded step ("order-opened", "charge-started", "charge-answered",
    // "outcome-recorded", "settled"): the crash tests stop the process there.
    std::function<void(const QString &step)> checkpoint;

    // A second checkout of the same cart (a double click, a retry) continues the cart's one live order:
    // the same charge key, so never a second charge.
    Result<CheckoutOutcome> checkout(const CartId &cart, const QString &channel, const QString &buyer);
    // The same saga from an order that exists already (a retry after a crash or a timeout).
    Result<CheckoutOutcome> resume(OrderId order);

    // Derived from the order, so every retry of its charge reaches the provider under the same key.
    static QString chargeKey(OrderId order);

private:
    Result<CheckoutOutcome> charge(OrderId order);
    // Sends the charge if the payment may still be sent (not decided, key not closed); otherwise what is
    // recorded.
    Result<ChargeOutcome> sendCharge(const PaymentRecord &payment);
    void reached(const QString &step) const;

    CheckoutStore &m_store;
    PaymentProvider &m_provider;
    QString m_providerName;
};

// Carries out refunds that are due: the provider call under the refund's own idempotency key, then
// the outcome recorded. Unknown outcomes stay due and are asked again next time.
Result<int> carryOutRefunds(CheckoutStore &store, PaymentProvider &provider, OrderId onlyOrder = 0);

} // namespace boxoffice
