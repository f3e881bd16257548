// A machine as a scenario or the command line names it, and the documented parameters a machine
// reports: plain values, no SimGrid.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace mcsim {

// A machine, a node count, and named options (`mcsim list machines -v` shows them).
struct MachineSpec {
  // A bundled machine's name (NAME.toml in the machines folder) or the path of a machine file
  // (it contains '/' or ends in ".toml").
  std::string name;
  int nodes = 0;
  std::map<std::string, std::string> options;
};

// One documented machine parameter, for `mcsim list machines --verbose` and reports.
struct MachineParameter {
  std::string name;
  std::string value;        // with its unit
  std::string source;       // the publication it comes from, or why it is assumed
  bool assumption = false;  // assumed rather than published: explicit, as the machine file says it
};

// What `mcsim list machines -v` and reports show of a machine.
struct MachineDescription {
  std::string name;  // its registry name
  int nodes = 0;
  std::vector<MachineParameter> parameters;
};

// Whether a machine's name names a machine file rather than a bundled machine: a path (it holds a
// '/') or a file name ending in ".toml" (docs/machine-files.md).
inline bool names_machine_file(const std::string& name) {
  return name.find('/') != std::string::npos || name.ends_with(".toml");
}

}  // namespace mcsim
