// kind = "simulation" (the default): every series scheduled and simulated on every sample matrix at
// every msg_unit, on one machine or on each machine of its axis ([machine] names). Its reports:
// comparison (paper / mcsim / ratio; one node count and density), sweep (a CSV line per cell),
// regions (the fastest series per cell beside the paper's map), overhead (scheduling time over
// communication time) and machines (the machines of the axis side by side).
#include <algorithm>

#include <fmt/format.h>

#include "../../output/overhead.hpp"
#include "../../analysis/region_map.hpp"
#include "../../output/region_report.hpp"
#include "../experiment.hpp"
#include "../machine_comparison.hpp"
#include "../scenario_outputs.hpp"
#include "../sweep_kind.hpp"
#include "../sweep_reading.hpp"

namespace mcsim {

namespace {

using Report = SimulationScenario::Report;

// The scenario's title with the paper's machine ("..., d = 8, 32-node CM-5") made the machine it
// runs on ("..., d = 8, 32 nodes of cm5-fast"); a title that names no "N-node" machine says the
// machine after it.
std::string title_on(const std::string& title, const std::string& machine) {
  const auto node = title.rfind("-node ");
  if (node == std::string::npos) return fmt::format("{}, here on {} alone", title, machine);
  auto start = node;
  while (start > 0 && title[start - 1] >= '0' && title[start - 1] <= '9') --start;
  if (start == node) return fmt::format("{}, here on {} alone", title, machine);
  const auto end = std::min(title.find(',', node), title.size());
  return title.substr(0, start) + fmt::format("{} nodes of {}", title.substr(start, node - start), machine) +
         title.substr(end);
}

class SimulationKind : public SweepKind<SimulationScenario> {
 public:
  using SweepKind::SweepKind;
  std::unique_ptr<KindScenario> clone() const override { return std::make_unique<SimulationKind>(*this); }
  void replace_machine(const std::string& name) override {
    const std::string papers = value_.machine.name;
    value_.machine.name = name;
    if (value_.machines.empty()) {
      // The paper measured its own machine: on another (a user's file, a bundled one), its
      // numbers are no comparison. mcsim's stand alone, as the machines report of that one
      // machine, with its plot and a note naming it (issue 49: a column of "-" and the paper's
      // footnotes, no plot).
      if (name == papers) return;
      value_.title = title_on(value_.title, name);
      const bool compares = value_.report == Report::comparison || value_.report == Report::regions;
      if (!compares) return;
      value_.machines = {name};
      value_.report = Report::machines;
      value_.plot = PlotKind::machines;
      value_.notes = {fmt::format("machine {} in place of the scenario's {}: mcsim's numbers only, the paper's are "
                                  "of its own machine",
                                  name, papers)};
      return;
    }
    // The axis becomes that one machine: the report of one machine's cells.
    value_.title = title_on(value_.title, name);
    value_.machines.clear();
    value_.report = value_.nodes.size() == 1 && value_.densities.size() == 1 ? Report::comparison : Report::sweep;
    if (value_.plot == PlotKind::machines) value_.plot = PlotKind::none;
  }
  ScenarioOutputs run(const RunOptions& run, const ReportOptions& report) const override;
};

ScenarioOutputs SimulationKind::run(const RunOptions& run, const ReportOptions& report) const {
  const SimulationScenario& s = value_;
  ScenarioOutputs out;
  if (s.report == Report::machines) {
    const MachineComparison comparison{s, run_experiments(s, run)};
    out.files.push_back(table_file(".csv", machine_comparison_result_table(comparison, report)));
    out.printed = machine_comparison_text(comparison, *out.files.back().table);
    out.measured = machine_comparison_views(*out.files.back().table);
    if (s.plot == PlotKind::machines) out.plot = machine_comparison_plot(comparison, *out.files.back().table);
    return out;
  }
  const ExperimentResult result = run_experiment(s, run);
  switch (s.report) {
    case Report::comparison: {
      out.files.push_back(table_file(".csv", comparison_result_table(result, report)));
      out.printed = side_by_side(result, *out.files.back().table);
      out.agreement = agreement_of(*out.files.back().table);
      out.comparison = out.files.back().table;
      if (s.plot == PlotKind::comm) out.plot = comm_plot(*out.files.back().table);
      break;
    }
    case Report::regions: {
      std::vector<std::string> series;
      for (const auto& one : s.series) series.push_back(one.label);
      out.files.push_back(table_file(".csv", region_result_table(result)));
      out.printed = region_grid(*out.files.back().table, series);
      out.agreement = region_agreement_of(*out.files.back().table);
      out.regions = out.files.back().table;
      out.files.push_back(table_file(".sweep.csv", sweep_result_table(result, report)));
      if (s.plot == PlotKind::regions) out.plot = region_plot(*out.files.front().table, series);
      break;
    }
    case Report::overhead:
      out.files.push_back(table_file(".csv", overhead_result_table(result, report)));
      out.printed = out.files.back().text;
      out.measured = overhead_views(*out.files.back().table, report);
      // The fraction divides host scheduling time by communication time: without host times the
      // plot draws the simulated communication time alone (byte-identical for a seed).
      if (!report.host_times)
        out.printed += "note: --deterministic leaves host times out: schedule_ms and fraction are empty, the plot "
                       "shows the simulated communication time only\n";
      if (s.plot == PlotKind::overhead) out.plot = overhead_plot(*out.files.back().table, report);
      break;
    case Report::sweep:
    case Report::machines:
      out.files.push_back(table_file(".csv", sweep_result_table(result, report)));
      out.printed = out.files.back().text;
      out.measured = {*out.files.back().table};
      break;
  }
  return out;
}

// What each report can draw.
bool draws(Report report, PlotKind plot) {
  switch (plot) {
    case PlotKind::none: return true;
    case PlotKind::comm: return report == Report::comparison;
    case PlotKind::regions: return report == Report::regions;
    case PlotKind::overhead: return report == Report::overhead;
    case PlotKind::machines: return report == Report::machines;
    default: return false;
  }
}

std::unique_ptr<KindScenario> read(const ScenarioFile& file) {
  SimulationScenario s;
  static_cast<ScenarioHeader&>(s) = file.header;
  std::vector<std::uint64_t> traffic;
  read_sweep(file, s, SweepRules{.machines_axis = true}, traffic);
  const bool one_cell = s.nodes.size() == 1 && s.densities.size() == 1;
  // Without a report key: the machines of an axis side by side, else the paper beside one cell's
  // results, else a CSV line per cell.
  s.report = !s.machines.empty() ? Report::machines : one_cell ? Report::comparison : Report::sweep;
  if (!file.report.empty()) {
    bool known = false;
    for (Report report : {Report::comparison, Report::sweep, Report::regions, Report::overhead, Report::machines})
      if (to_string(report) == file.report) {
        s.report = report;
        known = true;
      }
    if (!known)
      throw Error(file.report_where(), fmt::format("unknown report '{}' of kind = \"simulation\" (comparison, sweep, "
                                                   "regions, overhead or machines)", file.report));
  }
  const auto plot_where = [&] { return file.reader.at(*file.root.get("plot"), "plot"); };
  // The machines axis reports per machine (machine_comparison.hpp) and draws only that.
  if (!s.machines.empty() && s.plot != PlotKind::none && s.plot != PlotKind::machines)
    throw Error(plot_where(), "a scenario over [machine] names draws plot = \"machines\" only");
  if (s.machines.empty() && s.plot == PlotKind::machines)
    throw Error(plot_where(), "plot = \"machines\" needs [machine] names (the machines axis)");
  if (!s.machines.empty() && s.report != Report::machines)
    throw Error(file.report_where(), "a scenario over [machine] names reports report = \"machines\" only");
  if (s.machines.empty() && s.report == Report::machines)
    throw Error(file.report_where(), "report = \"machines\" needs [machine] names (the machines axis)");
  if (s.report == Report::comparison && !one_cell)
    throw Error(file.report_where(), "report = \"comparison\" takes one node count and one density (sweep or "
                                     "regions report several)");
  if (!draws(s.report, s.plot))
    throw Error(plot_where(), fmt::format("report = \"{}\" does not draw plot = \"{}\"", to_string(s.report),
                                          to_string(s.plot)));
  return std::make_unique<SimulationKind>(std::move(s));
}

}  // namespace

Scenario simulation_scenario(SimulationScenario s) { return Scenario(std::make_unique<SimulationKind>(std::move(s))); }

ReproductionKind simulation_kind() {
  return {"simulation", "every series simulated on every sample matrix at every msg_unit",
          {"samples", "seed", "machine", "workload", "sweep", "series", "paper"}, &read};
}

}  // namespace mcsim
