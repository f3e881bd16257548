// The channel-dependency graph of a topology family (Dally and Seitz 1987): a vertex per channel
// (link, VC), an edge a -> b when some route claims b right after a. A message holding a while it
// waits for b makes such an edge; a cycle of them is a possible deadlock under wormhole or circuit
// switching, and no cycle means none can occur.
#pragma once

#include <vector>

#include "topology_family.hpp"

namespace mcsim {

// A cycle of the graph built from the routes between every pair of nodes, as its channels in
// order; empty when the graph is acyclic.
std::vector<RouteChannel> channel_dependency_cycle(const TopologyFamily& family);

}  // namespace mcsim
