// How a machine's messages claim its network: the name of its transport (the switching model, see
// sim/engine/transport.hpp and `mcsim list transports`) and the machine's numbers for it. Plain
// values, no SimGrid.
#pragma once

#include <cstdint>
#include <string>

namespace mcsim {

// What a switching model does, as the stages that read a machine need to know it (the executor, the
// work estimate, the machine builder): typed, so that no stage compares transport names. Each
// transport states its own in its registry entry (sim/engine/transports/registry.cpp); the machine
// builder copies them into the machine's SwitchingRules.
// What one simulated message costs mcsim itself on a transport, for the work estimate
// (sim/scenario/work_estimate.cpp): CPU relative to a flow message on the CM-5's fat tree, and the
// peak memory it holds while in flight. Each transport's figures are measured beside its registry
// entry; the defaults are the dearest measured (wormhole's), so that a plug-in's transport is
// bounded from above.
struct SimulationCost {
  double work_weight = 5;               // estimate units per message and per node's actor
  double message_bytes = 32 * 1024.0;   // resident bytes per message in flight

  friend bool operator==(const SimulationCost&, const SimulationCost&) = default;
};

struct TransportTraits {
  bool shares_links_as_flows = false;  // links shared max-min among flows (flow): a sharing decides the rates
  bool startup_per_hop = false;        // a message's start-up is paid at every hop, not at the nodes
  bool header_delay = false;           // a header claims the route channel by channel, a delay each
  bool flit_buffers = false;           // flits move through per-channel buffers of a given depth
  SimulationCost cost;                 // what a message costs to simulate (the work estimate)

  friend bool operator==(const TransportTraits&, const TransportTraits&) = default;
};

// Wormhole flow control (the transport "wormhole"): flits of flit_bytes, depth_flits of them
// buffered per channel, a channel moving a byte in seconds_per_byte.
struct FlitBuffers {
  std::uint64_t flit_bytes = 1;
  std::uint64_t depth_flits = 1;
  double seconds_per_byte = 0;
};

class SwitchingRules {
 public:
  virtual ~SwitchingRules() = default;
  // A name in the transport registry.
  virtual std::string transport() const = 0;
  // That transport's traits (its registry entry's).
  virtual TransportTraits traits() const = 0;
  // Circuit/wormhole: time for the header to claim one more channel. Store-and-forward: the
  // start-up paid again at every hop. (How many transfers a node takes part in at once is its
  // message library's, MessageLibrary::node_ports, obeyed alike by every transport.)
  virtual double per_hop_seconds(std::uint64_t /*bytes*/) const { return 0; }
  // Wormhole: the flits and buffers a worm's tail moves through.
  virtual FlitBuffers flit_buffers() const { return {}; }
  // Each link's own latency (links.latency; 0 on every bundled machine), paid by every transport on
  // every link a message crosses: flow in SimGrid's latency + bytes/bandwidth; circuit by the first
  // byte once the path is set up; wormhole by the header at each hop; store-and-forward at each hop.
  virtual double link_latency_s() const { return 0; }
};

// A transport with no numbers of its own (flow-level machines).
class PlainSwitching final : public SwitchingRules {
 public:
  PlainSwitching(std::string transport, TransportTraits traits) : transport_(std::move(transport)), traits_(traits) {}
  std::string transport() const override { return transport_; }
  TransportTraits traits() const override { return traits_; }

 private:
  std::string transport_;
  TransportTraits traits_;
};

}  // namespace mcsim
