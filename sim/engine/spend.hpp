// Simulated time spent by the calling actor: a CPU overhead of the message library (send, receive,
// handshake trips, barrier, control handlers). No event for nothing to spend, so a zero overhead
// adds no SimGrid sleep.
#pragma once

#include <simgrid/s4u/Actor.hpp>

namespace mcsim {

inline void spend(double seconds) {
  if (seconds > 0) simgrid::s4u::this_actor::sleep_for(seconds);
}

}  // namespace mcsim
