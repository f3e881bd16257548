// A topology family: one kind of interconnect (k-ary n-cube, fat tree, hyper-crossbar, switched
// star) that, given its shape and a node count, derives every route ONCE as a list of channels.
// The interface lives here, below the engine, so that a Machine holds its family and the platform
// builders, the transports and the schedulers' route hints all read the same object (issue 34).
// The families themselves and their registry are in topologies/ (topology_family.hpp).
//
// Design
//  - A *link* is one direction of a wire, numbered 0..link_count()-1; link_ends(l) gives its two
//    vertices. Vertices 0..nodes-1 are the processing nodes; a family with switches (fat tree,
//    star, hyper-crossbar) or routers distinct from its nodes (a k-ary n-cube with interface
//    links, several nodes per router) numbers them from `nodes` on (vertex_count()).
//  - A *channel* is (link, virtual channel): every link carries virtual_channels() VCs that share
//    its bandwidth but have their own buffers, so a message waiting for VC 1 of a link is not
//    blocked by a message holding VC 0 of it (Dally and Seitz 1987). A family without VCs has 1.
//  - A *route* (sim/core/route.hpp) is the channels a message claims from src to dst, in claim
//    order; its node path follows from the link ends, so the node lists the schedulers use and
//    the channels the transports claim cannot disagree.
//  - Deadlock freedom is the family's to argue (a comment in each family's file) and is tested the
//    same way for all: the channel-dependency graph of all routes (channel a -> channel b when some
//    route claims b right after a) has no cycle (topologies/channel_dependencies.hpp).
#pragma once

#include <string>
#include <utility>

#include "link_identity.hpp"
#include "route.hpp"

namespace mcsim {

class TopologyFamily {
 public:
  virtual ~TopologyFamily() = default;
  virtual std::string family() const = 0;     // its registry name ("k-ary-n-cube")
  virtual std::string describe() const = 0;   // one line: "8 x 8 torus, dimension order, 2 VCs"
  virtual int nodes() const = 0;
  virtual int vertex_count() const = 0;       // nodes, then switches
  virtual int link_count() const = 0;
  virtual std::pair<int, int> link_ends(int link) const = 0;  // (from, to) vertices
  virtual int virtual_channels() const = 0;   // per link, >= 1
  // The VC classes routes name (a route's vc is its class: the dateline's two on a torus); a class
  // owns VCs class, class + vc_classes(), ... and a header may take any free one of them.
  virtual int vc_classes() const { return virtual_channels(); }
  // The channels from src to dst in claim order; empty when src == dst.
  virtual Route route(int src, int dst) const = 0;
  // The dimension a link crosses (a k-ary n-cube's), -1 where the family has none.
  virtual int link_dimension(int /*link*/) const { return -1; }
  // Whether a link is a node's own injection or ejection link into the network (a k-ary n-cube's
  // with interface links), which runs at the node interface's bandwidth, not the channels'.
  virtual bool node_interface(int /*link*/) const { return false; }
  // How pictures lay the family out (sim/core/link_identity.hpp), a grid's sides and wrap-around.
  virtual NetworkLayout layout() const { return NetworkLayout::list; }
  virtual std::vector<int> grid_sides() const { return {}; }
  virtual bool grid_wraps() const { return false; }
};

// The identity of a family's link as a direct network's platform builds it
// (topologies/direct_network.cpp): a channel between nodes, or a link to or from a switch.
inline LinkIdentity channel_identity(const TopologyFamily& family, int link) {
  const auto [from, to] = family.link_ends(link);
  LinkIdentity id;
  id.role = from < family.nodes() && to < family.nodes() ? LinkRole::network_channel : LinkRole::switch_link;
  id.from = {0, from};
  id.to = {0, to};
  id.dimension = family.link_dimension(link);
  id.family_link = link;
  return id;
}

// Every link of a direct network's platform, as the family gives them, with its layout.
inline NetworkLinks family_links(const TopologyFamily& family) {
  NetworkLinks network{family.layout(), family.grid_sides(), family.grid_wraps(), {}};
  network.links.reserve(static_cast<std::size_t>(family.link_count()));
  for (int l = 0; l < family.link_count(); ++l) network.links.push_back(channel_identity(family, l));
  return network;
}

}  // namespace mcsim
