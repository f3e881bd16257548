// The flows of the flow transport shared by mcsim's own max-min sharing (max_min_sharing.hpp)
// instead of SimGrid's network model: SimGrid keeps the actors and the clock, and each message's
// bytes become a wait whose end date the sharing computes, planned again at each start and end.
//
// Why: with every message in flight at once on a fat tree (the CM-5's AC), SimGrid 3.32 solves
// all flows again at every start and end (its lmm::MaxMin::do_solve was 79% of the cycles of AC,
// 512 nodes, d = 16); the sharing here refills only the flows a change can reach. Chosen per run
// by choose_sharing (sim/runner/sharing_choice.hpp, `--sharing fluid|simgrid|auto`); the test
// tests/test_fluid_sharing.cpp holds its completion dates to SimGrid's.
//
// How a message moves: its sender starts it once the receive is posted (the message library's
// rendezvous waits for that), on the route SimGrid would give it. Where the platform draws routes
// at random (the CM-5's up-links), the draw must come in SimGrid's order: with the ready signals'
// skipped draws (Platform::skip_route) a pair's draws interleave, and SimGrid draws a message's
// route when its kernel starts the communication, after the actors of the round have run (drawn at
// once instead, AC on 512 nodes, d = 16, took other up-links and ended 1.1% earlier). So the sender
// starts a 0-byte SimGrid communication along the way, and the flow starts when the route draws
// (drawn_routes.hpp) tell the route drawn for it. The sharing's clock (sharing_clock.hpp) keeps
// the flows' time. When a message's bytes are in, it posts the receiver's notice, a 0-byte message from the receiver's own host (the loopback: no
// route drawn, no time taken), and releases the sender. A recorded run is told each data message's
// start and finish (ActivityRecorder::stream) and, through the route draws, its route; the
// recorder reads the links' usage from usage(): SimGrid's links carry none of these bytes.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../drawn_routes.hpp"
#include "../platform.hpp"
#include "../transfer_handle.hpp"
#include "max_min_sharing.hpp"
#include "sharing_clock.hpp"

namespace mcsim {

class ActivityRecorder;

class FluidNetwork {
 public:
  // Inside the running engine, after the platform is built: starts the network's actor; takes the
  // routes the platform draws at random from `draws`.
  FluidNetwork(Platform& platform, RouteDraws& draws);
  ~FluidNetwork();
  FluidNetwork(const FluidNetwork&) = delete;
  FluidNetwork& operator=(const FluidNetwork&) = delete;

  // Starts `bytes` from src to dst now. When they are in, `payload` is posted on `mailbox` as the
  // receive's notice (none if `mailbox` is null) and the returned handle's wait() returns.
  // The bytes move from now on: call it once the receive is posted (the library's rendezvous has
  // waited for that: choose_sharing takes this sharing only on a rendezvous library).
  // `message`: the data message's index in the run's messages (none for control messages), for the
  // recorder.
  std::shared_ptr<TransferDone> start(int src, int dst, std::uint64_t bytes, void* payload,
                                      simgrid::s4u::Mailbox* mailbox, std::optional<std::uint64_t> message);

  // A recorded run's recorder: told each data message's start and finish.
  void set_recorder(ActivityRecorder* recorder) { recorder_ = recorder; }
  // The bytes per second crossing a SimGrid link (by its implementation) under the present rates;
  // 0 for a link every flow may use in full (FATPIPE), which the sharing does not count.
  double usage(const void* link_impl) const;

 private:
  struct Message {
    int src = 0;
    int dst = 0;
    std::optional<std::uint64_t> index;  // the data message's, for the recorder
    double start_abs = 0;
    void* payload = nullptr;
    simgrid::s4u::Mailbox* mailbox = nullptr;
    std::shared_ptr<TransferDone> done;
  };
  struct Drawing {  // a message whose route SimGrid has yet to draw
    std::uint64_t bytes = 0;
    Message message;
  };
  void arrive(const std::vector<MaxMinSharing::FlowId>& ids, double now);
  void begin(const std::vector<const void*>& route, std::uint64_t bytes, Message message);

  Platform& platform_;
  RouteDraws& draws_;
  ActivityRecorder* recorder_ = nullptr;
  MaxMinSharing sharing_;
  struct LinkUse {
    int index = -1;    // in the sharing; -1: every flow may use all of it (FATPIPE)
    double bandwidth = 0;
  };
  std::unordered_map<const void*, LinkUse> links_;  // by SimGrid's link implementation
  bool drawn_routes_ = false;  // the platform draws routes at random: flows start when told theirs
  std::uint64_t next_drawing_ = 0;
  std::unordered_map<std::uint64_t, Drawing> drawing_;  // by key (RouteDraws::For::key)
  std::vector<Message> messages_;  // by flow id
  std::vector<Message> arrived_;
  std::vector<const void*> route_;
  std::vector<int> shared_links_;
  SharingClock clock_{sharing_, [this](const std::vector<MaxMinSharing::FlowId>& ids, double now) { arrive(ids, now); }};
};

}  // namespace mcsim
