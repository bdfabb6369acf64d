#include "domain/houseseats.h"

namespace boxoffice {

namespace {

template<typename T>
Result<T> managerWorded(Result<T> result, const QString &message)
{
    if (!result && result.error().code == ErrorCode::PermissionDenied) {
        DomainError error = result.error();
        error.message = message;
        return error;
    }
    return result;
}

} // namespace

namespace HouseSeatRules {

Status check(const HouseHoldRequest &request)
{
    if (request.units.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("Select the seats to hold for the house first."));
    if (request.owner.trimmed().isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("Say who the house seats are for."));
    return Done{};
}

} // namespace HouseSeatRules

HouseSeatService::HouseSeatService(HouseSeatStore &store) : m_store(store) { }

Result<QVector<SeatRef>> HouseSeatService::hold(const HouseHoldRequest &request)
{
    if (auto status = HouseSeatRules::check(request); !status)
        return status.error();
    return managerWorded(m_store.hold(request), QStringLiteral("Only a manager may hold seats for the house."));
}

Result<QVector<SeatRef>> HouseSeatService::release(EventId event, const QVector<UnitId> &units)
{
    if (units.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("Select the house seats to release first."));
    return managerWorded(m_store.release(event, units), QStringLiteral("Only a manager may release house seats."));
}

Result<QVector<HouseSeat>> HouseSeatService::list(EventId event)
{
    return m_store.list(event);
}

} // namespace boxoffice
