#pragma once

#include <QString>

namespace boxoffice::fakepay {

class ApiCall;
class Ledger;
class StripeObjects;

// GET /v1/charges (newest first, created range, payment_intent filter, cursors) and GET /v1/charges/{id}:
// every confirmation attempt is a charge, a failed one too.
class ChargesApi
{
public:
    ChargesApi(const Ledger *ledger, const StripeObjects *objects);

    void list(const ApiCall &call) const;
    void retrieve(const ApiCall &call, const QString &id) const;

private:
    const Ledger *m_ledger;
    const StripeObjects *m_objects;
};

} // namespace boxoffice::fakepay
