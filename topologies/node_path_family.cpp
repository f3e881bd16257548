#include "node_path_family.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "ethernet_cluster.hpp"
#include "hyper_crossbar_routes.hpp"

namespace mcsim {

NodePathFamily::NodePathFamily(std::string family, std::string description, int nodes,
                               std::shared_ptr<const ChannelRoutes> channels)
    : family_(std::move(family)), description_(std::move(description)), nodes_(nodes), channels_(std::move(channels)) {
  vertices_ = nodes_;
  for (int link = 0; link < channels_->channel_count(); ++link) {
    const auto [from, to] = channels_->channel_ends(link);
    vertices_ = std::max({vertices_, from + 1, to + 1});
  }
}

Route NodePathFamily::route(int src, int dst) const {
  if (src < 0 || dst < 0 || src >= nodes_ || dst >= nodes_)
    throw Error(family_, fmt::format("no route {} -> {} on {} nodes", src, dst, nodes_));
  Route route;
  if (src == dst) return route;
  const NodePath path = channels_->route_path(src, dst);
  for (std::size_t i = 1; i < path.size(); ++i) route.push_back({channels_->channel_index(path[i - 1], path[i]), 0});
  return route;
}

namespace {

const ParameterRecord& required(const ShapeRecords& shape, const std::string& family, const std::string& key) {
  for (const ParameterRecord* p : shape)
    if (p->path == "topology.shape." + key) return *p;
  throw Error("topology.shape", fmt::format("a {} needs `{}`", family, key));
}

std::string place(const ParameterRecord& p) { return p.where + " (" + p.path + ")"; }

}  // namespace

std::unique_ptr<TopologyFamily> make_hyper_crossbar_family(const ShapeRecords& shape, int nodes) {
  const ParameterRecord& sides = required(shape, "hyper-crossbar", "shape");
  const ParameterRecord& order = required(shape, "hyper-crossbar", "order");
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
  auto channels = std::make_shared<const HyperCrossbarChannels>(grid, dimension_order(order.text, place(order)));
  return std::make_unique<NodePathFamily>(
      "hyper-crossbar",
      fmt::format("{} x {} x {} hyper-crossbar, order {}, 1 VC per link", grid[0], grid[1], grid[2], order.text), nodes,
      std::move(channels));
}

std::unique_ptr<TopologyFamily> make_switched_star_family(const ShapeRecords& /*shape: node counts only*/, int nodes) {
  if (nodes < 2) throw Error("topology.shape", fmt::format("a star needs 2 nodes or more, not {}", nodes));
  return std::make_unique<NodePathFamily>("star", fmt::format("{} nodes on one switch", nodes), nodes,
                                          std::make_shared<const SwitchedStarChannels>(nodes));
}

}  // namespace mcsim
