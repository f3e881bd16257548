// The machine registry: every machine mcsim can simulate, by name.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "../sim/engine/machine.hpp"

namespace mcsim {

struct MachineEntry {
  std::string name;
  std::string description;
  std::unique_ptr<Machine> (*make)(const MachineSpec&);
  int listed_nodes = 32;  // the node count `mcsim list machines -v` shows it with
};

const std::vector<MachineEntry>& machine_registry();
// Throws mcsim::Error for an unknown name or a node count / option the machine cannot take.
std::unique_ptr<Machine> make_machine(const MachineSpec& spec);

}  // namespace mcsim
