#pragma once

#include "domain/ids.h"
#include "domain/money.h"
#include "domain/seatholds.h"
#include "domain/seatscoring.h"

#include <QDateTime>
#include <QString>
#include <QVector>

#include <array>

namespace boxoffice {

// What a seat map draws. Loaded once per event (every seat with its place and state), then kept current
// from SeatChange records, so a 50,000-seat map never reloads whole while it is open.
// House: taken off sale by a manager (house, press or a kill) with no expiry; no channel may claim it.
enum class SeatState { Available, Held, Sold, House };
inline constexpr std::array allSeatStates{SeatState::Available, SeatState::Held, SeatState::Sold, SeatState::House};

struct SeatMapBand
{
    QString code;
    QString name;
    Money price; // in the event's currency
};

struct SeatMapSection
{
    QString code;
    QString name;
};

struct SeatMapSeat
{
    UnitId unit = 0;
    QString label; // "A-1-5"
    int section = 0; // index into SeatMap::sections
    int row = 0;
    int number = 0;
    double x = 0; // venue units: one seat pitch is 1.0, y grows away from the stage
    double y = 0;
    int band = 0; // index into SeatMap::bands
    SeatState state = SeatState::Available;
    CartId cart; // who holds it, when held
    QDateTime holdExpiresAt; // the database's clock, UTC; a HELD seat past it is free to claim
};

struct SeatMap
{
    EventSummary event;
    QVector<SeatMapSection> sections;
    QVector<SeatMapBand> bands;
    QVector<SeatMapSeat> seats; // ordered by unit id
    qint64 auditCursor = 0; // changes after this audit id are not in `seats` yet
    SeatScoring scoring; // the venue's own idea of a good seat, for best available
};

// One seat's state as it is now, reported because the audit trail says it changed.
struct SeatChange
{
    UnitId unit = 0;
    SeatState state = SeatState::Available;
    CartId cart;
    QDateTime holdExpiresAt;
};

// A seat counts as free when it is AVAILABLE, or HELD with a lease that ran out (claims treat it so;
// nothing needs to have swept it). `serverNow` is the database's clock.
inline bool seatIsFree(SeatState state, const QDateTime &holdExpiresAt, const QDateTime &serverNow)
{
    return state == SeatState::Available
        || (state == SeatState::Held && holdExpiresAt.isValid() && holdExpiresAt <= serverNow);
}

struct VenueSpec;

// A venue description drawn as a map without a database (units numbered 1..N in seat order, every
// seat available): for previews, tests and the frame benchmark.
SeatMap seatMapFromVenue(const VenueSpec &venue);

} // namespace boxoffice
