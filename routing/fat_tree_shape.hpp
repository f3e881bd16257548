// The shape of a fat tree as a generalized fat tree XGFT(h; m, ..., m; w_1, ..., w_h)
// (Ohring, Ibel, Das, Kumar, "On generalized fat trees", IPPS 1995): nodes are the leaves
// (level 0), every switch has `arity` children, and every element of level l-1 has w_l parents
// at level l, joined to it by one full-duplex wire each.
//
// Naming: the elements of level l form groups(l) subtrees of arity^l nodes; each group has
// copies(l) = w_1 * ... * w_l switches. Element (group g, copy c) of level l-1 goes up through
// port b to switch (g / arity, c * w_l + b) of level l. Down paths are therefore unique once the
// top switch is chosen: copy c at level l came from copy c / w_l below, through port c % w_l.
#pragma once

#include <cstddef>
#include <vector>

namespace mcsim {

class FatTreeShape {
 public:
  // parents_per_level[l-1] = w_l for l = 1..levels; levels is the smallest h with arity^h >= nodes.
  // Throws mcsim::Error if the list is shorter than the tree needs or a count is below 1.
  FatTreeShape(int nodes, int arity, std::vector<int> parents_per_level);

  int nodes() const { return nodes_; }
  int arity() const { return arity_; }
  int levels() const { return levels_; }
  int parents(int level) const { return parents_[static_cast<std::size_t>(level - 1)]; }  // w_level, level >= 1

  std::size_t groups(int level) const;  // subtrees of arity^level nodes (level 0: the nodes)
  std::size_t copies(int level) const;  // switches per group at `level` (1 at level 0)
  std::size_t elements(int level) const { return groups(level) * copies(level); }

  // Wires between level-1 and level; their ids are contiguous from wire_offset(level).
  std::size_t wires(int level) const { return elements(level - 1) * static_cast<std::size_t>(parents(level)); }
  std::size_t wire_offset(int level) const;
  std::size_t wire_count() const { return wire_offset(levels_ + 1); }
  // The wire from element (group, copy) of level-1 up through `port` to level.
  std::size_t wire_id(int level, std::size_t group, std::size_t copy, int port) const;
  // The fat-tree family's link numbers (topologies/fat_tree_family.hpp): a wire's up direction has
  // the wire's number, its down direction 2 W - 1 - wire (W wires), so every up link comes before
  // every down link, up links rise with the level and down links with falling level.
  int link_count() const { return static_cast<int>(2 * wire_count()); }
  int up_link(std::size_t wire) const { return static_cast<int>(wire); }
  int down_link(std::size_t wire) const { return static_cast<int>(2 * wire_count() - 1 - wire); }

  // Level of the lowest switch above both nodes (0 if a == b).
  int common_level(int a, int b) const;
  std::size_t group_of(int node, int level) const;

 private:
  int nodes_;
  int arity_;
  int levels_;
  std::vector<int> parents_;
  std::vector<std::size_t> wire_offsets_;  // index level, 1..levels+1
};

}  // namespace mcsim
