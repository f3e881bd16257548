#include "comm_matrix.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "checked_number.hpp"
#include "error.hpp"

namespace mcsim {

CommMatrix::CommMatrix(int nodes, std::vector<MatrixEntry> entries)
    : nodes_(nodes), entries_(std::move(entries)), send_count_(nodes > 0 ? nodes : 0, 0),
      receive_count_(nodes > 0 ? nodes : 0, 0) {
  if (nodes <= 0) throw Error("matrix", fmt::format("node count must be positive, got {}", nodes));
  for (const auto& e : entries_) {
    if (e.src < 0 || e.src >= nodes || e.dst < 0 || e.dst >= nodes)
      throw Error("matrix", fmt::format("message {} -> {} names a node outside 0..{}", e.src, e.dst, nodes - 1));
    if (e.src == e.dst) throw Error("matrix", fmt::format("message {} -> {} is sent to itself", e.src, e.dst));
    if (e.bytes == 0) throw Error("matrix", fmt::format("message {} -> {} has 0 bytes", e.src, e.dst));
    if (e.bytes > max_message_bytes)
      throw Error("matrix", fmt::format("message {} -> {} has {} bytes, more than the {} (2^40) mcsim simulates", e.src,
                                        e.dst, e.bytes, max_message_bytes));
  }
  std::sort(entries_.begin(), entries_.end(),
            [](const MatrixEntry& a, const MatrixEntry& b) { return std::tie(a.src, a.dst) < std::tie(b.src, b.dst); });
  for (std::size_t i = 1; i < entries_.size(); ++i)
    if (entries_[i].src == entries_[i - 1].src && entries_[i].dst == entries_[i - 1].dst)
      throw Error("matrix", fmt::format("message {} -> {} appears twice", entries_[i].src, entries_[i].dst));
  for (const auto& e : entries_) {
    ++send_count_[e.src];
    ++receive_count_[e.dst];
  }
}

std::uint64_t CommMatrix::bytes(int src, int dst) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), std::pair{src, dst},
                             [](const MatrixEntry& e, std::pair<int, int> key) {
                               return std::tie(e.src, e.dst) < std::tie(key.first, key.second);
                             });
  return (it != entries_.end() && it->src == src && it->dst == dst) ? it->bytes : 0;
}

int CommMatrix::max_sends() const {
  return send_count_.empty() ? 0 : *std::max_element(send_count_.begin(), send_count_.end());
}

int CommMatrix::max_receives() const {
  return receive_count_.empty() ? 0 : *std::max_element(receive_count_.begin(), receive_count_.end());
}

std::uint64_t CommMatrix::total_bytes() const {
  return std::accumulate(entries_.begin(), entries_.end(), std::uint64_t{0},
                         [](std::uint64_t sum, const MatrixEntry& e) { return sum + e.bytes; });
}

CommMatrix CommMatrix::scaled(std::uint64_t unit) const {
  if (unit == 0) throw Error("matrix", "msg_unit must be positive");
  CommMatrix copy = *this;
  for (auto& e : copy.entries_)
    e.bytes = message_bytes(e.bytes, unit, fmt::format("msg_unit {}: message {} -> {}", unit, e.src, e.dst));
  return copy;
}

}  // namespace mcsim
