#include "task_runner.hpp"

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

SampleRun resolve_samples(int scenario_samples, std::uint64_t scenario_seed, const RunOptions& options) {
  const int samples = options.samples.value_or(scenario_samples);
  if (samples < 1) throw Error("samples", fmt::format("must be at least 1, got {}", samples));
  return {samples, options.seed.value_or(scenario_seed)};
}

}  // namespace mcsim
