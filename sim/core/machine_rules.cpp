#include "machine_rules.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "error.hpp"

namespace mcsim {

const std::vector<MachineRule>& machine_rules() {
  static const std::vector<MachineRule> rules = {
      {"same", 1, false, false, "the input's value (a second regime costing what the first does)",
       [](const std::vector<double>& x, int) { return x[0]; }},
      {"half", 1, false, false, "the input / 2 (a start-up split evenly between sender and receiver)",
       [](const std::vector<double>& x, int) { return x[0] / 2; }},
      {"quarter-of-excess", 2, false, false,
       "max(0, first - second) / 4 (NX's handshake: the long start-up's excess over the short one in four equal "
       "parts, the iPSC/860's long protocol in scenarios/machines/ipsc860.toml)",
       [](const std::vector<double>& x, int) { return std::max(0.0, x[0] - x[1]) / 4; }},
      {"less-twice", 2, false, false,
       "max(0, first - 2 x second) (NX's long data message: the long per-hop time less the request's and the reply's, "
       "ipsc860.toml)",
       [](const std::vector<double>& x, int) { return std::max(0.0, x[0] - 2 * x[1]); }},
      {"plus-three-crossbars", 2, false, false,
       "first + 3 x second (the schedulers' tau on CP-PACS: a message's start-up and the latency of the 3 "
       "crossbars of a 3-D hyper-crossbar's longest route, scenarios/machines/cp-pacs.toml)",
       [](const std::vector<double>& x, int) { return x[0] + 3 * x[1]; }},
      {"dissemination-barrier", 1, true, false,
       "ceil(log2 max(nodes, 2)) x the input (a dissemination barrier of message latencies: the cluster's "
       "MPI_Barrier, scenarios/machines/ethernet-cluster.toml)",
       [](const std::vector<double>& x, int nodes) { return std::ceil(std::log2(std::max(nodes, 2))) * x[0]; }},
      {"cm5-parents-per-level", -1, true, true,
       "2 up-links per switch at levels 1 to 3, 4 above (cm5_parents_per_level in topologies/fat_tree_family.cpp): the up-links "
       "that give the published per-node bandwidths with the wire bandwidth",
       nullptr},
      {"nearly-square", -1, true, true,
       "the most nearly square rows x cols with cols >= rows (nearly_square in topologies/k_ary_n_cube.cpp)", nullptr},
  };
  return rules;
}

const MachineRule* find_machine_rule(const std::string& name) {
  for (const auto& rule : machine_rules())
    if (rule.name == name) return &rule;
  return nullptr;
}

void evaluate_rules(std::vector<ParameterRecord>& records, std::optional<int> nodes) {
  auto find = [&](const std::string& name) -> ParameterRecord* {
    for (auto& p : records)
      if (p.name == name || p.path == name) return &p;
    return nullptr;
  };
  // Derived values are computed afresh from their inputs, which may have changed since the last
  // evaluation (an option given to the record an input names).
  for (auto& p : records)
    if (p.kind == ParameterRecord::Kind::derived) p.has_value = false;
  // Each pass gives a value to every record whose inputs all have one: at most one pass per record.
  for (std::size_t pass = 0; pass <= records.size(); ++pass) {
    bool changed = false, waiting = false;
    for (auto& p : records) {
      if (p.kind != ParameterRecord::Kind::derived || p.has_value) continue;
      const MachineRule* rule = find_machine_rule(p.rule);
      if (!rule || rule->family_rule || (rule->needs_nodes && !nodes)) continue;
      std::vector<double> inputs;
      Dimension dimension = Dimension::count;
      for (const auto& name : p.inputs) {
        const ParameterRecord* input = find(name);
        if (!input || !input->has_value) break;
        if (input->kind == ParameterRecord::Kind::word || input->kind == ParameterRecord::Kind::list)
          throw Error(p.where + " (" + p.path + ".inputs)", fmt::format("rule {} takes numbers; {} is not one", p.rule, name));
        if (inputs.empty()) dimension = input->dimension;
        inputs.push_back(input->value);
      }
      if (inputs.size() != p.inputs.size()) {
        waiting = true;
        continue;
      }
      p.value = rule->evaluate(inputs, nodes.value_or(0));
      p.dimension = dimension;
      p.has_value = true;
      p.text = fmt::format("{:g} (rule {})", p.value, p.rule);
      changed = true;
    }
    if (!waiting) return;
    if (!changed) break;
  }
  for (const auto& p : records)
    if (p.kind == ParameterRecord::Kind::derived && !p.has_value) {
      const MachineRule* rule = find_machine_rule(p.rule);
      if (rule && !rule->family_rule && (!rule->needs_nodes || nodes))
        throw Error(p.where + " (" + p.path + ".inputs)",
                    fmt::format("rule {} cannot be evaluated: its inputs ({}) form a cycle or lack a value", p.rule,
                                fmt::join(p.inputs, ", ")));
    }
}

}  // namespace mcsim
