#pragma once

namespace boxoffice {

// The admitter's automatic rate (an on-sale whose operator set 0 admissions a second): follow what
// the claim path sustains instead of a guess. Sampled every few seconds by each web server.
struct AdmissionRateSample
{
    double currentRate = 0; // admissions a second used until now (0: none yet)
    double grantedPerSecond = 0; // holds granted a second over the last sample
    double poolBusy = 0; // share of the database threads busy, 0..1
};

struct AdmissionRateRules
{
    static constexpr double floor = 2; // never shut the door entirely
    static constexpr double cap = 500; // never flood the claim path, however idle it looks
    static constexpr double start = 10; // before anything was measured
    static constexpr double holdsPerAdmission = 2; // an admitted buyer tries about this many holds
    static constexpr double saturated = 0.85; // the database threads are the bottleneck from here
    static constexpr double growth = 1.25; // with room to spare, a sample later admits this much more
    // Below this share of the holds the admitted buyers could make, the admissions go unused (a quiet
    // sale, or none yet): the rate stays, so a quiet spell does not build up a rate the next crowd
    // would rush in on.
    static constexpr double inUse = 0.5;
};

// The next automatic rate: with the database threads saturated, the admissions the granted holds
// show it sustains (never more than now); with room to spare and the admissions in use, a step up;
// otherwise unchanged. Always within [floor, cap].
double nextAutomaticRate(const AdmissionRateSample &sample);

// The rate to admit at: the operator's when set (> 0), else the automatic one.
double admissionRate(double operatorRate, double automaticRate);

} // namespace boxoffice
