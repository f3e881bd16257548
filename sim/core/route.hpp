// A route as the transports claim it: a list of channels, each a directed link and a virtual
// channel on it (sim/core/topology.hpp explains links and VCs). Plain values.
#pragma once

#include <vector>

namespace mcsim {

struct RouteChannel {
  int link = 0;  // a directed link of the family
  int vc = 0;    // its virtual channel, 0..virtual_channels()-1
  friend bool operator==(const RouteChannel&, const RouteChannel&) = default;
};

using Route = std::vector<RouteChannel>;

}  // namespace mcsim
