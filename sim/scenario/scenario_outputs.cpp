#include "scenario_outputs.hpp"

namespace mcsim {

ScenarioOutputs run_scenario(const Scenario& scenario, const RunOptions& run, const ReportOptions& report) {
  return scenario.kind().run(run, report);
}

}  // namespace mcsim
