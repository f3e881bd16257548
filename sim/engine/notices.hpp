// A data message's arrival told to its receiver without a SimGrid communication. Where a transport
// moves a message's bytes itself (the iPSC/860's send queues), the receiver only needs to learn
// that the message is there; a 0-byte SimGrid message on the pair's mailbox did that, with an
// activity, a mailbox match and a network action each (one per NX message, two per exchange).
// Here receives and arrivals are matched per ordered pair in order (a pair's k-th receive takes
// its k-th message, as SimGrid's pair mailboxes did), and a node waiting for any of its receives
// blocks on a semaphore of its own. As with the mailboxes, a receive posted after its message
// arrived completes when it is posted.
// (Plain state between simcalls, as in transports/fifo_lock.hpp.)
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <span>
#include <vector>

#include "per_pair.hpp"

namespace mcsim {

class Notices {
 public:
  explicit Notices(int nodes);

  // A receive posted at `to` for the next message from `from`: its slot (until taken with take()).
  std::uint32_t post(int from, int to);
  // `from`'s message `payload` has arrived at `to`: it completes the pair's first waiting receive,
  // or waits for the pair's next one.
  void arrive(int from, int to, void* payload);
  // Whether a message from `from` has arrived at `to` that no receive has taken yet.
  bool waiting(int from, int to) const;

  // In `to`'s actor: blocks until one of `slots` (receives posted at `to`) has its message and
  // returns the first done in the list's order (SimGrid's Comm::wait_any's choice).
  std::size_t wait_any(int to, std::span<const std::uint32_t> slots);
  // A done receive's message and the time it completed; frees the slot.
  struct Arrived {
    void* payload = nullptr;
    double at_s = 0;
  };
  Arrived take(std::uint32_t slot);

 private:
  struct Slot {
    void* payload = nullptr;
    double at_s = 0;
    int to = 0;
    bool done = false;
  };
  void complete(std::uint32_t slot, void* payload);

  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_;
  // Per ordered pair: its receives waiting for messages, or its messages waiting for receives (never
  // both), each in order. A pair holds a few at a time: taking the first shifts the rest.
  struct Pair {
    std::vector<std::uint32_t> receives;
    std::vector<void*> messages;
  };
  PerPair<Pair> pairs_;
  std::vector<char> blocked_;  // per node: waiting in wait_any
  std::vector<simgrid::s4u::SemaphorePtr> wake_;  // per node
};

}  // namespace mcsim
