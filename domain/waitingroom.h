#pragma once

#include "domain/ids.h"
#include "domain/result.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace boxoffice {

// An event's on-sale with a waiting room (the operator's settings, kept in the database and read by
// every web server). Visitors who arrive before `drawClosesAt` are ordered by a random draw, so
// arriving early or refreshing buys nothing; later visitors queue in arrival order behind them.
// Admission starts when the draw closes, at `admitPerSecond` (0: computed from the claim rate the
// database sustains).
struct OnSale
{
    EventId event = 0;
    QDateTime drawClosesAt; // UTC
    double admitPerSecond = 0;
    int tokenSeconds = 900; // how long an admission token lets its buyer hold
};

// Where a visitor stands. `position` counts from 1 within the event's queue.
struct QueueStanding
{
    qint64 position = 0;
    qint64 admittedUpTo = 0; // positions up to this one are let in
    bool drawPending = false; // the draw has not closed: the position may still change
    bool admitted() const { return !drawPending && position <= admittedUpTo; }
};

// The waiting room's shared state: one in memory inside a web server (the embedded default) or in
// Redis, shared by several web servers. Every call is atomic on its own; none touches PostgreSQL.
class WaitingRoomStore
{
public:
    virtual ~WaitingRoomStore() = default;

    // Puts `visitor` (an opaque, unguessable id the web server issued) in the event's queue, once:
    // joining again keeps the first place. `drawScore` in [0,1) for a visitor who arrived before the
    // draw closed; empty afterwards, when the visitor is placed behind everyone already there.
    virtual Status join(EventId event, const QString &visitor, std::optional<double> drawScore) = 0;
    // The visitor's 1-based position, or NotFound if the visitor never joined this event's queue.
    virtual Result<qint64> position(EventId event, const QString &visitor) = 0;
    // How many visitors the event's queue holds.
    virtual Result<qint64> length(EventId event) = 0;
    // Moves admission on to `nowMs` (milliseconds since the epoch) at `perSecond` and answers how many
    // positions are admitted. Every web server calls it: time already accounted for is never counted
    // twice, so the rate holds however many servers advance it; a `nowMs` earlier than the last one
    // changes nothing.
    virtual Result<qint64> advance(EventId event, double perSecond, qint64 nowMs) = 0;
};

} // namespace boxoffice
