#include "pair_counts.hpp"

#include <new>

namespace mcsim {

namespace {
constexpr int largest_dense_nodes = 4096;
}

PairCounts::PairCounts(int nodes) : nodes_(nodes) { clear(); }

void PairCounts::clear() {
  sparse_.clear();
  if (nodes_ > largest_dense_nodes) return;
  const auto n = static_cast<std::size_t>(nodes_);
  // calloc, not a std::vector: a fresh zeroed block costs resident memory only where it is written.
  dense_.reset(static_cast<std::uint32_t*>(std::calloc(n * n, sizeof(std::uint32_t))));
  if (n > 0 && !dense_) throw std::bad_alloc();
}

std::uint32_t PairCounts::get(int src, int dst) const {
  if (dense_) return dense_.get()[key(src, dst)];
  const auto it = sparse_.find(key(src, dst));
  return it == sparse_.end() ? 0 : it->second;
}

std::uint32_t PairCounts::increment(int src, int dst) {
  std::uint32_t& count = dense_ ? dense_.get()[key(src, dst)] : sparse_[key(src, dst)];
  return count++;
}

}  // namespace mcsim
