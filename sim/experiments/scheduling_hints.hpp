// The SchedulingHints a counting experiment (kind = "permutations") hands its schedulers: the
// machine's own, or a stand-in while a machine a scenario names is not in the registry yet.
#pragma once

#include "../engine/machine.hpp"

namespace mcsim {

// A hypercube of `nodes` (a power of two) with e-cube routes (routing/hypercube_route.hpp): only
// route_path is set. A STAND-IN for the iPSC/860 machine's hints until that machine exists; then
// scheduling_hints() takes the machine's own and this function can go.
SchedulingHints hypercube_hints(int nodes);

// make_machine(spec)->hints() when the registry has the machine; hypercube_hints(spec.nodes) for
// "ipsc860" while it does not. Throws mcsim::Error for any other unknown machine or a bad node count.
SchedulingHints scheduling_hints(const MachineSpec& spec);

}  // namespace mcsim
