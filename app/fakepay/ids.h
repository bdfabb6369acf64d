#pragma once

#include <QString>

namespace boxoffice::fakepay {

// A Stripe-looking id: the prefix ("pi_", "ch_", "req_") and 24 random letters and digits. Random, not
// counted, so a client cannot come to depend on ids being ordered.
QString randomId(const QString &prefix, int length = 24);

} // namespace boxoffice::fakepay
