#pragma once

#include "scenario.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace boxoffice::bench {

// Every scenario the bench knows, in the order the report shows them.
std::vector<std::unique_ptr<Scenario>> allScenarios();
QStringList scenarioNames();

} // namespace boxoffice::bench
