// The mappings of B(n) by name, each with a one-line description, for the command line and the
// scenarios (`mcsim draw-mapping --mapping NAME`, scenario key mapping.mappings).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "mesh_mapping.hpp"

namespace mcsim {

struct MappingEntry {
  std::string name;
  std::string description;
  std::function<MeshMapping(int n)> map_binomial_tree;
};

const std::vector<MappingEntry>& mapping_registry();
// Throws mcsim::Error(where, "unknown mapping ...") listing the known names.
const MappingEntry& find_mapping(std::string_view name, std::string_view where);

}  // namespace mcsim
