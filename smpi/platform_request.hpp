// Which machine libmcsim-platform.so builds, as `mcsim mpi` asks for it through the environment of
// smpirun (SimGrid reads its --cfg keys before it loads the library, so the library can declare
// none of its own; an environment variable also never passes through smpirun's shell words):
//   MCSIM_SMPI_MACHINE    a bundled machine's name or a machine file's path (required)
//   MCSIM_SMPI_NODES      its node count (default: the count `mcsim list machines` lists it with)
//   MCSIM_SMPI_OPTIONS    machine options, one key=value per line (--machine-option)
//   MCSIM_SMPI_APPROXIMATE_SWITCHING=1  run a circuit, wormhole or store-and-forward machine as flows
//   MCSIM_SMPI_SEED       the seed of randomised routes (the CM-5's up-links), default 1
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../sim/core/machine_spec.hpp"

namespace mcsim {

struct PlatformRequest {
  MachineSpec machine;  // nodes 0: the listed count
  bool approximate_switching = false;
  std::uint64_t seed = 1;
};

// The variables that say `request`, for a child's environment.
std::vector<std::pair<std::string, std::string>> request_environment(const PlatformRequest& request);
// The request the environment holds; throws mcsim::Error naming the variable that is missing or wrong.
PlatformRequest request_from_environment();

}  // namespace mcsim
