// Fuzz target: any bytes as a machine file, read and then made into a machine as a run makes it:
// every choice at each of its values, the derived values for a node count, the builder (topology
// family, switching, message library, platform description) and the size the --max-work estimate
// charges (Platform::element_count). Each step must return or throw mcsim::Error; a crash, a
// sanitizer report, another exception or a timeout (a machine the estimate would call small that
// takes long to make) is a finding. Bases are looked up beside the input, then in the bundled
// machines folder (so that `base = "cm5"` builds on the real CM-5 file).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "../sim/core/error.hpp"
#include "../sim/core/machine_file_reader.hpp"
#include "../topologies/machine_builder.hpp"
#include "input_file.hpp"

#ifndef MCSIM_MACHINES_DIR
#define MCSIM_MACHINES_DIR ""
#endif

namespace {

// A node count from the input's last byte: small enough that a valid machine is made in
// milliseconds, varied enough to reach each family's checks (1, primes, powers of two).
int node_count(const std::uint8_t* data, std::size_t size) {
  static constexpr int counts[] = {1, 2, 3, 4, 7, 8, 16, 31, 32, 64, 100, 128};
  return size == 0 ? 32 : counts[data[size - 1] % (sizeof counts / sizeof counts[0])];
}

void make(const std::string& path, const std::map<std::string, std::string>& choices, int nodes) {
  mcsim::MachineFile file = mcsim::load_machine_file(path, {MCSIM_MACHINES_DIR}, choices);
  mcsim::resolve_for_nodes(file, nodes);
  const auto machine = mcsim::build_machine(std::move(file), nodes);
  (void)machine->platform().element_count();
  (void)machine->parameters();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = mcsim::fuzz::input_file(data, size, ".toml");
  const int nodes = node_count(data, size);
  mcsim::MachineFile first;
  try {
    first = mcsim::load_machine_file(path, {MCSIM_MACHINES_DIR});
  } catch (const mcsim::Error&) {
    return 0;
  }
  try {
    make(path, {}, nodes);
  } catch (const mcsim::Error&) {
  }
  // Each choice at each of its other values (at most 32 choices of 16 values: bounded by the reader).
  for (const auto& choice : first.choices)
    for (const auto& value : choice.values) {
      if (value == choice.chosen) continue;
      try {
        make(path, {{choice.name, value}}, nodes);
      } catch (const mcsim::Error&) {
      }
    }
  return 0;
}
