#include "domain/admissionrate.h"

#include <QtGlobal>

#include <cmath>

namespace boxoffice {

double nextAutomaticRate(const AdmissionRateSample &sample)
{
    using R = AdmissionRateRules;
    const double current = std::isfinite(sample.currentRate) && sample.currentRate > 0 ? sample.currentRate : R::start;
    const double granted = std::isfinite(sample.grantedPerSecond) ? qMax(0.0, sample.grantedPerSecond) : 0.0;
    const double busy = std::isfinite(sample.poolBusy) ? sample.poolBusy : 1.0;
    double next = current;
    if (busy >= R::saturated)
        next = qMin(current, granted / R::holdsPerAdmission);
    else if (granted >= R::inUse * current * R::holdsPerAdmission)
        next = current * R::growth;
    return qBound(R::floor, next, R::cap);
}

double admissionRate(double operatorRate, double automaticRate)
{
    if (std::isfinite(operatorRate) && operatorRate > 0)
        return operatorRate;
    return std::isfinite(automaticRate) && automaticRate > 0 ? automaticRate : AdmissionRateRules::start;
}

} // namespace boxoffice
