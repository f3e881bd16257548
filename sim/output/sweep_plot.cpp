#include "sweep_plot.hpp"

#include <fmt/format.h>

namespace mcsim {

PlotSpec sweep_plot(const ExperimentResult& result) {
  const SimulationScenario& s = result.scenario;
  const std::size_t series = s.series.size();
  std::vector<PlotSpec> panels;
  for (std::size_t n = 0; n < s.nodes.size(); ++n)
    for (std::size_t d = 0; d < s.densities.size(); ++d) {
      PlotSpec panel{fmt::format("{}: {} nodes, d = {}{}", result.machine_name, s.nodes[n], s.densities[d],
                                 panels.empty() ? fmt::format(" (lines: mean, bars: min to max of {} samples)",
                                                              result.samples)
                                                : ""),
                     "msg_unit (bytes)", "communication time (ms)", true, true, {}};
      std::string tics;  // a tick at every msg_unit swept
      for (std::size_t u = 0; u < s.msg_units.size(); ++u) tics += fmt::format("{}{}", u ? ", " : "", s.msg_units[u]);
      panel.settings = {fmt::format("xtics ({})", tics), "offsets graph 0.05, graph 0.05, 0, 0"};
      // The key once, in the first panel: every panel draws the same schedulers in the same looks.
      panel.key = panels.empty() ? "left top" : "off";
      for (std::size_t k = 0; k < series; ++k) {
        PlotSeries mean{.title = s.series[k].label};
        mean.style = "linespoints " + series_look(k) + " ps 1.1";
        // The spread over the samples, fastest to slowest, a bar per msg_unit; the bars of the
        // schedulers stand a little apart (a factor on the log axis) so that none hides another.
        PlotSeries spread{.title = "", .segments = true};
        spread.style = "lines " + series_look(k) + " lw 2";
        const double apart = 1 + 0.06 * (static_cast<double>(k) - static_cast<double>(series - 1) / 2);
        for (std::size_t u = 0; u < s.msg_units.size(); ++u) {
          const Summary comm = summarize(result.cell(n, d, u, k).comm_s);
          const double x = static_cast<double>(s.msg_units[u]);
          mean.points.emplace_back(x, comm.mean * 1e3);
          spread.points.emplace_back(x * apart, comm.min * 1e3);
          spread.points.emplace_back(x * apart, comm.max * 1e3);
        }
        panel.series.push_back(std::move(mean));
        panel.series.push_back(std::move(spread));
      }
      panels.push_back(std::move(panel));
    }
  PlotSpec plot = std::move(panels.front());
  plot.beside.assign(std::make_move_iterator(panels.begin() + 1), std::make_move_iterator(panels.end()));
  plot.columns = s.densities.size();
  return plot;
}

}  // namespace mcsim
