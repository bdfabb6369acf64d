#pragma once

#include "domain/hotel.h"
#include "domain/result.h"

#include <QDate>
#include <QString>
#include <QVector>

namespace boxoffice {

using RateId = qint64;

// A manager's price for some nights of one room type: a season from firstNight to lastNight (both
// included), on every night or only on the weekdays in `weekdays`. Where no rule applies, the room type's
// own price (RoomTypeSummary::price) is the night's price.
struct RateRule
{
    RateId id = 0;
    RoomTypeId roomType = 0;
    QString name;
    QDate firstNight;
    QDate lastNight;
    int weekdays = 0; // bit 0 Monday ... bit 6 Sunday (Qt::DayOfWeek - 1); 0: every night
    Money price; // in the hotel's currency

    static constexpr int everyNight = 0;
    static constexpr int weekendNights = (1 << (Qt::Friday - 1)) | (1 << (Qt::Saturday - 1));
    static int bitOf(int dayOfWeek) { return 1 << (dayOfWeek - 1); }
    bool covers(const QDate &night) const;
    int nights() const { return int(firstNight.daysTo(lastNight)) + 1; }
};

// One night's price and the rule it comes from (empty name: the room type's own price).
struct NightPrice
{
    QDate night;
    Money price;
    QString ruleName;
};

namespace RateRules {
constexpr int maxNights = 732; // two years of nights, as the database allows
constexpr int maxNameLength = 80;
Status check(const RateRule &rule);

// The rule that prices `night`, with the database's precedence (migration 031): the rule spanning fewer
// nights; on the same span, one for some weekdays over one for every night; then the one set last.
// nullptr: none does.
const RateRule *winner(const QVector<RateRule> &rules, RoomTypeId roomType, const QDate &night);

// The nights [from, until) of `type` priced by `rules`, as the database prices them.
QVector<NightPrice> preview(const QVector<RateRule> &rules, const RoomTypeSummary &type, const QDate &from,
                            const QDate &until);
} // namespace RateRules

class RateStore
{
public:
    virtual ~RateStore() = default;
    // Every rule of the hotel's room types, by room type, then first night.
    virtual Result<QVector<RateRule>> rules(HotelId hotel) = 0;
    // A manager's; a clerk is refused by the database (PermissionDenied). Answers the new rule's id.
    virtual Result<RateId> add(const RateRule &rule) = 0;
    virtual Status remove(RateId rule) = 0;
};

// Rates for the front desk: anyone reads them, only a manager sets them.
class RateService
{
public:
    explicit RateService(RateStore &store);

    Result<QVector<RateRule>> rules(HotelId hotel);
    Result<RateId> add(RateRule rule);
    Status remove(RateId rule);

private:
    RateStore &m_store;
};

} // namespace boxoffice
