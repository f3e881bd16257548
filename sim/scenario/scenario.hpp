// A scenario: one experiment as a TOML file (scenarios/*.toml). The common header (id, title,
// source, notes, kind, plot, report) is read here; the rest by the kind the `kind` key names
// (reproduction_kind.hpp), into its typed value (sim/core/scenario_spec.hpp).
#pragma once

#include <string>

#include "reproduction_kind.hpp"

namespace mcsim {

// Throws mcsim::Error "file:line: problem" (or "file, key: problem") for malformed files, unknown
// keys, unknown kinds, schedulers, strategies or reports, and values out of range. Machine and
// workload names are checked when the scenario runs.
Scenario load_scenario(const std::string& path);

}  // namespace mcsim
