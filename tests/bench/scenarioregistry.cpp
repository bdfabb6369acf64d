#include "scenarioregistry.h"

namespace boxoffice::bench {

// One line per scenario, in report order. A scenario is a file in scenarios/ that defines
// std::unique_ptr<Scenario> make<Name>Scenario(); CMakeLists.txt picks the file up by itself.
#define BOXOFFICE_BENCH_SCENARIOS(SCENARIO)                                                                            \
    SCENARIO(makeBareUpdateScenario)                                                                                   \
    SCENARIO(makeBaselineScenario)                                                                                     \
    SCENARIO(makeSeatsSpreadScenario)                                                                                  \
    SCENARIO(makeSeatsHotScenario)                                                                                     \
    SCENARIO(makeSeatsHotChurnScenario)                                                                                \
    SCENARIO(makeNaiveScenario)                                                                                        \
    SCENARIO(makePeerEventLockScenario)                                                                                \
    SCENARIO(makePeerSkipLockedScenario)                                                                               \
    SCENARIO(makePoolHotScenario)                                                                                      \
    SCENARIO(makePoolHotK8Scenario)                                                                                    \
    SCENARIO(makePoolHotK20Scenario)                                                                                   \
    SCENARIO(makePoolHotPessimisticScenario)                                                                           \
    SCENARIO(makeHotelStaysScenario)                                                                                   \
    SCENARIO(makeHttpSeatsSpreadScenario)                                                                              \
    SCENARIO(makeHttpPoolHotScenario)                                                                                  \
    SCENARIO(makePoolBatchedScenario)                                                                                  \
    SCENARIO(makeHttpPoolBatchedScenario)                                                                              \
    SCENARIO(makeSeatsWebCappedScenario)

#define BOXOFFICE_BENCH_DECLARE(factory) std::unique_ptr<Scenario> factory();
BOXOFFICE_BENCH_SCENARIOS(BOXOFFICE_BENCH_DECLARE)
#undef BOXOFFICE_BENCH_DECLARE

std::vector<std::unique_ptr<Scenario>> allScenarios()
{
    std::vector<std::unique_ptr<Scenario>> scenarios;
#define BOXOFFICE_BENCH_CREATE(factory) scenarios.push_back(factory());
    BOXOFFICE_BENCH_SCENARIOS(BOXOFFICE_BENCH_CREATE)
#undef BOXOFFICE_BENCH_CREATE
    return scenarios;
}

QStringList scenarioNames()
{
    QStringList names;
    for (const auto &scenario : allScenarios())
        names << scenario->name();
    return names;
}

} // namespace boxoffice::bench
