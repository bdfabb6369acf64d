#include "domain/houseseats.h"

namespace boxoffice {

namespace {

template<typename T> Result<T> managerWorded(Result<T> result, const QString &message, const char *reason)
{
    if (!result && result.error().code == ErrorCode::PermissionDenied) {
        DomainError error = result.error();
        error.message = message;
        return withReason(error, reason);
    }
    return result;
}

} // namespace

namespace HouseSeatRules {

Status check(const HouseHoldRequest &request)
{
    if (request.units.isEmpty())
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Select the seats to hold for the house first.")),
            ErrorReason::HouseSeatsNoneSelected);
    if (request.owner.trimmed().isEmpty())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Say who the house seats are for.")),
                          ErrorReason::HouseSeatsOwnerMissing);
    return Done{};
}

} // namespace HouseSeatRules

HouseSeatService::HouseSeatService(HouseSeatStore &store) : m_store(store) { }

Result<QVector<SeatRef>> HouseSeatService::hold(const HouseHoldRequest &request)
{
    if (auto status = HouseSeatRules::check(request); !status)
        return status.error();
    return managerWorded(m_store.hold(request), QStringLiteral("Only a manager may hold seats for the house."),
                         ErrorReason::HouseSeatsHoldManagerOnly);
}

Result<QVector<SeatRef>> HouseSeatService::release(EventId event, const QVector<UnitId> &units)
{
    if (units.isEmpty())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Select the house seats to release first.")),
                          ErrorReason::HouseSeatsNoneToRelease);
    return managerWorded(m_store.release(event, units), QStringLiteral("Only a manager may release house seats."),
                         ErrorReason::HouseSeatsReleaseManagerOnly);
}

Result<QVector<HouseSeat>> HouseSeatService::list(EventId event)
{
    return m_store.list(event);
}

} // namespace boxoffice
