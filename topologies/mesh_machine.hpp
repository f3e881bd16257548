// A 2-D mesh without wrap-around, XY routing, wormhole or store-and-forward switching (or any
// other registered transport, option switching): the machines of Lo, Rajopadhye, Telle, Zhong 1992
// (section 3). Parameter sets and their sources are in mesh_machine.cpp; "dimensionless" is the
// paper's own unit system (b = 1, c chosen).
#pragma once

#include <memory>
#include <string>

#include "direct_network.hpp"

namespace mcsim {

struct MeshParameters {
  std::string name;          // the parameter set: delta, ipsc1, dimensionless
  std::string source;        // where its numbers come from
  std::string transport = "wormhole";  // a name in transport_registry() (option switching)
  double bandwidth_Bps = 0;  // each direction of each channel (1 / b)
  double startup_s = 0;      // c: once per message (wormhole) or at every hop (store-and-forward)
  double hop_s = 0;          // wormhole: header delay per channel claimed
};

class MeshMachine : public DirectNetworkMachine {
 public:
  // Store-and-forward pays the start-up c at every hop; every other transport once per message.
  bool startup_per_hop() const { return parameters_.transport == "store-and-forward"; }
  // Throws mcsim::Error unless rows * cols == nodes and both are >= 1.
  MeshMachine(int rows, int cols, MeshParameters parameters);

  std::string name() const override { return "mesh"; }
  NodeCosts node_costs(std::uint64_t bytes) const override;
  double barrier_seconds() const override { return 0; }
  std::string transport() const override { return parameters_.transport; }
  double per_hop_seconds(std::uint64_t bytes) const override;
  std::vector<int> route_path(int src, int dst) const override;
  int channel_count() const override;
  int channel_index(int from, int to) const override;
  std::pair<int, int> channel_ends(int channel) const override;
  double channel_bandwidth_Bps() const override { return parameters_.bandwidth_Bps; }
  SchedulingHints hints() const override;
  std::vector<MachineParameter> parameters() const override;

  int rows() const { return rows_; }
  int cols() const { return cols_; }

 private:
  int rows_;
  int cols_;
  MeshParameters parameters_;
};

std::unique_ptr<Machine> make_mesh(const MachineSpec& spec);

}  // namespace mcsim
