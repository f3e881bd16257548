#include "scenario_outputs.hpp"

namespace mcsim {

ScenarioOutputs run_scenario(const Scenario& scenario, const RunOptions& run, const ReportOptions& report) {
  ScenarioOutputs out = scenario.kind().run(run, report);
  out.experiment = header(scenario).id;
  return out;
}

}  // namespace mcsim
