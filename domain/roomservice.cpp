#include "domain/roomservice.h"

#include "domain/roomreasons.h"

namespace boxoffice {

namespace {

constexpr int maxOutOfOrderNights = 366;

DomainError badInput(const QString &message, const char *reason)
{
    return withReason(makeError(ErrorCode::BadInput, message), reason);
}

} // namespace

RoomService::RoomService(RoomStore &store) : m_store(store) { }

Result<RoomRack> RoomService::rack(HotelId hotel, const QDate &from, const QDate &until)
{
    if (!from.isValid() || !until.isValid() || until <= from || from.daysTo(until) > 731)
        return badInput(QStringLiteral("Show between one night and two years."), ErrorReason::CalendarRange);
    return m_store.rack(hotel, from, until);
}

Status RoomService::checkChoice(StayId stay, RoomId room)
{
    if (stay <= 0)
        return badInput(QStringLiteral("Find and choose the stay first."), ErrorReason::RoomStayNotChosen);
    if (room <= 0)
        return badInput(QStringLiteral("Choose a room first."), ErrorReason::RoomNotChosen);
    return Done{};
}

Status RoomService::checkOutOfOrder(const OutOfOrderRequest &request)
{
    if (request.room <= 0)
        return badInput(QStringLiteral("Choose a room first."), ErrorReason::RoomNotChosen);
    if (!request.from.isValid() || !request.until.isValid() || request.until <= request.from
        || request.from.daysTo(request.until) > maxOutOfOrderNights)
        return badInput(QStringLiteral("Give the first night out of order and the first night back in service, "
                                       "within a year."),
                        ErrorReason::OutOfOrderDates);
    if (request.reason.trimmed().isEmpty())
        return badInput(QStringLiteral("Say why the room is out of order."), ErrorReason::OutOfOrderReasonMissing);
    return Done{};
}

Status RoomService::assign(StayId stay, RoomId room)
{
    if (auto checked = checkChoice(stay, room); !checked)
        return checked;
    return m_store.assign(stay, room);
}

Status RoomService::move(StayId stay, RoomId room)
{
    if (auto checked = checkChoice(stay, room); !checked)
        return checked;
    return m_store.move(stay, room);
}

Status RoomService::setHousekeeping(RoomId room, Housekeeping state)
{
    if (room <= 0)
        return badInput(QStringLiteral("Choose a room first."), ErrorReason::RoomNotChosen);
    if (state == Housekeeping::OutOfOrder)
        return badInput(QStringLiteral("A room goes out of order for dates, with a reason."),
                        ErrorReason::OutOfOrderReasonMissing);
    return m_store.setHousekeeping(room, state);
}

Status RoomService::outOfOrder(const OutOfOrderRequest &request)
{
    if (auto checked = checkOutOfOrder(request); !checked)
        return checked;
    OutOfOrderRequest trimmed = request;
    trimmed.reason = request.reason.trimmed();
    return m_store.outOfOrder(trimmed);
}

Status RoomService::backInService(RoomId room)
{
    if (room <= 0)
        return badInput(QStringLiteral("Choose a room first."), ErrorReason::RoomNotChosen);
    return m_store.backInService(room);
}

} // namespace boxoffice
