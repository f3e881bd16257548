// The Intel iPSC/860 as Wang and Ranka 1994 used it: a binary hypercube, circuit-switched
// Direct-Connect routing along e-cube paths, one transfer per node interface at a time except a
// synchronised pairwise exchange, and two message protocols (short and long). Every number is
// cited in hypercube_machine.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "../sim/core/message_library.hpp"
#include "../sim/core/switching_rules.hpp"
#include "../sim/engine/machine.hpp"

namespace mcsim {

struct Ipsc860Parameters {
  double channel_bandwidth_Bps;  // each direction of each channel
  std::uint64_t short_limit_bytes;  // messages up to this size use the short protocol
  double short_startup_s;        // time of a 0-hop short message, without the bytes
  double long_startup_s;         // the same for the long protocol (its handshake included)
  double short_hop_s;            // extra time per hop, short protocol
  double long_hop_s;             // extra time per hop, long protocol
  bool shared_node_port;         // observation 1 of Wang and Ranka sec. 2.2 (option node_ports)
  // Option nx: false = one aggregate start-up per message (`startup`); true = the long protocol run
  // as its three trips, request, reply and data (`protocols`), with the same unloaded times.
  bool protocol_trips = false;
  double receive_buffer_bytes = 0;  // NX's system buffer for messages that arrive before their receive
  double copy_rate_Bps = 0;         // copying one out of it

  static Ipsc860Parameters published();
};

// NX, the iPSC/860's message library: short messages eager, long ones after a handshake.
MessageLibrary nx_library(const Ipsc860Parameters& parameters);

// Switching: circuits, whose header takes the per-hop time of the message's NX protocol.
class Ipsc860Switching final : public SwitchingRules {
 public:
  explicit Ipsc860Switching(MessageLibrary library) : library_(std::move(library)) {}
  std::string transport() const override { return "circuit"; }
  double per_hop_seconds(std::uint64_t bytes) const override { return library_.regime(bytes).per_hop_s.value; }

 private:
  MessageLibrary library_;
};

// The machine: throws mcsim::Error unless `nodes` is a power of two from 2 to 16384.
std::unique_ptr<Machine> make_ipsc860_machine(int nodes, Ipsc860Parameters parameters);
std::unique_ptr<Machine> make_ipsc860(const MachineSpec& spec);

}  // namespace mcsim
