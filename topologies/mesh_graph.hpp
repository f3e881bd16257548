// The Boost.Graph view of a 2-D mesh without wrap-around (rows x cols, node (row, col) has index
// row * cols + col, as routing/mesh_route.hpp numbers them). Wires: first the horizontal ones row
// by row, then the vertical ones column by column; a wire's `lower` end is its smaller node index.
#pragma once

#include <utility>

#include "network_graph.hpp"
#include "routing/node_path.hpp"

namespace mcsim {

NetworkGraph make_mesh_graph(int rows, int cols);

// The wires a node path crosses, each with its direction (up = from lower to upper end).
// Throws mcsim::Error when two consecutive nodes of the path are not neighbours in the mesh.
std::vector<Channel> mesh_path_channels(const NetworkGraph& mesh, const NodePath& path);

}  // namespace mcsim
