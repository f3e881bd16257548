// State per ordered pair of nodes (from, to), made on the pair's first use and kept for the run.
//
// The message library and the arrival notices queue an entry per message for the pair it goes
// between, and most pairs hold one entry at a time. Made when the entry came and dropped when it
// went, a pair's state cost its hash node and, as two std::deque, four blocks more (libstdc++'s deque
// allocates its map and a first block when made); malloc and free were 14% of a wang94-fig5 run's
// CPU, these among their callers. Kept, a pair's vectors keep their capacity, and a message
// allocates nothing once its pair has carried one. A run touches at most its plan's pairs (65,536 for the 4,096-node iPSC/860 at
// d = 16), a few dozen bytes each.
#pragma once

#include <cstdint>
#include <unordered_map>

namespace mcsim {

template <class State>
class PerPair {
 public:
  explicit PerPair(int nodes) : nodes_(static_cast<std::uint64_t>(nodes)) {}

  // The pair's state, made empty on first use.
  State& operator()(int from, int to) { return pairs_[key(from, to)]; }
  // The pair's state, or nullptr if the pair was never used.
  const State* find(int from, int to) const {
    const auto it = pairs_.find(key(from, to));
    return it == pairs_.end() ? nullptr : &it->second;
  }
  State* find(int from, int to) {
    const auto it = pairs_.find(key(from, to));
    return it == pairs_.end() ? nullptr : &it->second;
  }

 private:
  std::uint64_t key(int from, int to) const {
    return static_cast<std::uint64_t>(from) * nodes_ + static_cast<std::uint64_t>(to);
  }

  std::uint64_t nodes_;
  std::unordered_map<std::uint64_t, State> pairs_;
};

}  // namespace mcsim
