// What the executor needs from a machine: a SimGrid platform plus the node-side costs.
//
// A Machine object is created (and its parameters checked) outside any simulation; its platform
// is built inside the SimGrid engine of the process that runs the simulation. Schedulers never
// see a Machine, only its SchedulingHints.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace simgrid::s4u {
class Host;
}

namespace mcsim {

// The papers' tau (start-up time of one message) and phi (seconds per byte) for this machine,
// for schedulers that weigh start-ups against bytes (CGMH's differential approach).
// Machines whose routes are fixed (e-cube, XY) also hand schedulers the route function, so that
// link-contention-free schedulers (RS_NL) reason about the very routes the simulation uses.
struct SchedulingHints {
  double startup_s = 0;
  double seconds_per_byte = 0;
  // Nodes visited from src to dst (both included); empty function when routes are not fixed.
  std::function<std::vector<int>(int src, int dst)> route_path;
};

// CPU time a node spends in the message-passing library for each message it sends or receives.
struct NodeCosts {
  double send_overhead_s = 0;
  double receive_overhead_s = 0;
};

// One documented machine parameter, for `mcsim list machines --verbose` and reports.
struct MachineParameter {
  std::string name;
  std::string value;   // with its unit
  std::string source;  // published source, or "assumption: ..." with the reason
};

// A machine as a scenario names it: a registry name, a node count, and named options.
struct MachineSpec {
  std::string name;
  int nodes = 0;
  std::map<std::string, std::string> options;
};

class Machine {
 public:
  virtual ~Machine() = default;

  virtual std::string name() const = 0;
  virtual int nodes() const = 0;

  // Create hosts node 0..nodes()-1, links and routing in the current SimGrid engine.
  virtual void build_platform() = 0;
  virtual simgrid::s4u::Host* host(int node) const = 0;

  virtual NodeCosts node_costs() const = 0;
  virtual double barrier_seconds() const = 0;
  // Bytes that a message of `payload` bytes occupies in the network (packet rounding).
  virtual std::uint64_t wire_bytes(std::uint64_t payload) const { return payload; }
  // Machines with randomised routing draw their choices from a generator reset here per run.
  virtual void reseed_routing(std::uint64_t /*seed*/) {}

  virtual SchedulingHints hints() const = 0;
  virtual std::vector<MachineParameter> parameters() const = 0;
};

}  // namespace mcsim
