// Direct networks (hypercube, mesh): every node is also a router, neighbours are joined by two
// directed channels, and a route is the list of nodes a message visits (routing/node_path.hpp).
//
// DirectNetworkMachine builds the SimGrid platform of such a network from three facts its
// subclass gives: the route function, the channel numbering (routes must claim increasing
// numbers, see sim/engine/transports/channel_locks.hpp) and the channel bandwidth. Channels have zero latency:
// the switching models account for start-up and per-hop delays themselves (simgrid-notes.md: CM02
// shares a link inversely to route latency, which is not what these machines do).
#pragma once

#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <utility>
#include <vector>

#include "../sim/engine/machine.hpp"

namespace mcsim {

class DirectNetworkMachine : public Machine {
 public:
  int nodes() const override { return nodes_; }
  void build_platform() override;
  simgrid::s4u::Host* host(int node) const override { return hosts_.at(static_cast<std::size_t>(node)); }

  // The two ends (from, to) of channel c.
  virtual std::pair<int, int> channel_ends(int channel) const = 0;
  // The name of the SimGrid zone (the machine's name).
  virtual double channel_bandwidth_Bps() const = 0;

 protected:
  explicit DirectNetworkMachine(int nodes) : nodes_(nodes) {}

 private:
  int nodes_;
  std::vector<simgrid::s4u::Host*> hosts_;
};

// The SimGrid zone: asks the machine for the route of every communication.
class DirectNetworkZone : public simgrid::kernel::routing::NetZoneImpl {
 public:
  DirectNetworkZone(const std::string& name, const DirectNetworkMachine& machine);
  void add_node(int node, simgrid::s4u::Host* host);
  void set_channel_links(std::vector<simgrid::s4u::Link*> links) { channel_links_ = std::move(links); }
  void set_loopback(simgrid::s4u::Link* loopback) { loopback_ = loopback; }

  void get_local_route(const simgrid::kernel::routing::NetPoint* src, const simgrid::kernel::routing::NetPoint* dst,
                       simgrid::kernel::routing::Route* into, double* latency) override;

 private:
  int node_of(const simgrid::kernel::routing::NetPoint* point) const;

  const DirectNetworkMachine& machine_;
  std::vector<int> node_by_netpoint_id_;
  std::vector<simgrid::s4u::Link*> channel_links_;
  simgrid::s4u::Link* loopback_ = nullptr;
};

}  // namespace mcsim
