// The picture of a redistribution times report, drawn as Guo and Pan 2005 drew Figs. 4-8: the
// communication time of every series (one line per schedule) against the local array size (Figs.
// 4, 5, 7: one case), the number of source processors (Fig. 6: cases that differ only in p) or the
// case itself (Fig. 8); beside it each series' time over the baseline's, with the ratio the paper
// printed (its text's "about 15%" and "about 20%") as a dashed line of the series' colour.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../core/scenario_spec.hpp"
#include "../output/plot.hpp"

namespace mcsim {

// One simulated cell of the report: its case (index into the scenario's cases), local array size,
// the label it has in the CSV's x column, and each series' communication time in ms.
struct RedistributionCellTimes {
  std::size_t case_index = 0;
  std::int64_t local_size = 0;
  std::string label;
  std::vector<double> ms;  // per series, in the scenario's order
};

PlotSpec redistribution_times_plot(const RedistributionScenario& scenario,
                                   const std::vector<RedistributionCellTimes>& cells);

}  // namespace mcsim
