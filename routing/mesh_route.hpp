// Dimension-order (XY) routing on a 2-D mesh without wrap-around: a message first moves along its
// row to the destination column (x), then along that column to the destination row (y). Node
// (row, col) has index row * cols + col.
#pragma once

#include "node_path.hpp"

namespace mcsim {

// The nodes visited from src to dst in a rows x cols mesh (src alone if src == dst).
NodePath xy_path(int rows, int cols, int src, int dst);

}  // namespace mcsim
