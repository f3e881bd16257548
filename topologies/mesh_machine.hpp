// A 2-D mesh without wrap-around, XY routing, wormhole or store-and-forward switching (or any
// other registered transport, option switching): the machines of Lo, Rajopadhye, Telle, Zhong 1992
// (section 3). Parameter sets and their sources are in mesh_machine.cpp; "dimensionless" is the
// paper's own unit system (b = 1, c chosen).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../sim/core/message_library.hpp"
#include "../sim/core/switching_rules.hpp"
#include "../sim/engine/machine.hpp"

namespace mcsim {

struct MeshParameters {
  std::string name;          // the parameter set: delta, ipsc1, dimensionless
  std::string source;        // where its numbers come from
  std::string transport = "wormhole";  // a name in transport_registry() (option switching)
  double bandwidth_Bps = 0;  // each direction of each channel (1 / b)
  double startup_s = 0;      // c: once per message (wormhole) or at every hop (store-and-forward)
  double hop_s = 0;          // wormhole: header delay per channel claimed
  // wormhole: flow-control unit and flit buffers per channel (what a blocked worm packs into).
  std::uint64_t flit_bytes = 1;
  std::uint64_t buffer_flits = 1;

  // Store-and-forward pays the start-up c at every hop; every other transport once per message.
  bool startup_per_hop() const { return transport == "store-and-forward"; }
};

// The message library of the model: the start-up c at the sender (unless every hop pays it);
// no barrier of its own.
MessageLibrary mesh_library(const MeshParameters& parameters);

// Switching: the chosen transport, with the header delay or (store-and-forward) c per hop.
class MeshSwitching final : public SwitchingRules {
 public:
  explicit MeshSwitching(MeshParameters parameters) : parameters_(std::move(parameters)) {}
  std::string transport() const override { return parameters_.transport; }
  double per_hop_seconds(std::uint64_t bytes) const override;
  FlitBuffers flit_buffers() const override;

 private:
  MeshParameters parameters_;
};

// The machine: throws mcsim::Error unless rows and cols are >= 1 and the parameters make sense.
// The default shape for `nodes` nodes: the most nearly square rows x cols with cols >= rows
// (for 2^k nodes: 2^floor(k/2) rows, 2^ceil(k/2) columns, the mesh of Lo et al., sec. 4).
std::pair<int, int> default_shape(int nodes);
std::unique_ptr<Machine> make_mesh_machine(int rows, int cols, MeshParameters parameters);
std::unique_ptr<Machine> make_mesh(const MachineSpec& spec);

}  // namespace mcsim
