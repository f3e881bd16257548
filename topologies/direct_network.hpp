// Networks whose routes a topology family gives (mesh, torus, hypercube, hyper-crossbar, star):
// DirectNetworkPlatform builds their SimGrid platform, one host per node and one SimGrid link per
// link of the family (sim/core/topology.hpp: channel_identity), named "channel-<from>-<to>", all of the channel
// bandwidth; a communication's SimGrid route is the links of the family's route. Switches (the
// crossbars, the star's switch) are no hosts: only the links through them are built. Channels have
// the machine's link latency (links.latency) where SimGrid moves the bytes (flow), none under the
// switching models, which account for it and for start-up and per-hop delays themselves.
#pragma once

#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../sim/core/topology.hpp"
#include "../sim/engine/platform.hpp"
#include "route_link.hpp"

namespace mcsim {

class DirectNetworkPlatform final : public Platform {
 public:
  // `name` names the SimGrid zone (the machine's name). The family's node interface links
  // (TopologyFamily::node_interface) run at `interface_bandwidth_Bps`, every other link at the channels'.
  // `link_latency_s`: every link's SimGrid latency (the machine's link latency under flow, else 0).
  DirectNetworkPlatform(std::string name, std::shared_ptr<const TopologyFamily> family, double channel_bandwidth_Bps,
                        double interface_bandwidth_Bps = 0, double link_latency_s = 0)
      : name_(std::move(name)),
        family_(std::move(family)),
        bandwidth_Bps_(channel_bandwidth_Bps),
        interface_Bps_(interface_bandwidth_Bps),
        latency_s_(link_latency_s) {}

  void build() override;
  simgrid::s4u::Host* host(int node) const override { return hosts_.at(static_cast<std::size_t>(node)); }
  NetworkLinks links() const override { return family_links(*family_); }
  // A host per node and a SimGrid link per link; the switching keeps state per channel (link x VC).
  double element_count() const override {
    return family_->nodes() + static_cast<double>(family_->link_count()) * (1.0 + family_->virtual_channels());
  }

 private:
  std::string name_;
  std::shared_ptr<const TopologyFamily> family_;
  double bandwidth_Bps_;
  double interface_Bps_;
  double latency_s_;
  std::vector<simgrid::s4u::Host*> hosts_;
};

// The SimGrid zone: asks the family for the route of every communication.
class DirectNetworkZone : public simgrid::kernel::routing::NetZoneImpl {
 public:
  DirectNetworkZone(const std::string& name, const TopologyFamily& family);
  void add_node(int node, simgrid::s4u::Host* host);
  void set_channel_links(std::vector<simgrid::s4u::Link*> links) { channel_links_ = std::move(links); }
  void set_loopback(simgrid::s4u::Link* loopback) { loopback_ = loopback; }

  void get_local_route(const simgrid::kernel::routing::NetPoint* src, const simgrid::kernel::routing::NetPoint* dst,
                       simgrid::kernel::routing::Route* into, double* latency) override;

 private:
  void do_seal() override;  // SimGrid calls it once, before any route is asked
  int node_of(const simgrid::kernel::routing::NetPoint* point) const;

  const TopologyFamily& family_;
  std::vector<int> node_by_netpoint_id_;
  std::vector<simgrid::s4u::Link*> channel_links_;
  simgrid::s4u::Link* loopback_ = nullptr;
  std::vector<RouteLink> route_links_;  // channel_links_ for routing (filled by do_seal)
  RouteLink route_loopback_;
};

}  // namespace mcsim
