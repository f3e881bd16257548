// What a scheduler may know of the machine it schedules for: plain values, no SimGrid.
#pragma once

#include <functional>
#include <vector>

namespace mcsim {

// The nodes a message visits from src to dst, both included.
using RouteFunction = std::function<std::vector<int>(int src, int dst)>;

// The papers' tau (start-up time of one message) and phi (seconds per byte) for this machine,
// for schedulers that weigh start-ups against bytes (CGMH's differential approach).
// Machines whose routes are fixed (e-cube, XY) also hand schedulers the route function, so that
// link-contention-free schedulers (RS_NL) reason about the very routes the simulation uses.
struct SchedulingHints {
  double startup_s = 0;
  double seconds_per_byte = 0;
  RouteFunction route_path;  // empty when routes are not fixed (the CM-5's random up-links)
};

}  // namespace mcsim
