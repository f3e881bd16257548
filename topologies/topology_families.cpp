// The registry of topology families by the name a machine file gives in [topology] family, and
// what every family shares.
#include <algorithm>
#include <functional>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../sim/core/error.hpp"
#include "fat_tree_family.hpp"
#include "k_ary_n_cube.hpp"
#include "hyper_crossbar_routes.hpp"
#include "star_family.hpp"
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
      {"fat-tree",
       [](const ShapeRecords& shape, int nodes) {
         return std::make_unique<FatTree>(FatTree::from_shape(shape, nodes));
       }},
      {"hyper-crossbar",
       [](const ShapeRecords& shape, int nodes) {
         return std::make_unique<HyperCrossbar>(HyperCrossbar::from_shape(shape, nodes));
       }},
      {"star", [](const ShapeRecords& /*node counts only*/, int nodes) { return std::make_unique<SwitchedStar>(nodes); }},
  };
  return registry;
}

// The node-count keys every family may give: `min_nodes`, `max_nodes`, `node_counts` =
// "powers-of-two". Checked before the family reads its own keys, so each says it the same way.
void check_node_count(const ShapeRecords& shape, int nodes) {
  for (const ParameterRecord* p : shape) {
    const std::string place = p->where + " (" + p->path + ")";
    if (p->path == "topology.shape.min_nodes" && nodes < p->value)
      throw Error(place, fmt::format("cannot take {} nodes: fewer than {}", nodes, p->value));
    if (p->path == "topology.shape.max_nodes" && nodes > p->value)
      throw Error(place, fmt::format("cannot take {} nodes: more than {}", nodes, p->value));
    if (p->path == "topology.shape.node_counts") {
      if (p->text != "powers-of-two") throw Error(place, fmt::format("unknown node count rule \"{}\"", p->text));
      if (nodes < 1 || (nodes & (nodes - 1)) != 0)
        throw Error(place, fmt::format("cannot take {} nodes: not a power of two", nodes));
    }
  }
}

}  // namespace

std::vector<int> route_nodes(const TopologyFamily& family, int src, const Route& route) {
  std::vector<int> path{src};
  for (const RouteChannel& channel : route) path.push_back(family.link_ends(channel.link).second);
  return path;
}

std::unique_ptr<TopologyFamily> make_topology_family(const std::string& name, const ShapeRecords& shape, int nodes,
                                                     const std::string& where) {
  const auto& registry = families();
  const auto found = registry.find(name);
  if (found == registry.end())
    throw Error(where, fmt::format("unknown family \"{}\" (known: {})", name,
                                               fmt::join(topology_family_names(), ", ")));
  check_node_count(shape, nodes);
  return found->second(shape, nodes);
}

std::vector<std::string> topology_family_names() {
  std::vector<std::string> names;
  for (const auto& [name, maker] : families()) names.push_back(name);
  return names;
}

}  // namespace mcsim
