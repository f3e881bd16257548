// How a machine's messages claim its network: the name of its transport (the switching model, see
// sim/engine/transport.hpp and `mcsim list transports`) and the machine's numbers for it. Plain
// values, no SimGrid.
#pragma once

#include <cstdint>
#include <string>

namespace mcsim {

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
  // Circuit/wormhole: time for the header to claim one more channel. Store-and-forward: the
  // start-up paid again at every hop. (How many transfers a node takes part in at once is its
  // message library's: MessageLibrary::node_ports.)
  virtual double per_hop_seconds(std::uint64_t /*bytes*/) const { return 0; }
  // Wormhole: the flits and buffers a worm's tail moves through.
  virtual FlitBuffers flit_buffers() const { return {}; }
};

// A transport with no numbers of its own (flow-level machines).
class PlainSwitching final : public SwitchingRules {
 public:
  explicit PlainSwitching(std::string transport) : transport_(std::move(transport)) {}
  std::string transport() const override { return transport_; }

 private:
  std::string transport_;
};

}  // namespace mcsim
