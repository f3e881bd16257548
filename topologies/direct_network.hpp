// Direct networks (hypercube, mesh): every node is also a router, neighbours are joined by two
// directed channels, and a route is the list of nodes a message visits (routing/node_path.hpp).
//
// DirectNetworkPlatform builds the SimGrid platform of such a network from the machine's channel
// routes (the route function and the channel numbering, sim/core/channel_routes.hpp) and the
// channel bandwidth. Channels have zero latency: the switching models account for start-up and
// per-hop delays themselves (in CM02 a link is shared inversely to the route latencies of its
// flows, which is not what these machines do).
#pragma once

#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../sim/core/channel_routes.hpp"
#include "../sim/engine/platform.hpp"
#include "route_link.hpp"

namespace mcsim {

class DirectNetworkPlatform final : public Platform {
 public:
  // `name` names the SimGrid zone (the machine's name).
  DirectNetworkPlatform(std::string name, int nodes, std::shared_ptr<const ChannelRoutes> routes,
                        double channel_bandwidth_Bps)
      : name_(std::move(name)), nodes_(nodes), routes_(std::move(routes)), bandwidth_Bps_(channel_bandwidth_Bps) {}

  void build() override;
  simgrid::s4u::Host* host(int node) const override { return hosts_.at(static_cast<std::size_t>(node)); }

 private:
  std::string name_;
  int nodes_;
  std::shared_ptr<const ChannelRoutes> routes_;
  double bandwidth_Bps_;
  std::vector<simgrid::s4u::Host*> hosts_;
};

// The SimGrid zone: asks the channel routes for the route of every communication.
class DirectNetworkZone : public simgrid::kernel::routing::NetZoneImpl {
 public:
  DirectNetworkZone(const std::string& name, const ChannelRoutes& routes);
  void add_node(int node, simgrid::s4u::Host* host);
  void set_channel_links(std::vector<simgrid::s4u::Link*> links) { channel_links_ = std::move(links); }
  void set_loopback(simgrid::s4u::Link* loopback) { loopback_ = loopback; }

  void get_local_route(const simgrid::kernel::routing::NetPoint* src, const simgrid::kernel::routing::NetPoint* dst,
                       simgrid::kernel::routing::Route* into, double* latency) override;

 private:
  void do_seal() override;  // SimGrid calls it once, before any route is asked
  int node_of(const simgrid::kernel::routing::NetPoint* point) const;

  const ChannelRoutes& routes_;
  std::vector<int> node_by_netpoint_id_;
  std::vector<simgrid::s4u::Link*> channel_links_;
  simgrid::s4u::Link* loopback_ = nullptr;
  std::vector<RouteLink> route_channels_;  // channel_links_ for routing (filled by do_seal)
  RouteLink route_loopback_;
};

}  // namespace mcsim
