// The Boost.Graph view of a fat tree (see routing/fat_tree_shape.hpp for the numbering).
#pragma once

#include "../routing/fat_tree_shape.hpp"
#include "network_graph.hpp"

namespace mcsim {

// Vertices: nodes 0..n-1, then the switches level by level, group-major, copy-minor.
NetworkGraph make_fat_tree_graph(const FatTreeShape& shape);

}  // namespace mcsim
