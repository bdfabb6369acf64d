#pragma once

#include "domain/ids.h"
#include "domain/result.h"
#include "domain/ticket.h"

#include <QByteArray>
#include <QVector>

namespace boxoffice {

// The buyer's own copy of an order's tickets and vouchers (issue 16): exactly the PDF the worker
// attached to the order's confirmation mail, so what the shop serves and what was mailed never differ.
struct OrderDocument
{
    enum class State {
        Ready, // `pdf` holds the document
        NotIssuedYet, // paid, but the worker has not issued the order yet: ask again shortly
        None // nothing to hand out: not paid (or no longer: refunded, cancelled), or nothing was printed
    };
    State state = State::None;
    QByteArray pdf;
};

// Reads only; whose order it is is the caller's check (the web asks the buyer store first).
class OrderDocumentStore
{
public:
    virtual ~OrderDocumentStore() = default;
    // NotFound: no such order.
    virtual Result<OrderDocument> document(OrderId order) = 0;
    // The order's tickets as issued, seats first, then standing places; empty before issuing.
    virtual Result<QVector<Ticket>> tickets(OrderId order) = 0;
};

} // namespace boxoffice
