// The k-ary n-cube family: meshes (no wrap-around), tori (wrap-around) and the binary hypercube
// (every side 2), with dimension-order routing (XY on a 2-D mesh, e-cube on the hypercube).
//
// Nodes: coordinates (x0, x1, ...) with node = x0 + s0 * (x1 + s1 * (x2 + ...)); dimension 0 is
// the mesh's column (x), so node (row, col) = row * cols + col as sim/mapping/mesh_mapping.hpp has it,
// and dimension d of a hypercube is address bit d. Routes correct dimension 0 first, then 1, ...
//
// Endpoints and routers. By default every router is a node (vertex = router = node). With node
// interface links (`interface_links = true`) the processing nodes are vertices 0..n-1 and the
// routers n..n+R-1 (sim/core/topology.hpp's convention); `nodes_per_router` = c nodes share
// router node / c (concentration: the Cray T3D's two PEs per network node). Node i reaches its
// router through its injection link and leaves it through its ejection link, so a route is
// injection, the routers' hops, ejection; two nodes of one router talk through it (2 links).
//
// Links: the routers' links by dimension in routing order, then (with interface links) node i's
// injection link, then node i's ejection link. Within a dimension of side k:
//  - k = 2: one link per node, numbered by its source node (the iPSC/860's `dimension * nodes +
//    from`); a route crosses such a dimension once, so any order within it will do.
//  - k > 2: first the + links by increasing source coordinate (the wrap-around link k-1 -> 0
//    last), then the - links by decreasing source coordinate (the wrap-around 0 -> k-1 last);
//    within a coordinate by the node's other coordinates (the mesh's old channel numbers).
//
// Deadlock freedom (Dally and Seitz 1987). Mesh: a route's channels increase in the order above
// (dimensions in order; along one dimension it moves one way, and the + block rises, the - block
// falls in coordinate as its numbers rise), so no cycle of waits exists. Torus: a ring's channel
// dependencies form a cycle, so every link has 2 VCs and a dateline at the wrap-around link: a
// message rides VC 0 until it crosses the wrap-around link of the dimension it is moving in, and
// VC 1 from that link on. A minimal route is shorter than k, so after the dateline it never
// reaches the wrap-around link again: on VC 0 it climbs from its source towards k-1, on VC 1 from
// 0 upwards; each VC's channels are totally ordered along the ring and VC 0 only leads to VC 1.
// An injection link is claimed first and an ejection link last, so they close no cycle.
// tests/test_topology_families.cpp builds the dependency graph of all routes and finds no cycle,
// and finds the cycle when the dateline is off.
// On a torus the shorter way round is taken; at exactly k/2 either way, the + way.
#pragma once

#include <string>
#include <vector>

#include "../routing/route_policy.hpp"
#include "topology_family.hpp"

namespace mcsim {

struct KAryNCubeShape {
  std::vector<int> sides;  // routers along each dimension, dimension 0 first; each >= 2 (or 1 for a 1-router mesh)
  bool wrap_around = false;
  bool dateline = true;    // torus only: false gives one VC and no dateline (for the test that it deadlocks)
  // Number a dimension's links by source node (the hypercube's old numbering); set when the shape
  // is given as k = 2, so a 2 x 2 mesh and a 4-node hypercube keep their old, different numbers.
  bool binary_numbering = false;
  // VCs per link; 0: as many as the routes' classes (2 on a torus with its dateline, else 1).
  // More than the classes: a header may take any free VC of its class (vc_classes()).
  int virtual_channels = 0;
  std::string routing = "dimension-order";  // a k-ary n-cube policy of routing/route_policy.hpp
  int nodes_per_router = 1;                 // more than 1 needs interface_links
  bool interface_links = false;             // nodes distinct from routers, joined by injection/ejection links
};

class KAryNCube final : public TopologyFamily {
 public:
  explicit KAryNCube(KAryNCubeShape shape);
  // Shape keys: `sides` = [s0, s1, ...], or `k` (every side k, n from the node count), or
  // `dimensions` = 2 with `rows`/`cols` (derived nearly-square when the file gives no value);
  // `wrap_around` (default false); `virtual_channels` per link (default: 2 on a torus, 1 on a
  // mesh; a torus needs 2 or more for its dateline); `routing` (a registered policy, default
  // "dimension-order"); `nodes_per_router` (default 1) and `interface_links` (default true when
  // nodes_per_router > 1, else false). `sides`, `k` and `dimensions` give the routers.
  static KAryNCube from_shape(const ShapeRecords& shape, int nodes);

  std::string family() const override { return "k-ary-n-cube"; }
  std::string describe() const override;
  int nodes() const override { return nodes_; }
  int vertex_count() const override { return shape_.interface_links ? nodes_ + routers_ : nodes_; }
  int link_count() const override { return link_count_; }
  std::pair<int, int> link_ends(int link) const override;
  int virtual_channels() const override {
    return shape_.virtual_channels > 0 ? shape_.virtual_channels : vc_classes();
  }
  int vc_classes() const override { return torus() && shape_.dateline ? 2 : 1; }
  Route route(int src, int dst) const override;
  int link_dimension(int link) const override;
  bool node_interface(int link) const override { return shape_.interface_links && link >= base_.back(); }
  // The hypercube by its dimensions, a mesh of one or two dimensions as a grid (dimension 0 along
  // a row), a torus as a list (its wrap-around links would cross the grid).
  NetworkLayout layout() const override;
  std::vector<int> grid_sides() const override { return shape_.sides; }
  bool grid_wraps() const override { return torus(); }

  // The link from router `from` one step along `dimension` (+1 or -1, wrapping on a torus); -1 if none.
  int link_from(int from, int dimension, int step) const;
  int routers() const { return routers_; }
  int router_of(int node) const { return node / shape_.nodes_per_router; }
  int router_vertex(int router) const { return shape_.interface_links ? nodes_ + router : router; }
  // Node i's injection (node -> router) and ejection (router -> node) link; -1 without interface links.
  int injection_link(int node) const { return shape_.interface_links ? base_.back() + node : -1; }
  int ejection_link(int node) const { return shape_.interface_links ? base_.back() + nodes_ + node : -1; }
  const KAryNCubeShape& shape() const { return shape_; }
  const RoutePolicy& policy() const { return *policy_; }

 private:
  bool torus() const { return shape_.wrap_around; }
  int coordinate(int router, int d) const { return router / stride_[d] % shape_.sides[d]; }
  int rest(int router, int d) const;  // the router's other coordinates as one index
  int links_per_direction(int d) const;

  KAryNCubeShape shape_;
  CubeGeometry geometry_;
  const RoutePolicy* policy_ = nullptr;
  int nodes_ = 1;
  int routers_ = 1;
  int link_count_ = 0;
  std::vector<int> stride_, base_;  // per dimension: router stride, first link number (base_.back(): the routers' links)
};

}  // namespace mcsim
