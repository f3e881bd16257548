#include "direct_network.hpp"

#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include <fmt/format.h>

#include "../sim/core/error.hpp"

namespace mcsim {

namespace routing = simgrid::kernel::routing;
namespace s4u = simgrid::s4u;

void DirectNetworkPlatform::build() {
  auto* zone_impl = new DirectNetworkZone(name_, *family_);  // the first zone created becomes SimGrid's root
  s4u::NetZone* zone = zone_impl->get_iface();
  hosts_.clear();
  for (int i = 0; i < family_->nodes(); ++i) {
    s4u::Host* host = zone->create_host(fmt::format("node-{}", i), 1e9);
    zone_impl->add_node(i, host);
    hosts_.push_back(host);
  }
  std::vector<s4u::Link*> channels;  // by family link number, as links() lists them
  for (const LinkIdentity& link : links().links) {
    s4u::Link* channel = zone->create_link(
        link_name(link), family_->node_interface(link.family_link) ? interface_Bps_ : bandwidth_Bps_);
    if (latency_s_ > 0) channel->set_latency(latency_s_);
    channels.push_back(channel);
  }
  zone_impl->set_channel_links(std::move(channels));
  auto* loopback = zone->create_link("loopback", 1e12);
  loopback->set_sharing_policy(s4u::Link::SharingPolicy::FATPIPE);
  zone_impl->set_loopback(loopback);
  zone->seal();
}

DirectNetworkZone::DirectNetworkZone(const std::string& name, const TopologyFamily& family)
    : NetZoneImpl(name), family_(family) {}

void DirectNetworkZone::add_node(int node, s4u::Host* host) {
  const auto id = host->get_netpoint()->id();
  if (node_by_netpoint_id_.size() <= id) node_by_netpoint_id_.resize(id + 1, -1);
  node_by_netpoint_id_[id] = node;
}

int DirectNetworkZone::node_of(const routing::NetPoint* point) const {
  const auto id = point->id();
  if (id >= node_by_netpoint_id_.size() || node_by_netpoint_id_[id] < 0)
    throw Error(get_name(), "route asked for '" + point->get_name() + "', which is not a node of this machine");
  return node_by_netpoint_id_[id];
}

void DirectNetworkZone::do_seal() {
  route_links_.clear();
  route_links_.reserve(channel_links_.size());
  for (const auto* link : channel_links_) route_links_.push_back(RouteLink::of(link));
  if (loopback_) route_loopback_ = RouteLink::of(loopback_);
}

void DirectNetworkZone::get_local_route(const routing::NetPoint* src, const routing::NetPoint* dst,
                                        routing::Route* into, double* latency) {
  const int a = node_of(src);
  const int b = node_of(dst);
  if (a == b) {
    route_loopback_.append_to(into, latency);
    return;
  }
  // A link carrying two VCs of one route would be listed twice; no family's route does that.
  for (const RouteChannel& c : family_.route(a, b)) route_links_.at(static_cast<std::size_t>(c.link)).append_to(into, latency);
}

}  // namespace mcsim
