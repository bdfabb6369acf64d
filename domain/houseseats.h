#pragma once

#include "domain/ids.h"
#include "domain/result.h"
#include "domain/seatholds.h"
#include "domain/states.h"

#include <QDateTime>
#include <QString>
#include <QVector>

namespace boxoffice {

// Seats a manager takes off sale for the house, the press or a technical reason (a kill), with an owner
// and a note. No expiry: they stay off sale until a manager releases them on purpose.
struct HouseHoldRequest
{
    EventId event = 0;
    QVector<UnitId> units;
    HouseKind kind = HouseKind::House;
    QString owner; // who the seats are for: "Director", "Evening Post", "Sound desk"
    QString note;
};

struct HouseSeat
{
    UnitId unit = 0;
    QString label;
    HouseKind kind = HouseKind::House;
    QString owner;
    QString note;
    QString heldBy; // the manager's login
    QDateTime heldAt;
};

class HouseSeatStore
{
public:
    virtual ~HouseSeatStore() = default;
    // All or nothing; Lost when a seat is not free. PermissionDenied for anyone but a manager.
    virtual Result<QVector<SeatRef>> hold(const HouseHoldRequest &request) = 0;
    // Those of `units` that are house seats now; the others are skipped.
    virtual Result<QVector<SeatRef>> release(EventId event, const QVector<UnitId> &units) = 0;
    virtual Result<QVector<HouseSeat>> list(EventId event) = 0;
};

namespace HouseSeatRules {
Status check(const HouseHoldRequest &request);
} // namespace HouseSeatRules

class HouseSeatService
{
public:
    explicit HouseSeatService(HouseSeatStore &store);

    Result<QVector<SeatRef>> hold(const HouseHoldRequest &request);
    Result<QVector<SeatRef>> release(EventId event, const QVector<UnitId> &units);
    Result<QVector<HouseSeat>> list(EventId event);

private:
    HouseSeatStore &m_store;
};

} // namespace boxoffice
