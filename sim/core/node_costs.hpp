// What a node's message-passing library costs its processor, and how many bytes a message
// occupies in the network: the node protocol of a machine, plain values, no SimGrid.
#pragma once

#include <cstdint>

namespace mcsim {

// CPU time a node spends in the message-passing library for each message it sends or receives.
struct NodeCosts {
  double send_overhead_s = 0;
  double receive_overhead_s = 0;
};

// A machine's node protocol: CMMD on the CM-5, NX on the iPSC/860, ...
class NodeProtocol {
 public:
  virtual ~NodeProtocol() = default;
  // Costs of a message of `bytes` bytes (machines with several protocols charge by size).
  virtual NodeCosts costs(std::uint64_t bytes) const = 0;
  // Costs of a control (active) message of `bytes` bytes (Node::send_control). Machines whose
  // active-message layer is cheaper than their message-passing library say so here.
  virtual NodeCosts control_costs(std::uint64_t bytes) const { return costs(bytes); }
  // A barrier of all nodes (the CM-5's control network); 0 where the machine has none of its own.
  virtual double barrier_seconds() const = 0;
  // Bytes that a message of `payload` bytes occupies in the network (packet rounding).
  virtual std::uint64_t wire_bytes(std::uint64_t payload) const { return payload; }
};

}  // namespace mcsim
