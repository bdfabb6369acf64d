#pragma once

#include <QString>
#include <QtGlobal>

#include <optional>

namespace boxoffice::test {

// How a chaos run is drawn: the seed every random choice derives from, how many operations, and how
// many worker threads. A replay with the same seed and counts draws the same mix of operations; the
// threads' timing (and so the interleaving) is the machine's, not the seed's.
struct ChaosOptions
{
    quint64 seed = 0;
    int ops = 2000;
    int workers = 6;

    // Reads BOXOFFICE_CHAOS_SEED / _OPS / _WORKERS, then `--seed N`, `--ops N`, `--workers N` from the
    // command line, and removes those from argv: QtTest's own parser refuses options it does not know.
    // Nothing on a malformed value (`error` says why). No seed anywhere: one from the system's source.
    static std::optional<ChaosOptions> take(int &argc, char **argv, QString *error);
};

} // namespace boxoffice::test
