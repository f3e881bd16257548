// What a machine's message library knows while a job runs (sim/core/message_library.hpp): per
// ordered pair of nodes, how many data messages were sent and how many receives were posted (the
// k-th receive a node posts from a sender matches the k-th message that sender sent it), the
// messages that left before their receive was posted and wait in the receiver's buffer, how full
// each node's buffer is, and who waits for a receive to be posted or for room in a buffer.
// One per job, made only where the library needs it (NodeRuntime::library_state).
#pragma once

#include <simgrid/s4u.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "../core/pair_counts.hpp"

namespace mcsim {

class LibraryState {
 public:
  LibraryState(int nodes, double buffer_bytes);

  // A data message src -> dst is sent: returns its index on the pair (0, 1, ...).
  std::uint32_t sent(int src, int dst) { return sent_.increment(src, dst); }
  // `dst` posts its next data receive from `src`: returns the receive's index on the pair, wakes
  // whoever waits at `dst`, and, if that message left before (unexpected), takes it out of the
  // buffer and returns its bytes (the caller copies them out if they have arrived).
  struct Posted {
    std::uint32_t index = 0;
    std::optional<std::uint64_t> unexpected_bytes;
  };
  Posted post(int src, int dst);
  // True once `dst` has posted the receive of message `index` from `src`.
  bool posted(int src, int dst, std::uint32_t index) const { return posted_.get(src, dst) > index; }

  // Room for an unexpected message of `bytes` in dst's buffer: reserves it and returns true, or
  // returns false (the buffer is too full). `force` reserves even beyond the capacity (data that a
  // handshake has let go whatever the buffer holds).
  bool reserve(int src, int dst, std::uint32_t index, std::uint64_t bytes, bool force = false);

  // Blocks the calling actor until `condition()` holds, checked again whenever `dst` posts a
  // receive or its buffer has room again.
  void wait_at(int dst, const std::function<bool()>& condition);

 private:
  struct Unexpected {
    std::uint32_t index;
    std::uint64_t bytes;
  };
  std::uint64_t key(int src, int dst) const {
    return static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(nodes_) + static_cast<std::uint64_t>(dst);
  }
  void wake(int dst);

  int nodes_;
  double capacity_;
  PairCounts sent_, posted_;
  std::unordered_map<std::uint64_t, std::deque<Unexpected>> unexpected_;  // pairs with messages in a buffer
  std::vector<double> buffered_;                                           // bytes held per node
  std::vector<std::vector<simgrid::s4u::SemaphorePtr>> waiting_;           // per node
};

}  // namespace mcsim
