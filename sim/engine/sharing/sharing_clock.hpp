// The actor that keeps a max-min sharing's time: it sleeps until the sharing's next completion date
// or until a flow starts or stops, whichever comes first, and hands the flows that have ended to
// their owner. One mechanism for both users of mcsim's sharing: the flow transport's messages
// (fluid_network.hpp) and the streams on the virtual channels of worms and circuits
// (transports/link_streams.hpp).
//
// Completions due within SimGrid's precision (surf/precision) of the clock end now, as SimGrid's
// own network model ends its actions (NetworkCm02Model::update_actions_state_lazy). Not only for
// likeness: a timeout's wake-up date is the sleep's start plus its duration in floating point, a
// rounding below the completion date, and a sleep shorter than the precision lasts the precision
// (CpuCas01::sleep), so waiting for the date itself ended a flow up to 1e-9 s late. Each such
// delay moved the flows whose rates it set, and over CGM's phases they grew (CGM on 1,024 nodes,
// d = 16: 7588.952 ms against SimGrid's 7589.010 ms; with the precision 1e-15 both 7589.010 ms).
#pragma once

#include <simgrid/s4u.hpp>

#include <functional>
#include <string>
#include <vector>

#include "max_min_sharing.hpp"

namespace mcsim {

class SharingClock {
 public:
  // Called in the clock's actor with the flows that have ended at `now`, already out of the
  // sharing. It must take what it keeps per flow before its first simcall: during one, other
  // actors may start flows and reuse the ids just freed.
  using Ended = std::function<void(const std::vector<MaxMinSharing::FlowId>& ended, double now)>;

  SharingClock(MaxMinSharing& sharing, Ended ended);
  ~SharingClock();
  SharingClock(const SharingClock&) = delete;
  SharingClock& operator=(const SharingClock&) = delete;

  // Makes the clock's actor on `host`, once (later calls do nothing). Making an actor is a
  // simcall, during which other actors run: it is marked made first.
  void run_on(simgrid::s4u::Host* host, const std::string& name);
  // A flow started or stopped: the clock plans again (woken once however often told).
  void replan();

 private:
  void serve();

  MaxMinSharing& sharing_;
  Ended ended_;
  double precision_s_;  // SimGrid's surf/precision: completions this close are one
  simgrid::s4u::SemaphorePtr wake_ = simgrid::s4u::Semaphore::create(0);
  bool wake_posted_ = false;
  bool made_ = false;
  simgrid::s4u::ActorPtr actor_;
};

}  // namespace mcsim
