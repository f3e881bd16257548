// The Thinking Machines CM-5 as the CM-5 papers used it: a 4-ary fat-tree data network, nodes
// talking through CMMD, a control network for barriers. Every number is cited in cm5.cpp.
#pragma once

#include <memory>

#include "../sim/engine/machine.hpp"
#include "../routing/fat_tree_shape.hpp"

namespace mcsim {

class FatTreeZone;

struct Cm5Parameters {
  double wire_bandwidth_Bps;   // each direction of each fat-tree wire
  double cmmd_startup_s;       // CMMD message start-up (latency of a 0-byte message)
  double cmmd_bandwidth_Bps;   // CMMD asymptotic point-to-point bandwidth
  double barrier_s;            // control-network barrier
  bool shared_node_interface;  // sends and receives of a node share the CMMD copy rate
  int packet_payload_bytes;    // data bytes per data-network packet

  static Cm5Parameters published();
};

// Parents per level of the CM-5 fat tree for `levels` switch levels (see cm5.cpp for sources).
std::vector<int> cm5_parents_per_level(int levels);

class Cm5Machine : public Machine {
 public:
  // Throws mcsim::Error unless `nodes` is a CM-5 partition size (a power of two, 32..16384).
  Cm5Machine(int nodes, Cm5Parameters parameters);

  std::string name() const override { return "cm5"; }
  int nodes() const override { return shape_.nodes(); }
  void build_platform() override;
  simgrid::s4u::Host* host(int node) const override { return hosts_[static_cast<std::size_t>(node)]; }
  NodeCosts node_costs(std::uint64_t bytes) const override;
  double barrier_seconds() const override { return parameters_.barrier_s; }
  std::uint64_t wire_bytes(std::uint64_t payload) const override;
  void reseed_routing(std::uint64_t seed) override;
  SchedulingHints hints() const override;
  std::vector<MachineParameter> parameters() const override;

  const FatTreeShape& shape() const { return shape_; }
  // Payload bandwidth per node for traffic leaving a subtree of 4^level nodes (the published
  // 20 / 10 / 5 MB/s), computed from the shape and the wire bandwidth.
  double per_node_bandwidth_beyond(int level) const;

 private:
  FatTreeShape shape_;
  Cm5Parameters parameters_;
  FatTreeZone* zone_ = nullptr;
  std::vector<simgrid::s4u::Host*> hosts_;
};

std::unique_ptr<Machine> make_cm5(const MachineSpec& spec);

}  // namespace mcsim
