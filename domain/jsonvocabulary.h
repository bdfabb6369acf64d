#pragma once

#include "domain/seatholds.h"
#include "domain/states.h"

#include <QDate>
#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace boxoffice {

// How domain values are spelled in JSON, by the web API and by `boxoffice-ctl --json` alike
// (docs/JSON.md). The web's published contract (app/web/openapi.yaml) decides every spelling here, so
// a script written against one channel reads the other.

// UTC with milliseconds and "Z" ("2026-11-29T15:10:00.000Z"), whatever zone the value was read in;
// empty when invalid.
QString jsonTime(const QDateTime &time);
// The same, or null when there is no such time (not paid yet, never retried).
QJsonValue jsonTimeOrNull(const QDateTime &time);
QString jsonDate(const QDate &date); // "2026-03-12"

// States and kinds are lower-case words ("paid", "checked_in", "child")...
QString jsonState(OrderState state);
QString jsonState(PaymentState state);
QString jsonState(StayState state);
QString jsonState(RefundState state);
QString jsonName(PriceType type);
QString jsonName(HouseKind kind);
// An event as the web's GET /api/v1/events lists it and `boxoffice-ctl events --json` prints it.
QJsonObject jsonEvent(const EventSummary &event);

// ...except an order line's state, which the web API published in upper case ("SOLD"); it keeps that
// spelling in both channels until a new API version may change it for web clients too.
QString jsonState(LineState state);

} // namespace boxoffice
