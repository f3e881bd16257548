#include "scenario_outputs.hpp"

#include "../output/csv_table.hpp"

namespace mcsim {

ScenarioOutputs::File table_file(std::string suffix, ResultTable table) {
  std::string text = table_csv(table);
  return {std::move(suffix), std::move(text), std::move(table)};
}

ScenarioOutputs run_scenario(const Scenario& scenario, const RunOptions& run, const ReportOptions& report) {
  ScenarioOutputs out = scenario.kind().run(run, report);
  out.experiment = header(scenario).id;
  for (auto& file : out.files)
    if (file.table) file.table->name = out.experiment + file.suffix.substr(0, file.suffix.size() - 4);  // - ".csv"
  return out;
}

}  // namespace mcsim
