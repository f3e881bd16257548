#include "isolated_simulation.hpp"

#include "../../topologies/machines.hpp"
#include "../engine/isolated.hpp"

namespace mcsim {

std::vector<Run> simulate_isolated(const MachineSpec& spec, const std::vector<Job>& jobs,
                                   const SimulationOptions& options) {
  (void)make_machine(spec);  // bad specs fail here, before a process is started
  const auto text = run_isolated(
      1, [&](std::size_t) { return runs_to_text(simulate(*make_machine(spec), jobs, options)); }, 1);
  return runs_from_text(text.at(0));
}

}  // namespace mcsim
