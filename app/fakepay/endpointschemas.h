#pragma once

#include "paramschema.h"

namespace boxoffice::fakepay::Schemas {

// The parameters each endpoint takes: the subset of Stripe's documented ones that the fake implements.
// Anything else is parameter_unknown, even where Stripe would know it: better a loud refusal here than a
// client relying on a parameter the fake silently drops.
const ParamSchema &createPaymentIntent();
const ParamSchema &confirmPaymentIntent();
const ParamSchema &cancelPaymentIntent();
const ParamSchema &retrieve(); // any GET of one object: expand[] only
const ParamSchema &listPaymentIntents();
const ParamSchema &searchPaymentIntents();
const ParamSchema &listCharges();
const ParamSchema &createRefund();
const ParamSchema &createPaymentMethod();

} // namespace boxoffice::fakepay::Schemas
