#pragma once

#include "clientcontext.h"
#include "outcome.h"

#include "domain/seatholdservice.h"
#include "storage/pgseatstore.h"

namespace boxoffice::bench {

// A client on the product's path, as a channel runs it: the domain service over a PgSeatStore of its
// own, on the client's connection.
class ProductClient final : public ClientState
{
public:
    explicit ProductClient(QSqlDatabase database);

    // Prepares the hold statement on this connection without claiming anything (a hold on an event that
    // does not exist), so the first measured attempt does not pay for the PREPARE round trip.
    Status warmUp(UnitId anyUnit);
    // One unit under a fresh cart. A grant is remembered as the last grant, for a follow-up.
    AttemptResult holdOne(ClientContext &client, EventId event, UnitId unit);
    // Gives the last grant back; a unit the store says this cart no longer held was taken meanwhile.
    AttemptResult releaseLast(ClientContext &client);

    UnitId lastUnit() const { return m_lastUnit; }
    const CartId &lastCart() const { return m_lastCart; }

private:
    PgSeatStore m_store;
    SeatHoldService m_service;
    UnitId m_lastUnit = 0;
    CartId m_lastCart;
};

} // namespace boxoffice::bench
