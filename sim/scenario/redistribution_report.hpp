// kind = "redistribution" (Guo and Pan 2005): the tables report (communication table, CS tables and
// unit costs beside the paper's, one timeline SVG per schedule) and the times report (schedules
// simulated on a machine per case and local array size, beside the paper's statements).
#pragma once

#include "experiment.hpp"
#include "../output/report.hpp"
#include "scenario.hpp"
#include "scenario_outputs.hpp"

namespace mcsim {

ScenarioOutputs redistribution_tables(const RedistributionScenario& scenario);
ScenarioOutputs redistribution_times(const RedistributionScenario& scenario, const RunOptions& run);

}  // namespace mcsim
