#include "scenario_outputs.hpp"

#include "../core/error.hpp"
#include "bounded_traffic.hpp"
#include "machine_comparison.hpp"
#include "mapping_report.hpp"
#include "mapping_simulation.hpp"
#include "../output/overhead.hpp"
#include "permutation_count.hpp"
#include "redistribution_report.hpp"
#include "../output/region_report.hpp"

namespace mcsim {

namespace {

// Lo et al. 1992: metrics of mapped binomial trees; report slowdown also simulates them.
ScenarioOutputs outputs_of(const MappingScenario& s, const RunOptions& run, const ReportOptions&) {
  ScenarioOutputs out;
  if (s.mapping.report == MappingScenario::Report::lemmas) {
    const auto rows = lemma_rows(s);
    out.printed = lemma_side_by_side(s, rows);
    out.files.push_back({".csv", lemma_csv(s.id, rows)});
    return out;
  }
  auto rows = slowdown_rows(s);
  simulate_slowdowns(s, rows, run);
  out.printed = slowdown_side_by_side(s, rows);
  out.files.push_back({".csv", slowdown_csv(s.id, rows)});
  if (s.plot == PlotKind::slowdown) out.plot = slowdown_plot(s, rows);
  return out;
}

ScenarioOutputs outputs_of(const PermutationScenario& s, const RunOptions& run, const ReportOptions&) {
  ScenarioOutputs out;
  const auto result = run_permutation_count(s, run);
  const auto rows = permutation_rows(result);
  out.printed = permutation_side_by_side(result, rows);
  out.files.push_back({".csv", comparison_csv(s.id, rows)});
  out.agreement = agreement_of(rows);
  out.files.push_back({".points.csv", permutation_points_csv(result)});
  if (s.plot == PlotKind::heap_ops) out.plot = heap_ops_plot(result);
  return out;
}

ScenarioOutputs outputs_of(const SimulationScenario& s, const RunOptions& run, const ReportOptions& report) {
  ScenarioOutputs out;
  if (!s.machines.empty()) {  // the machines axis: [machine] names
    const MachineComparison comparison = run_machine_comparison(s, run);
    out.printed = machine_comparison_text(comparison);
    out.files.push_back({".csv", machine_comparison_csv(comparison, report)});
    if (s.plot == PlotKind::machines) out.plot = machine_comparison_plot(comparison);
    return out;
  }
  const auto result = run_experiment(s, run);
  if (s.nodes.size() == 1 && s.densities.size() == 1) {
    const auto rows = comparison_rows(result, report);
    out.printed = side_by_side(result, rows);
    out.files.push_back({".csv", comparison_csv(s.id, rows)});
    out.agreement = agreement_of(rows);
    if (s.plot == PlotKind::comm) out.plot = comm_plot(result);
  } else if (s.plot == PlotKind::regions) {
    const RegionMap map = region_map(result);
    out.printed = region_grid(map);
    out.files.push_back({".csv", region_csv(map)});
    out.agreement = agreement_of(map);
    out.files.push_back({".sweep.csv", sweep_csv(result, report)});
    out.plot = region_plot(map);
  } else if (s.plot == PlotKind::overhead) {
    out.files.push_back({".csv", overhead_csv(result, report)});
    out.printed = out.files.back().text;
    // The plot divides host scheduling time by communication time: nothing to draw without it.
    if (report.host_times)
      out.plot = overhead_plot(result);
    else
      out.printed += "note: --deterministic leaves host times out: schedule_ms and fraction are empty, no plot\n";
  } else {
    out.files.push_back({".csv", sweep_csv(result, report)});
    out.printed = out.files.back().text;
  }
  return out;
}

// Guo and Pan 2005: array redistribution tables and simulated schedules.
ScenarioOutputs outputs_of(const RedistributionScenario& s, const RunOptions& run, const ReportOptions&) {
  return s.report == RedistributionScenario::Report::tables ? redistribution_tables(s) : redistribution_times(s, run);
}

// Ranka, Shankar, Alsabti 1995: time against traffic t, mean and spread over trials, claim verdicts.
ScenarioOutputs outputs_of(const BoundedTrafficScenario& s, const RunOptions& run, const ReportOptions&) {
  ScenarioOutputs out;
  const auto result = run_bounded_traffic(s, run);
  out.printed = bounded_traffic_text(result);
  const auto rows = bounded_traffic_rows(result);
  out.files.push_back({".csv", comparison_csv(s.id, rows)});
  out.agreement = agreement_of(rows);
  if (s.plot == PlotKind::comm) out.plot = bounded_traffic_plot(result);
  return out;
}

}  // namespace

ScenarioOutputs run_scenario(const Scenario& scenario, const RunOptions& run, const ReportOptions& report) {
  return std::visit([&](const auto& s) { return outputs_of(s, run, report); }, scenario);
}

}  // namespace mcsim
