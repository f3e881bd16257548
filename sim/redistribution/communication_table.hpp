// The communication table M of a redistribution from cyclic(x) on p source processors to cyclic(y)
// on q target processors: Guo and Pan 2005, sec. 2.1, Formula (3), over the slice L = lcm(xp, yq),
// after which the pattern repeats (sec. 1), and for any global array size.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../core/comm_matrix.hpp"

namespace mcsim::redistribution {

struct Redistribution {
  std::int64_t x = 1;  // source block size: cyclic(x)
  int p = 1;           // source processors P_0 .. P_(p-1)
  std::int64_t y = 1;  // target block size: cyclic(y)
  int q = 1;           // target processors Q_0 .. Q_(q-1)

  // Throws mcsim::Error unless x, y, p, q are positive (and the slice fits in 64 bits).
  void check(const std::string& where) const;
  std::int64_t slice() const;  // L = lcm(xp, yq)
  // Formulas (4) and (5): the owner and local address of global element g.
  int source_of(std::int64_t g) const { return static_cast<int>((g / x) % p); }
  int target_of(std::int64_t g) const { return static_cast<int>((g / y) % q); }
  // Lemma 2's reduction: x and y divided by z = gcd(x, y); M = z * M(reduced).
  Redistribution reduced() const;
  std::string name() const;  // "cyclic(4) on 5 -> cyclic(3) on 5"
};

// M(i, j): elements P_i sends to Q_j. Self pairs (P_i and Q_i are one processor when both sets
// are numbered from 0) are kept: they are local copies, and the paper's tables show them.
class CommunicationTable {
 public:
  CommunicationTable(int p, int q) : p_(p), q_(q), counts_(static_cast<std::size_t>(p) * q, 0) {}
  int p() const { return p_; }
  int q() const { return q_; }
  std::int64_t operator()(int i, int j) const { return counts_[static_cast<std::size_t>(i) * q_ + j]; }
  std::int64_t& at(int i, int j) { return counts_[static_cast<std::size_t>(i) * q_ + j]; }
  std::int64_t row_sum(int i) const;
  std::int64_t column_sum(int j) const;
  int messages_of(int i) const;  // K_i: non-zero entries of row i
  friend bool operator==(const CommunicationTable&, const CommunicationTable&) = default;

 private:
  int p_, q_;
  std::vector<std::int64_t> counts_;
};

// Formula (3) over one slice L: M(i, j) = |S[d_i] ∩ S[d_j]| (Lemma 1).
CommunicationTable communication_table(const Redistribution& r);
// The same for a global array of `global_size` elements (any size, not only multiples of L):
// whole slices times the slice table, plus the intersections within the last partial slice.
CommunicationTable communication_table(const Redistribution& r, std::int64_t global_size);

// The messages of redistributing `global_size` elements of `element_bytes` bytes, as a matrix on
// `nodes` nodes (P_i and Q_i are node i): every non-zero M(i, j) with i != j; P_i's part for Q_i
// is a local copy and stays off the network. Throws mcsim::Error if max(p, q) > nodes.
CommMatrix redistribution_matrix(const Redistribution& r, std::int64_t global_size, int element_bytes, int nodes);

}  // namespace mcsim::redistribution
