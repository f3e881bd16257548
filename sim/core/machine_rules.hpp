// The rules a machine file names for a value it does not state (docs/machine-files.md,
// "Derived values"): `control_send = { rule = "half", inputs = ["cmmd_startup_us"], ... }`. Each
// rule is the C++ that computes the value in today's machine makers (topologies/*.cpp), named
// once here so that a file states every number once and a changed input (a --machine-option, a
// what-if file) changes what is derived from it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "machine_file.hpp"

namespace mcsim {

struct MachineRule {
  std::string name;
  int inputs = 1;            // how many parameters it takes, in order (-1: any, a family rule's)
  bool needs_nodes = false;  // also the machine's node count (evaluated when it is known)
  // Evaluated by the topology family (part of its shape), not here: the rule is named and
  // checked, its inputs listed, its value left to the family.
  bool family_rule = false;
  std::string formula;  // what it computes, and where today's C++ computes it
  double (*evaluate)(const std::vector<double>& inputs, int nodes) = nullptr;
};

const std::vector<MachineRule>& machine_rules();
const MachineRule* find_machine_rule(const std::string& name);

// Gives every derived record its value from its inputs, afresh (an input may have changed since),
// in dependency order: all of them when
// `nodes` is given, else those that do not need the node count (and no family rule). The result
// has the dimension of the first input. Throws mcsim::Error (naming the record) for a cycle, an
// input without a value, or a result of another dimension than `expected(record)` wants.
void evaluate_rules(std::vector<ParameterRecord>& records, std::optional<int> nodes);

}  // namespace mcsim
