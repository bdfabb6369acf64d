#include "domain/seatscoring.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace boxoffice {

SeatScoring SeatScoring::fromVenueJson(const QByteArray &json)
{
    return fromVenueObject(QJsonDocument::fromJson(json).object());
}

SeatScoring SeatScoring::fromVenueObject(const QJsonObject &root)
{
    SeatScoring scoring;
    const QJsonObject given = root.value(QLatin1String("scoring")).toObject();
    const QJsonObject focus = given.value(QLatin1String("focus")).toObject();
    if (focus.value(QLatin1String("x")).isDouble() && focus.value(QLatin1String("y")).isDouble())
        scoring.focus = QPointF(focus.value(QLatin1String("x")).toDouble(), focus.value(QLatin1String("y")).toDouble());
    if (given.value(QLatin1String("arena")).isBool())
        scoring.arena = given.value(QLatin1String("arena")).toBool();
    for (const QJsonValue &value : root.value(QLatin1String("sections")).toArray()) {
        const QJsonObject section = value.toObject();
        const QJsonValue preference = section.value(QLatin1String("preference"));
        if (preference.isDouble())
            scoring.sectionPreference.insert(section.value(QLatin1String("code")).toString(),
                                             std::clamp(preference.toDouble(), 0.0, 1.0));
    }
    return scoring;
}

} // namespace boxoffice
