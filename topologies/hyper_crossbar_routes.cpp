#include "hyper_crossbar_routes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "../sim/core/error.hpp"

namespace mcsim {

HyperCrossbarChannels::HyperCrossbarChannels(std::array<int, 3> shape, std::array<int, 3> order)
    : shape_(shape), order_(order), nodes_(shape[0] * shape[1] * shape[2]) {
  for (int k = 0; k < 3; ++k) position_[static_cast<std::size_t>(order_[k])] = k;
  int base = nodes_;
  for (int d = 0; d < 3; ++d) {
    crossbar_base_[d] = base;
    base += nodes_ / shape_[d];  // one crossbar per line along d
  }
}

std::array<int, 3> HyperCrossbarChannels::coordinates(int node) const {
  return {node % shape_[0], (node / shape_[0]) % shape_[1], node / (shape_[0] * shape_[1])};
}

int HyperCrossbarChannels::node_at(const std::array<int, 3>& c) const { return c[0] + shape_[0] * (c[1] + shape_[1] * c[2]); }

int HyperCrossbarChannels::crossbar_of(int node, int d) const {
  const auto c = coordinates(node);
  // The line's number: the node's two other coordinates.
  const int a = d == 0 ? 1 : 0, b = d == 2 ? 1 : 2;
  return crossbar_base_[d] + c[a] + shape_[a] * c[b];
}

int HyperCrossbarChannels::dimension_of_crossbar(int vertex) const {
  for (int d = 2; d >= 0; --d)
    if (vertex >= crossbar_base_[d]) return d;
  return -1;
}

std::vector<int> HyperCrossbarChannels::route_path(int src, int dst) const {
  std::vector<int> path = {src};
  auto at = coordinates(src);
  const auto target = coordinates(dst);
  for (int d : order_) {
    if (at[d] == target[d]) continue;
    path.push_back(crossbar_of(node_at(at), d));
    at[d] = target[d];
    path.push_back(node_at(at));
  }
  return path;
}

int HyperCrossbarChannels::channel_index(int from, int to) const {
  if (from < 0 || to < 0) return -1;
  if (from < nodes_ && to >= nodes_) {  // into a crossbar
    const int d = dimension_of_crossbar(to);
    if (d < 0 || crossbar_of(from, d) != to) return -1;
    return (2 * position_[d]) * nodes_ + from;
  }
  if (from >= nodes_ && to < nodes_) {  // out of a crossbar
    const int d = dimension_of_crossbar(from);
    if (d < 0 || crossbar_of(to, d) != from) return -1;
    return (2 * position_[d] + 1) * nodes_ + to;
  }
  return -1;
}

std::pair<int, int> HyperCrossbarChannels::channel_ends(int channel) const {
  const int block = channel / nodes_, node = channel % nodes_;
  const int d = order_[block / 2];
  if (block % 2 == 0) return {node, crossbar_of(node, d)};
  return {crossbar_of(node, d), node};
}

std::array<int, 3> dimension_order(const std::string& text, const std::string& where) {
  std::array<int, 3> order{};
  std::string sorted = text;
  std::sort(sorted.begin(), sorted.end());
  if (text.size() != 3 || sorted != "xyz")
    throw Error(where, fmt::format("dimension order '{}' is not a permutation of xyz", text));
  for (int k = 0; k < 3; ++k) order[k] = text[k] - 'x';
  return order;
}

std::array<int, 3> grid_shape(const std::string& text, const std::string& where) {
  std::array<int, 3> shape{};
  std::istringstream in(text);
  char x1 = 0, x2 = 0;
  if (!(in >> shape[0] >> x1 >> shape[1] >> x2 >> shape[2]) || x1 != 'x' || x2 != 'x' || !in.eof() ||
      std::min({shape[0], shape[1], shape[2]}) < 1 || shape[0] > 64 || shape[1] > 64 || shape[2] > 64)
    throw Error(where, fmt::format("shape '{}' is not AxBxC with sides 1..64", text));
  return shape;
}

}  // namespace mcsim
