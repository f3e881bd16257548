// Fuzz target: any bytes as a scenario file. load_scenario must either return a scenario or throw
// mcsim::Error; a crash, a sanitizer report or any other exception is a finding.
#include <cstddef>
#include <cstdint>

#include "../schedulers/builtin_schedulers.hpp"
#include "../sim/core/error.hpp"
#include "../sim/experiments/scenario.hpp"
#include "input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool registered = (mcsim::register_builtin_schedulers(mcsim::scheduler_registry()), true);
  (void)registered;
  try {
    (void)mcsim::load_scenario(mcsim::fuzz::input_file(data, size, ".toml"));
  } catch (const mcsim::Error&) {
  }
  return 0;
}
