// Routes of a 3-D hyper-crossbar (the CP-PACS network): nodes on an X x Y x Z grid, a crossbar
// switch along every line parallel to an axis, each node joined to its three crossbars through an
// exchanger. A message crosses one crossbar per dimension in which source and target differ, in a
// fixed dimension order, turning at the intermediate nodes' exchangers.
//
// As ChannelRoutes: nodes are 0..N-1 (id = x + X (y + Y z)); every crossbar is an extra vertex
// N + (its number); each node has one channel into and one out of each of its three crossbars.
// Channels are numbered in blocks (out of the first dimension's crossbars, into them, out of the
// second's, ...) so that every route claims increasing numbers.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "../sim/core/channel_routes.hpp"

namespace mcsim {

class HyperCrossbarChannels final : public ChannelRoutes {
 public:
  // `order` is a permutation of {0, 1, 2} (0 = x): the dimension crossed first, second, third.
  HyperCrossbarChannels(std::array<int, 3> shape, std::array<int, 3> order);

  std::vector<int> route_path(int src, int dst) const override;
  int channel_count() const override { return 6 * nodes_; }
  int channel_index(int from, int to) const override;
  std::pair<int, int> channel_ends(int channel) const override;

  int nodes() const { return nodes_; }
  // The crossbar vertex on dimension d through `node`.
  int crossbar_of(int node, int d) const;

 private:
  std::array<int, 3> coordinates(int node) const;
  int node_at(const std::array<int, 3>& c) const;
  int dimension_of_crossbar(int vertex) const;

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
