// Modified linear permutation (Ranka, Shankar, Alsabti 1995, sec. 4, Figure 3) as a piece of a node
// program: the nodes exchange their send vectors (one active message per other node, carrying the
// length: the paper's "generate receive vector recv from the send vectors"), then in step k = 1..p-1
// node i exchanges with node i xor k, sending and receiving only messages of the required length
// (none where the length is 0), and all nodes meet at a barrier after every step.
#pragma once

#include <cstdint>
#include <vector>

#include "../sim/core/node_program.hpp"

namespace mcsim {

// Notes in `run` that `node` spent the time from `since` to now on `activity` (nothing if no time
// passed): what `mcsim timeline` draws beside the messages.
void note_span(Run& run, const Node& node, const char* activity, double since);

// Every node learns the lengths the others will send it. One object per exchange of a job, shared
// by all nodes' programs (the program object is).
class SendVectorExchange {
 public:
  explicit SendVectorExchange(int nodes);
  // Called by every node with its send vector (bytes per destination; its own entry is ignored):
  // one control message to every other node, then waits until all p - 1 have been handled here.
  // Returns the receive vector of this node (bytes per source).
  const std::vector<std::uint64_t>& run(Node& node, const std::vector<std::uint64_t>& send_bytes);

 private:
  int nodes_;
  std::vector<std::vector<std::uint64_t>> receive_;  // [node][source]
  std::vector<int> heard_;                           // vectors handled at each node
};

// One many-to-many exchange by modified linear permutation. Needs a power-of-two node count.
class ModifiedLinearPermutation {
 public:
  // barriers = false leaves out the barrier after each step (not the paper's algorithm: a what-if).
  explicit ModifiedLinearPermutation(int nodes, bool barriers = true) : vectors_(nodes), barriers_(barriers) {}
  // Every node calls this with its send vector in bytes. Each message is appended to `run` as it is
  // sent (phase = phase_base + step) and its end time filled in when it arrives. Returns this
  // node's receive vector.
  std::vector<std::uint64_t> run(Node& node, const std::vector<std::uint64_t>& send_bytes, Run& run, int phase_base);

 private:
  SendVectorExchange vectors_;
  bool barriers_;
};

}  // namespace mcsim
