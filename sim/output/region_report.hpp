// A region map (region_map.hpp) as the reader sees it: a CSV, a text grid and the two maps drawn
// side by side.
#pragma once

#include <string>

#include "plot.hpp"
#include "../analysis/region_map.hpp"

namespace mcsim {

// experiment,density,bytes,fastest,paper,agree,<series>_ms...
std::string region_csv(const RegionMap& map);
// Rows: densities; columns: sizes; each cell "ours/paper" by the series' initials.
std::string region_grid(const RegionMap& map);
PlotSpec region_plot(const RegionMap& map);

}  // namespace mcsim
