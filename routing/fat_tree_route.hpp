// Fat-tree routing as the CM-5 data network does it (Leiserson et al., "The network architecture
// of the Connection Machine CM-5", SPAA 1992): a message climbs to the lowest level whose subtree
// holds both ends, choosing an up-link at every level (the up-link policy, route_policy.hpp: a
// random draw, or d-mod-k), then descends along the unique path to its destination.
#pragma once

#include <functional>

#include "../sim/core/route.hpp"
#include "fat_tree_shape.hpp"

namespace mcsim {

// Picks the up-link port (0..parents-1) taken at `level` when climbing from level-1.
using UplinkChooser = std::function<int(int level, int parents)>;

// The fat-tree family's links from node src to node dst (empty if src == dst): `common_level` up
// links, then as many down links, each on VC 0 (the family has one VC per link).
Route fat_tree_route(const FatTreeShape& shape, int src, int dst, const UplinkChooser& choose);

// Every up-link choice is port 0.
int first_uplink(int level, int parents);

// The d-mod-k rule: a fixed up-link per destination, at `level` the port
// floor(dst / (w_1 ... w_(level-1))) mod w_level (Zahavi, "D-Mod-K routing providing non-blocking
// traffic for shift permutations on real life fat trees", CCIT Report 776, Technion, 2010; Zahavi
// et al., "Optimized InfiniBand fat-tree routing for shift all-to-all communication patterns",
// Concurrency Computat.: Pract. Exper. 22(2), 2010). Messages to different destinations spread over
// the up-links as a random draw does on average, but every message of a pair takes the same route.
UplinkChooser d_mod_k_uplinks(const FatTreeShape& shape, int dst);

}  // namespace mcsim
