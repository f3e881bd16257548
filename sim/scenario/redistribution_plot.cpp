#include "redistribution_plot.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace mcsim {

namespace {

// What the x axis holds: the local size (one case), the source processors p (cases alike but for
// p, one global size: Fig. 6), else the cases as categories (Fig. 8).
enum class Axis { local_size, sources, categories };

Axis axis_of(const RedistributionScenario& s) {
  if (s.cases.size() == 1) return s.global_size > 0 ? Axis::categories : Axis::local_size;
  const auto& first = s.cases.front();
  const bool only_p = s.global_size > 0 && std::all_of(s.cases.begin(), s.cases.end(), [&](const auto& c) {
                        return c.x == first.x && c.y == first.y && c.q == first.q;
                      });
  return only_p ? Axis::sources : Axis::categories;
}

}  // namespace

PlotSpec redistribution_times_plot(const RedistributionScenario& s, const std::vector<RedistributionCellTimes>& cells) {
  const Axis axis = axis_of(s);
  auto x_of = [&](std::size_t c) {
    switch (axis) {
      case Axis::local_size: return static_cast<double>(cells[c].local_size);
      case Axis::sources: return static_cast<double>(s.cases[cells[c].case_index].p);
      case Axis::categories: break;
    }
    return static_cast<double>(c);
  };
  const std::string x_label = axis == Axis::local_size ? "local array size N (elements per processor)"
                              : axis == Axis::sources
                                  ? fmt::format("source processors p (global size {})", s.global_size)
                                  : "redistribution (x, p) -> (y, q)";
  const std::string base = axis == Axis::categories ? "points " : "linespoints ";
  PlotSpec times{s.id + ": communication time per schedule", x_label, "communication time (ms)",
                 axis == Axis::local_size, false, {}, "left top"};
  PlotSpec ratios{s.id + ": time / " + s.baseline + "'s" + (s.paper_ratio.empty() ? "" : " (dashed: the paper's ratio)"),
                  x_label,
                  "communication time / " + s.baseline + "'s", axis == Axis::local_size, false, {},
                  "outside right top"};
  const auto baseline = static_cast<std::size_t>(
      std::find_if(s.series.begin(), s.series.end(), [&](const auto& one) { return one.label == s.baseline; }) -
      s.series.begin());
  double low = 0, high = 0;
  for (std::size_t k = 0; k < s.series.size(); ++k) {
    PlotSeries time{.title = s.series[k].label}, ratio{.title = s.series[k].label};
    time.style = base + series_look(k) + " ps 1.2";
    ratio.style = time.style;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const double ms = cells[c].ms.at(k);
      time.points.emplace_back(x_of(c), ms);
      low = low == 0 ? ms : std::min(low, ms);
      high = std::max(high, ms);
      ratio.points.emplace_back(x_of(c), ms / cells[c].ms.at(baseline));
    }
    times.series.push_back(std::move(time));
    if (s.series[k].label == s.baseline) continue;
    ratios.series.push_back(std::move(ratio));
    if (const auto paper = s.paper_ratio.find(s.series[k].label); paper != s.paper_ratio.end()) {
      PlotSeries printed{.title = fmt::format("paper: {} ~{:g}", s.series[k].label, paper->second)};
      printed.style = "lines dt 2 lw 2 " + series_look(k);
      printed.points = {{x_of(0), paper->second}, {x_of(cells.size() - 1), paper->second}};
      ratios.series.push_back(std::move(printed));
    }
  }
  // Times that span more than a decade and a half read better on a log axis (Figs. 4, 5, 7).
  times.log_y = low > 0 && high / low > 30;
  // The line where a series takes the baseline's time, always in view.
  PlotSeries equal{.title = ""};
  equal.style = "lines dt 3 lc rgb 'gray40'";
  equal.points = {{x_of(0), 1.0}, {x_of(cells.size() - 1), 1.0}};
  ratios.series.push_back(std::move(equal));
  if (axis == Axis::local_size) {
    // Ticks at the sizes run (the paper's axis is not in its text; these are the scenario's).
    std::string tics;
    for (std::size_t c = 0; c < cells.size(); ++c) tics += fmt::format("{}{}", c ? ", " : "", cells[c].local_size);
    for (PlotSpec* panel : {&times, &ratios}) panel->settings.push_back(fmt::format("xtics ({})", tics));
  }
  if (axis == Axis::categories) {
    std::vector<std::string> labels;
    for (const auto& cell : cells) labels.push_back(cell.label);
    for (PlotSpec* panel : {&times, &ratios}) {
      panel->settings.push_back(xtics_labels(labels));
      panel->settings.push_back(fmt::format("xrange [-0.5:{}]", static_cast<double>(cells.size()) - 0.5));
    }
  } else {
    for (PlotSpec* panel : {&times, &ratios}) panel->settings.push_back("offsets graph 0.03, graph 0.03, 0, 0");
  }
  times.beside.push_back(std::move(ratios));
  return times;
}

}  // namespace mcsim
