// What the executor needs from a machine: a SimGrid platform plus the node-side costs.
//
// A Machine object is created (and its parameters checked) outside any simulation; its platform
// is built inside the SimGrid engine of the process that runs the simulation. Schedulers never
// see a Machine, only its SchedulingHints.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../core/machine_spec.hpp"
#include "../core/node_costs.hpp"
#include "../core/scheduling_hints.hpp"

namespace simgrid::s4u {
class Host;
}

namespace mcsim {

// How many transfers a node's interface takes part in at once (circuit and wormhole machines).
enum class NodePorts {
  unlimited,  // the node's interface never limits (messages are limited by channels only)
  // One transfer at a time, sending or receiving, except a synchronised pairwise exchange, which
  // runs both directions at once (the iPSC/860: Wang and Ranka 1994, sec. 2.2, observation 1).
  one_shared,
};

class Machine {
 public:
  virtual ~Machine() = default;

  virtual std::string name() const = 0;
  virtual int nodes() const = 0;

  // Create hosts node 0..nodes()-1, links and routing in the current SimGrid engine.
  virtual void build_platform() = 0;
  virtual simgrid::s4u::Host* host(int node) const = 0;

  // Costs of a message of `bytes` bytes (machines with several protocols charge by size).
  virtual NodeCosts node_costs(std::uint64_t bytes) const = 0;
  virtual double barrier_seconds() const = 0;
  // Bytes that a message of `payload` bytes occupies in the network (packet rounding).
  virtual std::uint64_t wire_bytes(std::uint64_t payload) const { return payload; }
  // Machines with randomised routing draw their choices from a generator reset here per run.
  virtual void reseed_routing(std::uint64_t /*seed*/) {}

  // The switching model: a name in transport_registry() (sim/engine/transport.hpp).
  virtual std::string transport() const { return "flow"; }
  // Switched machines (every transport but flow) also give their routes as node paths and number
  // their directed channels so that every route claims increasing numbers: a total order on the
  // channels that all messages respect, hence no deadlock (Dally and Seitz 1987).
  virtual NodePorts node_ports() const { return NodePorts::unlimited; }
  // Circuit/wormhole: time for the header to claim one more channel. Store-and-forward: the
  // start-up paid again at every hop.
  virtual double per_hop_seconds(std::uint64_t /*bytes*/) const { return 0; }
  virtual std::vector<int> route_path(int src, int dst) const { return {src, dst}; }
  virtual int channel_count() const { return 0; }
  virtual int channel_index(int /*from*/, int /*to*/) const { return -1; }

  virtual SchedulingHints hints() const = 0;
  virtual std::vector<MachineParameter> parameters() const = 0;
};

}  // namespace mcsim
