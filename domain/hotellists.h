#pragma once

#include "domain/hotel.h"
#include "domain/overbookingsuggestion.h"
#include "domain/result.h"

#include <QDate>
#include <QVector>

namespace boxoffice {

enum class HotelList { Arrivals, Departures, InHouse };

// One stay on a day's list. The state is the database's word for it ("BOOKED", "CHECKED_IN",
// "NO_SHOW", ...): the lists show what is there, including states this build does not act on.
struct HotelListRow
{
    StayId stay = 0;
    QString reference;
    QString guest;
    QString roomTypeCode;
    QDate checkIn;
    QDate checkOut;
    QString state;
    int nights() const { return int(checkIn.daysTo(checkOut)); }
};

// A hotel's day: who arrives (booked to arrive that day, checked in or not yet), who leaves (in the
// house, leaving that day, checked out or not yet) and who sleeps here that night.
struct HotelDayLists
{
    QDate day;
    QVector<HotelListRow> arrivals;
    QVector<HotelListRow> departures;
    QVector<HotelListRow> inHouse;
    const QVector<HotelListRow> &list(HotelList which) const;
};

// One night of one room type, or of the whole hotel (roomType 0, code empty), with its room revenue:
// each sold stay's order line spread evenly over its nights, the odd minor units on its first nights,
// so the nights of a stay add up to its line exactly.
struct OccupancyNight
{
    QDate night;
    RoomTypeId roomType = 0;
    QString roomTypeCode;
    int physical = 0;
    int sellable = 0; // the manager's limit
    int booked = 0; // the inventory counter: sold stays and live holds
    int sold = 0; // stays booked, in the house or departed on that night
    Money revenue; // in the report's currency
    int suggestedSellable = 0; // the overbooking rule's figure, shown beside `sellable`; never applied
    int occupancyPerMille() const { return physical > 0 ? int(qint64(sold) * 1000 / physical) : 0; }
    Money adr() const { return revenue.withMinor(sold > 0 ? revenue.minor() / sold : 0); } // average daily rate
    Money revPar() const // revenue per available room
    {
        return revenue.withMinor(physical > 0 ? revenue.minor() / physical : 0);
    }
};

struct OccupancyReport
{
    QString currency;
    QDate from;
    QDate until; // night after the last
    QVector<OccupancyNight> nights; // per night: the room types (by rank), then the hotel's total (roomType 0)
    QVector<OverbookingSuggestion> suggestions; // per room type, over its physical rooms on the first night
    QVector<OccupancyNight> totals() const; // the hotel's rows only, one per night
};

// A hotel's partner property: where a walked guest is sent. Each hotel keeps its own, a manager's list.
struct PartnerHotel
{
    qint64 id = 0;
    HotelId hotel = 0;
    QString name;
    QString contact;
};

// The front desk's read-only lists: plain statements with bound values, no locks.
class HotelListStore
{
public:
    virtual ~HotelListStore() = default;
    virtual Result<HotelDayLists> dayLists(HotelId hotel, const QDate &day) = 0;
    // Per room type and night in [from, until); the hotel's totals are added by the service.
    virtual Result<OccupancyReport> occupancy(HotelId hotel, const QDate &from, const QDate &until) = 0;
    // The nights [from, until) of each room type.
    virtual Result<QVector<AttritionHistory>> attrition(HotelId hotel, const QDate &from, const QDate &until) = 0;
    virtual Result<QVector<PartnerHotel>> partners(HotelId hotel) = 0;
    // A manager's: one statement, the partner named again when it was there already (made active).
    virtual Result<PartnerHotel> addPartner(HotelId hotel, const QString &name, const QString &contact) = 0;
};

class HotelListService
{
public:
    explicit HotelListService(HotelListStore &store, OverbookingPolicy policy = {}, int historyDays = 90);

    Result<HotelDayLists> dayLists(HotelId hotel, const QDate &day);
    // With the hotel's totals per night and the suggested sellable limit of every row, from the last
    // `historyDays` nights before `today`.
    Result<OccupancyReport> occupancy(HotelId hotel, const QDate &from, const QDate &until, const QDate &today);
    // For the nights [from, until) of one room type: the smallest suggestion over them.
    Result<OverbookingSuggestion> suggestion(HotelId hotel, RoomTypeId roomType, const QDate &from, const QDate &until,
                                             const QDate &today);
    Result<QVector<PartnerHotel>> partners(HotelId hotel);
    Result<PartnerHotel> addPartner(HotelId hotel, const QString &name, const QString &contact = {});
    int historyDays() const { return m_historyDays; }

private:
    HotelListStore &m_store;
    OverbookingPolicy m_policy;
    int m_historyDays;
};

// RFC 4180, CRLF line ends, the header first.
QString hotelListCsv(const QVector<HotelListRow> &rows);
// Amounts in major units with two decimals, occupancy in percent with one (text, no floats).
QString occupancyCsv(const OccupancyReport &report);

} // namespace boxoffice
