#pragma once

// QCOMPARE finds these by argument-dependent lookup, so a failed comparison of states prints "PAID"
// and "REFUNDED" rather than nothing.

#include "domain/states.h"

#include <QByteArray>

#include <optional>

namespace boxoffice {

inline char *toString(OrderState state)
{
    return qstrdup(orderStateName(state).toUtf8().constData());
}

inline char *toString(PaymentState state)
{
    return qstrdup(paymentStateName(state).toUtf8().constData());
}

inline char *toString(LineState state)
{
    return qstrdup(lineStateName(state).toUtf8().constData());
}

inline char *toString(StayState state)
{
    return qstrdup(stayStateName(state).toUtf8().constData());
}

inline char *toString(RefundState state)
{
    return qstrdup(refundStateName(state).toUtf8().constData());
}

inline char *toString(const std::optional<OrderState> &state)
{
    return state ? toString(*state) : qstrdup("none");
}

} // namespace boxoffice
