// A channel: one direction of a full-duplex wire of the fat tree's shape arithmetic
// (fat_tree_route.hpp), which the fat tree's family and its SimGrid zone both read, so it lives
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
