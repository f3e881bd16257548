// What the nodes and links of a simulated machine did, recorded while a job runs (only when asked:
// SimulationOptions::record or a Paje trace), for `mcsim timeline`, `mcsim linkload` and `--trace`.
//
//   program lane  what each node's program is in: cpu (library start-up time), wait-message (a data
//                 message), wait-partner (a ready signal: the partner's receive), wait-send (its own
//                 send to complete), barrier, wait-lock (a control-message reply, e.g. a lock);
//                 set by SimulatedNode and JobRuntime as the calls happen
//   network lane  each node's interface: sending, receiving, sending+receiving, claiming (a message
//                 of this node holds part of its path and waits for the rest, or its header is
//                 travelling); reported by the transports, or for flows read back from each
//                 completed communication (its start and finish), and swept into intervals at the end
//   phases        when a node's program enters phase k
//   link busy     per SimGrid link, the stretches of time it moved bytes and at what rate (the same
//                 two sources as the link load), for `mcsim timeline --html`
//   routes        per message, the links of its route: where the platform draws routes at random
//                 (a fat tree's up-links), the route drawn for the message's bytes as the run went
//                 (told by the route draws, drawn_routes.hpp, which the transports and the fluid
//                 sharing start data through); else asked of the platform once the job has ended
//                 (its routes are fixed).
//                 tests/test_replay.cpp checks the routes against the bytes each link carried
//   link load     per SimGrid link: bytes (its usage integrated at every advance of the clock, when
//                 the max-min rates of the interval just ended are still in force: SimGrid's, or
//                 under mcsim's sharing the fluid network's, FluidNetwork::usage; plus what the
//                 path-holding transports report they streamed), time with any flow or stream on it,
//                 and time claimed by a path-holding transport without bytes moving
//
// With a Paje trace, the program lane and the phases also go into the trace as host states as they
// happen, and the transports' claiming as a third state (flows have no real-time network lane:
// SimGrid traces their link usage itself, as its variable bandwidth_used). Under mcsim's sharing
// SimGrid's links carry no bytes, so bandwidth_used stays 0 and the flows' rates go into each
// link's variable "streamed" instead (the variable the path-holding transports use).
//
// Each data message's start and finish come from where its bytes move: a SimGrid communication
// (the receiving node reads them back), the fluid sharing (it tells stream() when the bytes are
// in), or a path-holding transport (stream_begins / stream_ends).
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "../core/run.hpp"
#include "drawn_routes.hpp"
#include "platform.hpp"
#include "sharing/fluid_network.hpp"

namespace mcsim {

class ActivityRecorder {
 public:
  // Call inside the engine once the platform is built; `paje` mirrors states into SimGrid's trace.
  // Subscribes to `draws` for the routes drawn at random; `fluid`: the run's fluid sharing, whose
  // rates are the links' usage (null: SimGrid's sharing).
  ActivityRecorder(Platform& platform, int nodes, bool paje, RouteDraws& draws, const FluidNetwork* fluid);
  ~ActivityRecorder();
  ActivityRecorder(const ActivityRecorder&) = delete;
  ActivityRecorder& operator=(const ActivityRecorder&) = delete;

  void start_job();
  // Moves what the job recorded into `run` (states, link loads and busy times, routes), times from
  // the job's start; `routing_seed`: the job's (Job::routing_seed), to draw again a route that was
  // drawn at random and not kept (none is: the transports and the fluid sharing start data through
  // the route draws).
  void finish_job(Run& run, std::uint64_t routing_seed);

  // Program lane: the node's program now does `activity` ("" = nothing: it runs or has ended).
  // Returns the previous activity, for Scoped to restore.
  std::string program(int node, const std::string& activity);
  void phase(int node, int phase);

  // Network lane, at the current clock (switched transports) ...
  void stream_begins(int src, int dst);
  void stream_ends(int src, int dst);
  void claim_begins(int node);
  void claim_ends(int node);
  // ... or after the fact, with absolute SimGrid times (flows).
  void stream(int src, int dst, double start_abs, double end_abs);

  // A path-holding transport held link `family_link` of the machine's topology family (a route's
  // RouteChannel::link) without moving bytes for `seconds`.
  void held_idle(int family_link, double seconds);
  // A path-holding transport starts moving `bytes` over link `family_link`, alone on it, for
  // `seconds` (it computes the time rather than running a SimGrid flow, whose usage advance() would
  // read), and has moved them. With a Paje trace the link's variable "streamed" (bytes/s) shows it.
  void link_stream_begins(int family_link, double bytes, double seconds);
  void link_stream_ends(int family_link, double bytes, double seconds);

  // Sets the program lane for the lifetime of the object, then restores what was there.
  class Scoped {
   public:
    Scoped(ActivityRecorder* recorder, int node, const char* activity)
        : recorder_(recorder), node_(node), previous_(recorder ? recorder->program(node, activity) : std::string()) {}
    ~Scoped() {
      if (recorder_) recorder_->program(node_, previous_);
    }
    Scoped(const Scoped&) = delete;
    Scoped& operator=(const Scoped&) = delete;

   private:
    ActivityRecorder* recorder_;
    int node_;
    std::string previous_;
  };

 private:
  struct NetworkEvent {
    double at_abs;
    int node;
    int sending, receiving, claiming;  // +1 / -1
  };
  void network_event(double at_abs, int node, int sending, int receiving, int claiming);
  std::optional<std::size_t> slot_of(int family_link) const;
  void advance(double seconds);
  void busy(std::size_t slot, double start_abs, double end_abs, double rate_Bps);
  std::vector<std::vector<int>> routes_of(const std::vector<MessageRecord>& messages, std::uint64_t routing_seed);
  void keep_route(std::uint64_t message, int src, int dst, const RouteDraws::Links& links);
  double usage(std::size_t slot) const;

  Platform& platform_;
  std::vector<std::string> hosts_;
  int nodes_;
  bool paje_;
  double job_start_abs_ = 0;
  std::vector<std::string> program_now_;
  std::vector<double> program_since_abs_;
  std::vector<NodeState> states_;
  std::vector<NetworkEvent> network_;
  std::vector<int> claiming_now_;  // for the Paje trace
  std::vector<bool> paje_phases_declared_;
  // The platform's links (Platform::links) in name order, their loads, and the place in both of
  // each family link (-1: none).
  std::vector<simgrid::s4u::Link*> links_;
  std::vector<LinkLoad> loads_;
  std::vector<std::ptrdiff_t> slot_of_family_link_;
  std::vector<LinkBusy> busy_;                // start and end absolute until finish_job
  std::vector<std::ptrdiff_t> last_busy_of_;  // per link: its latest entry in busy_ (-1: none)
  std::vector<bool> paje_streamed_set_;  // per link: its "streamed" variable has a value in the trace
  // The routes drawn at random, as the run drew them (where the platform draws them).
  struct Kept {
    int src = -1, dst = -1;
    std::vector<int> route;
  };
  bool routes_drawn_ = false;
  std::unordered_map<const void*, int> slot_of_link_impl_;
  std::unordered_map<std::uint64_t, Kept> kept_;  // by message
  const FluidNetwork* fluid_ = nullptr;
  std::vector<double> paje_streamed_;  // under the fluid sharing: each link's rate in the trace
};

}  // namespace mcsim
