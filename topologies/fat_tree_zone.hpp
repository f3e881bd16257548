// A SimGrid zone that computes fat-tree routes itself, per message, with random up-links.
//
// Why not SimGrid's own create_fatTree_zone (SimGrid 3.32, checked): it routes up deterministically
// (d-mod-k), keeps static counters (one fat tree per process) and its links cannot be traced.
// This zone asks routing/fat_tree_route.hpp for every communication, so the same route function
// serves the platform, the Boost.Graph view and the tests. Every message draws its own up-links from
// a generator seeded by (run seed, src, dst, how many messages src sent dst before): the choice
// belongs to the message, not to the order in which SimGrid happens to start simultaneous
// transfers, so a run is reproducible even where events tie.
#pragma once

#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Link.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "../sim/core/pair_counts.hpp"
#include "../sim/core/random.hpp"
#include "../routing/route_policy.hpp"
#include "../sim/engine/platform.hpp"
#include "route_link.hpp"

namespace mcsim {

class FatTreeZone : public simgrid::kernel::routing::NetZoneImpl {
 public:
  // The channels of a node's own interface, walked before the first wire and after the last one.
  struct NodeInterface {
    std::vector<simgrid::s4u::Link*> outgoing;
    std::vector<simgrid::s4u::Link*> incoming;
  };

  // `up_links`: a fat-tree policy (routing/route_policy.hpp): one that draws per message (the
  // CM-5's random up-links) gets the message's draw; d-mod-k fixes them per destination, as the
  // fat-tree family's routes do.
  FatTreeZone(const std::string& name, FatTreeShape shape, const RoutePolicy& up_links);

  // Build-time: register node i's host, its interface links, and the links of every wire, by the
  // fat-tree family's link number (FatTreeShape::up_link, down_link).
  void add_node(int node, simgrid::s4u::Host* host, NodeInterface interface);
  void set_wire_links(std::vector<simgrid::s4u::Link*> by_family_link) { wire_links_ = std::move(by_family_link); }
  void set_loopback(simgrid::s4u::Link* loopback) { loopback_ = loopback; }

  void reseed(std::uint64_t seed) {
    seed_ = seed;
    messages_sent_.clear();
  }
  const FatTreeShape& shape() const { return shape_; }
  // A message src -> dst that does not cross the network still uses up its draw of up-links.
  void skip_route(int src, int dst) { messages_sent_.increment(src, dst); }
  // Told every route drawn between two nodes, as it is drawn (Platform::observe_drawn_routes).
  void set_route_observer(Platform::RouteObserver observer) { observer_ = std::move(observer); }

  void get_local_route(const simgrid::kernel::routing::NetPoint* src, const simgrid::kernel::routing::NetPoint* dst,
                       simgrid::kernel::routing::Route* into, double* latency) override;

 private:
  void do_seal() override;  // SimGrid calls it once, before any route is asked

  int node_of(const simgrid::kernel::routing::NetPoint* point) const;
  std::uint64_t pair_key(int src, int dst) const {
    return static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(shape_.nodes()) + static_cast<std::uint64_t>(dst);
  }

  FatTreeShape shape_;
  const RoutePolicy& up_links_;
  std::uint64_t seed_ = 0;
  PairCounts messages_sent_;  // (src, dst) -> routes asked so far
  std::vector<int> node_by_netpoint_id_;
  std::vector<NodeInterface> interfaces_;
  std::vector<simgrid::s4u::Link*> wire_links_;  // by family link number
  simgrid::s4u::Link* loopback_ = nullptr;
  // The same links, for routing (filled by do_seal).
  std::vector<std::vector<RouteLink>> route_out_, route_in_;  // per node
  std::vector<RouteLink> route_wires_;                        // per family link
  RouteLink route_loopback_;
  Platform::RouteObserver observer_;
};

}  // namespace mcsim
