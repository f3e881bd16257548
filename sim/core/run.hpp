// A Run: what the executor measured for one plan on one machine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mcsim {

struct MessageRecord {
  int src = 0;
  int dst = 0;
  std::uint64_t bytes = 0;
  int phase = 0;
  bool dummy = false;
  double start_s = 0;  // the sender starts its send call (its send overhead begins)
  double end_s = 0;    // the last byte has arrived at the receiver (before its receive overhead)
  friend bool operator==(const MessageRecord&, const MessageRecord&) = default;
};

// Something a node program says a node did for a while besides sending and receiving (waiting on a
// lock, sleeping, waiting at a barrier): `mcsim timeline` draws it. `activity` is one word.
struct NodeSpan {
  int node = 0;
  std::string activity;
  double start_s = 0;
  double end_s = 0;
  friend bool operator==(const NodeSpan&, const NodeSpan&) = default;
};

// What one node was doing, as the engine saw it when asked to record (SimulationOptions::record):
// `lane` "program" (what the node's program waits for or computes: cpu, wait-message, wait-send,
// barrier, wait-handler) or "network" (its interface: sending, receiving, sending+receiving,
// wait-circuit), or "phase" (activity = the phase number the program entered).
struct NodeState {
  int node = 0;
  std::string lane;
  std::string activity;
  double start_s = 0;
  double end_s = 0;
  friend bool operator==(const NodeState&, const NodeState&) = default;
};

// One link (SimGrid link = one channel or wire direction, or a node's interface) over one run:
// bytes carried and time with at least one flow on it (integrated from SimGrid's own link usage),
// and, for transports that hold paths (circuit, wormhole, store-and-forward), the time it was
// claimed by a message whose bytes were not yet moving (its header travelling or waiting for the
// rest of the path).
struct LinkLoad {
  // The SimGrid link's name, link_name() of its identity (sim/core/link_identity.hpp): the machine's
  // Platform::links() says what the link is; nothing reads the name back.
  std::string link;
  double bandwidth_Bps = 0;
  double bytes = 0;
  double busy_s = 0;
  double held_idle_s = 0;
  friend bool operator==(const LinkLoad&, const LinkLoad&) = default;
};

// A stretch of time in which a link moved bytes at one rate (recorded only when asked): SimGrid's
// own usage between two advances of the clock (flows), or what a path-holding transport streamed.
struct LinkBusy {
  int link = 0;  // index into Run::links
  double start_s = 0;
  double end_s = 0;
  double rate_Bps = 0;
  friend bool operator==(const LinkBusy&, const LinkBusy&) = default;
};

struct Run {
  int nodes = 0;
  std::vector<MessageRecord> messages;  // in plan order (phase by phase)
  std::vector<double> node_finish_s;    // when each node has done its last send and receive
  std::vector<NodeSpan> spans;          // optional, in the order the program noted them
  std::vector<NodeState> states;        // recorded only when asked (SimulationOptions::record)
  std::vector<LinkLoad> links;          // recorded only when asked: the platform's links, by name
  // Recorded only when asked: per message (in `messages` order) the links its route crosses
  // (indices into `links`; a message to itself crosses none of them), and every link's busy time.
  std::vector<std::vector<int>> routes;
  std::vector<LinkBusy> link_busy;  // by link, then time

  // The papers' communication time: the time the last node finishes (maximum over nodes).
  double communication_time() const;
  friend bool operator==(const Run&, const Run&) = default;
};

}  // namespace mcsim
