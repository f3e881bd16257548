// A topology family: one kind of interconnect (k-ary n-cube, fat tree, hyper-crossbar, switched
// star) that, given its shape and a node count, derives every route ONCE as a list of channels.
// Plain values, no SimGrid: the platform builders, the transports and the schedulers' route hints
// are all meant to read the same object (issue 34, part 2).
//
// Design
//  - A *link* is one direction of a wire, numbered 0..link_count()-1; link_ends(l) gives its two
//    vertices. Vertices 0..nodes-1 are the processing nodes; a family with switches (fat tree,
//    star, hyper-crossbar) numbers its switches from `nodes` on (vertex_count()).
//  - A *channel* is (link, virtual channel): every link carries virtual_channels() VCs that share
//    its bandwidth but have their own buffers, so a message waiting for VC 1 of a link is not
//    blocked by a message holding VC 0 of it (Dally and Seitz 1987). A family without VCs has 1.
//  - A *route* (routing/route.hpp) is the channels a message claims from src to dst, in claim
//    order; its node path (route_nodes) follows from the link ends, so the node lists the
//    schedulers use and the channels the transports claim cannot disagree.
//  - Deadlock freedom is the family's to argue (a comment in each family's file) and is tested the
//    same way for all: the channel-dependency graph of all routes (channel a -> channel b when some
//    route claims b right after a) has no cycle (topologies/channel_dependencies.hpp).
//  - Link numbers are the family's; for the machines that exist today they are the numbers of the
//    old ChannelRoutes classes, so that switching a machine over changes no golden.
//  - Registry: make_topology_family(name, shape, nodes) looks the family up by the name a machine
//    file gives in [topology] family; each family reads and checks its own [topology.shape] keys
//    and the node count, throwing mcsim::Error naming the key.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../routing/node_path.hpp"
#include "../routing/route.hpp"
#include "../sim/core/machine_file.hpp"
#include "../sim/core/scheduling_hints.hpp"

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
  // The channels from src to dst in claim order; empty when src == dst.
  virtual Route route(int src, int dst) const = 0;
};

// The vertices a route visits, src and dst included.
NodePath route_nodes(const TopologyFamily& family, int src, const Route& route);

// The schedulers' route hint (SchedulingHints::route_path) from the family's routes: the vertices
// of route(src, dst), so schedulers and transports see one route.
RouteFunction route_function(std::shared_ptr<const TopologyFamily> family);

// The [topology.shape] records of a machine file (MachineFile::under("topology.shape.")).
using ShapeRecords = std::vector<const ParameterRecord*>;

// The family registered as `name`, for `nodes` nodes of the shape the records give.
// Throws mcsim::Error for an unknown family, a bad shape key or a node count the shape cannot take.
std::unique_ptr<TopologyFamily> make_topology_family(const std::string& name, const ShapeRecords& shape, int nodes);
std::vector<std::string> topology_family_names();

}  // namespace mcsim
