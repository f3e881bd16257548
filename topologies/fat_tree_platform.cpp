#include "fat_tree_platform.hpp"

#include <simgrid/s4u.hpp>

#include <fmt/format.h>

#include "fat_tree_zone.hpp"

namespace mcsim {

NetworkLinks FatTreePlatform::links() const {
  NetworkLinks network{NetworkLayout::tree, {}, false, {}};
  auto interface = [&](int node, InterfaceDirection direction) {
    LinkIdentity id{.role = LinkRole::node_interface, .from = {0, node}, .to = {0, node}};
    id.direction = direction;
    network.links.push_back(id);
  };
  for (int i = 0; i < shape_.nodes(); ++i) {
    if (links_.interface_Bps > 0 && links_.shared_interface) {
      interface(i, InterfaceDirection::both);
    } else if (links_.interface_Bps > 0) {
      interface(i, InterfaceDirection::out);
      interface(i, InterfaceDirection::in);
    }
  }
  // Element (g, c) of level-1 goes up through port b to switch (g / arity, c * parents + b) of
  // level (routing/fat_tree_shape.hpp); an end's index is its place in its level, group by group.
  const auto arity = static_cast<std::size_t>(shape_.arity());
  for (int level = 1; level <= shape_.levels(); ++level)
    for (std::size_t g = 0; g < shape_.groups(level - 1); ++g)
      for (std::size_t c = 0; c < shape_.copies(level - 1); ++c)
        for (int b = 0; b < shape_.parents(level); ++b) {
          const LinkEnd lower{level - 1, static_cast<int>(g * shape_.copies(level - 1) + c)};
          const LinkEnd upper{level, static_cast<int>((g / arity) * shape_.copies(level) +
                                                      c * static_cast<std::size_t>(shape_.parents(level)) +
                                                      static_cast<std::size_t>(b))};
          LinkIdentity wire{.role = LinkRole::fat_tree_wire, .from = lower, .to = upper, .level = level,
                            .group = static_cast<int>(g), .copy = static_cast<int>(c), .port = b, .up = true};
          network.links.push_back(wire);
          wire.from = upper, wire.to = lower, wire.up = false;
          network.links.push_back(wire);
        }
  return network;
}

double FatTreePlatform::element_count() const {
  const double interfaces = links_.interface_Bps > 0 ? (links_.shared_interface ? 1 : 2) : 0;
  double switches = 0;
  for (int level = 1; level <= shape_.levels(); ++level) switches += static_cast<double>(shape_.elements(level));
  // Hosts and their interfaces, the switches the zone routes through, each wire's up and down link.
  return shape_.nodes() * (1 + interfaces) + switches + 2 * static_cast<double>(shape_.wire_count());
}

void FatTreePlatform::build() {
  namespace s4u = simgrid::s4u;
  zone_ = new FatTreeZone(name_, shape_, *links_.up_links);  // the first zone created becomes SimGrid's root
  s4u::NetZone* zone = zone_->get_iface();
  const NetworkLinks network = links();
  auto next = network.links.begin();
  hosts_.clear();
  for (int i = 0; i < shape_.nodes(); ++i) {
    s4u::Host* host = zone->create_host(fmt::format("node-{}", i), 1e9);
    FatTreeZone::NodeInterface interface;
    for (; next != network.links.end() && next->role == LinkRole::node_interface && next->from.index == i; ++next) {
      s4u::Link* link = zone->create_link(link_name(*next), links_.interface_Bps);
      if (next->direction != InterfaceDirection::in) interface.outgoing = {link};
      if (next->direction != InterfaceDirection::out) interface.incoming = {link};
    }
    zone_->add_node(i, host, std::move(interface));
    hosts_.push_back(host);
  }
  std::vector<s4u::Link*> wires(static_cast<std::size_t>(shape_.link_count()));  // by family link
  for (; next != network.links.end(); ++next) {
    const std::size_t id = shape_.wire_id(next->level, static_cast<std::size_t>(next->group),
                                          static_cast<std::size_t>(next->copy), next->port);
    s4u::Link* wire = zone->create_link(link_name(*next), links_.wire_Bps);
    if (links_.wire_latency_s > 0) wire->set_latency(links_.wire_latency_s);
    wires[static_cast<std::size_t>(next->up ? shape_.up_link(id) : shape_.down_link(id))] = wire;
  }
  zone_->set_wire_links(std::move(wires));
  auto* loopback = zone->create_link("loopback", 1e12);
  loopback->set_sharing_policy(s4u::Link::SharingPolicy::FATPIPE);
  zone_->set_loopback(loopback);
  zone->seal();
}

void FatTreePlatform::reseed_routing(std::uint64_t seed) {
  if (zone_) zone_->reseed(seed);
}

void FatTreePlatform::skip_route(int src, int dst) { zone_->skip_route(src, dst); }

bool FatTreePlatform::observe_drawn_routes(RouteObserver observer) {
  if (!links_.up_links->draws_per_message) return false;
  zone_->set_route_observer(std::move(observer));
  return true;
}

}  // namespace mcsim
