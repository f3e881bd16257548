#include "machines.hpp"

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "cm5.hpp"
#include "hypercube_machine.hpp"
#include "mesh_machine.hpp"

namespace mcsim {

const std::vector<MachineEntry>& machine_registry() {
  static const std::vector<MachineEntry> registry = {
      {"cm5", "Thinking Machines CM-5: 4-ary fat tree (20/10/5 MB/s per node), random up-links, CMMD costs",
       &make_cm5},
      {"ipsc860", "Intel iPSC/860: hypercube, e-cube circuit switching, short/long protocols, one transfer per node",
       &make_ipsc860},
      {"mesh", "2-D mesh, XY routing, wormhole or store-and-forward (Touchstone Delta, iPSC/1 or dimensionless)",
       &make_mesh},
  };
  return registry;
}

std::unique_ptr<Machine> make_machine(const MachineSpec& spec) {
  std::vector<std::string> names;
  for (const auto& entry : machine_registry()) {
    if (entry.name == spec.name) return entry.make(spec);
    names.push_back(entry.name);
  }
  throw Error("machine", fmt::format("unknown machine '{}' (known: {})", spec.name, fmt::join(names, ", ")));
}

}  // namespace mcsim
