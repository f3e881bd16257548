#include "region_map.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

bool RegionCell::agrees() const { return paper && *paper == fastest_label; }

std::optional<double> RegionMap::agreement() const {
  std::size_t judged = 0, agreeing = 0;
  for (const auto& cell : cells)
    if (cell.paper) {
      ++judged;
      if (cell.agrees()) ++agreeing;
    }
  if (judged == 0) return std::nullopt;
  return static_cast<double>(agreeing) / static_cast<double>(judged);
}

RegionMap region_map(const ExperimentResult& result) {
  const SimulationScenario& s = result.scenario;
  if (s.nodes.size() != 1) throw Error(s.path, "a region map needs one node count");
  RegionMap map;
  map.id = s.id;
  for (const auto& series : s.series) map.series.push_back(series.label);
  map.densities = s.densities;
  map.sizes = s.msg_units;
  for (std::size_t d = 0; d < s.densities.size(); ++d)
    for (std::size_t u = 0; u < s.msg_units.size(); ++u) {
      RegionCell cell;
      cell.density = s.densities[d];
      cell.bytes = s.msg_units[u];
      for (std::size_t k = 0; k < s.series.size(); ++k) {
        cell.mean_ms.push_back(summarize(result.cell(0, d, u, k).comm_s).mean * 1e3);
        if (cell.mean_ms[k] < cell.mean_ms[cell.fastest]) cell.fastest = k;
      }
      cell.fastest_label = map.series[cell.fastest];
      for (const auto& rule : s.paper.regions)
        if (rule.contains(cell.density, cell.bytes)) {
          cell.paper = rule.series;
          break;
        }
      map.cells.push_back(std::move(cell));
    }
  return map;
}

}  // namespace mcsim
