// The hyper-crossbar family (the CP-PACS network): nodes on an X x Y x Z grid, a crossbar switch
// along every line parallel to an axis, each node joined to its three crossbars through an
// exchanger. A message crosses one crossbar per dimension in which source and target differ, in a
// fixed dimension order, turning at the intermediate nodes' exchangers.
//
// Vertices: nodes 0..N-1 (id = x + X (y + Y z)), then the crossbars, dimension by dimension (x
// lines from N, then y lines, then z lines; a line is numbered by the node's two other
// coordinates). Links: each node has one link into and one out of each of its three crossbars,
// numbered in blocks of N by the order the dimensions are crossed (into the first dimension's
// crossbars by source node, out of them by target node, into the second's, ...), so every route
// claims increasing link numbers: no cycle of channel dependencies, one VC per link.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "topology_family.hpp"

namespace mcsim {

class HyperCrossbar final : public TopologyFamily {
 public:
  // `order` is a permutation of {0, 1, 2} (0 = x): the dimension crossed first, second, third.
  HyperCrossbar(std::array<int, 3> shape, std::array<int, 3> order);
  // Shape keys `shape` = [X, Y, Z] (sides 1 to 64) and `order` ("xyz", a permutation).
  static HyperCrossbar from_shape(const ShapeRecords& shape, int nodes);

  std::string family() const override { return "hyper-crossbar"; }
  std::string describe() const override;
  int nodes() const override { return nodes_; }
  int vertex_count() const override { return crossbar_base_[2] + nodes_ / shape_[2]; }
  int link_count() const override { return 6 * nodes_; }
  std::pair<int, int> link_ends(int link) const override;
  int virtual_channels() const override { return 1; }
  Route route(int src, int dst) const override;
  int link_dimension(int link) const override;  // the dimension of the crossbar it joins (0 = x)
  NetworkLayout layout() const override { return NetworkLayout::crossbars; }
  std::vector<int> grid_sides() const override { return {shape_[0], shape_[1], shape_[2]}; }

 private:
  std::array<int, 3> coordinates(int node) const;
  int node_at(const std::array<int, 3>& c) const;
  int crossbar_of(int node, int d) const;  // the crossbar vertex on dimension d through `node`

  std::array<int, 3> shape_;
  std::array<int, 3> order_;
  std::array<int, 3> position_;        // position_[d]: when dimension d is crossed
  std::array<int, 3> crossbar_base_;   // first crossbar vertex of dimension d
  int nodes_;
};

// "xyz" -> {0, 1, 2}; throws mcsim::Error (at `where`) unless a permutation of x, y, z.
std::array<int, 3> dimension_order(const std::string& text, const std::string& where);
// "4x4x4" -> {4, 4, 4}; throws mcsim::Error (at `where`) unless three positive integers.
std::array<int, 3> grid_shape(const std::string& text, const std::string& where);

}  // namespace mcsim
