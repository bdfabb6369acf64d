#pragma once

#include "domain/hotel.h"
#include "domain/result.h"
#include "domain/states.h"

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice {

// What secured a stay that did not arrive: a card on file (booked on guarantee), money paid in
// advance, or nothing.
enum class NoShowSecurity { Guarantee, Prepaid, Nothing };

// One stay the night audit settled: NoShow (guaranteed or prepaid: the policy's no-show fee kept or
// charged, the rest refunded) or Cancelled (secured by nothing); its nights went back either way.
struct NightAuditStay
{
    StayId stay = 0;
    QString reference;
    QString guest;
    QString roomType;
    QDate checkIn;
    QDate checkOut;
    StayState outcome = StayState::NoShow;
    NoShowSecurity securedBy = NoShowSecurity::Nothing;
    Money fee; // in the report's currency
    Money refunded;
    int nightsReleased = 0;
    QString note; // why a fee the policy asks was not charged, in English for the log
};

// A run of the night audit for one hotel and business date, as stored when it ran (so a reprint says
// the same), with the day's figures.
struct NightAuditReport
{
    qint64 run = 0;
    HotelId hotel = 0;
    QDate businessDate;
    QString runBy;
    QDateTime runAt;
    bool ranNow = false; // false: it had run before and nothing was done again
    QString currency;
    int noShows = 0;
    int cancellations = 0;
    Money fees; // every amount of the report, its stays' too, is in `currency`
    Money refunded;
    int nightsReleased = 0;
    int arrivals = 0; // arrived on the business date
    int departures = 0; // left on the business date
    int inHouse = 0; // staying the business date's night
    int rooms = 0; // physical rooms that night
    Money roomRevenue; // that night's share of the in-house stays' prices
    QVector<NightAuditStay> stays;

    int occupancyPercent() const { return rooms > 0 ? int((inHouse * 100 + rooms / 2) / rooms) : 0; }
};

class NightAuditStore
{
public:
    virtual ~NightAuditStore() = default;
    // Runs the audit (a manager's; the database refuses anyone else: PermissionDenied), or answers the
    // run of that date if there was one, changing nothing.
    virtual Result<NightAuditReport> run(HotelId hotel, const QDate &businessDate) = 0;
    // The stored report of that date; none when the audit has not run.
    virtual Result<std::optional<NightAuditReport>> report(HotelId hotel, const QDate &businessDate) = 0;
};

// The night audit's use-cases, the same for the desk, boxoffice-ctl and the worker.
class NightAuditService
{
public:
    explicit NightAuditService(NightAuditStore &store);

    Result<NightAuditReport> run(HotelId hotel, const QDate &businessDate);
    Result<std::optional<NightAuditReport>> report(HotelId hotel, const QDate &businessDate);

private:
    NightAuditStore &m_store;
};

QString noShowSecurityName(NoShowSecurity security); // "GUARANTEE", "PREPAID", "NOTHING"
std::optional<NoShowSecurity> noShowSecurityFromName(const QString &name);

// The report as CSV: a header block of the day's figures, then one line per stay settled. RFC 4180
// quoting, amounts in major units with two decimals (text, no floats).
QString nightAuditCsv(const NightAuditReport &report);

} // namespace boxoffice
