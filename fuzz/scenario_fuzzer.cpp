// Fuzz target: any bytes as a scenario file and as a machine file (the two readers share one TOML
// reader, sim/core/toml_reader.hpp). load_scenario and load_machine_file must each either return
// their value or throw mcsim::Error; a crash, a sanitizer report or any other exception is a
// finding. A machine file's base is looked up beside the input only (no installed folder).
#include <cstddef>
#include <cstdint>

#include "../schedulers/builtin_schedulers.hpp"
#include "../sim/core/error.hpp"
#include "../sim/core/machine_file_reader.hpp"
#include "../sim/scenario/scenario.hpp"
#include "input_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool registered = (mcsim::register_builtin_schedulers(mcsim::scheduler_registry()), true);
  (void)registered;
  const std::string path = mcsim::fuzz::input_file(data, size, ".toml");
  try {
    (void)mcsim::load_scenario(path);
  } catch (const mcsim::Error&) {
  }
  try {
    (void)mcsim::load_machine_file(path, {});
  } catch (const mcsim::Error&) {
  }
  return 0;
}
