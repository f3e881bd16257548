// The SimGrid side of a machine: its hosts, links and routing, built inside the engine of the
// process that runs the simulation.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "../core/link_identity.hpp"

namespace simgrid::s4u {
class Host;
}
namespace simgrid::kernel::resource {
class StandardLinkImpl;
}

namespace mcsim {

class Platform {
 public:
  virtual ~Platform() = default;
  // Creates hosts for nodes 0..n-1, links and routing in the current SimGrid engine.
  virtual void build() = 0;
  virtual simgrid::s4u::Host* host(int node) const = 0;
  // Every link build() creates but the loopback, in the order it creates them, and how pictures
  // lay them out; known without building (the parent process draws from it). build() names each
  // SimGrid link link_name(identity).
  virtual NetworkLinks links() const = 0;
  // How many hosts, switches and links build() creates, counted without creating them (links()
  // would list them, and a file can ask for 1e11): the size the --max-work estimate charges.
  virtual double element_count() const = 0;
  // Machines with randomised routing draw their choices from a generator reset here per run.
  virtual void reseed_routing(std::uint64_t /*seed*/) {}
  // A message from src to dst that was not routed (a ready signal that takes no time) keeps its
  // place in the pair's sequence of random routing choices, so that the messages after it draw
  // the routes they would have drawn had it crossed the network.
  virtual void skip_route(int /*src*/, int /*dst*/) {}

  // Where routes are drawn at random per message, the order of the draws is part of the run: a
  // route is drawn when SimGrid starts a communication (in its kernel, after the actors of the
  // round have run). A platform that draws them calls `observer` with each route it computes
  // between two nodes, at that moment (in SimGrid's kernel: the observer must not block or call
  // into s4u), and returns true; the others return false (their routes are the same whenever
  // they are asked); a null `observer` stops it. One observer at a time: the run's route draws
  // (drawn_routes.hpp), which match each route to its message for the fluid sharing and the
  // activity recorder.
  using RouteObserver =
      std::function<void(int src, int dst, const std::vector<simgrid::kernel::resource::StandardLinkImpl*>& links)>;
  virtual bool observe_drawn_routes(RouteObserver /*observer*/) { return false; }
};

}  // namespace mcsim
