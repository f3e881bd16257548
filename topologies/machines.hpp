// The machines mcsim can simulate: the bundled machine files (scenarios/machines/NAME.toml,
// installed beside the scenarios) and any machine file a user gives by its path.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "../sim/core/machine_file.hpp"
#include "../sim/engine/machine.hpp"

namespace mcsim {

// The folders bundled machines are looked up in, in turn: those set_machine_folders() gave, else
// $MCSIM_SCENARIOS/machines when that is set, else the machines folder beside the running binary's
// bundled scenarios (share/mcsim/scenarios/machines, in the build tree as in an installed prefix).
std::vector<std::string> machine_folders();
// The command line's --scenarios DIR: DIR/machines first.
void set_machine_folders(std::vector<std::string> folders);

// A bundled machine, as `mcsim list machines` shows it.
struct BundledMachine {
  std::string name;
  std::string title;
  std::string path;       // its file
  int listed_nodes = 32;  // the node count `mcsim list machines -v` shows it with
};
// The node count a machine is listed with (and `mcsim machine check` builds it at): its shape's
// `default_nodes`, else the hyper-crossbar's `shape` (its product), else 32 within its
// `min_nodes` .. `max_nodes`.
int listed_nodes(const MachineFile& m);

// Every NAME.toml of the first machines folder that has any, by name. Throws mcsim::Error for a
// file that cannot be read.
std::vector<BundledMachine> bundled_machines();

// The machine file `spec.name` names (a bundled name or a path), read with the choices among
// spec.options and every other option applied (apply_machine_option). Throws mcsim::Error for an
// unknown machine, a bad file or an unknown option (listing the known ones).
MachineFile read_machine(const MachineSpec& spec);
// The machine, built for spec.nodes (machine_builder.hpp). Options its switching does not use are
// named in one note on stderr, once per process.
std::unique_ptr<Machine> make_machine(const MachineSpec& spec);

}  // namespace mcsim
