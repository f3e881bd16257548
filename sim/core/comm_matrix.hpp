// The communication matrix: which node sends how many bytes to which node.
//
// The papers write COM(i, j) = 1 when P_j sends to P_i (columns are senders). mcsim keeps the
// sparse form as (src, dst, bytes) entries, sorted by (src, dst), one entry per ordered pair.
#pragma once

#include <cstdint>
#include <vector>

namespace mcsim {

struct MatrixEntry {
  int src = 0;
  int dst = 0;
  std::uint64_t bytes = 0;
  friend bool operator==(const MatrixEntry&, const MatrixEntry&) = default;
};

class CommMatrix {
 public:
  CommMatrix() = default;
  // Validates (nodes > 0, endpoints in range, no self-message, no repeated pair, bytes > 0)
  // and sorts. Throws mcsim::Error naming the offending entry.
  CommMatrix(int nodes, std::vector<MatrixEntry> entries);

  int nodes() const { return nodes_; }
  const std::vector<MatrixEntry>& entries() const { return entries_; }
  std::size_t size() const { return entries_.size(); }

  std::uint64_t bytes(int src, int dst) const;  // 0 where no message
  int sends_of(int node) const { return send_count_[node]; }
  int receives_of(int node) const { return receive_count_[node]; }
  int max_sends() const;
  int max_receives() const;
  double mean_degree() const { return nodes_ ? static_cast<double>(size()) / nodes_ : 0.0; }
  std::uint64_t total_bytes() const;

  // The same pattern with every message multiplied by `unit` (the papers' msg_unit).
  CommMatrix scaled(std::uint64_t unit) const;

 private:
  int nodes_ = 0;
  std::vector<MatrixEntry> entries_;
  std::vector<int> send_count_;
  std::vector<int> receive_count_;
};

}  // namespace mcsim
