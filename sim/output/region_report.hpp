// A region map (region_map.hpp) as the reader sees it: a CSV, a text grid and the two maps drawn
// side by side.
#pragma once

#include <string>

#include "plot.hpp"
#include "../analysis/region_map.hpp"
#include "../core/result_table.hpp"

namespace mcsim {

// experiment,density,bytes,fastest,paper,agree,<series>_ms...
// experiment,density,bytes,fastest,paper,agree and a LABEL_ms column per series: a row per cell.
ResultTable region_result_table(const RegionMap& map);
// Rows: densities; columns: sizes; each cell "ours/paper" by the series' initials.
std::string region_grid(const RegionMap& map);
PlotSpec region_plot(const RegionMap& map);

}  // namespace mcsim
