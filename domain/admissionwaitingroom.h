#pragma once

#include "domain/admissiontoken.h"
#include "domain/waitingroom.h"

#include <QByteArray>
#include <QMutex>
#include <QSet>

namespace boxoffice {

struct QueueTicket
{
    QString visitor;
    QByteArray ticket; // the signed visitor ticket the visitor shows from now on
    bool drawn = false; // arrived before the draw closed: the place is random
};

struct QueueView
{
    QueueStanding standing;
    qint64 length = 0;
    double ratePerSecond = 0;
    double estimatedWaitSeconds = 0; // 0 once admitted
};

struct Admission
{
    QByteArray token;
    qint64 expiresAtMs = 0;
};

// The waiting room of an event on sale: visitors join (a random place before the draw closes, in
// arrival order afterwards), look where they stand, and once their place is admitted trade their
// visitor ticket and their buyer account for an admission token. The admitter moves on at `rate`
// admissions a second from the moment the draw closes, whoever asks and however many servers ask.
class WaitingRoom
{
public:
    WaitingRoom(WaitingRoomStore &store, const AdmissionSigner &signer);

    Result<QueueTicket> join(const OnSale &sale, qint64 nowMs);
    // The same for a known visitor (a sign-in's id): a second join keeps the first place.
    Result<QueueTicket> join(const OnSale &sale, qint64 nowMs, const QString &visitor);
    Result<QueueView> standing(const OnSale &sale, const QString &visitor, double rate, qint64 nowMs);
    // Refused (Conflict, reason queue.not-admitted) until the visitor's place is admitted.
    Result<Admission> admit(const OnSale &sale, const QString &visitor, BuyerId buyer, double rate, qint64 nowMs);

    // A uniform draw in [0,1) from the system's CSPRNG: nobody can predict or replay a place.
    static double drawScore();
    static double estimatedWait(const QueueStanding &standing, double rate, qint64 msUntilDraw);

private:
    Result<qint64> admittedUpTo(const OnSale &sale, double rate, qint64 nowMs);

    WaitingRoomStore &m_store;
    const AdmissionSigner &m_signer;
    QMutex m_mutex;
    QSet<EventId> m_started; // events whose admission clock this process has set to the draw's close
};

namespace ErrorReason {
inline const char *const QueueNotAdmitted = "queue.not-admitted";
}

} // namespace boxoffice
