#include "domain/venuespec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QtMath>

namespace boxoffice {

namespace {

// The largest venue file accepted (the demo stadium has 50,000 seats).
constexpr int maxRowsPerSection = 1000;
constexpr int maxSeatsPerRow = 1000;
constexpr qint64 maxSeatsPerVenue = 200000;

DomainError specError(const QString &what)
{
    return makeError(ErrorCode::BadInput, QStringLiteral("Venue description: %1").arg(what));
}

} // namespace

QString SectionSpec::bandForRow(int row) const
{
    for (const RowBandSpec &range : bands) {
        if (row >= range.fromRow && row <= range.toRow)
            return range.band;
    }
    return bands.isEmpty() ? QString() : bands.last().band;
}

QString seatLabel(const QString &section, int row, int number)
{
    return QStringLiteral("%1-%2-%3").arg(section).arg(row).arg(number);
}

SeatSpec seatAt(const SectionSpec &section, int row, int number)
{
    // Rows run left to right from the section's origin, later rows further from the stage; the whole
    // block is then turned about its origin.
    const double localX = (number - 1) * section.seatPitch;
    const double localY = (row - 1) * section.rowPitch;
    const double angle = qDegreesToRadians(section.rotationDegrees);
    SeatSpec seat;
    seat.section = section.code;
    seat.row = row;
    seat.number = number;
    seat.label = seatLabel(section.code, row, number);
    seat.x = section.originX + localX * qCos(angle) - localY * qSin(angle);
    seat.y = section.originY + localX * qSin(angle) + localY * qCos(angle);
    seat.band = section.bandForRow(row);
    return seat;
}

Result<VenueSpec> VenueSpec::fromJson(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (document.isNull())
        return specError(parseError.errorString());
    const QJsonObject root = document.object();

    VenueSpec venue;
    venue.name = root.value(QLatin1String("name")).toString();
    venue.currency = root.value(QLatin1String("currency")).toString();
    if (venue.name.isEmpty())
        return specError(QStringLiteral("the venue needs a name"));
    if (venue.currency.size() != 3)
        return specError(QStringLiteral("currency must be a three-letter ISO code"));

    QSet<QString> bandCodes;
    for (const QJsonValue &value : root.value(QLatin1String("bands")).toArray()) {
        const QJsonObject object = value.toObject();
        PriceBandSpec band{object.value(QLatin1String("code")).toString(),
                           object.value(QLatin1String("name")).toString(),
                           Money(object.value(QLatin1String("price_minor")).toInteger(-1), venue.currency)};
        if (band.code.isEmpty() || band.price.isNegative())
            return specError(QStringLiteral("every price band needs a code and a price_minor >= 0"));
        bandCodes.insert(band.code);
        venue.bands << band;
    }

    QSet<QString> sectionCodes;
    qint64 venueSeats = 0;
    for (const QJsonValue &value : root.value(QLatin1String("sections")).toArray()) {
        const QJsonObject object = value.toObject();
        SectionSpec section;
        section.code = object.value(QLatin1String("code")).toString();
        section.name = object.value(QLatin1String("name")).toString(section.code);
        section.rows = object.value(QLatin1String("rows")).toInt();
        section.seatsPerRow = object.value(QLatin1String("seats_per_row")).toInt();
        section.originX = object.value(QLatin1String("x")).toDouble();
        section.originY = object.value(QLatin1String("y")).toDouble();
        section.seatPitch = object.value(QLatin1String("seat_pitch")).toDouble(1.0);
        section.rowPitch = object.value(QLatin1String("row_pitch")).toDouble(1.2);
        section.rotationDegrees = object.value(QLatin1String("rotation")).toDouble(0);
        if (section.code.isEmpty() || section.code.contains(QLatin1Char('-')) || sectionCodes.contains(section.code))
            return specError(QStringLiteral("section codes must be unique and contain no '-'"));
        if (section.rows <= 0 || section.seatsPerRow <= 0)
            return specError(QStringLiteral("section %1 needs rows and seats_per_row").arg(section.code));
        // Bounds no hall comes near, checked before anything multiplies them: a file with a billion
        // rows would overflow the seat count and make the loader write seats for hours.
        if (section.rows > maxRowsPerSection || section.seatsPerRow > maxSeatsPerRow)
            return specError(QStringLiteral("section %1 may have at most %2 rows of at most %3 seats")
                                 .arg(section.code)
                                 .arg(maxRowsPerSection)
                                 .arg(maxSeatsPerRow));
        venueSeats += qint64(section.rows) * section.seatsPerRow;
        if (venueSeats > maxSeatsPerVenue)
            return specError(QStringLiteral("a venue may have at most %1 seats").arg(maxSeatsPerVenue));
        for (const QJsonValue &bandValue : object.value(QLatin1String("bands")).toArray()) {
            const QJsonObject range = bandValue.toObject();
            RowBandSpec rowBand{range.value(QLatin1String("from_row")).toInt(1),
                                range.value(QLatin1String("to_row")).toInt(section.rows),
                                range.value(QLatin1String("band")).toString()};
            if (!bandCodes.contains(rowBand.band))
                return specError(QStringLiteral("section %1 uses unknown band %2").arg(section.code, rowBand.band));
            section.bands << rowBand;
        }
        if (section.bands.isEmpty())
            return specError(QStringLiteral("section %1 has no price band").arg(section.code));
        sectionCodes.insert(section.code);
        venue.sections << section;
    }
    if (venue.sections.isEmpty())
        return specError(QStringLiteral("the venue has no sections"));
    venue.scoring = SeatScoring::fromVenueObject(root);

    const QJsonObject event = root.value(QLatin1String("event")).toObject();
    venue.event.name = event.value(QLatin1String("name")).toString(venue.name);
    venue.event.startsInDays = event.value(QLatin1String("starts_in_days")).toInt(14);
    venue.event.holdSeconds = event.value(QLatin1String("hold_seconds")).toInt(600);
    venue.event.maxExtensions = event.value(QLatin1String("max_extensions")).toInt(1);
    for (const QJsonValue &value : event.value(QLatin1String("pools")).toArray()) {
        const QJsonObject object = value.toObject();
        EventPoolSpec pool{object.value(QLatin1String("code")).toString(),
                           object.value(QLatin1String("name")).toString(),
                           object.value(QLatin1String("capacity")).toInt(),
                           Money(object.value(QLatin1String("price_minor")).toInteger(-1), venue.currency),
                           object.value(QLatin1String("rows")).toInt(1)};
        if (pool.code.isEmpty() || pool.capacity <= 0 || pool.price.isNegative() || pool.rows < 1
            || pool.rows > pool.capacity)
            return specError(
                QStringLiteral("every pool needs a code, a capacity, a price_minor and 1 to capacity rows"));
        venue.event.pools << pool;
    }
    return venue;
}

} // namespace boxoffice
