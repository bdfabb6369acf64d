#pragma once

#include "latencysummary.h"
#include "outcome.h"

#include <QString>
#include <QStringList>

namespace boxoffice::bench {

// One scenario at one client count: what was measured and what the check afterwards found.
struct CellResult
{
    QString scenario;
    int clients = 0;
    int round = 1; // of --rounds: the whole matrix again, each round's cells seconds apart
    bool expectsCorrectness = true;
    qint64 attempts = 0;
    double seconds = 0;
    OutcomeCounts outcomes{}; // indexed by Outcome; errors from follow-ups (churn releases) included
    LatencySummary latency;
    int doubleSold = 0;
    int databaseMismatches = 0;
    bool auditOk = false;
    int clientsFailed = 0; // could not connect or prepare; they made no attempts
    double othersShare = -1; // of the machine's CPU, used by other processes during the run; -1: unknown
    QStringList notes; // first error texts, setup failures, findings of the audit

    qint64 count(Outcome outcome) const { return outcomes[std::size_t(outcome)]; }
    double attemptsPerSecond() const { return seconds > 0 ? attempts / seconds : 0; }
    double grantedPerSecond() const { return seconds > 0 ? count(Outcome::Granted) / seconds : 0; }
    bool correct() const { return doubleSold == 0 && databaseMismatches == 0 && auditOk; }
    // Other processes took more than a tenth of the machine: on two cores every wake-up of a client or
    // a backend then waits for the next scheduler tick, and the figures describe that load instead.
    bool disturbed() const { return othersShare > 0.10; }
};

} // namespace boxoffice::bench
