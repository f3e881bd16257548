// The Intel iPSC/860 as Wang and Ranka 1994 used it: a binary hypercube, circuit-switched
// Direct-Connect routing along e-cube paths, one transfer per node interface at a time except a
// synchronised pairwise exchange, and two message protocols (short and long). Every number is
// cited in hypercube_machine.cpp.
#pragma once

#include <memory>

#include "direct_network.hpp"

namespace mcsim {

struct Ipsc860Parameters {
  double channel_bandwidth_Bps;  // each direction of each channel
  std::uint64_t short_limit_bytes;  // messages up to this size use the short protocol
  double short_startup_s;        // time of a 0-hop short message, without the bytes
  double long_startup_s;         // the same for the long protocol (its handshake included)
  double short_hop_s;            // extra time per hop, short protocol
  double long_hop_s;             // extra time per hop, long protocol
  bool shared_node_port;         // observation 1 of Wang and Ranka sec. 2.2 (option node_ports)

  static Ipsc860Parameters published();
};

class HypercubeMachine : public DirectNetworkMachine {
 public:
  // Throws mcsim::Error unless `nodes` is a power of two from 2 to 16384.
  HypercubeMachine(int nodes, Ipsc860Parameters parameters);

  std::string name() const override { return "ipsc860"; }
  NodeCosts node_costs(std::uint64_t bytes) const override;
  double barrier_seconds() const override { return 0; }
  std::string transport() const override { return "circuit"; }
  NodePorts node_ports() const override;
  double per_hop_seconds(std::uint64_t bytes) const override;
  std::vector<int> route_path(int src, int dst) const override;
  int channel_count() const override { return dimensions_ * nodes(); }
  int channel_index(int from, int to) const override;
  std::pair<int, int> channel_ends(int channel) const override;
  double channel_bandwidth_Bps() const override { return parameters_.channel_bandwidth_Bps; }
  SchedulingHints hints() const override;
  std::vector<MachineParameter> parameters() const override;

  int dimensions() const { return dimensions_; }
  bool is_short(std::uint64_t bytes) const { return bytes <= parameters_.short_limit_bytes; }

 private:
  int dimensions_;
  Ipsc860Parameters parameters_;
};

std::unique_ptr<Machine> make_ipsc860(const MachineSpec& spec);

}  // namespace mcsim
