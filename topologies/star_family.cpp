#include "star_family.hpp"

#include <fmt/format.h>

#include "../sim/core/error.hpp"

namespace mcsim {

SwitchedStar::SwitchedStar(int nodes) : nodes_(nodes) {
  if (nodes < 2) throw Error("topology.shape", fmt::format("a star needs 2 nodes or more, not {}", nodes));
}

std::string SwitchedStar::describe() const { return fmt::format("{} nodes on one switch", nodes_); }

std::pair<int, int> SwitchedStar::link_ends(int link) const {
  if (link < 0 || link >= link_count()) throw Error("star", fmt::format("no link {}", link));
  if (link < nodes_) return {link, nodes_};
  return {nodes_, link - nodes_};
}

Route SwitchedStar::route(int src, int dst) const {
  if (src < 0 || dst < 0 || src >= nodes_ || dst >= nodes_)
    throw Error("star", fmt::format("no route {} -> {} on {} nodes", src, dst, nodes_));
  if (src == dst) return {};
  return {{src, 0}, {nodes_ + dst, 0}};
}

}  // namespace mcsim
