// A list axis names each value once. A scenario's or sweep's axis (node counts, densities, message
// units, machines, ...) that repeats a value ran the same tasks again and printed the same rows:
// nodes = [32] with 2,000 copies of density = 2 ran 2,000 identical tasks (16.7 s user + 6.3 s sys,
// 2,000 identical CSV lines; issue 46). Readers refuse the repeat where it stands.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace mcsim {

// The index of the first of `values` equal to one before it, or nullopt when all differ. Values are
// compared as shown (a number by its shortest exact text), in one pass: a list may hold ~10^5 items.
inline std::optional<std::size_t> first_repeat(const std::vector<std::string>& values) {
  std::unordered_set<std::string> seen;
  for (std::size_t k = 0; k < values.size(); ++k)
    if (!seen.insert(values[k]).second) return k;
  return std::nullopt;
}

}  // namespace mcsim
