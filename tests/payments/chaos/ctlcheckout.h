#pragma once

#include "chaosstats.h"

#include <QStringList>

namespace boxoffice::test {

struct ChaosWorld;

// `boxoffice-ctl checkout` as a real process against the run's database and provider: run to its end,
// stopped at a saga step (BOXOFFICE_SAGA_PAUSE_AT) and killed there with SIGKILL, or killed at a
// random moment. A crash we did not cause, or an answer no caller should see (internal, bad input),
// is a failure; a kill is the point.
class CtlCheckout
{
public:
    enum class Mode { Finish, PauseAndKill, KillAfter };

    explicit CtlCheckout(const ChaosWorld &world) : m_world(world) { }

    // `arguments` after "checkout": {"--cart", C} or {"--order", N}. `step` for PauseAndKill, `killAfterMs`
    // for KillAfter. The outcome's order is the one a pending answer named (to be resumed later).
    OpOutcome run(const QStringList &arguments, Mode mode, const QString &step = {}, int killAfterMs = 0) const;

    static const QStringList steps; // the saga's checkpoints, in order

private:
    OpOutcome answer(const QByteArray &output, int exitCode) const;

    const ChaosWorld &m_world;
};

} // namespace boxoffice::test
