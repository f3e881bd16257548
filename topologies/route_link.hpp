// A link as a zone's routes use it, taken once when the zone is sealed: s4u::Link::get_impl() is a
// dynamic_cast, and a route is asked for every message (a few per cent of a run when done per link
// and per message).
#pragma once

#include <simgrid/kernel/routing/NetZoneImpl.hpp>
#include <simgrid/s4u/Link.hpp>

namespace mcsim {

struct RouteLink {
  simgrid::kernel::resource::StandardLinkImpl* impl = nullptr;
  double latency = 0;

  static RouteLink of(const simgrid::s4u::Link* link) { return {link->get_impl(), link->get_latency()}; }
  void append_to(simgrid::kernel::routing::Route* route, double* route_latency) const {
    route->link_list_.push_back(impl);
    if (route_latency) *route_latency += latency;
  }
};

}  // namespace mcsim
