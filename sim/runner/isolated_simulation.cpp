#include "isolated_simulation.hpp"

#include "pipeline.hpp"

namespace mcsim {

std::vector<Run> simulate_isolated(const MachineSpec& spec, const std::vector<Job>& jobs,
                                   const SimulationOptions& options) {
  std::vector<CompiledJob> compiled;
  for (const Job& job : jobs) compiled.push_back({job, {}});
  std::vector<Run> runs;
  for (auto& record : simulate_compiled_isolated(spec, std::move(compiled), options, /*keep_runs=*/true))
    runs.push_back(std::move(*record.run));
  return runs;
}

}  // namespace mcsim
