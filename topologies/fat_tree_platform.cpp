#include "fat_tree_platform.hpp"

#include <simgrid/s4u.hpp>

#include <fmt/format.h>

#include "fat_tree_zone.hpp"

namespace mcsim {

void FatTreePlatform::build() {
  namespace s4u = simgrid::s4u;
  zone_ = new FatTreeZone(name_, shape_, links_.random_uplinks);  // the first zone created becomes SimGrid's root
  s4u::NetZone* zone = zone_->get_iface();
  hosts_.clear();
  for (int i = 0; i < shape_.nodes(); ++i) {
    s4u::Host* host = zone->create_host(fmt::format("node-{}", i), 1e9);
    FatTreeZone::NodeInterface interface;
    // The interface links are named cmmd-N (the CM-5's CMMD): link pictures and recordings read
    // them by that name (sim/output/link_load_picture.cpp).
    if (links_.interface_Bps > 0 && links_.shared_interface) {
      s4u::Link* copy = zone->create_link(fmt::format("cmmd-{}", i), links_.interface_Bps);
      interface.outgoing = {copy};
      interface.incoming = {copy};
    } else if (links_.interface_Bps > 0) {
      interface.outgoing = {zone->create_link(fmt::format("cmmd-{}-out", i), links_.interface_Bps)};
      interface.incoming = {zone->create_link(fmt::format("cmmd-{}-in", i), links_.interface_Bps)};
    }
    zone_->add_node(i, host, std::move(interface));
    hosts_.push_back(host);
  }
  std::vector<s4u::Link*> up(shape_.wire_count()), down(shape_.wire_count());
  for (int level = 1; level <= shape_.levels(); ++level)
    for (std::size_t g = 0; g < shape_.groups(level - 1); ++g)
      for (std::size_t c = 0; c < shape_.copies(level - 1); ++c)
        for (int b = 0; b < shape_.parents(level); ++b) {
          const std::size_t id = shape_.wire_id(level, g, c, b);
          const std::string name = fmt::format("wire-L{}-g{}-c{}-p{}", level, g, c, b);
          up[id] = zone->create_link(name + "-up", links_.wire_Bps);
          down[id] = zone->create_link(name + "-down", links_.wire_Bps);
        }
  zone_->set_wire_links(std::move(up), std::move(down));
  auto* loopback = zone->create_link("loopback", 1e12);
  loopback->set_sharing_policy(s4u::Link::SharingPolicy::FATPIPE);
  zone_->set_loopback(loopback);
  zone->seal();
}

void FatTreePlatform::reseed_routing(std::uint64_t seed) {
  if (zone_) zone_->reseed(seed);
}

void FatTreePlatform::skip_route(int src, int dst) { zone_->skip_route(src, dst); }

}  // namespace mcsim
