#include "fat_tree_shape.hpp"

#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../sim/core/error.hpp"

namespace mcsim {

FatTreeShape::FatTreeShape(int nodes, int arity, std::vector<int> parents_per_level)
    : nodes_(nodes), arity_(arity), levels_(0), parents_(std::move(parents_per_level)) {
  if (nodes < 2) throw Error("fat tree", fmt::format("needs at least 2 nodes, got {}", nodes));
  if (arity < 2) throw Error("fat tree", fmt::format("arity must be at least 2, got {}", arity));
  for (long long span = 1; span < nodes; span *= arity) ++levels_;
  if (parents_.size() < static_cast<std::size_t>(levels_))
    throw Error("fat tree", fmt::format("{} nodes need {} switch levels but parents are given for {}", nodes, levels_,
                                        parents_.size()));
  parents_.resize(static_cast<std::size_t>(levels_));
  for (int w : parents_)
    if (w < 1) throw Error("fat tree", fmt::format("parents per level must be at least 1, got {}", w));
  // links() and the zone number a level's elements and wires with an int: a file asking for more
  // (parents_per_level = 64 at six levels on 64 nodes: 1.4e11 wires) is refused here, counted in
  // floating point before any size_t product could wrap.
  double below = nodes, total_wires = 0;
  for (int level = 1; level <= levels_; ++level) {
    total_wires += below * parents(level);
    below = static_cast<double>(groups(level)) * (below / static_cast<double>(groups(level - 1))) * parents(level);
  }
  if (total_wires > std::numeric_limits<int>::max())
    throw Error("fat tree", fmt::format("{} nodes with parents per level {} make {:.3g} wires, more than a fat tree "
                                        "here may have (2^31 - 1)",
                                        nodes, fmt::join(parents_, ", "), total_wires));
  wire_offsets_.assign(static_cast<std::size_t>(levels_) + 2, 0);
  for (int level = 1; level <= levels_; ++level)
    wire_offsets_[static_cast<std::size_t>(level) + 1] = wire_offsets_[static_cast<std::size_t>(level)] + wires(level);
}

std::size_t FatTreeShape::groups(int level) const {
  std::size_t span = 1;
  for (int l = 0; l < level; ++l) span *= static_cast<std::size_t>(arity_);
  return (static_cast<std::size_t>(nodes_) + span - 1) / span;
}

std::size_t FatTreeShape::copies(int level) const {
  std::size_t c = 1;
  for (int l = 1; l <= level; ++l) c *= static_cast<std::size_t>(parents(l));
  return c;
}

std::size_t FatTreeShape::wire_offset(int level) const { return wire_offsets_[static_cast<std::size_t>(level)]; }

std::size_t FatTreeShape::wire_id(int level, std::size_t group, std::size_t copy, int port) const {
  return wire_offset(level) + (group * copies(level - 1) + copy) * static_cast<std::size_t>(parents(level)) +
         static_cast<std::size_t>(port);
}

std::size_t FatTreeShape::group_of(int node, int level) const {
  std::size_t g = static_cast<std::size_t>(node);
  for (int l = 0; l < level; ++l) g /= static_cast<std::size_t>(arity_);
  return g;
}

int FatTreeShape::common_level(int a, int b) const {
  int level = 0;
  while (group_of(a, level) != group_of(b, level)) ++level;
  return level;
}

}  // namespace mcsim
