// Ready signals told to their receivers without a SimGrid mailbox: a node tells another that its
// receive is posted (CMMD's rendezvous, the S1 strategy's ready signal). The transport decides
// when a signal arrives (Transport::delivers_ready_signals):
//  - the CM-5's flows have no link latency, so a 0-byte flow ended at the instant it started; it
//    changed no simulated time but made half of a blocking exchange's SimGrid communications (LP
//    on 1,024 nodes sends a million signals). There the signal is posted as it leaves.
//  - the iPSC/860's send queues carry the signal over the network as before and post it when it
//    arrives. As a detached SimGrid message it waited in the sender's mailbox until the sender got
//    to that message, and SimGrid 3.32 keeps every such message in one list that each finished
//    communication scans (a std::set from SimGrid 3.34): a quarter to a half of a 4,096-node S1 run.
// A signal is a count per ordered pair of nodes; a node waiting for one blocks on its own semaphore.
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
