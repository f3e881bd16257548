// A topology family whose routes are given as node paths by a ChannelRoutes (the hyper-crossbar,
// the switched star): each route's channels are the ChannelRoutes' numbers of the consecutive node
// pairs of its path, one VC per link. The channel numbers stay the ones the machines use today.
// Deadlock freedom is the ChannelRoutes' promise (numbers increase along every route), checked by
// tests/test_topology_families.cpp on the dependency graph.
#pragma once

#include <memory>

#include "../sim/core/channel_routes.hpp"
#include "topology_family.hpp"

namespace mcsim {

class NodePathFamily final : public TopologyFamily {
 public:
  NodePathFamily(std::string family, std::string description, int nodes, std::shared_ptr<const ChannelRoutes> channels);

  std::string family() const override { return family_; }
  std::string describe() const override { return description_; }
  int nodes() const override { return nodes_; }
  int vertex_count() const override { return vertices_; }
  int link_count() const override { return channels_->channel_count(); }
  std::pair<int, int> link_ends(int link) const override { return channels_->channel_ends(link); }
  int virtual_channels() const override { return 1; }
  Route route(int src, int dst) const override;

 private:
  std::string family_, description_;
  int nodes_;
  int vertices_ = 0;
  std::shared_ptr<const ChannelRoutes> channels_;
};

// The hyper-crossbar (CP-PACS; hyper_crossbar_routes.hpp): shape keys `shape` = [X, Y, Z] and
// `order` ("xyz", a permutation): one crossbar per differing dimension, in that order.
std::unique_ptr<TopologyFamily> make_hyper_crossbar_family(const ShapeRecords& shape, int nodes);
// The switched star (the Ethernet cluster; SwitchedStarChannels): every route is node -> switch ->
// node; no shape keys but the node counts every family may give (min_nodes, max_nodes).
std::unique_ptr<TopologyFamily> make_switched_star_family(const ShapeRecords& shape, int nodes);

}  // namespace mcsim
