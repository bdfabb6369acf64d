#pragma once

namespace boxoffice::fakepay {

class ApiCall;
class Ledger;
class SearchIndex;
class StripeObjects;

// GET /v1/payment_intents (the list, exact and at once) and GET /v1/payment_intents/search (Stripe's
// query language over the search index, which may lag behind on purpose).
class IntentQueries
{
public:
    IntentQueries(const Ledger *ledger, const SearchIndex *searchIndex, const StripeObjects *objects);

    void list(const ApiCall &call) const;
    void search(const ApiCall &call) const;

private:
    const Ledger *m_ledger;
    const SearchIndex *m_searchIndex;
    const StripeObjects *m_objects;
};

} // namespace boxoffice::fakepay
