#pragma once

#include "domain/cancellationpolicy.h"
#include "domain/hotel.h"
#include "domain/result.h"

#include <QTime>

#include <optional>

namespace boxoffice {

// A hotel's cancellation policy as a manager sets it (migration 033's hotel_cancellation_policies).
struct HotelCancellationPolicy
{
    HotelId hotel = 0;
    int freeUntilHours = 24;
    QTime checkInTime{15, 0};
    PolicyFee lateFee{PolicyFeeKind::FirstNight, 0};
    PolicyFee noShowFee{PolicyFeeKind::FirstNight, 0};
};

// Reading and setting it; the database refuses a clerk's change (PermissionDenied) and a fee that is
// no fee (a percentage above 100, a negative amount: BadInput).
class CancellationPolicyStore
{
public:
    virtual ~CancellationPolicyStore() = default;
    virtual Status setPolicy(const HotelCancellationPolicy &policy) = 0;
    virtual Result<std::optional<HotelCancellationPolicy>> policy(HotelId hotel) = 0;
};

} // namespace boxoffice
