#include "machine_comparison.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../core/error.hpp"
#include "../output/sweep_plot.hpp"
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

std::string machine_comparison_text(const MachineComparison& comparison, const ResultTable& table) {
  const SimulationScenario& s = comparison.scenario;
  std::string out = fmt::format("{} — {}\n", s.id, s.title);
  if (!s.source.empty()) out += fmt::format("source: {}\n", s.source);
  const ExperimentResult& first = comparison.machines.front();
  out += fmt::format("{} machines; workload: {}; {} samples, seed {}\n", comparison.machines.size(), s.workload.name,
                     first.samples, first.seed);
  for (const auto& [key, value] : s.machine.options)
    out += fmt::format("machine option changed from the published value: {} = {}\n", key, value);
  for (const auto& note : s.notes) out += fmt::format("note: {}\n", note);
  const auto column = [&](const char* name) { return table.required_column(name, "machine_comparison_text"); };
  const std::size_t machine_c = column("machine"), nodes_c = column("nodes"), density_c = column("density"),
                    unit_c = column("msg_unit"), series_c = column("series"), mean_c = column("comm_ms_mean");
  const auto text_at = [&](std::size_t r, std::size_t c) { return cell_text(table.at(r, c)); };
  // The cells (node count, density, msg_unit) and the machines in the order the table first has them.
  std::vector<std::size_t> cell_rows;
  std::vector<std::string> cells, machines;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const std::string cell = text_at(r, nodes_c) + ' ' + text_at(r, density_c) + ' ' + text_at(r, unit_c);
    if (std::find(cells.begin(), cells.end(), cell) == cells.end()) cells.push_back(cell), cell_rows.push_back(r);
    if (std::find(machines.begin(), machines.end(), text_at(r, machine_c)) == machines.end())
      machines.push_back(text_at(r, machine_c));
  }
  std::size_t width = 8;
  for (const auto& machine : machines) width = std::max(width, machine.size() + 2);
  for (std::size_t k = 0; k < cells.size(); ++k) {
    const std::size_t at = cell_rows[k];
    out += fmt::format("\n{} nodes, d = {}, msg_unit {} B: communication time in ms, mean over samples\n",
                       text_at(at, nodes_c), text_at(at, density_c), text_at(at, unit_c));
    out += fmt::format("{:<{}}", "machine", width);
    for (const auto& series : s.series) out += fmt::format("{:>14}", series.label);
    out += "\n";
    for (const auto& machine : machines) {
      out += fmt::format("{:<{}}", machine, width);
      for (const auto& series : s.series) {
        std::string shown = "-";
        for (std::size_t r = 0; r < table.rows.size(); ++r)
          if (text_at(r, nodes_c) + ' ' + text_at(r, density_c) + ' ' + text_at(r, unit_c) == cells[k] &&
              text_at(r, machine_c) == machine && text_at(r, series_c) == series.label) {
            if (const auto mean = cell_number(table.at(r, mean_c))) shown = fmt::format("{:.4g}", *mean);
            break;
          }
        out += fmt::format("{:>14}", shown);
      }
      out += "\n";
    }
  }
  return out;
}

std::vector<ResultTable> machine_comparison_views(const ResultTable& comparison) {
  return pivot_tables(comparison, {.split = {"nodes", "density", "msg_unit"}, .rows = {"machine"}, .across = "series",
                                   .values = {"comm_ms_mean"}});
}

PlotSpec machine_comparison_plot(const MachineComparison& comparison, const ResultTable& table) {
  const SimulationScenario& s = comparison.scenario;
  // One machine (a paper's scenario on a user's machine) over several message sizes: machines
  // along x would stack every series and size on one tick (49 markers for Table 3); the sizes go
  // along x instead, a line per series, as a sweep draws them.
  if (comparison.machines.size() == 1 && s.msg_units.size() > 1) return sweep_plot(table);
  PlotSpec plot{s.id + ": communication time per machine (mean over samples)", "", "time (ms)", false, true, {},
                "outside right top"};
  const auto column = [&](const char* name) { return table.required_column(name, "machine_comparison_plot"); };
  const std::size_t machine_c = column("machine"), nodes_c = column("nodes"), density_c = column("density"),
                    unit_c = column("msg_unit"), series_c = column("series"), mean_c = column("comm_ms_mean");
  const auto text_at = [&](std::size_t r, std::size_t c) { return cell_text(table.at(r, c)); };
  const auto cell_of = [&](std::size_t r) { return text_at(r, nodes_c) + ' ' + text_at(r, density_c) + ' ' + text_at(r, unit_c); };
  // The machines, and the cells (node count, density, msg_unit) with a row that has each, in the
  // table's order.
  std::vector<std::string> names, cells;
  std::vector<std::size_t> cell_rows;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    if (std::find(names.begin(), names.end(), text_at(r, machine_c)) == names.end()) names.push_back(text_at(r, machine_c));
    if (std::find(cells.begin(), cells.end(), cell_of(r)) == cells.end()) cells.push_back(cell_of(r)), cell_rows.push_back(r);
  }
  // One marker per series, and per msg_unit, density or node count where the scenario has several;
  // the markers of one machine sit side by side around its tick.
  const std::size_t lines = cells.size() * s.series.size();
  std::size_t line = 0;
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const std::size_t at = cell_rows[c];
    for (std::size_t k = 0; k < s.series.size(); ++k, ++line) {
      const std::string& label = s.series[k].label;
      std::string title = label;
      if (s.msg_units.size() > 1) title += fmt::format(", {} B", text_at(at, unit_c));
      if (s.densities.size() > 1) title += fmt::format(", d = {}", text_at(at, density_c));
      if (s.nodes.size() > 1) title += fmt::format(", {} nodes", text_at(at, nodes_c));
      PlotSeries series{.title = title, .lines = false};
      series.style = "points " + series_look(line) + " ps 1.4";
      const double offset = (static_cast<double>(line) - static_cast<double>(lines - 1) / 2) * 0.6 /
                            static_cast<double>(std::max<std::size_t>(lines, 2));
      for (std::size_t m = 0; m < names.size(); ++m)
        for (std::size_t r = 0; r < table.rows.size(); ++r)
          if (text_at(r, machine_c) == names[m] && cell_of(r) == cells[c] && text_at(r, series_c) == label) {
            if (const auto mean = cell_number(table.at(r, mean_c)))
              series.points.emplace_back(static_cast<double>(m) + offset, *mean);
            break;
          }
      plot.series.push_back(std::move(series));
    }
  }
  plot.settings = {xtics_labels(names), fmt::format("xrange [-0.5:{}]", static_cast<double>(names.size()) - 0.5)};
  return plot;
}

}  // namespace mcsim
