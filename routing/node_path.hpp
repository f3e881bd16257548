// Routes of direct networks (hypercube, mesh), where every node is also a router: a route is the
// list of nodes it visits, from the source to the destination inclusive. Consecutive nodes name a
// directed channel (from, to); the channels of a route are claimed in this order by the switching
// models (sim/engine/transports/), and RS_NL checks phases for shared channels with them
// (schedulers/random_scheduling.cpp, route_channels).
#pragma once

#include <vector>

namespace mcsim {

using NodePath = std::vector<int>;

}  // namespace mcsim
