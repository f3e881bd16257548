// What a scheduler may know of the machine it schedules for: plain values, no SimGrid.
#pragma once

#include <memory>

#include "topology.hpp"

namespace mcsim {

// The papers' tau (start-up time of one message) and phi (seconds per byte) for this machine,
// for schedulers that weigh start-ups against bytes (CGMH's differential approach).
// Switched machines also hand schedulers their topology family, whose routes (channels: link and
// VC, sim/core/route.hpp) are the ones the transports claim, so that link-contention-free
// schedulers (RS_NL) and the plan validator reason about the very channels the simulation uses.
struct SchedulingHints {
  double startup_s = 0;
  double seconds_per_byte = 0;
  // Null when the machine has no fixed routes. Under the CM-5's random up-links: the nominal
  // d-mod-k routes (topologies/fat_tree_family.hpp says what that fixes).
  std::shared_ptr<const TopologyFamily> routes;
};

}  // namespace mcsim
