// What a link of a machine's network is, as the platform that builds it says (topologies/): its
// role, its ends, the level or dimension it belongs to. The recorder and the pictures read these
// typed values; nothing reads a link's SimGrid name back. The SimGrid names (what SimGrid's traces
// and `mcsim timeline --link-load` show) are made from an identity in one place, link_name().
// Plain values, no SimGrid.
#pragma once

#include <string>
#include <vector>

namespace mcsim {

enum class LinkRole {
  node_interface,   // a node's own interface into the network (the CM-5's CMMD copy link)
  fat_tree_wire,    // one direction of a fat-tree wire between level-1 and level
  network_channel,  // a direct network's channel from one node to a neighbour
  switch_link,      // a direct network's link between a node and a switch or crossbar
};

// Which traffic a node interface carries: both directions (shared), or one.
enum class InterfaceDirection { both, out, in };

// One end of a link: level 0 are the processing nodes (index = node number); a fat tree's
// switches are at levels 1.. (index = position within the level, left to right); a direct
// network's switches and crossbars are at level 0 too, numbered from the node count on, as its
// topology family numbers its vertices (sim/core/topology.hpp).
struct LinkEnd {
  int level = 0;
  int index = 0;
  friend bool operator==(const LinkEnd&, const LinkEnd&) = default;
};

struct LinkIdentity {
  LinkRole role = LinkRole::network_channel;
  LinkEnd from, to;  // in the direction of travel; a node interface has the node at both ends
  // fat_tree_wire: the wire's level (1 = between nodes and the first switches), its lower end's group
  // and copy, the parent port it goes to, and which direction of the wire this is.
  int level = 0;
  int group = 0, copy = 0, port = 0;
  bool up = true;
  // network_channel, switch_link: the dimension it crosses (-1: the family has none), and its link
  // number in the topology family, the number the transports' routes claim (-1: not a family link).
  int dimension = -1;
  int family_link = -1;
  // node_interface: which directions it carries.
  InterfaceDirection direction = InterfaceDirection::both;
  friend bool operator==(const LinkIdentity&, const LinkIdentity&) = default;
};

// The SimGrid name of the link: "cmmd-<node>[-out|-in]", "wire-L<level>-g<group>-c<copy>-p<port>-up|down",
// "channel-<from>-<to>".
std::string link_name(const LinkIdentity& link);

// How a picture lays the network out, as its topology family says (never the machine's name).
enum class NetworkLayout {
  tree,        // a fat tree: levels of switches above the nodes
  dimensions,  // a binary hypercube: one row per dimension, one cell per node's channel
  grid,        // a mesh or torus of 1-3 dimensions: nodes in rows, a third dimension's layers
               // drawn as shifted copies of the rows (grid_sides)
  crossbars,   // a hyper-crossbar: nodes as a grid of up to 3 dimensions (grid_sides), a crossbar
               // along every row, column and line across the layers, each link a node's short
               // stub into or out of one of its crossbars
  star,        // one switch: the nodes on a circle around it, each link a spoke
  list,        // anything else: its busiest links as a list
};

// Every link a machine's platform builds (but its loopback), and how to draw them.
struct NetworkLinks {
  NetworkLayout layout = NetworkLayout::list;
  std::vector<int> grid_sides;  // grid: nodes along each dimension, x first (node = x + sx * (y + sy * z))
  bool grid_wraps = false;      // grid: a torus, whose wrap-around channels are drawn as arrows at the edges
  std::vector<LinkIdentity> links;
};

}  // namespace mcsim
