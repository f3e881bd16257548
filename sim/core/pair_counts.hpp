// A count per ordered pair of nodes (messages a node has sent another, pairs used so far). Up to
// 4,096 nodes it is a plain array, 4 bytes a pair (64 MiB at most), whose pages the system gives
// only once they are written; beyond, where most pairs stay at 0, a hash map. (A hash map holding
// every pair of 4,096 nodes, as LP's 16.7 M messages make it, costs about 40 bytes a pair.)
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace mcsim {

class PairCounts {
 public:
  explicit PairCounts(int nodes);

  std::uint32_t get(int src, int dst) const;
  // Adds one and returns the count before.
  std::uint32_t increment(int src, int dst);
  void clear();

 private:
  struct Free {
    void operator()(std::uint32_t* p) const { std::free(p); }
  };
  std::uint64_t key(int src, int dst) const {
    return static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(nodes_) + static_cast<std::uint64_t>(dst);
  }

  int nodes_;
  std::unique_ptr<std::uint32_t, Free> dense_;  // nodes x nodes, when small enough
  std::unordered_map<std::uint64_t, std::uint32_t> sparse_;
};

}  // namespace mcsim
