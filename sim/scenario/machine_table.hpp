// The [machine] table of a scenario file, shared by every kind that runs on a machine.
#pragma once

#include <string>
#include <vector>

#include <toml++/toml.h>

#include "../core/machine_spec.hpp"
#include "../core/toml_reader.hpp"

namespace mcsim {

// Exactly one of name (a bundled machine), file (a machine file, relative to the scenario's folder)
// and names (bundled machines or machine files, relative to the scenario's folder: the machines
// axis, only for a kind that passes `axis`); nodes (one
// or a list; the spec takes the first; returned whole); options. Throws mcsim::Error at file:line.
std::vector<int> read_machine_table(const Reader& r, const toml::table& root, MachineSpec& spec,
                                    std::vector<std::string>* axis = nullptr);

}  // namespace mcsim
