// A region map: for every (density, message size) cell of a sweep, which series is fastest on
// average, set beside the region a paper's figure gives (Wang and Ranka 1994, Figure 5).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../core/experiment_result.hpp"

namespace mcsim {

struct RegionCell {
  int density = 0;
  std::uint64_t bytes = 0;
  std::vector<double> mean_ms;       // per series
  std::size_t fastest = 0;           // index of the series with the least mean time (first on ties)
  std::optional<std::string> paper;  // the series the paper's regions name for this cell
  bool agrees() const;
  std::string fastest_label;
};

struct RegionMap {
  std::string id;
  std::vector<std::string> series;
  std::vector<int> densities;
  std::vector<std::uint64_t> sizes;
  std::vector<RegionCell> cells;  // by density, then size
  // Share of the cells with a paper region where ours names the same series (nullopt if none has).
  std::optional<double> agreement() const;
};

// Needs one node count. Throws mcsim::Error otherwise.
RegionMap region_map(const ExperimentResult& result);

}  // namespace mcsim
