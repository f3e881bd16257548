// The fat-tree family (the CM-5): a generalized fat tree (routing/fat_tree_shape.hpp: arity,
// levels from the node count, w_l parents per level) routed up to the lowest common level and
// down the unique path (routing/fat_tree_route.hpp, Leiserson et al. 1992).
//
// Vertices: the nodes, then the switches level by level (element (group, copy) of level l is
// nodes + the switches below l + group * copies(l) + copy). Links: each wire's up direction has
// the wire's number; its down direction 2 W - 1 - wire (W wires), so all up links come before all
// down links, up links rise with the level and down links with falling level.
//
// Deadlock freedom: a route climbs (levels rising), then descends (levels falling) and never
// climbs again, so it claims increasing link numbers in the order above: no cycle of channel
// dependencies, whatever up-links it draws (tests/test_topology_families.cpp checks the graph of
// every route with every up-link choice on small trees). One VC per link.
//
// Up-links: the policy `up_links` names (routing/route_policy.hpp): `d-mod-k` takes the d-mod-k
// up-link at every level (a fixed route per source and destination), and FatTreeZone routes the
// same way; `random` draws one per message (the CM-5, Leiserson et al. 1992), a draw that stays in
// FatTreeZone (seeded per run and message). route_with() gives the route for any draw.
//
// route() is the d-mod-k route either way, and so is the schedulers' route hint
// (SchedulingHints::routes, this family). Under random up-links it is one of the routes a message may take: every draw
// leaves src and dst by their nodes' own interfaces (FatTreeZone's NodeInterface, outside the
// family's links) and climbs to the same level, but which wires it crosses is the draw's (a CM-5
// node has two up-wires already). A scheduler that avoids link contention on the hint (RS_NL)
// then avoids it on the nominal routes only; what it surely keeps apart is what RS_N does (a node
// sends and receives one message a phase).
#pragma once

#include "../routing/route_policy.hpp"
#include "topology_family.hpp"

namespace mcsim {

class FatTree final : public TopologyFamily {
 public:
  // `up_links`: a fat-tree policy of routing/route_policy.hpp ("random", "d-mod-k").
  FatTree(FatTreeShape shape, const std::string& up_links)
      : shape_(std::move(shape)), up_links_(&find_route_policy(up_links, RoutedFamily::fat_tree, "fat-tree up_links")) {}
  // Shape keys: `arity`; `parents_per_level` (a list, or the rule "cm5-parents-per-level");
  // `up_links` (a registered fat-tree policy: "random" or "d-mod-k").
  static FatTree from_shape(const ShapeRecords& shape, int nodes);

  std::string family() const override { return "fat-tree"; }
  std::string describe() const override;
  int nodes() const override { return shape_.nodes(); }
  int vertex_count() const override;
  int link_count() const override { return static_cast<int>(2 * shape_.wire_count()); }
  std::pair<int, int> link_ends(int link) const override;
  int virtual_channels() const override { return 1; }
  Route route(int src, int dst) const override { return route_with(src, dst, d_mod_k_uplinks(shape_, dst)); }
  Route route_with(int src, int dst, const UplinkChooser& choose) const;

  const FatTreeShape& shape() const { return shape_; }
  const RoutePolicy& up_links() const { return *up_links_; }

 private:
  int vertex(int level, std::size_t group, std::size_t copy) const;
  FatTreeShape shape_;
  const RoutePolicy* up_links_;
};

// The rule "cm5-parents-per-level" for `levels` switch levels: 2 up-links per switch at levels 1
// to 3, 4 above. With 10 MB/s wires these give the CM-5's published per-node bandwidths, 20 MB/s
// within a group of 4 nodes, 10 within 16, 5 beyond (Bader, JaJa, Chellappa, CS-TR-3123 sec. 2.2,
// citing Leiserson et al. SPAA 1992): 4 nodes x 2 wires = 20 MB/s each; a group of 4 has 2
// switches x 2 up-links = 40 MB/s = 4 x 10; a group of 16 has 4 switches x 2 = 80 MB/s = 16 x 5;
// a group of 64 has 8 switches x 4 = 320 MB/s = 64 x 5. CSEP's "four up-links above the first
// level" would give 10 MB/s beyond 16 and contradict the per-node figures, which are followed.
std::vector<int> cm5_parents_per_level(int levels);

// Payload bandwidth per node for traffic leaving a subtree of arity^level nodes: the wires leaving
// one such group, times their bandwidth, shared by its nodes.
double per_node_bandwidth_beyond(const FatTreeShape& shape, double wire_bandwidth_Bps, int level);

}  // namespace mcsim
