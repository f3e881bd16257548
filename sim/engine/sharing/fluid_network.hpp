// The flows of the flow transport shared by mcsim's own max-min sharing (max_min_sharing.hpp)
// instead of SimGrid's network model: SimGrid keeps the actors and the clock, and each message's
// bytes become a wait whose end date the sharing computes, planned again at each start and end.
//
// Why: with every message in flight at once on a fat tree (the CM-5's AC), SimGrid 3.32 solves
// all flows again at every start and end (its lmm::MaxMin::do_solve was 79% of the cycles of AC,
// 512 nodes, d = 16); the sharing here refills only the flows a change can reach. Chosen with
// `--cfg mcsim/sharing:fluid|simgrid|auto` (sharing_setting.hpp); the test
// tests/test_fluid_sharing.cpp holds its completion dates to SimGrid's.
//
// How a message moves: its sender starts it once the receive is posted (the message library's
// rendezvous waits for that), on the route SimGrid would give it. Where the platform draws routes
// at random (the CM-5's up-links), the draw must come in SimGrid's order: with the ready signals'
// skipped draws (Platform::skip_route) a pair's draws interleave, and SimGrid draws a message's
// route when its kernel starts the communication, after the actors of the round have run (drawn at
// once instead, AC on 512 nodes, d = 16, took other up-links and ended 1.1% earlier). So the sender
// starts a 0-byte SimGrid communication along the way, and the flow starts when the platform tells
// the route it drew for it (Platform::observe_drawn_routes). One daemon actor sleeps until the
// next completion date or a new flow, whichever comes first. When a message's bytes are in, it
// posts the receiver's notice, a 0-byte message from the receiver's own host (the loopback: no
// route drawn, no time taken), and releases the sender.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../platform.hpp"
#include "../transfer_handle.hpp"
#include "max_min_sharing.hpp"

namespace mcsim {

class FluidNetwork {
 public:
  // Inside the running engine, after the platform is built: starts the network's actor.
  explicit FluidNetwork(Platform& platform);
  ~FluidNetwork();
  FluidNetwork(const FluidNetwork&) = delete;
  FluidNetwork& operator=(const FluidNetwork&) = delete;

  // Starts `bytes` from src to dst now. When they are in, `payload` is posted on `mailbox` as the
  // receive's notice (none if `mailbox` is null) and the returned handle's wait() returns.
  // The bytes move from now on: call it once the receive is posted (the library's rendezvous has
  // waited for that: sharing_setting.hpp, fluid_sharing_unfit).
  std::shared_ptr<TransferDone> start(int src, int dst, std::uint64_t bytes, void* payload,
                                      simgrid::s4u::Mailbox* mailbox);

 private:
  struct Message {
    int dst = 0;
    void* payload = nullptr;
    simgrid::s4u::Mailbox* mailbox = nullptr;
    std::shared_ptr<TransferDone> done;
  };
  struct Drawing {  // a message whose route SimGrid has yet to draw
    int src = 0;
    std::uint64_t bytes = 0;
    Message message;
  };
  void serve();
  void begin(const std::vector<const void*>& route, std::uint64_t bytes, Message message);
  void drawn(int src, int dst, const std::vector<simgrid::kernel::resource::StandardLinkImpl*>& links);

  Platform& platform_;
  double precision_s_;  // SimGrid's surf/precision: events this close are one
  MaxMinSharing sharing_;
  struct LinkUse {
    int index = -1;    // in the sharing; -1: every flow may use all of it (FATPIPE)
    double bandwidth = 0;
  };
  std::unordered_map<const void*, LinkUse> links_;  // by SimGrid's link implementation
  bool drawn_routes_ = false;
  std::vector<Drawing> drawing_;
  std::vector<Message> messages_;  // by flow id
  std::vector<Message> arrived_;
  std::vector<const void*> route_;
  std::vector<int> shared_links_;
  simgrid::s4u::SemaphorePtr wake_ = simgrid::s4u::Semaphore::create(0);
  bool wake_posted_ = false;
  simgrid::s4u::ActorPtr actor_;
};

}  // namespace mcsim
