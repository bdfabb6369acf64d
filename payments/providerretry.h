#pragma once

#include "payments/blockinghttp.h"

namespace boxoffice {

// When another try may get a better answer from a Stripe-like provider, the way Stripe's own libraries
// decide: the provider's Stripe-Should-Retry header first; then 409 (a lock or the key's first request
// still running), 429 and 5xx; a refused connection (nothing was sent). Never a timeout or a connection
// that broke after sending: that request may still be running at the provider.
bool worthRetrying(const HttpAnswer &answer);

// Milliseconds to wait before try `attempt` (2, 3, ...): exponential from 300 ms with jitter, or the
// provider's Retry-After when it gives one, at most 5 s either way.
int retryDelayMs(int attempt, const HttpAnswer &answer);

// Sends `exchange` up to `maxAttempts` times while worthRetrying() says so, and not once the first
// timeout's worth of time has passed. Only for requests that are safe to repeat: GETs, and POSTs
// under an Idempotency-Key (the provider replays the first result for the same key).
HttpAnswer exchangeWithRetries(const HttpExchange &exchange, int maxAttempts);

} // namespace boxoffice
