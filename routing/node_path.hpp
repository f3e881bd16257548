// Routes of direct networks (hypercube, mesh), where every node is also a router: a route is the
// list of nodes it visits, from the source to the destination inclusive. Consecutive nodes name a
// directed channel (from, to); the channels of a route are claimed in this order by the switching
// models (sim/engine/switching.*), and RS_NL checks phases for shared channels with them.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace mcsim {

using NodePath = std::vector<int>;

// The directed channels of a path, in route order.
inline std::vector<std::pair<int, int>> path_channels(const NodePath& path) {
  std::vector<std::pair<int, int>> channels;
  for (std::size_t i = 1; i < path.size(); ++i) channels.emplace_back(path[i - 1], path[i]);
  return channels;
}

}  // namespace mcsim
