// The SimGrid mailboxes that match messages between two nodes in order: one per ordered pair of
// nodes that has a receive posted or a send under way, taken from a pool and given back when the
// pair has none. SimGrid 3.32 cannot free a mailbox, and one per pair ever used was most of a run's
// memory: LP on a 1,024-node CM-5 (1 M messages with its dummies, each a ready signal and a data
// message) made 2 M of them, about 0.9 GiB. With the pool a run makes as many as it has pairs
// busy at one time.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "../core/pair_counts.hpp"

namespace mcsim {

class PairMailboxes {
 public:
  PairMailboxes(int nodes, char kind);

  // The pair's mailbox, for one more use (a receive posted, a send started): the one it has, or
  // one from the pool. Call it in the pair's actor: a first use may let other actors run.
  simgrid::s4u::Mailbox* take(int src, int dst);
  // One use has ended (its receive or its send was waited for). The mailbox goes back to the pool
  // when the pair has no use left and nothing waits in it (a send queue's notice may arrive before
  // its receive is posted: the pair keeps the mailbox until that receive has taken it).
  void give(int src, int dst);

  std::size_t created() const { return created_; }

 private:
  struct Binding {
    simgrid::s4u::Mailbox* box = nullptr;
    std::uint32_t uses = 0;
  };
  std::uint64_t key(int src, int dst) const;
  simgrid::s4u::Mailbox* from_pool();
  simgrid::s4u::Mailbox* create();

  int nodes_;
  char kind_;
  std::size_t created_ = 0;
  std::unordered_map<std::uint64_t, Binding> bound_;  // pairs with a mailbox now
  std::vector<simgrid::s4u::Mailbox*> pool_;
  PairCounts used_;  // pairs used before in this simulation (1 once used)
};

}  // namespace mcsim
