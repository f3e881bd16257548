// A scenario: one experiment as a TOML file (scenarios/*.toml), read into the typed values of
// sim/core/scenario_spec.hpp.
#pragma once

#include <string>

#include "../core/scenario_spec.hpp"

namespace mcsim {

// Throws mcsim::Error "file:line: problem" (or "file, key: problem") for malformed files, unknown
// keys, unknown schedulers/strategies, and values out of range. Machine and workload names are
// checked when the scenario runs.
Scenario load_scenario(const std::string& path);

}  // namespace mcsim
