// A machine, by concern. Each concern is a small interface or value; a machine file in topologies/
// makes the parts and composes them here:
//
//   documentation    name, node count, parameters with their sources      MachineDescription (value)
//   scheduler hints  what schedulers may know of the machine              SchedulingHints (value)
//   message library  protocols by size, costs, when calls return, buffers MessageLibrary (sim/core, value)
//   switching        the transport's name, per-hop time, node ports       SwitchingRules (sim/core)
//   routes           links, virtual channels, routes (switched only)      TopologyFamily (sim/core)
//   platform         the SimGrid hosts, links and routing                 Platform (sim/engine)
//
// A Machine is created (and its parameters checked) outside any simulation; its platform is built
// inside the SimGrid engine of the process that runs the simulation. Schedulers never see a
// Machine, only its SchedulingHints.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "../core/machine_spec.hpp"
#include "../core/message_library.hpp"
#include "../core/scheduling_hints.hpp"
#include "../core/switching_rules.hpp"
#include "../core/topology.hpp"
#include "platform.hpp"

namespace mcsim {

class Machine final {
 public:
  struct Parts {
    MachineDescription description;
    SchedulingHints hints;
    MessageLibrary library;
    std::shared_ptr<const SwitchingRules> switching;
    // The topology family whose routes the switched transports claim and whose links the platform
    // is built of; null where the transport needs none (flow). The hints' routes are the same
    // object (SchedulingHints::routes).
    std::shared_ptr<const TopologyFamily> routes;
    std::unique_ptr<Platform> platform;
  };
  // Throws mcsim::Error if a part other than routes is missing or the library is inconsistent.
  explicit Machine(Parts parts);

  // Documentation.
  const std::string& name() const { return parts_.description.name; }
  int nodes() const { return parts_.description.nodes; }
  // The machine's own parameters, then its message library's (describe_library).
  std::vector<MachineParameter> parameters() const;
  // What schedulers may know.
  SchedulingHints hints() const { return parts_.hints; }

  const MessageLibrary& library() const { return parts_.library; }
  const SwitchingRules& switching() const { return *parts_.switching; }
  bool has_routes() const { return parts_.routes != nullptr; }
  // Throws mcsim::Error for a machine without routes.
  const TopologyFamily& routes() const;
  Platform& platform() { return *parts_.platform; }
  const Platform& platform() const { return *parts_.platform; }

 private:
  Parts parts_;
};

}  // namespace mcsim
