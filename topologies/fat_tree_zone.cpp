#include "fat_tree_zone.hpp"

#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/s4u/Host.hpp>

#include "../routing/fat_tree_route.hpp"
#include "../sim/core/error.hpp"

namespace mcsim {

namespace routing = simgrid::kernel::routing;

FatTreeZone::FatTreeZone(const std::string& name, FatTreeShape shape, const RoutePolicy& up_links)
    : NetZoneImpl(name),
      shape_(std::move(shape)),
      up_links_(up_links),
      messages_sent_(shape_.nodes()),
      interfaces_(static_cast<std::size_t>(shape_.nodes())) {}

void FatTreeZone::add_node(int node, simgrid::s4u::Host* host, NodeInterface interface) {
  const auto id = host->get_netpoint()->id();
  if (node_by_netpoint_id_.size() <= id) node_by_netpoint_id_.resize(id + 1, -1);
  node_by_netpoint_id_[id] = node;
  interfaces_[static_cast<std::size_t>(node)] = std::move(interface);
}

int FatTreeZone::node_of(const routing::NetPoint* point) const {
  const auto id = point->id();
  if (id >= node_by_netpoint_id_.size() || node_by_netpoint_id_[id] < 0)
    throw Error("fat-tree zone", "route asked for '" + point->get_name() + "', which is not a node of this machine");
  return node_by_netpoint_id_[id];
}

void FatTreeZone::do_seal() {
  auto convert = [](const std::vector<simgrid::s4u::Link*>& links) {
    std::vector<RouteLink> out;
    out.reserve(links.size());
    for (const auto* link : links) out.push_back(RouteLink::of(link));
    return out;
  };
  route_out_.clear();
  route_in_.clear();
  for (const NodeInterface& interface : interfaces_) {
    route_out_.push_back(convert(interface.outgoing));
    route_in_.push_back(convert(interface.incoming));
  }
  route_wires_ = convert(wire_links_);
  if (loopback_) route_loopback_ = RouteLink::of(loopback_);
}

void FatTreeZone::get_local_route(const routing::NetPoint* src, const routing::NetPoint* dst, routing::Route* into,
                                  double* latency) {
  const int a = node_of(src);
  const int b = node_of(dst);
  if (a == b) {
    if (loopback_) route_loopback_.append_to(into, latency);
    return;
  }
  for (const RouteLink& link : route_out_[static_cast<std::size_t>(a)]) link.append_to(into, latency);
  const std::uint64_t pair = pair_key(a, b);
  Rng rng(derive_seed(seed_ ^ (pair * 0x9E3779B97F4A7C15ull), "uplinks", messages_sent_.increment(a, b)));
  for (const RouteChannel& c : fat_tree_route(shape_, a, b, up_links_.uplinks(shape_, b, &rng)))
    route_wires_[static_cast<std::size_t>(c.link)].append_to(into, latency);
  for (const RouteLink& link : route_in_[static_cast<std::size_t>(b)]) link.append_to(into, latency);
  if (observer_) observer_(a, b, into->link_list_);
}

}  // namespace mcsim
