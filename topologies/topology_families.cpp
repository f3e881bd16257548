// The registry of topology families by the name a machine file gives in [topology] family, and
// what every family shares.
#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../sim/core/error.hpp"
#include "k_ary_n_cube.hpp"
#include "node_path_family.hpp"
#include "topology_family.hpp"

namespace mcsim {

namespace {

using FamilyMaker = std::function<std::unique_ptr<TopologyFamily>(const ShapeRecords&, int)>;

const std::map<std::string, FamilyMaker>& families() {
  static const std::map<std::string, FamilyMaker> registry = {
      {"k-ary-n-cube",
       [](const ShapeRecords& shape, int nodes) {
         return std::make_unique<KAryNCube>(KAryNCube::from_shape(shape, nodes));
       }},
      {"hyper-crossbar", make_hyper_crossbar_family},
      {"star", make_switched_star_family},
  };
  return registry;
}

}  // namespace

NodePath route_nodes(const TopologyFamily& family, int src, const Route& route) {
  NodePath path{src};
  for (const RouteChannel& channel : route) path.push_back(family.link_ends(channel.link).second);
  return path;
}

std::unique_ptr<TopologyFamily> make_topology_family(const std::string& name, const ShapeRecords& shape, int nodes) {
  const auto& registry = families();
  const auto found = registry.find(name);
  if (found == registry.end())
    throw Error("topology.family", fmt::format("unknown family \"{}\" (known: {})", name,
                                               fmt::join(topology_family_names(), ", ")));
  return found->second(shape, nodes);
}

std::vector<std::string> topology_family_names() {
  std::vector<std::string> names;
  for (const auto& [name, maker] : families()) names.push_back(name);
  return names;
}

}  // namespace mcsim
