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

struct Run {
  int nodes = 0;
  std::vector<MessageRecord> messages;  // in plan order (phase by phase)
  std::vector<double> node_finish_s;    // when each node has done its last send and receive
  std::vector<NodeSpan> spans;          // optional, in the order the program noted them

  // The papers' communication time: the time the last node finishes (maximum over nodes).
  double communication_time() const;
  friend bool operator==(const Run&, const Run&) = default;
};

}  // namespace mcsim
