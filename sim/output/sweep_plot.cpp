#include "sweep_plot.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

PlotSpec sweep_plot(const ResultTable& sweep) {
  const auto column = [&](const char* name) { return sweep.required_column(name, "sweep_plot"); };
  const std::size_t machine_c = column("machine"), nodes_c = column("nodes"), density_c = column("density"),
                    unit_c = column("msg_unit"), series_c = column("series"), samples_c = column("samples"),
                    mean_c = column("comm_ms_mean"), min_c = column("comm_ms_min"), max_c = column("comm_ms_max");
  if (sweep.rows.empty()) throw Error("sweep_plot", "the sweep table has no rows to draw");
  const auto text_at = [&](std::size_t r, std::size_t c) { return cell_text(sweep.at(r, c)); };
  const auto add_new = [](std::vector<std::string>& seen, const std::string& value) {
    if (std::find(seen.begin(), seen.end(), value) == seen.end()) seen.push_back(value);
  };
  // Panels (node count, density), densities and series in the order the table first has them.
  std::vector<std::string> panel_keys, densities, series;
  for (std::size_t r = 0; r < sweep.rows.size(); ++r) {
    add_new(panel_keys, text_at(r, nodes_c) + ' ' + text_at(r, density_c));
    add_new(densities, text_at(r, density_c));
    add_new(series, text_at(r, series_c));
  }
  std::vector<PlotSpec> panels;
  for (const auto& key : panel_keys) {
    std::vector<std::size_t> rows;  // the panel's cells
    for (std::size_t r = 0; r < sweep.rows.size(); ++r)
      if (text_at(r, nodes_c) + ' ' + text_at(r, density_c) == key) rows.push_back(r);
    const std::size_t first = rows.front();
    PlotSpec panel{fmt::format("{}: {} nodes, d = {}{}", text_at(first, machine_c), text_at(first, nodes_c),
                               text_at(first, density_c),
                               panels.empty() ? fmt::format(" (lines: mean, bars: min to max of {} samples)",
                                                            text_at(first, samples_c))
                                              : ""),
                   "msg_unit (bytes)", "communication time (ms)", true, true, {}};
    std::vector<std::string> units;  // a tick at every msg_unit swept
    for (const auto r : rows) add_new(units, text_at(r, unit_c));
    panel.settings = {fmt::format("xtics ({})", fmt::join(units, ", ")), "offsets graph 0.05, graph 0.05, 0, 0"};
    // The key once, in the first panel: every panel draws the same schedulers in the same looks.
    panel.key = panels.empty() ? "left top" : "off";
    for (std::size_t k = 0; k < series.size(); ++k) {
      PlotSeries mean{.title = series[k]};
      mean.style = "linespoints " + series_look(k) + " ps 1.1";
      // The spread over the samples, fastest to slowest, a bar per msg_unit; the bars of the
      // schedulers stand a little apart (a factor on the log axis) so that none hides another.
      PlotSeries spread{.title = "", .segments = true};
      spread.style = "lines " + series_look(k) + " lw 2";
      const double apart = 1 + 0.06 * (static_cast<double>(k) - static_cast<double>(series.size() - 1) / 2);
      for (const auto r : rows) {
        if (text_at(r, series_c) != series[k]) continue;
        const auto x = cell_number(sweep.at(r, unit_c)), mean_ms = cell_number(sweep.at(r, mean_c)),
                   min_ms = cell_number(sweep.at(r, min_c)), max_ms = cell_number(sweep.at(r, max_c));
        if (!x || !mean_ms || !min_ms || !max_ms) continue;  // a cell not measured
        mean.points.emplace_back(*x, *mean_ms);
        spread.points.emplace_back(*x * apart, *min_ms);
        spread.points.emplace_back(*x * apart, *max_ms);
      }
      panel.series.push_back(std::move(mean));
      panel.series.push_back(std::move(spread));
    }
    panels.push_back(std::move(panel));
  }
  PlotSpec plot = std::move(panels.front());
  plot.beside.assign(std::make_move_iterator(panels.begin() + 1), std::make_move_iterator(panels.end()));
  plot.columns = densities.size();
  return plot;
}

}  // namespace mcsim
