// libmcsim-platform.so: a machine of mcsim as a SimGrid platform, for SMPI. SimGrid 3.32 loads a
// platform file ending in ".so" with dlopen and calls its `load_platform(const Engine&)`
// (EngineImpl::load_platform), so
//   smpirun -platform libmcsim-platform.so -hostfile HOSTS ./a.out
// runs an MPI program on the machine the environment names (platform_request.hpp; `mcsim mpi`
// writes both). The machine is built by the one builder mcsim uses (make_machine): the same hosts
// (node-0 .. node-N-1), links, bandwidths and routes, the CM-5's up-links drawn per message by the
// same zone. Its message library becomes SMPI settings (smpi_settings.hpp), each left alone where
// the user gave it with --cfg.
#include <dlfcn.h>

#include <simgrid/s4u/Engine.hpp>
#include <xbt/config.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "../sim/core/error.hpp"
#include "../topologies/machines.hpp"
#include "platform_request.hpp"
#include "smpi_settings.hpp"

extern "C" void load_platform(const simgrid::s4u::Engine& engine);

namespace {

// The machine lives as long as the simulation: its platform holds the zone that routes.
std::unique_ptr<mcsim::Machine> machine;

// Bundled machines beside this library as installed (lib/../share/mcsim/scenarios/machines), unless
// MCSIM_SCENARIOS says where; the running binary is SMPI's, not mcsim's.
void find_bundled_machines_beside_library() {
  if (const char* set = std::getenv("MCSIM_SCENARIOS"); set && *set) return;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&load_platform), &info) == 0 || !info.dli_fname) return;
  const std::filesystem::path library = std::filesystem::weakly_canonical(info.dli_fname);
  mcsim::set_machine_folders(
      {(library.parent_path() / MCSIM_SCENARIOS_FROM_LIBRARY / "machines").lexically_normal().string()});
}

// SimGrid's own value, or the one smpirun always passes (network/model:SMPI, its calibration), is
// replaced; a value the user gave with --cfg stays.
bool given_by_user(const std::string& key) {
  if (simgrid::config::is_default(key.c_str())) return false;
  return !(key == "network/model" && simgrid::config::get_value<std::string>(key) == "SMPI");
}

// A program of plain SimGrid (no smpirun) loading the platform declares no smpi/ keys: SimGrid
// refuses an unknown key with an exception.
bool known(const std::string& key) {
  try {
    (void)simgrid::config::is_default(key.c_str());
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

void load_platform(const simgrid::s4u::Engine& engine) {
  try {
    find_bundled_machines_beside_library();
    const mcsim::PlatformRequest request = mcsim::request_from_environment();
    mcsim::MachineSpec spec = request.machine;
    if (spec.nodes == 0) spec.nodes = mcsim::listed_nodes(mcsim::read_machine(spec));
    machine = mcsim::make_machine(spec);
    if (auto why = mcsim::switching_beyond_smpi(*machine); why && !request.approximate_switching)
      throw mcsim::Error(spec.name, *why + "; set MCSIM_SMPI_APPROXIMATE_SWITCHING=1 (mcsim mpi "
                                           "--approximate-switching) to run it so");
    // Before the hosts exist: SMPI reads smpi/os, ois, or as it attaches itself to each host.
    for (const mcsim::SmpiSetting& setting : mcsim::smpi_configuration(*machine).settings)
      if (known(setting.key) && !given_by_user(setting.key)) engine.set_config(setting.key + ":" + setting.value);
    machine->platform().build();
    machine->platform().reseed_routing(request.seed);
  } catch (const std::exception& e) {
    // SimGrid gives a platform loader no way to fail; this is the one line the user sees.
    std::fprintf(stderr, "mcsim-platform: error: %s\n", e.what());
    std::fflush(stderr);
    std::_Exit(2);
  }
}
