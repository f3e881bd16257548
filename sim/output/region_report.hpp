// A region table (sim/analysis/region_map.hpp) as the reader sees it: a text grid and the two maps
// drawn side by side (its CSV is table_csv's).
#pragma once

#include <string>
#include <vector>

#include "plot.hpp"
#include "../core/result_table.hpp"

namespace mcsim {

// The region table (region_result_table) as the terminal shows it: rows densities, columns sizes,
// each cell "ours/paper" by the tags of `series` (the scenario's labels, in its order), upper case
// where the table's `agree` says yes; then the share of the cells with a paper region that agree.
std::string region_grid(const ResultTable& regions, const std::vector<std::string>& series);
// The region table drawn: the paper's map (left) and mcsim's (right), a marker per series of
// `series`, a red cross on mcsim's map where the two differ; mcsim's alone without paper regions.
PlotSpec region_plot(const ResultTable& regions, const std::vector<std::string>& series);

}  // namespace mcsim
