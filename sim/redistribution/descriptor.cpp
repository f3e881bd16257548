#include "descriptor.hpp"

#include <algorithm>

namespace mcsim::redistribution {

LocalDataDescriptor cyclic_descriptor(std::int64_t block, int procs, int proc, std::int64_t slice) {
  LocalDataDescriptor d;
  d.o = block * proc;
  d.b = block;
  d.s = block * procs;
  d.n = slice > d.o ? (slice - d.o + d.s - 1) / d.s : 0;
  return d;
}

std::int64_t intersection_size(const LocalDataDescriptor& d1, const LocalDataDescriptor& d2, std::int64_t limit) {
  std::int64_t total = 0;
  std::int64_t u1 = 0, u2 = 0;
  while (u1 < d1.n && u2 < d2.n) {
    const std::int64_t start1 = d1.o + d1.s * u1, end1 = std::min(start1 + d1.b, limit);
    const std::int64_t start2 = d2.o + d2.s * u2, end2 = std::min(start2 + d2.b, limit);
    if (start1 >= limit || start2 >= limit) break;
    const std::int64_t overlap = std::min(end1, end2) - std::max(start1, start2);
    if (overlap > 0) total += overlap;
    // The block that ends first cannot meet any later block of the other descriptor.
    if (start1 + d1.b <= start2 + d2.b)
      ++u1;
    else
      ++u2;
  }
  return total;
}

}  // namespace mcsim::redistribution
