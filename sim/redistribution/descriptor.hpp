// Local data descriptors (LDDs) of a one-dimensional block-cyclic distribution and their
// intersection: Guo and Pan, "Improving communication scheduling for array redistribution",
// JPDC 65 (2005), sec. 2.1 (definition of the LDD, Lemma 1, Formula (2)).
#pragma once

#include <cstdint>
#include <limits>

namespace mcsim::redistribution {

// d = (o, b, s, n): n blocks of b consecutive global indices, the first starting at o, each next
// one s further on. S[d] = { i | o + s*u <= i < o + b + s*u, 0 <= u < n }.
struct LocalDataDescriptor {
  std::int64_t o = 0;
  std::int64_t b = 0;
  std::int64_t s = 0;
  std::int64_t n = 0;
};

// What processor `proc` of `procs` owns of cyclic(block) within [0, slice): o = proc*block,
// b = block, s = block*procs, n = ceil((slice - o) / s) blocks (the last may be cut by `limit`).
LocalDataDescriptor cyclic_descriptor(std::int64_t block, int procs, int proc, std::int64_t slice);

// |S[d1] ∩ S[d2] ∩ [0, limit)|: Formula (2) of Lemma 1, the sum over block pairs (u1, u2) of
// min(ends) - max(starts) where positive. Blocks of both descriptors come in increasing order, so
// the pairs that overlap are found by one merge pass instead of all n1*n2 pairs.
std::int64_t intersection_size(const LocalDataDescriptor& d1, const LocalDataDescriptor& d2,
                               std::int64_t limit = std::numeric_limits<std::int64_t>::max());

// Lemma 1, condition (1): the two index sets share an element.
inline bool intersects(const LocalDataDescriptor& d1, const LocalDataDescriptor& d2) {
  return intersection_size(d1, d2) > 0;
}

}  // namespace mcsim::redistribution
