#include "report.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

std::string side_by_side(const ExperimentResult& result, const ResultTable& comparison) {
  const SimulationScenario& s = result.scenario;
  std::string out = fmt::format("{} — {}\n", s.id, s.title);
  if (!s.source.empty()) out += fmt::format("paper: {}\n", s.source);
  out += fmt::format("machine: {} with {} nodes; workload: {} d={}; {} samples, seed {}\n", result.machine_name,
                     s.nodes.front(), s.workload.name, s.densities.front(), result.samples, result.seed);
  for (const auto& [key, value] : s.machine.options)
    out += fmt::format("machine option changed from the published value: {} = {}\n", key, value);
  for (const auto& note : s.notes) out += fmt::format("note: {}\n", note);

  const auto column = [&](const char* name) { return comparison.required_column(name, "side_by_side"); };
  const std::size_t row_c = column("row"), series_c = column("series"), x_c = column("x"), paper_c = column("paper"),
                    mcsim_c = column("mcsim"), ratio_c = column("ratio");
  const auto text_at = [&](std::size_t r, std::size_t c) { return cell_text(comparison.at(r, c)); };
  std::vector<std::string> row_names;
  for (std::size_t r = 0; r < comparison.rows.size(); ++r)
    if (std::find(row_names.begin(), row_names.end(), text_at(r, row_c)) == row_names.end())
      row_names.push_back(text_at(r, row_c));
  constexpr int width = 26;
  out += fmt::format("\n{:<10}", "");
  for (const auto& series : s.series)
    out += fmt::format("{:>{}}", series.label + (series.new_in_mcsim ? " (new)" : ""), width);
  out += fmt::format("\n{:<10}", "");
  for (std::size_t k = 0; k < s.series.size(); ++k) out += fmt::format("{:>{}}", "paper / mcsim / ratio", width);
  out += "\n";
  const auto shown = [&](std::size_t r, std::size_t c, const char* format) {
    const auto v = cell_number(comparison.at(r, c));
    return v ? fmt::format(fmt::runtime(format), *v) : std::string("-");
  };
  for (const auto& name : row_names) {
    std::vector<std::string> xs;
    for (std::size_t r = 0; r < comparison.rows.size(); ++r)
      if (text_at(r, row_c) == name && std::find(xs.begin(), xs.end(), text_at(r, x_c)) == xs.end())
        xs.push_back(text_at(r, x_c));
    for (const auto& x : xs) {
      out += fmt::format("{:<10}", x.empty() ? name : name + " " + x);
      for (const auto& series : s.series) {
        std::string cell = "-";
        for (std::size_t r = 0; r < comparison.rows.size(); ++r)
          if (text_at(r, row_c) == name && text_at(r, x_c) == x && text_at(r, series_c) == series.label) {
            cell = fmt::format("{} / {} / {}", shown(r, paper_c, "{:.4g}"), shown(r, mcsim_c, "{:.4g}"),
                               shown(r, ratio_c, "{:.2f}"));
            break;
          }
        out += fmt::format("{:>{}}", cell, width);
      }
      out += "\n";
    }
  }
  out += "\ncomm: communication time in ms, mean over samples; comp: scheduling time in ms (paper: 33 MHz SPARC node,"
         " mcsim: this computer); iters: phases (permutations).\n";
  return out;
}

ResultTable sweep_result_table(const ExperimentResult& result, const ReportOptions& options) {
  const SimulationScenario& s = result.scenario;
  ResultTable table{"",
                    {{.name = "experiment", .key = true}, {.name = "machine", .key = true}, {.name = "nodes"},
                     {.name = "workload", .key = true}, {.name = "density"}, {.name = "msg_unit", .unit = "B"},
                     {.name = "series", .key = true}, {.name = "scheduler"}, {.name = "strategy"}, {.name = "samples"},
                     {.name = "comm_ms_mean", .unit = "ms"}, {.name = "comm_ms_sd", .unit = "ms"},
                     {.name = "comm_ms_min", .unit = "ms"}, {.name = "comm_ms_max", .unit = "ms"},
                     {.name = "phases_mean"}},
                    {},
                    fmt::format("{}: communication time per cell, over the samples", result.machine_name)};
  if (options.host_times) table.columns.push_back({.name = "host_ms_mean", .unit = "ms", .host_dependent = true});
  for (const auto& c : result.cells) {
    const auto comm = summarize(c.comm_s);
    std::vector<ResultCell> row{text_cell(s.id), text_cell(result.machine_name), integer_cell(c.nodes),
                                text_cell(s.workload.name), integer_cell(c.density),
                                integer_cell(static_cast<std::int64_t>(c.msg_unit)), text_cell(s.series[c.series].label),
                                text_cell(s.series[c.series].scheduler), text_cell(std::string(to_string(c.strategy))),
                                integer_cell(static_cast<std::int64_t>(c.comm_s.size())), number_cell(comm.mean * 1e3),
                                number_cell(comm.sd * 1e3), number_cell(comm.min * 1e3), number_cell(comm.max * 1e3),
                                number_cell(summarize(c.phases).mean)};
    if (options.host_times) row.push_back(number_cell(summarize(c.host_s).mean * 1e3));
    table.rows.push_back(std::move(row));
  }
  return table;
}

// Left: the times, each series in its own colour and marker (line and filled marker: mcsim; open
// marker of the same colour: the paper). Right: mcsim / paper per series against msg_unit, with
// the line where they agree (1.0).
PlotSpec comm_plot(const ResultTable& comparison) {
  const auto column = [&](const char* name) { return comparison.required_column(name, "comm_plot"); };
  const std::size_t id_c = column("experiment"), row_c = column("row"), series_c = column("series"),
                    x_c = column("x"), paper_c = column("paper"), mcsim_c = column("mcsim"), ratio_c = column("ratio");
  std::vector<std::size_t> comm;  // the comm rows, in the table's order
  std::vector<std::string> series;
  for (std::size_t r = 0; r < comparison.rows.size(); ++r) {
    if (cell_text(comparison.at(r, row_c)) != "comm") continue;
    comm.push_back(r);
    const std::string label = cell_text(comparison.at(r, series_c));
    if (std::find(series.begin(), series.end(), label) == series.end()) series.push_back(label);
  }
  const std::string id = comparison.rows.empty() ? "" : cell_text(comparison.at(0, id_c));
  PlotSpec plot{id + ": communication time (lines: mcsim, open markers: paper)", "msg_unit (bytes)", "time (ms)",
                true, true, {}, "left top"};
  PlotSpec ratio{id + ": mcsim / paper", "msg_unit (bytes)", "mcsim / paper (communication time)", true, false, {},
                 "outside right top"};
  double first_x = 0, last_x = 0;
  for (std::size_t k = 0; k < series.size(); ++k) {
    PlotSeries ours{.title = "mcsim " + series[k]};
    ours.style = "linespoints " + series_look(k) + " ps 1.2";
    PlotSeries paper{.title = "paper " + series[k], .lines = false};
    paper.style = "points " + series_look(k, false) + " ps 1.6";
    PlotSeries ratios{.title = series[k]};
    ratios.style = "linespoints " + series_look(k) + " ps 1.2";
    for (const std::size_t r : comm) {
      if (cell_text(comparison.at(r, series_c)) != series[k]) continue;
      const double x = cell_number(comparison.at(r, x_c)).value_or(0);
      if (ours.points.empty() && k == 0) first_x = x;
      if (k == 0) last_x = x;
      if (const auto mcsim = cell_number(comparison.at(r, mcsim_c))) ours.points.emplace_back(x, *mcsim);
      if (const auto given = cell_number(comparison.at(r, paper_c))) paper.points.emplace_back(x, *given);
      if (const auto q = cell_number(comparison.at(r, ratio_c))) ratios.points.emplace_back(x, *q);
    }
    plot.series.push_back(std::move(ours));
    if (!paper.points.empty()) plot.series.push_back(std::move(paper));
    if (!ratios.points.empty()) ratio.series.push_back(std::move(ratios));
  }
  if (!ratio.series.empty() && !comm.empty()) {
    PlotSeries agree{.title = "1.0: mcsim = paper"};
    agree.style = "lines dt 2 lw 2 lc rgb 'black'";
    agree.points = {{first_x, 1.0}, {last_x, 1.0}};
    ratio.series.push_back(std::move(agree));
    ratio.settings.push_back("yrange [0:*]");
    ratio.settings.push_back("offsets 0, 0, graph 0.08, 0");  // room above the 1.0 line
    plot.beside.push_back(std::move(ratio));
  }
  return plot;
}

}  // namespace mcsim
