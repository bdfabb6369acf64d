#pragma once

#include <QtGlobal>

namespace boxoffice::bench {

// How much of the machine something other than the bench (with the web server it starts) and its database
// server used during a run.
// On a shared machine this is the first thing to look at when a figure looks off: with two cores, any
// other busy process delays every wake-up of a client or a backend to the next scheduler tick (4 ms).
class CpuWatch
{
public:
    struct Sample
    {
        qint64 machineBusy = 0;
        qint64 machineTotal = 0;
        qint64 ours = 0; // this process plus the server's processes, in clock ticks
    };

    // `serverPid`: the postmaster, or 0 when the server is not on this machine (or unknown).
    explicit CpuWatch(qint64 serverPid) : m_serverPid(serverPid) { }

    Sample sample() const;
    // The share of the machine's capacity used by other processes between two samples, 0 to 1; -1 when
    // it cannot be told (the server's processes are not visible here).
    double othersShare(const Sample &before, const Sample &after) const;

    // The postmaster of a backend on this machine (the parent of pg_backend_pid()), or 0.
    static qint64 postmasterOf(qint64 backendPid);

private:
    qint64 serverTicks() const;

    qint64 m_serverPid = 0;
};

} // namespace boxoffice::bench
