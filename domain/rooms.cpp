#include "domain/rooms.h"

#include "domain/roomreasons.h"

#include <array>
#include <utility>

namespace boxoffice {

namespace {

constexpr std::array<std::pair<Housekeeping, const char *>, 4> names{{
    {Housekeeping::Dirty, "DIRTY"},
    {Housekeeping::Clean, "CLEAN"},
    {Housekeeping::Inspected, "INSPECTED"},
    {Housekeeping::OutOfOrder, "OUT_OF_ORDER"},
}};

} // namespace

QString housekeepingName(Housekeeping state)
{
    for (const auto &[value, name] : names) {
        if (value == state)
            return QString::fromLatin1(name);
    }
    return QString();
}

Result<Housekeeping> housekeepingFromName(const QString &name)
{
    for (const auto &[value, text] : names) {
        if (name == QLatin1String(text))
            return value;
    }
    return makeError(ErrorCode::Internal, QStringLiteral("Unknown housekeeping state %1.").arg(name));
}

bool isReadyForGuest(Housekeeping state)
{
    return state == Housekeeping::Clean || state == Housekeeping::Inspected;
}

const RoomClaim *RoomRack::claimOn(RoomId room, const QDate &night) const
{
    for (const RoomClaim &claim : claims) {
        if (claim.room == room && claim.covers(night))
            return &claim;
    }
    return nullptr;
}

} // namespace boxoffice
