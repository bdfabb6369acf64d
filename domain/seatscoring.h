#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QPointF>
#include <QString>

#include <optional>

namespace boxoffice {

// What makes a seat good in one venue. Everything is optional: with nothing said, seatQuality works
// from the seats' places alone (a stage above the seating, or a pitch in the empty middle of an arena).
// A venue description may say more (see fromVenueJson); the venue loader stores it with the layout and
// the seat map store reads it back, so the desk ranks seats as the venue file says.
struct SeatScoring
{
    // Where the audience looks: the front-centre of the stage, or the centre spot of a pitch.
    std::optional<QPointF> focus;
    // Seats all round the focus (a stadium): the long axis of the pitch then decides which sides are
    // the good ones. Empty: decided by geometry, as the map draws it.
    std::optional<bool> arena;
    // Section code to a weight from 0 to 1 (boxes with a side view, a restricted balcony); 1 if absent.
    QHash<QString, double> sectionPreference;

    double preferenceOf(const QString &sectionCode) const { return sectionPreference.value(sectionCode, 1.0); }

    // Reads the optional "scoring": {"focus": {"x": .., "y": ..}, "arena": true} object and each
    // section's optional "preference" from a venue description (resources/demo/*.json). Missing or
    // malformed values fall back to the defaults; a focus needs both coordinates; a preference is
    // clamped to 0..1.
    static SeatScoring fromVenueJson(const QByteArray &json);
    // The same from the description's parsed root object (VenueSpec::fromJson reads it so).
    static SeatScoring fromVenueObject(const QJsonObject &root);

    friend bool operator==(const SeatScoring &a, const SeatScoring &b)
    {
        return a.focus == b.focus && a.arena == b.arena && a.sectionPreference == b.sectionPreference;
    }
    friend bool operator!=(const SeatScoring &a, const SeatScoring &b) { return !(a == b); }
};

} // namespace boxoffice
