#pragma once

#include "domain/waitingroom.h"

#include <QHash>
#include <QMutex>

#include <vector>

namespace boxoffice {

// The waiting room in one web server's memory (the embedded default, without Redis). One mutex over
// everything: each call is short (a binary search, an insert into a sorted vector).
class MemoryWaitingRoomStore final : public WaitingRoomStore
{
public:
    Status join(EventId event, const QString &visitor, std::optional<double> drawScore) override;
    Result<qint64> position(EventId event, const QString &visitor) override;
    Result<qint64> length(EventId event) override;
    // Admits whole positions as time passes, carrying the fraction over; never more than the queue
    // holds, so a quiet spell does not bank admissions that a later crowd would rush in on at once.
    Result<qint64> advance(EventId event, double perSecond, qint64 nowMs) override;

private:
    // Drawn visitors sort by their score in [0,1); later ones by 1 + their arrival number, behind.
    struct Place
    {
        double score = 0;
        qint64 arrival = 0;
        bool operator<(const Place &other) const
        {
            return score < other.score || (score == other.score && arrival < other.arrival);
        }
    };
    struct Queue
    {
        QHash<QString, Place> visitors;
        std::vector<Place> order; // sorted
        qint64 arrivals = 0;
        bool started = false;
        qint64 lastMs = 0;
        double admitted = 0; // fractional: the part of a position admitted so far carries over
    };

    QMutex m_mutex;
    QHash<EventId, Queue> m_queues;
};

} // namespace boxoffice
