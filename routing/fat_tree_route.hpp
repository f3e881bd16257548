// Fat-tree routing as the CM-5 data network does it (Leiserson et al., "The network architecture
// of the Connection Machine CM-5", SPAA 1992): a message climbs to the lowest level whose subtree
// holds both ends, taking a randomly chosen up-link at every level, then descends along the
// unique path to its destination.
#pragma once

#include <functional>
#include <vector>

#include "channel.hpp"
#include "fat_tree_shape.hpp"

namespace mcsim {

// Picks the up-link port (0..parents-1) taken at `level` when climbing from level-1.
using UplinkChooser = std::function<int(int level, int parents)>;

// The channels from node src to node dst (empty if src == dst): `common_level` up channels, then
// as many down channels.
std::vector<Channel> fat_tree_route(const FatTreeShape& shape, int src, int dst, const UplinkChooser& choose);

// Every up-link choice is port 0: the deterministic route (what a d-mod-k-free fixed choice gives).
int first_uplink(int level, int parents);

}  // namespace mcsim
