// The SimGrid platform of a fat tree (the fat-tree family of a machine file): every wire's two
// directions at the links' bandwidth, and each node's interface, routed per message by
// FatTreeZone with its up-link policy (the CM-5's random up-links).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../routing/route_policy.hpp"
#include "../sim/engine/platform.hpp"

namespace mcsim {

class FatTreeZone;

struct FatTreeLinks {
  double wire_Bps = 0;          // each direction of each wire
  double interface_Bps = 0;     // each node's interface (the CM-5's CMMD copy rate); 0: none
  bool shared_interface = true; // a node's sends and receives share its interface's rate
  const RoutePolicy* up_links = nullptr;  // a fat-tree policy: random (the CM-5's draw per message) or d-mod-k
  double wire_latency_s = 0;              // each direction of each wire (links.latency); node interfaces have none
};

class FatTreePlatform final : public Platform {
 public:
  FatTreePlatform(std::string name, FatTreeShape shape, FatTreeLinks links)
      : name_(std::move(name)), shape_(std::move(shape)), links_(links) {}
  void build() override;
  simgrid::s4u::Host* host(int node) const override { return hosts_[static_cast<std::size_t>(node)]; }
  // Each node's interface (one shared link, or out and in), node by node, then every wire's up
  // and down direction, level by level; drawn as a tree.
  NetworkLinks links() const override;
  double element_count() const override;
  void reseed_routing(std::uint64_t seed) override;
  void skip_route(int src, int dst) override;
  bool observe_drawn_routes(RouteObserver observer) override;

 private:
  std::string name_;
  FatTreeShape shape_;
  FatTreeLinks links_;
  FatTreeZone* zone_ = nullptr;
  std::vector<simgrid::s4u::Host*> hosts_;
};

}  // namespace mcsim
