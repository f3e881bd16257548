// The dynamic analysis that Lo, Rajopadhye, Telle & Zhong 1992 announce as future work (sec. 6):
// each mapped B(n) of a "slowdown" report run phase by phase on a simulated mesh, and its time
// divided by the simulated time of the perfect mapping (every message one link, no contention:
// the paper's equation 1), on the same simulated mesh.
//
// The mesh is `mesh` with parameters = "dimensionless" (one volume unit = 10^6 bytes at 10^6 B/s:
// b = 1 time unit per volume unit), no per-hop header delay, and the row's cost model:
//   large volumes  c = 0, b = 1          (equations 2, 4)
//   small volumes  c = 1, b W = 1e-6 c   (equations 6, 7: one byte per volume unit; b = 0 exactly
//                                         would make every message empty)
//   c=X            c = X, b = 1
// Unlike the metric, the simulated network has full-duplex channels (one per direction), worms
// that block hold what they have claimed, and store-and-forward messages that queue per channel.
#pragma once

#include <vector>

#include "experiment.hpp"
#include "mapping_report.hpp"

namespace mcsim {

// Sets `simulated` on every row with n <= scenario.mapping.simulate_up_to (ratio rows too: the
// ratio of the simulated slowdowns). One task (process) per (n, switching, volumes): the
// mappings and alphas of that cell run one after another in its engine.
void simulate_slowdowns(const MappingScenario& scenario, std::vector<SlowdownRow>& rows, const RunOptions& options);

}  // namespace mcsim
