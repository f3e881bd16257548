// The Thinking Machines CM-5 as the CM-5 papers used it: a 4-ary fat-tree data network, nodes
// talking through CMMD, a control network for barriers. Every number is cited in cm5.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "../sim/core/message_library.hpp"
#include "../sim/engine/machine.hpp"
#include "../routing/fat_tree_shape.hpp"
#include "../sim/engine/platform.hpp"

namespace mcsim {

class FatTreeZone;

struct Cm5Parameters {
  double wire_bandwidth_Bps;   // each direction of each fat-tree wire
  double cmmd_startup_s;       // CMMD message start-up (latency of a 0-byte message)
  double cmmd_bandwidth_Bps;   // CMMD asymptotic point-to-point bandwidth
  double barrier_s;            // control-network barrier
  bool shared_node_interface;  // sends and receives of a node share the CMMD copy rate
  int packet_payload_bytes;    // data bytes per data-network packet
  // CMMD's calls (option cmmd): the 1992 CMMD's synchronous send and blocking receive (true,
  // default), or CMMD's later asynchronous calls.
  bool cmmd_1992_calls = true;
  // Active messages (Node::send_control): CMAML's own costs, or (when not set) a CMMD message's.
  bool cmaml_control_messages = false;
  bool cmaml_scopy_data = false;  // data messages are CMAML scopy's (start-up and rate set to its)
  // false: the d-mod-k up-links (fat_tree_family.hpp); for a machine file's up_links = "deterministic".
  bool random_uplinks = true;
  double active_message_send_s = 0;     // single-packet active message, sender
  double active_message_receive_s = 0;  // and receiver (handler dispatch)

  static Cm5Parameters published();
};

// Parents per level of the CM-5 fat tree for `levels` switch levels (see cm5.cpp for sources).
std::vector<int> cm5_parents_per_level(int levels);

// The fat tree of a CM-5 partition. Throws mcsim::Error unless `nodes` is a CM-5 partition size
// (a power of two, 32..16384).
FatTreeShape cm5_shape(int nodes);

// Payload bandwidth per node for traffic leaving a subtree of 4^level nodes (the published
// 20 / 10 / 5 MB/s), computed from the shape and the wire bandwidth.
double cm5_per_node_bandwidth_beyond(const FatTreeShape& shape, double wire_bandwidth_Bps, int level);

// Platform: the fat tree with random up-links (FatTreeZone) and each node's CMMD interface.
class Cm5Platform final : public Platform {
 public:
  Cm5Platform(FatTreeShape shape, Cm5Parameters parameters) : shape_(std::move(shape)), parameters_(parameters) {}
  void build() override;
  simgrid::s4u::Host* host(int node) const override { return hosts_[static_cast<std::size_t>(node)]; }
  void reseed_routing(std::uint64_t seed) override;
  void skip_route(int src, int dst) override;

 private:
  FatTreeShape shape_;
  Cm5Parameters parameters_;
  FatTreeZone* zone_ = nullptr;
  std::vector<simgrid::s4u::Host*> hosts_;
};

// The message library of the CM-5's nodes: CMMD as of 1992 (synchronous send, blocking receive),
// CMMD's asynchronous calls, or CMAML scopy for data; active messages as CMMD's or CMAML's.
MessageLibrary cm5_library(const Cm5Parameters& parameters);

// The machine: throws mcsim::Error for a node count that is not a CM-5 partition size or for
// parameters out of range.
std::unique_ptr<Machine> make_cm5_machine(int nodes, Cm5Parameters parameters);

std::unique_ptr<Machine> make_cm5(const MachineSpec& spec);

}  // namespace mcsim
