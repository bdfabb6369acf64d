#pragma once

#include "domain/money.h"
#include "domain/result.h"
#include "domain/seatscoring.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QVector>

namespace boxoffice {

// A venue layout as the demo files describe it: price bands and sections made of straight rows.
// Expanding it yields every seat with its label and map position, so the map, the seeder and the
// tests all agree on what "A-1-5" means.
struct PriceBandSpec
{
    QString code;
    QString name;
    Money price; // in the venue's currency
};

struct RowBandSpec
{
    int fromRow = 1;
    int toRow = 1;
    QString band;
};

struct SectionSpec
{
    QString code;
    QString name;
    int rows = 0;
    int seatsPerRow = 0;
    double originX = 0;
    double originY = 0;
    double seatPitch = 1.0;
    double rowPitch = 1.0;
    double rotationDegrees = 0; // stadium stands face the pitch
    QVector<RowBandSpec> bands;
    QString bandForRow(int row) const;
};

// A general-admission pool sold with the event ("Standing, 120"), split over `rows` counters.
struct EventPoolSpec
{
    QString code;
    QString name;
    int capacity = 0;
    Money price; // in the venue's currency
    int rows = 1;
};

struct EventSpec
{
    QString name;
    int startsInDays = 14;
    int holdSeconds = 600;
    int maxExtensions = 1;
    QVector<EventPoolSpec> pools;
};

struct SeatSpec
{
    QString section;
    int row = 0;
    int number = 0;
    QString label;
    double x = 0;
    double y = 0;
    QString band;
};

struct VenueSpec
{
    QString name;
    QString currency;
    QVector<PriceBandSpec> bands;
    QVector<SectionSpec> sections;
    EventSpec event;
    SeatScoring scoring; // stored with the layout, so a map read from the database ranks seats alike

    int seatCount() const;
    // Calls `visit` for every seat in section, row, seat order.
    template<typename Visitor> void forEachSeat(Visitor visit) const;

    static Result<VenueSpec> fromJson(const QByteArray &json);
};

QString seatLabel(const QString &section, int row, int number);
SeatSpec seatAt(const SectionSpec &section, int row, int number);

inline int VenueSpec::seatCount() const
{
    int count = 0;
    for (const SectionSpec &section : sections)
        count += section.rows * section.seatsPerRow;
    return count;
}

template<typename Visitor> void VenueSpec::forEachSeat(Visitor visit) const
{
    for (const SectionSpec &section : sections) {
        for (int row = 1; row <= section.rows; ++row) {
            for (int number = 1; number <= section.seatsPerRow; ++number)
                visit(seatAt(section, row, number));
        }
    }
}

} // namespace boxoffice
