// The calling actor waits in simulated time: the transports' waits (a hop, a stream, a send queue
// until its next trip is ready, a header until it reaches a channel) and the message library's CPU
// overheads, several of them per message.
//
// SimGrid's own waits in time (s4u::this_actor::sleep_for, Semaphore::acquire_timeout) start a sleep
// activity on the host's CPU model: an action with a variable in the max-min system, kept in the
// model's heap and ended by the model's update. A wait that only has to end at a date needs none of
// that: here a kernel timer (simgrid/kernel/Timer.hpp, SimGrid's mechanism for actors' kill times)
// ends it. On the 64-node iPSC/860 (wang94-fig5) that took 10% of the CPU time of a run.
//
// Waits that end at one date end in the order they began. They end between scheduling rounds,
// before the SimGrid activities that ended at the same instant report: at one instant, actors these
// waits release run before actors whose SimGrid activity ended then. So the waits that must keep
// SimGrid's own order against its network's messages (a node's CPU time, the fluid sharing's clock,
// which the fluid-sharing tests compare with SimGrid's arrival times to 1e-9) stay SimGrid's; these
// are for the transports that move bytes themselves.
#pragma once

#include <simgrid/forward.h>

namespace mcsim {

// Returns after `seconds` of simulated time; at once for none (no SimGrid event).
void wait_for(double seconds);

// Takes a unit of `semaphore`, waiting for one at most `seconds`. Returns true when the time ran out
// (as SimGrid's Semaphore::acquire_timeout): then no unit was taken.
bool acquire_for(const simgrid::s4u::SemaphorePtr& semaphore, double seconds);

}  // namespace mcsim
