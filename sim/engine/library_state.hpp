// What a machine's message library knows while a job runs (sim/core/message_library.hpp): per
// ordered pair of nodes, how many data messages were sent and how many receives were posted (the
// k-th receive a node posts from a sender matches the k-th message that sender sent it), the
// messages that left before their receive was posted and wait in the receiver's buffer, how full
// each node's buffer is, and who waits for a receive to be posted or for room in a buffer.
// One per job, made only where the library needs it (JobRuntime::library_state).
//
// A pair's counts run in eras: once every message sent has met its receive, the pair counts again
// from 0 in a new era when next used (a Ticket names its era). Pairs are kept per pair used
// (per_pair.hpp), not in an array of every pair: two counts per pair of a 4,096-node machine were
// 130 MB where RS_N has 65,536 messages.
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "arriving_bytes.hpp"
#include "per_pair.hpp"

namespace mcsim {

// Which message of a pair: its place in the pair's order, in the pair's era.
struct Ticket {
  std::uint64_t era = 0;
  std::uint32_t index = 0;
  friend bool operator==(const Ticket&, const Ticket&) = default;
};

class LibraryState {
 public:
  LibraryState(int nodes, double buffer_bytes);

  // A data message src -> dst is sent: returns its ticket.
  Ticket sent(int src, int dst);
  // `dst` posts its next data receive from `src`: wakes whoever waits at `dst` and, if the message
  // it matches left before (unexpected), takes it out of the buffer and returns its bytes (the
  // caller copies them out if they have arrived).
  struct Posted {
    std::optional<std::uint64_t> unexpected_bytes;
    // How much of that message has arrived (kept by its transport), where reserve() was told.
    std::shared_ptr<const ArrivingBytes> arriving;
    // The matched message is a rendezvous whose request came first and waits for the receiving
    // program to answer it (request_waiting): the program's time to spend before calling replied().
    std::optional<double> answer_s;
    Ticket ticket;
  };
  Posted post(int src, int dst);
  // True once `dst` has posted the receive of the message `ticket` from `src`.
  bool posted(int src, int dst, const Ticket& ticket) const;

  // Rendezvous whose receiver's program answers (RendezvousReceiver::program): the request of
  // message `ticket` has arrived at `dst`. If its receive is posted already, returns false (the
  // program waits in the library, which answers at once). Else the request waits for the post,
  // where the program spends `answer_s`, and returns true: the sender then waits for replied().
  bool request_waiting(int src, int dst, const Ticket& ticket, double answer_s);
  // The receiving program has answered the request of `ticket` (the reply leaves now).
  void replied(int src, int dst, const Ticket& ticket);
  bool has_replied(int src, int dst, const Ticket& ticket) const;
  // The sender has the reply: the request is forgotten.
  void forget_request(int src, int dst, const Ticket& ticket);

  // Room for an unexpected message of `bytes` in dst's buffer: reserves it and returns true, or
  // returns false (the buffer is too full). `force` reserves even beyond the capacity (data that a
  // handshake has let go whatever the buffer holds). `arriving`: the message's progress, which
  // post() hands to the receive.
  bool reserve(int src, int dst, const Ticket& ticket, std::uint64_t bytes, bool force = false,
               std::shared_ptr<const ArrivingBytes> arriving = nullptr);

  // Blocks the calling actor until `condition()` holds, checked again whenever `dst` posts a
  // receive or its buffer has room again.
  void wait_at(int dst, const std::function<bool()>& condition);

 private:
  struct Unexpected {
    Ticket ticket;
    std::uint64_t bytes;
    std::shared_ptr<const ArrivingBytes> arriving;
  };
  struct Request {
    Ticket ticket;
    double answer_s = 0;
    bool replied = false;
  };
  struct Pair {
    std::uint64_t era = 0;
    std::uint32_t sent = 0, posted = 0;
    std::vector<Unexpected> unexpected;  // messages in dst's buffer, in order
    std::vector<Request> requests;       // rendezvous requests unanswered
  };
  // The pair's counts, in a new era if it had settled (every message met its receive).
  Pair& pair(int src, int dst);
  void wake(int dst);

  double capacity_;
  std::uint64_t next_era_ = 0;
  PerPair<Pair> pairs_;                                           // every pair used
  std::vector<double> buffered_;                                  // bytes held per node
  std::vector<std::vector<simgrid::s4u::SemaphorePtr>> waiting_;  // per node
};

}  // namespace mcsim
