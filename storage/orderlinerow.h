#pragma once

#include "domain/cartitems.h"
#include "domain/result.h"

class QSqlQuery;

namespace boxoffice {

// One row of CartSql::orderLines (kind, id, label, quantity, amount, state, currency) as an order line: the cart
// store and the counter's order lookup read the same statement, so they read its rows alike.
Result<OrderLine> orderLineFromRow(const QSqlQuery &row);

} // namespace boxoffice
