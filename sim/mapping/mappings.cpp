#include "mappings.hpp"

#include <fmt/format.h>

#include "binomial_tree.hpp"
#include "growing.hpp"
#include "reflecting.hpp"
#include "row_major.hpp"
#include "sim/core/error.hpp"

namespace mcsim {

const std::vector<MappingEntry>& mapping_registry() {
  static const std::vector<MappingEntry> registry{
      {"reflecting", "Lo et al. 1992 Definition 7: copies reflected alternately about vertical and horizontal axes",
       reflecting_mapping},
      {"growing", "Lo et al. 1992 Definition 8: leaves grown East/West, then North/South, with uniform dilation",
       growing_mapping},
      {"row-major", "baseline (not in the paper): post-order label t on mesh node t, row by row",
       [](int n) {
         if (n < 0 || n > max_binomial_order)
           throw Error("row-major mapping", fmt::format("B({}) is outside B(0) .. B({})", n, max_binomial_order));
         return row_major_mapping(1 << n);
       }},
  };
  return registry;
}

const MappingEntry& find_mapping(std::string_view name, std::string_view where) {
  std::vector<std::string> names;
  for (const auto& entry : mapping_registry()) {
    if (entry.name == name) return entry;
    names.push_back(entry.name);
  }
  throw Error(std::string(where), fmt::format("unknown mapping '{}' (known: {})", name, fmt::join(names, ", ")));
}

}  // namespace mcsim
