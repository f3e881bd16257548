#include "machine_comparison.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../output/table_pivot.hpp"

namespace mcsim {

ResultTable machine_comparison_result_table(const MachineComparison& comparison, const ReportOptions& options) {
  ResultTable table;
  for (const ExperimentResult& result : comparison.machines) {
    ResultTable one = sweep_result_table(result, options);
    if (table.columns.empty()) table.columns = std::move(one.columns);
    for (auto& row : one.rows) table.rows.push_back(std::move(row));
  }
  table.caption = "communication time, mean over samples";
  return table;
}

namespace {

// Calls `each(n, d, u)` for every node count, density and msg_unit of the scenario.
template <class F>
void for_each_cell(const SimulationScenario& s, F each) {
  for (std::size_t n = 0; n < s.nodes.size(); ++n)
    for (std::size_t d = 0; d < s.densities.size(); ++d)
      for (std::size_t u = 0; u < s.msg_units.size(); ++u) each(n, d, u);
}

double mean_ms(const ExperimentResult& result, std::size_t n, std::size_t d, std::size_t u, std::size_t k) {
  return summarize(result.cell(n, d, u, k).comm_s).mean * 1e3;
}

}  // namespace

std::string machine_comparison_text(const MachineComparison& comparison) {
  const SimulationScenario& s = comparison.scenario;
  std::string out = fmt::format("{} — {}\n", s.id, s.title);
  if (!s.source.empty()) out += fmt::format("source: {}\n", s.source);
  const ExperimentResult& first = comparison.machines.front();
  out += fmt::format("{} machines; workload: {}; {} samples, seed {}\n", comparison.machines.size(), s.workload.name,
                     first.samples, first.seed);
  for (const auto& [key, value] : s.machine.options)
    out += fmt::format("machine option changed from the published value: {} = {}\n", key, value);
  for (const auto& note : s.notes) out += fmt::format("note: {}\n", note);
  std::size_t width = 8;
  for (const ExperimentResult& result : comparison.machines) width = std::max(width, result.machine_name.size() + 2);
  for_each_cell(s, [&](std::size_t n, std::size_t d, std::size_t u) {
    out += fmt::format("\n{} nodes, d = {}, msg_unit {} B: communication time in ms, mean over samples\n", s.nodes[n],
                       s.densities[d], s.msg_units[u]);
    out += fmt::format("{:<{}}", "machine", width);
    for (const auto& series : s.series) out += fmt::format("{:>14}", series.label);
    out += "\n";
    for (const ExperimentResult& result : comparison.machines) {
      out += fmt::format("{:<{}}", result.machine_name, width);
      for (std::size_t k = 0; k < s.series.size(); ++k) out += fmt::format("{:>14.4g}", mean_ms(result, n, d, u, k));
      out += "\n";
    }
  });
  return out;
}

std::vector<ResultTable> machine_comparison_views(const ResultTable& comparison) {
  return pivot_tables(comparison, {.split = {"nodes", "density", "msg_unit"}, .rows = {"machine"}, .across = "series",
                                   .values = {"comm_ms_mean"}});
}

PlotSpec machine_comparison_plot(const MachineComparison& comparison) {
  const SimulationScenario& s = comparison.scenario;
  PlotSpec plot{s.id + ": communication time per machine (mean over samples)", "", "time (ms)", false, true, {},
                "outside right top"};
  std::vector<std::string> names;
  for (const ExperimentResult& result : comparison.machines) names.push_back(result.machine_name);
  // One marker per series, and per msg_unit, density or node count where the scenario has several;
  // the markers of one machine sit side by side around its tick.
  const std::size_t lines = s.nodes.size() * s.densities.size() * s.msg_units.size() * s.series.size();
  std::size_t line = 0;
  for_each_cell(s, [&](std::size_t n, std::size_t d, std::size_t u) {
    for (std::size_t k = 0; k < s.series.size(); ++k, ++line) {
      std::string title = s.series[k].label;
      if (s.msg_units.size() > 1) title += fmt::format(", {} B", s.msg_units[u]);
      if (s.densities.size() > 1) title += fmt::format(", d = {}", s.densities[d]);
      if (s.nodes.size() > 1) title += fmt::format(", {} nodes", s.nodes[n]);
      PlotSeries series{.title = title, .lines = false};
      series.style = "points " + series_look(line) + " ps 1.4";
      const double offset = (static_cast<double>(line) - static_cast<double>(lines - 1) / 2) * 0.6 /
                            static_cast<double>(std::max<std::size_t>(lines, 2));
      for (std::size_t m = 0; m < comparison.machines.size(); ++m)
        series.points.emplace_back(static_cast<double>(m) + offset, mean_ms(comparison.machines[m], n, d, u, k));
      plot.series.push_back(std::move(series));
    }
  });
  plot.settings = {xtics_labels(names), fmt::format("xrange [-0.5:{}]", static_cast<double>(names.size()) - 0.5)};
  return plot;
}

}  // namespace mcsim
