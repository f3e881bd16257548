#include "machines.hpp"

#include <fmt/format.h>

#include "../sim/core/error.hpp"
#include "cm5.hpp"
#include "cp_pacs.hpp"
#include "ethernet_cluster.hpp"
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
      {"cp-pacs", "CP-PACS Pilot-3: 3-D hyper-crossbar (assumed 4x4x4, x-y-z order), 300 MB/s links, 3 us crossbars",
       &make_cp_pacs, 64},
      {"ethernet-cluster", "workstations on one switched 100Base-T Ethernet, MPICH ch_p4 over TCP (11 MB/s, 120 us)",
       &make_ethernet_cluster, 24},
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
