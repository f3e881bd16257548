// One simulation of given plans in a fresh process, its runs handed back: for tests, `mcsim
// timeline` and anything else that needs whole runs rather than an experiment's summaries.
#pragma once

#include <vector>

#include "../core/run.hpp"
#include "../engine/executor.hpp"

namespace mcsim {

// Builds the machine from `spec` and simulates `jobs` in a child process (SimGrid allows one
// engine per process); throws mcsim::Error with the child's error.
std::vector<Run> simulate_isolated(const MachineSpec& spec, const std::vector<Job>& jobs,
                                   const SimulationOptions& options = {});

}  // namespace mcsim
