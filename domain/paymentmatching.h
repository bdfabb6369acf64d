#pragma once

#include "domain/checkoutstore.h"

namespace boxoffice {

// Whether what the provider says (a webhook event, or a charge in its own list) is about the payment
// we recorded: the same amount, currency and intent. A signed message that contradicts the payment is
// refused as a whole: it must not mark an order paid, however it was signed.
namespace PaymentMatching {
// Empty when the event agrees with the payment; otherwise a sentence for the log and the inbox.
QString eventContradicts(const PaymentEvent &event, const PaymentRecord &payment);
QString chargeContradicts(const ProviderCharge &charge, const PaymentRecord &payment);
} // namespace PaymentMatching

} // namespace boxoffice
