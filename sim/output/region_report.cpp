#include "region_report.hpp"

#include <cctype>

#include <fmt/format.h>

#include "csv_cells.hpp"

namespace mcsim {

ResultTable region_result_table(const RegionMap& map) {
  ResultTable table{"", {{.name = "experiment", .key = true}, {.name = "density"}, {.name = "bytes", .unit = "B"},
                         {.name = "fastest"}, {.name = "paper"}, {.name = "agree"}}, {}};
  for (const auto& label : map.series) table.columns.push_back({.name = label + "_ms", .unit = "ms"});
  for (const auto& cell : map.cells) {
    std::vector<ResultCell> row{text_cell(map.id), integer_cell(cell.density),
                                integer_cell(static_cast<std::int64_t>(cell.bytes)), text_cell(cell.fastest_label),
                                text_cell(cell.paper.value_or("")),
                                text_cell(cell.paper ? (cell.agrees() ? "yes" : "no") : "")};
    for (double ms : cell.mean_ms) row.push_back(number_cell(ms));
    table.rows.push_back(std::move(row));
  }
  return table;
}

namespace {
// A short, distinct tag per series for the text grid: AC, LP, RS_N -> N, RS_NL -> NL, ...
std::string tag(const std::string& label) {
  if (label.rfind("RS_", 0) == 0) return label.substr(3);
  return label.size() <= 2 ? label : label.substr(0, 2);
}
}  // namespace

std::string region_grid(const RegionMap& map) {
  std::string out = fmt::format("{}: fastest series per cell, mcsim/paper (", map.id);
  for (std::size_t k = 0; k < map.series.size(); ++k)
    out += fmt::format("{}{} = {}", k ? ", " : "", tag(map.series[k]), map.series[k]);
  out += "; upper case where they agree)\n";
  out += fmt::format("{:>6}", "d \\ B");
  for (auto bytes : map.sizes) out += fmt::format(" {:>7}", bytes);
  out += "\n";
  std::size_t i = 0;
  for (int density : map.densities) {
    out += fmt::format("{:>6}", density);
    for (std::size_t u = 0; u < map.sizes.size(); ++u, ++i) {
      const auto& cell = map.cells[i];
      std::string text = tag(cell.fastest_label) + "/" + (cell.paper ? tag(*cell.paper) : std::string("?"));
      if (!cell.agrees())
        for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      out += fmt::format(" {:>7}", text);
    }
    out += "\n";
  }
  if (const auto share = map.agreement())
    out += fmt::format("agreement with the paper's regions: {:.0f}% of {} cells\n", *share * 100, map.cells.size());
  return out;
}

// The paper's map (left) and mcsim's (right) side by side, one colour and marker per series; on
// mcsim's map a red cross marks every cell where the two name different series.
PlotSpec region_plot(const RegionMap& map) {
  PlotSpec paper_map{map.id + ": the paper's regions", "message size (bytes)", "density d", true, false, {},
                     "outside right top"};
  PlotSpec ours_map{map.id + ": mcsim's fastest series (red cross: differs from the paper)", "message size (bytes)",
                    "density d", true, false, {}, "outside right top"};
  for (PlotSpec* p : {&paper_map, &ours_map})
    p->settings.push_back("offsets graph 0.04, graph 0.04, 3, 3");  // keep the edge cells' markers whole
  PlotSeries disagree{.title = "differs from the paper", .lines = false};
  disagree.style = "points pt 2 ps 3.2 lw 2 lc rgb 'red'";
  for (std::size_t k = 0; k < map.series.size(); ++k) {
    PlotSeries ours{.title = map.series[k], .lines = false};
    ours.style = "points " + series_look(k) + " ps 2.2";
    PlotSeries paper{.title = map.series[k], .lines = false};
    paper.style = "points " + series_look(k) + " ps 2.2";
    for (const auto& cell : map.cells) {
      if (cell.fastest == k) ours.points.emplace_back(static_cast<double>(cell.bytes), cell.density);
      if (cell.paper && *cell.paper == map.series[k])
        paper.points.emplace_back(static_cast<double>(cell.bytes), cell.density);
    }
    if (!ours.points.empty()) ours_map.series.push_back(std::move(ours));
    if (!paper.points.empty()) paper_map.series.push_back(std::move(paper));
  }
  for (const auto& cell : map.cells)
    if (cell.paper && !cell.agrees()) disagree.points.emplace_back(static_cast<double>(cell.bytes), cell.density);
  if (!disagree.points.empty()) ours_map.series.push_back(std::move(disagree));
  if (paper_map.series.empty()) return ours_map;  // a sweep without the paper's regions
  paper_map.beside.push_back(std::move(ours_map));
  return paper_map;
}

}  // namespace mcsim
