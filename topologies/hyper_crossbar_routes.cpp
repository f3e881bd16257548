#include "hyper_crossbar_routes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "../sim/core/error.hpp"

namespace mcsim {

HyperCrossbar::HyperCrossbar(std::array<int, 3> shape, std::array<int, 3> order)
    : shape_(shape), order_(order), nodes_(shape[0] * shape[1] * shape[2]) {
  if (std::min({shape[0], shape[1], shape[2]}) < 1 || std::max({shape[0], shape[1], shape[2]}) > 64)
    throw Error("hyper-crossbar", fmt::format("shape {}x{}x{}: sides must be 1 to 64", shape[0], shape[1], shape[2]));
  for (int k = 0; k < 3; ++k) position_[static_cast<std::size_t>(order_[k])] = k;
  int base = nodes_;
  for (int d = 0; d < 3; ++d) {
    crossbar_base_[d] = base;
    base += nodes_ / shape_[d];  // one crossbar per line along d
  }
}

std::string HyperCrossbar::describe() const {
  std::string order;
  for (int d : order_) order += static_cast<char>('x' + d);
  return fmt::format("{} x {} x {} hyper-crossbar, order {}, 1 VC per link", shape_[0], shape_[1], shape_[2], order);
}

std::array<int, 3> HyperCrossbar::coordinates(int node) const {
  return {node % shape_[0], (node / shape_[0]) % shape_[1], node / (shape_[0] * shape_[1])};
}

int HyperCrossbar::node_at(const std::array<int, 3>& c) const { return c[0] + shape_[0] * (c[1] + shape_[1] * c[2]); }

int HyperCrossbar::crossbar_of(int node, int d) const {
  const auto c = coordinates(node);
  // The line's number: the node's two other coordinates.
  const int a = d == 0 ? 1 : 0, b = d == 2 ? 1 : 2;
  return crossbar_base_[d] + c[a] + shape_[a] * c[b];
}

Route HyperCrossbar::route(int src, int dst) const {
  if (src < 0 || dst < 0 || src >= nodes_ || dst >= nodes_)
    throw Error("hyper-crossbar", fmt::format("no route {} -> {} on {} nodes", src, dst, nodes_));
  Route route;
  auto at = coordinates(src);
  const auto target = coordinates(dst);
  for (int d : order_) {
    if (at[d] == target[d]) continue;
    const int block = 2 * position_[d];
    route.push_back({block * nodes_ + node_at(at), 0});  // into the crossbar of this line
    at[d] = target[d];
    route.push_back({(block + 1) * nodes_ + node_at(at), 0});  // out of it, to the turning node
  }
  return route;
}

std::pair<int, int> HyperCrossbar::link_ends(int link) const {
  if (link < 0 || link >= link_count()) throw Error("hyper-crossbar", fmt::format("no link {}", link));
  const int block = link / nodes_, node = link % nodes_;
  const int d = order_[block / 2];
  if (block % 2 == 0) return {node, crossbar_of(node, d)};
  return {crossbar_of(node, d), node};
}

int HyperCrossbar::link_dimension(int link) const {
  if (link < 0 || link >= link_count()) throw Error("hyper-crossbar", fmt::format("no link {}", link));
  return order_[link / nodes_ / 2];
}

namespace {

const ParameterRecord& required(const ShapeRecords& shape, const std::string& key) {
  for (const ParameterRecord* p : shape)
    if (p->path == "topology.shape." + key) return *p;
  throw Error("topology.shape", fmt::format("a hyper-crossbar needs `{}`", key));
}

std::string place(const ParameterRecord& p) { return p.where + " (" + p.path + ")"; }

}  // namespace

HyperCrossbar HyperCrossbar::from_shape(const ShapeRecords& shape, int nodes) {
  const ParameterRecord& sides = required(shape, "shape");
  const ParameterRecord& order = required(shape, "order");
  if (sides.values.size() != 3) throw Error(place(sides), "needs three sides [X, Y, Z]");
  std::array<int, 3> grid{};
  for (int d = 0; d < 3; ++d) {
    const double v = sides.values[d];
    if (v != static_cast<double>(static_cast<int>(v)) || v < 1 || v > 64)
      throw Error(place(sides), fmt::format("side {} is not a whole number from 1 to 64", v));
    grid[d] = static_cast<int>(v);
  }
  if (grid[0] * grid[1] * grid[2] != nodes)
    throw Error(place(sides), fmt::format("shape {}x{}x{} has {} processors, not {}", grid[0], grid[1], grid[2],
                                          grid[0] * grid[1] * grid[2], nodes));
  return HyperCrossbar(grid, dimension_order(order.text, place(order)));
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
