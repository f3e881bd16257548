// Ready signals that take no simulated time: a node tells another that its receive is posted
// (CMMD's rendezvous, the S1 strategy's ready signal). Where a 0-byte message costs nothing on the
// wire (the flow transport on a machine whose links have no latency: the CM-5's network delays are
// in the library's measured start-up), sending it through SimGrid's network model changed no
// simulated time, but it made half of a blocking exchange's SimGrid communications: LP on a
// 1,024-node CM-5 sends 1 M of them. Here a signal is a count per ordered pair of nodes, and a
// node waiting for one blocks on its own semaphore.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace mcsim {

class ReadySignals {
 public:
  explicit ReadySignals(int nodes);

  // `from` signals `to`: wakes `to` if it waits for this signal, else keeps it for `to`'s next wait.
  void post(int from, int to);
  // In `to`'s actor: returns once a signal from `from` has come, and takes it. A node waits for one
  // signal at a time.
  void wait(int from, int to);

 private:
  std::uint64_t key(int from, int to) const;

  int nodes_;
  std::unordered_map<std::uint64_t, std::uint32_t> pending_;  // signals sent and not yet taken
  std::vector<int> waiting_for_;                               // per node: whose signal, or -1
  std::vector<simgrid::s4u::SemaphorePtr> wake_;               // per node
};

}  // namespace mcsim
