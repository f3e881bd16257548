// A channel: one direction of a full-duplex wire. Routes through switched networks (the fat tree)
// and the wires of graph views (topologies/network_graph.hpp) are both named by it, so it lives
// here, below both, as a plain value.
#pragma once

#include <cstddef>

namespace mcsim {

// One direction of a wire.
struct Channel {
  std::size_t wire = 0;
  bool up = true;  // from the wire's `lower` end to its `upper` end
  friend bool operator==(const Channel&, const Channel&) = default;
};

}  // namespace mcsim
