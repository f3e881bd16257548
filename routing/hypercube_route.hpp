// E-cube routing on a binary hypercube (the iPSC/860's Direct-Connect routing, Wang and Ranka
// 1994 sec. 2.2): correct the differing address bits from the lowest to the highest.
#pragma once

#include "node_path.hpp"

namespace mcsim {

// The nodes visited from src to dst in a hypercube of 2^dimensions nodes (src alone if src == dst).
NodePath ecube_path(int dimensions, int src, int dst);

}  // namespace mcsim
