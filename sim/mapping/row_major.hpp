// The naive baseline: task t on mesh node t, row by row (not in the paper). For B(n) this is the
// mesh of the paper's mappings; for any other task graph the smallest 2^floor(m/2) x 2^ceil(m/2)
// mesh with 2^m >= tasks.
#pragma once

#include "mesh_mapping.hpp"

namespace mcsim {

// Throws mcsim::Error for fewer than 1 or more than 2^24 tasks.
MeshMapping row_major_mapping(int tasks);

}  // namespace mcsim
