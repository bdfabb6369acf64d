#include "domain/hotelservice.h"

#include "domain/holdcaps.h"
#include "domain/seatholdrules.h"

namespace boxoffice {

HotelService::HotelService(HotelStore &store, HoldCaps *caps) : m_store(store), m_caps(caps) { }

Status HotelService::checkRange(const QDate &checkIn, const QDate &checkOut)
{
    if (!checkIn.isValid() || !checkOut.isValid())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Give both a check-in and a check-out date.")),
                          ErrorReason::DatesMissing);
    if (checkOut == checkIn)
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("A stay needs at least one night: check-out is the day "
                                                   "after check-in at the earliest.")),
                          ErrorReason::StayNoNights);
    if (checkOut < checkIn)
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("Check-out (%1) is before check-in (%2).")
                                        .arg(checkOut.toString(Qt::ISODate), checkIn.toString(Qt::ISODate))),
                          ErrorReason::DatesReversed);
    if (checkIn.daysTo(checkOut) > maxNights)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("A stay can be at most %1 nights.").arg(maxNights)),
            ErrorReason::StayTooLong, {QString::number(maxNights)});
    return Done{};
}

Result<QVector<HotelSummary>> HotelService::hotels()
{
    return m_store.hotels();
}

Result<StayHold> HotelService::holdStay(const StayRequest &request)
{
    if (request.roomType <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a room type.")),
                          ErrorReason::RoomTypeMissing);
    if (auto status = SeatHoldRules::checkCart(request.cart); !status)
        return status.error();
    if (auto status = checkRange(request.checkIn, request.checkOut); !status)
        return status.error();
    if (request.guestName.size() > 200)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("The guest name is too long.")),
                          ErrorReason::GuestNameTooLong);
    for (const QChar c : request.guestName) {
        if (c.category() == QChar::Other_Control) // a NUL breaks QPSQL's text EXECUTE; none prints
            return withReason(
                makeError(ErrorCode::BadInput, QStringLiteral("The guest name holds a control character.")),
                ErrorReason::GuestDetailUnprintable);
    }
    if (request.ttlSeconds && (*request.ttlSeconds <= 0 || *request.ttlSeconds > SeatHoldRules::maxTtlSeconds))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A hold lasts from one second to 24 hours.")),
                          ErrorReason::HoldTimeRange);
    return HoldCaps::claim(m_caps, request, [&] { return m_store.holdStay(request); });
}

Result<int> HotelService::releaseStay(const CartId &cart, StayId stay)
{
    if (auto status = SeatHoldRules::checkCart(cart); !status)
        return status.error();
    if (stay <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A stay id is a positive number.")),
                          ErrorReason::StayUnknown);
    return m_store.releaseStay(cart, stay);
}

Result<int> HotelService::cancelStay(StayId stay)
{
    if (stay <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A stay id is a positive number.")),
                          ErrorReason::StayUnknown);
    return m_store.cancelStay(stay);
}

Result<QVector<RangeAvailability>> HotelService::availability(HotelId hotel, const QDate &from, const QDate &until,
                                                              const QStringList &roomTypeCodes)
{
    if (hotel <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A hotel id is a positive number.")),
                          ErrorReason::HotelUnknown);
    if (auto status = checkRange(from, until); !status)
        return status.error();
    return m_store.availability(hotel, from, until, roomTypeCodes);
}

Result<int> HotelService::changeCapacity(const CapacityChange &change)
{
    if (change.roomType <= 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a room type.")),
                          ErrorReason::RoomTypeMissing);
    if (!change.from.isValid() || !change.until.isValid() || change.until <= change.from)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Give the first night and the night after the last.")),
            ErrorReason::CapacityNightsMissing);
    if (!change.sellable && !change.physical)
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("Say what to change: sellable rooms, physical rooms or both.")),
                          ErrorReason::CapacityNothingToChange);
    if ((change.sellable && *change.sellable < 0) || (change.physical && *change.physical < 0))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Room counts cannot be negative.")),
                          ErrorReason::CapacityNegative);
    return m_store.changeCapacity(change);
}

} // namespace boxoffice
