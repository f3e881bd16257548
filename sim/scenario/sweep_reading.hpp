// The part of a scenario file the sweeping kinds share (simulation, permutations, bounded-traffic):
// samples and seed, [machine], [workload], [sweep], [[series]] and [paper].
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "reproduction_kind.hpp"

namespace mcsim {

// What a kind takes beyond the common sweep.
struct SweepRules {
  bool machines_axis = false;  // [machine] names = [...] (kind simulation)
  bool traffic_axis = false;   // [workload] traffic = [...] (kind bounded-traffic)
  bool lambda_specs = false;   // "{lambda}" in a scheduler spec (kind permutations)
  // [[paper.rows]]: read by the kind once the densities are known (null: the key is refused).
  std::function<void(const toml::array& rows)> paper_rows;
  // Column heads a [[paper.rows]] row may name beside the series labels (given the series read).
  std::function<std::set<std::string>(const SweepScenario&)> row_labels;
};

// Reads them into `s` (its header already set); `traffic` gets [workload] traffic as written.
// Throws mcsim::Error at file:line.
void read_sweep(const ScenarioFile& file, SweepScenario& s, const SweepRules& rules,
                std::vector<std::uint64_t>& traffic);

}  // namespace mcsim
