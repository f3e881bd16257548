// The report of a simulation scenario over its machines axis ([machine] names = [...], report =
// "machines"): it ran on each machine in turn (run_experiments), exactly as it would on that
// machine alone, and the report sets the machines side by side: the sweep CSV's rows for every machine (one row per machine and cell), a
// table of the mean communication time per machine and series, and a plot with the machines along
// x and one marker per series.
#pragma once

#include <string>
#include <vector>

#include "experiment.hpp"
#include "../output/plot.hpp"
#include "../output/report.hpp"

namespace mcsim {

struct MachineComparison {
  SimulationScenario scenario;
  std::vector<ExperimentResult> machines;  // one per machine of the axis, in its order
};

// The sweep table's columns (sweep_result_table), every machine's rows in the axis's order.
ResultTable machine_comparison_result_table(const MachineComparison& comparison, const ReportOptions& options);
// The comparison's table (machine_comparison_result_table) as the terminal shows it: for each node
// count, density and msg_unit, a row per machine, a column per series (mean ms); the heading from
// the scenario and the run.
std::string machine_comparison_text(const MachineComparison& comparison, const ResultTable& table);
// The result table for the report's pages (table_pivot.hpp): a table per node count, density and
// msg_unit, a row per machine, the series across (mean communication time).
std::vector<ResultTable> machine_comparison_views(const ResultTable& comparison);
// The comparison's table (machine_comparison_result_table) drawn: the machines along x,
// communication time (log scale) up, a marker per series (and msg_unit, density or node count where
// the scenario has several). One machine over several msg_units is drawn as a sweep (sweep_plot).
PlotSpec machine_comparison_plot(const MachineComparison& comparison, const ResultTable& table);

}  // namespace mcsim
