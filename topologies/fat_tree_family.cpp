#include "fat_tree_family.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../sim/core/error.hpp"

namespace mcsim {

namespace {

// The first vertex of `level` (1..levels + 1): the nodes, then every switch of the levels below.
std::size_t first_vertex(const FatTreeShape& shape, int level) {
  std::size_t below = static_cast<std::size_t>(shape.nodes());
  for (int l = 1; l < level; ++l) below += shape.elements(l);
  return below;
}

}  // namespace

int FatTree::vertex(int level, std::size_t group, std::size_t copy) const {
  if (level == 0) return static_cast<int>(group);
  return static_cast<int>(first_vertex(shape_, level) + group * shape_.copies(level) + copy);
}

// Not vertex(levels + 1, 0, 0): copies(levels + 1) would read a level the tree does not have.
int FatTree::vertex_count() const { return static_cast<int>(first_vertex(shape_, shape_.levels() + 1)); }

std::string FatTree::describe() const {
  std::vector<int> parents;
  for (int l = 1; l <= shape_.levels(); ++l) parents.push_back(shape_.parents(l));
  return fmt::format("{}-ary fat tree of {} nodes, {} levels, parents {}, {} up-links", shape_.arity(), nodes(),
                     shape_.levels(), fmt::join(parents, ","),
                     up_links_->name);
}

std::pair<int, int> FatTree::link_ends(int link) const {
  const auto wires = shape_.wire_count();
  if (link < 0 || static_cast<std::size_t>(link) >= 2 * wires) throw Error("fat-tree", fmt::format("no link {}", link));
  const bool up = static_cast<std::size_t>(link) < wires;
  const std::size_t wire = up ? static_cast<std::size_t>(link) : 2 * wires - 1 - static_cast<std::size_t>(link);
  int level = 1;
  while (shape_.wire_offset(level + 1) <= wire) ++level;
  const std::size_t index = wire - shape_.wire_offset(level);
  const auto w = static_cast<std::size_t>(shape_.parents(level));
  const std::size_t element = index / w, port = index % w;
  const std::size_t group = element / shape_.copies(level - 1), copy = element % shape_.copies(level - 1);
  const int lower = vertex(level - 1, group, copy);
  const int upper = vertex(level, group / static_cast<std::size_t>(shape_.arity()), copy * w + port);
  return up ? std::pair{lower, upper} : std::pair{upper, lower};
}

Route FatTree::route_with(int src, int dst, const UplinkChooser& choose) const {
  if (src < 0 || dst < 0 || src >= nodes() || dst >= nodes())
    throw Error("fat-tree", fmt::format("no route {} -> {} on {} nodes", src, dst, nodes()));
  return fat_tree_route(shape_, src, dst, choose);
}

FatTree FatTree::from_shape(const ShapeRecords& shape, int nodes) {
  const ParameterRecord* arity = nullptr;
  const ParameterRecord* parents = nullptr;
  const ParameterRecord* up_links = nullptr;
  for (const ParameterRecord* p : shape) {
    if (p->path == "topology.shape.arity") arity = p;
    if (p->path == "topology.shape.parents_per_level") parents = p;
    if (p->path == "topology.shape.up_links") up_links = p;
  }
  if (!arity || !parents || !up_links)
    throw Error("topology.shape", "a fat tree needs `arity`, `parents_per_level` and `up_links`");
  auto place = [](const ParameterRecord* p) { return p->where + " (" + p->path + ")"; };
  if (arity->value != static_cast<int>(arity->value) || arity->value < 2 || arity->value > 64)
    throw Error(place(arity), "arity must be a whole number from 2 to 64");
  const RoutePolicy& policy = find_route_policy(up_links->text, RoutedFamily::fat_tree, place(up_links));
  const int k = static_cast<int>(arity->value);
  int levels = 0;
  for (long long span = 1; span < nodes; span *= k) ++levels;
  std::vector<int> w;
  if (parents->kind == ParameterRecord::Kind::derived) {
    if (parents->rule != "cm5-parents-per-level")
      throw Error(place(parents), fmt::format("unknown rule \"{}\" (known: cm5-parents-per-level)", parents->rule));
    w = cm5_parents_per_level(levels);
  } else {
    for (double v : parents->values) {
      if (v != static_cast<int>(v) || v < 1 || v > 64) throw Error(place(parents), "parents must be whole, 1 to 64");
      w.push_back(static_cast<int>(v));
    }
  }
  if (nodes < 2 || static_cast<int>(w.size()) < levels)
    throw Error(place(parents), fmt::format("{} nodes need {} levels of parents, {} given", nodes, levels, w.size()));
  return {FatTreeShape(nodes, k, w), policy.name};
}

std::vector<int> cm5_parents_per_level(int levels) {
  std::vector<int> w;
  for (int level = 1; level <= levels; ++level) w.push_back(level <= 3 ? 2 : 4);
  return w;
}

double per_node_bandwidth_beyond(const FatTreeShape& shape, double wire_bandwidth_Bps, int level) {
  std::size_t span = 1;
  for (int l = 0; l < level; ++l) span *= static_cast<std::size_t>(shape.arity());
  const std::size_t up_wires = shape.copies(level) * static_cast<std::size_t>(shape.parents(level + 1));
  return static_cast<double>(up_wires) * wire_bandwidth_Bps / static_cast<double>(span);
}

}  // namespace mcsim
