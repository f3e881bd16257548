#include "k_ary_n_cube.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../sim/core/error.hpp"

namespace mcsim {

KAryNCube::KAryNCube(KAryNCubeShape shape) : shape_(std::move(shape)) {
  const auto n = shape_.sides.size();
  if (n == 0) throw Error("topology.shape", "a k-ary n-cube needs at least one dimension");
  std::int64_t product = 1;
  for (int side : shape_.sides) {
    if (side < 1 || side > 65536) throw Error("topology.shape", fmt::format("a side of {} nodes (1 to 65536)", side));
    product *= side;
    if (product > 1 << 20) throw Error("topology.shape", "more than 2^20 nodes");
  }
  routers_ = static_cast<int>(product);
  if (shape_.nodes_per_router < 1 || shape_.nodes_per_router > 64)
    throw Error("topology.shape", fmt::format("{} nodes per router (1 to 64)", shape_.nodes_per_router));
  if (shape_.nodes_per_router > 1 && !shape_.interface_links)
    throw Error("topology.shape", "nodes sharing a router reach it through interface links (interface_links = true)");
  nodes_ = routers_ * shape_.nodes_per_router;
  if (nodes_ > 1 << 20) throw Error("topology.shape", "more than 2^20 nodes");
  geometry_ = {shape_.sides, shape_.wrap_around};
  policy_ = &find_route_policy(shape_.routing, RoutedFamily::k_ary_n_cube, "topology.shape (routing)");
  if (const std::string why = policy_->refuses(geometry_); !why.empty())
    throw Error("topology.shape (routing)", why);
  // A ring of 2 has no wrap-around link of its own (it would be the - link); k = 2 is a hypercube.
  if (shape_.wrap_around && std::any_of(shape_.sides.begin(), shape_.sides.end(), [](int s) { return s < 3; }))
    throw Error("topology.shape", "a torus needs every side of 3 or more nodes");
  if (shape_.virtual_channels != 0 && (shape_.virtual_channels < vc_classes() || shape_.virtual_channels > 16))
    throw Error("topology.shape", fmt::format("{} virtual channels per link: a {} needs {} to 16", shape_.virtual_channels,
                                              torus() && shape_.dateline ? "torus (its dateline)" : "mesh",
                                              vc_classes()));
  if (shape_.binary_numbering && std::any_of(shape_.sides.begin(), shape_.sides.end(), [](int s) { return s != 2; }))
    throw Error("topology.shape", "the hypercube numbering needs every side 2");
  stride_.resize(n);
  base_.resize(n + 1);
  int stride = 1, base = 0;
  for (std::size_t d = 0; d < n; ++d) {
    stride_[d] = stride;
    stride *= shape_.sides[d];
    base_[d] = base;
    base += shape_.binary_numbering ? routers_ : 2 * links_per_direction(static_cast<int>(d));
  }
  base_[n] = base;
  link_count_ = base + (shape_.interface_links ? 2 * nodes_ : 0);
}

int KAryNCube::rest(int node, int d) const {
  const int low = node % stride_[d];
  const int high = node / (stride_[d] * shape_.sides[d]);
  return low + stride_[d] * high;
}

int KAryNCube::links_per_direction(int d) const {
  const int k = shape_.sides[d];
  return (torus() ? k : k - 1) * (routers_ / k);
}

std::string KAryNCube::describe() const {
  const std::string kind = shape_.binary_numbering ? "hypercube" : torus() ? "torus" : "mesh";
  std::string text = fmt::format("{} {}, dimension order, {} VC{} per link", fmt::join(shape_.sides, " x "), kind,
                                 virtual_channels(), virtual_channels() == 1 ? "" : "s");
  if (shape_.interface_links)
    text += fmt::format(", {} node{} per router with interface links", shape_.nodes_per_router,
                        shape_.nodes_per_router == 1 ? "" : "s");
  return text;
}

int KAryNCube::link_from(int from, int d, int step) const {
  const int k = shape_.sides[d], c = coordinate(from, d);
  if (shape_.binary_numbering) return (step > 0) == (c == 0) ? base_[d] + from : -1;
  const int per_row = routers_ / k, r = rest(from, d);
  if (step > 0) {
    if (c + 1 < k) return base_[d] + c * per_row + r;
    return torus() ? base_[d] + (k - 1) * per_row + r : -1;
  }
  const int minus = base_[d] + links_per_direction(d);
  if (c > 0) return minus + (k - 1 - c) * per_row + r;
  return torus() ? minus + (k - 1) * per_row + r : -1;
}

int KAryNCube::link_dimension(int link) const {
  if (link < 0 || link >= link_count_) throw Error("k-ary-n-cube", fmt::format("no link {}", link));
  if (link >= base_.back()) return -1;  // an injection or ejection link
  return static_cast<int>(std::upper_bound(base_.begin(), base_.end(), link) - base_.begin()) - 1;
}

NetworkLayout KAryNCube::layout() const {
  if (shape_.interface_links) return NetworkLayout::list;  // the pictures' grids are of nodes
  if (shape_.binary_numbering) return NetworkLayout::dimensions;
  return shape_.sides.size() <= 3 ? NetworkLayout::grid : NetworkLayout::list;
}

std::pair<int, int> KAryNCube::link_ends(int link) const {
  const int d = link_dimension(link);
  if (d < 0) {
    const int index = link - base_.back(), node = index % nodes_;
    const int router = router_vertex(router_of(node));
    return index < nodes_ ? std::pair{node, router} : std::pair{router, node};
  }
  const int k = shape_.sides[d], offset = link - base_[d];
  if (shape_.binary_numbering) return {router_vertex(offset), router_vertex(offset ^ stride_[d])};
  const int per_direction = links_per_direction(d), per_row = routers_ / k;
  const bool plus = offset < per_direction;
  const int index = plus ? offset : offset - per_direction;
  const int j = index / per_row, r = index % per_row;
  const int c = plus ? j : k - 1 - j;
  auto node = [&](int coordinate) {
    return r % stride_[d] + stride_[d] * (coordinate + k * (r / stride_[d]));
  };
  return {router_vertex(node(c)), router_vertex(node(((plus ? c + 1 : c - 1) % k + k) % k))};
}

Route KAryNCube::route(int src, int dst) const {
  if (src < 0 || dst < 0 || src >= nodes_ || dst >= nodes_)
    throw Error("k-ary-n-cube", fmt::format("no route {} -> {} on {} nodes", src, dst, nodes_));
  Route route;
  if (src == dst) return route;
  if (shape_.interface_links) route.push_back({injection_link(src), 0});
  for (const CubeHop& hop : policy_->hops(geometry_, router_of(src), router_of(dst), shape_.dateline))
    route.push_back({link_from(hop.router, hop.dimension, hop.step), hop.vc_class});
  if (shape_.interface_links) route.push_back({ejection_link(dst), 0});
  return route;
}

namespace {

const ParameterRecord* shape_key(const ShapeRecords& shape, const std::string& key) {
  for (const ParameterRecord* p : shape)
    if (p->path == "topology.shape." + key) return p;
  return nullptr;
}

// The most nearly square rows x cols with cols >= rows, the shape the rule "nearly-square" gives
// (for 2^k nodes: 2^floor(k/2) rows, 2^ceil(k/2) columns, the mesh of Lo et al. 1992, sec. 4).
std::pair<int, int> nearly_square(int nodes) {
  int rows = static_cast<int>(std::sqrt(static_cast<double>(nodes)));
  while (rows > 1 && nodes % rows != 0) --rows;
  return {rows, nodes / rows};
}

int whole(const ParameterRecord& p, double value) {
  if (value != static_cast<double>(static_cast<int>(value)) || value < 1 || value > 65536)
    throw Error(p.where + " (" + p.path + ")", fmt::format("{} is not a whole number from 1 to 65536", value));
  return static_cast<int>(value);
}

}  // namespace

KAryNCube KAryNCube::from_shape(const ShapeRecords& shape, int nodes) {
  KAryNCubeShape s;
  auto place = [](const ParameterRecord* p) { return p->where + " (" + p->path + ")"; };
  auto flag = [&](const ParameterRecord* p) {
    if (p->text != "true" && p->text != "false") throw Error(place(p), "must be true or false");
    return p->text == "true";
  };
  const auto* routing = shape_key(shape, "routing");
  if (routing) s.routing = find_route_policy(routing->text, RoutedFamily::k_ary_n_cube, place(routing)).name;
  const auto* per_router = shape_key(shape, "nodes_per_router");
  if (per_router) {
    s.nodes_per_router = whole(*per_router, per_router->value);
    if (s.nodes_per_router > 64) throw Error(place(per_router), "at most 64 nodes per router");
  }
  s.interface_links = s.nodes_per_router > 1;
  if (const auto* interfaces = shape_key(shape, "interface_links")) {
    s.interface_links = flag(interfaces);
    if (!s.interface_links && s.nodes_per_router > 1)
      throw Error(place(interfaces), fmt::format("{} nodes per router reach it through interface links: "
                                                 "interface_links must be true",
                                                 s.nodes_per_router));
  }
  if (nodes % s.nodes_per_router != 0)
    throw Error(place(per_router), fmt::format("cannot take {} nodes: not a multiple of {} nodes per router", nodes,
                                               s.nodes_per_router));
  const int routers = nodes / s.nodes_per_router;  // what `k` and `dimensions` lay out
  if (const auto* wrap = shape_key(shape, "wrap_around")) {
    if (wrap->text != "true" && wrap->text != "false")
      throw Error(wrap->where + " (" + wrap->path + ")", "must be true or false");
    s.wrap_around = wrap->text == "true";
  }
  if (const auto* vcs = shape_key(shape, "virtual_channels")) {
    s.virtual_channels = whole(*vcs, vcs->value);
    const int needed = s.wrap_around ? 2 : 1;
    if (s.virtual_channels < needed || s.virtual_channels > 16)
      throw Error(vcs->where + " (" + vcs->path + ")",
                  fmt::format("{} virtual channels per link: a {} needs {} to 16", s.virtual_channels,
                              s.wrap_around ? "torus (its dateline)" : "mesh", needed));
  }
  // The record that fixes the node count: named when the count asked (--nodes) is another.
  const ParameterRecord* sized_by = nullptr;
  if (const auto* sides = shape_key(shape, "sides")) {
    sized_by = sides;
    for (double v : sides->values) s.sides.push_back(whole(*sides, v));
  } else if (const auto* k = shape_key(shape, "k")) {
    const int radix = whole(*k, k->value);
    if (radix < 2) throw Error(k->where + " (" + k->path + ")", "k must be 2 or more");
    std::int64_t count = 1;
    while (count < routers) {
      count *= radix;
      s.sides.push_back(radix);
    }
    if (count != routers || routers < radix)
      throw Error(k->where + " (" + k->path + ")",
                  fmt::format("cannot take {} routers: a {}-ary n-cube has a power of {} routers", routers, radix,
                              radix));
    s.binary_numbering = radix == 2;
  } else if (const auto* dims = shape_key(shape, "dimensions")) {
    if (dims->value != 2)
      throw Error(dims->where + " (" + dims->path + ")", "without `sides`, only 2 dimensions (rows, cols) are derived");
    const auto* rows_record = shape_key(shape, "rows");
    const auto* cols_record = shape_key(shape, "cols");
    const int rows = rows_record && rows_record->has_value ? whole(*rows_record, rows_record->value)
                                                           : nearly_square(routers).first;
    const int cols = cols_record && cols_record->has_value ? whole(*cols_record, cols_record->value)
                                                           : routers / std::max(rows, 1);
    s.sides = {cols, rows};  // dimension 0 is x, the column
    sized_by = rows_record && rows_record->has_value ? rows_record : cols_record && cols_record->has_value ? cols_record : dims;
  } else {
    throw Error("topology.shape", "a k-ary n-cube needs `sides`, `k` or `dimensions`");
  }
  if (routing)
    if (const std::string why = find_route_policy(s.routing, RoutedFamily::k_ary_n_cube, "").refuses({s.sides, s.wrap_around});
        !why.empty())
      throw Error(place(routing), why);
  KAryNCube cube(std::move(s));
  if (cube.nodes() != nodes)
    throw Error(sized_by ? place(sized_by) : "topology.shape",
                fmt::format("a {} has {} nodes, not {}", cube.describe(), cube.nodes(), nodes));
  return cube;
}

}  // namespace mcsim
