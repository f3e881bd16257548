#include "machine_rules.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

#include "error.hpp"
#include "quantity.hpp"

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
  // Each record by its option name and its path (the first record to use a name owns it).
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t k = 0; k < records.size(); ++k) {
    index.emplace(records[k].name, k);
    index.emplace(records[k].path, k);
  }
  const auto evaluable = [&](const ParameterRecord& p) {
    if (p.kind != ParameterRecord::Kind::derived) return false;
    const MachineRule* rule = find_machine_rule(p.rule);
    return rule && !rule->family_rule && (!rule->needs_nodes || nodes);
  };
  // Derived values are computed afresh from their inputs, which may have changed since the last
  // evaluation (an option given to the record an input names).
  for (auto& p : records)
    if (p.kind == ParameterRecord::Kind::derived) p.has_value = false;
  // Each rule once, in dependency order (Kahn's): a rule waits for the evaluable rules among its
  // inputs. Passes over every record until nothing changed took time cubic in a chain's length
  // (2,000 rules 21 s before any estimate); this is linear. A cycle is left without a value.
  std::vector<std::size_t> waiting_on(records.size(), 0);
  std::vector<std::vector<std::size_t>> dependents(records.size());
  std::vector<std::size_t> ready;
  for (std::size_t k = 0; k < records.size(); ++k) {
    if (!evaluable(records[k])) continue;
    for (const auto& name : records[k].inputs)
      if (const auto it = index.find(name); it != index.end() && evaluable(records[it->second])) {
        ++waiting_on[k];
        dependents[it->second].push_back(k);
      }
    if (waiting_on[k] == 0) ready.push_back(k);
  }
  while (!ready.empty()) {
    const std::size_t k = ready.back();
    ready.pop_back();
    ParameterRecord& p = records[k];
    std::vector<double> inputs;
    const ParameterRecord* first = nullptr;
    for (const auto& name : p.inputs) {
      const auto it = index.find(name);
      if (it == index.end() || !records[it->second].has_value) break;
      const ParameterRecord& input = records[it->second];
      if (input.kind == ParameterRecord::Kind::word || input.kind == ParameterRecord::Kind::list)
        throw Error(p.where + " (" + p.path + ".inputs)", fmt::format("rule {} takes numbers; {} is not one", p.rule, name));
      // The rules add, subtract and compare their inputs: a time and a bandwidth do not mix.
      if (first && input.dimension != first->dimension)
        throw Error(p.where + " (" + p.path + ".inputs)",
                    fmt::format("rule {} takes inputs of one dimension; {} is {}, {} is {}", p.rule, p.inputs.front(),
                                describe(first->dimension), name, describe(input.dimension)));
      if (!first) first = &input;
      inputs.push_back(input.value);
    }
    if (inputs.size() == p.inputs.size()) {
      p.value = find_machine_rule(p.rule)->evaluate(inputs, nodes.value_or(0));
      p.dimension = first ? first->dimension : Dimension::count;
      p.has_value = true;
      p.text = fmt::format("{:g} (rule {})", p.value, p.rule);
    }
    for (std::size_t d : dependents[k])
      if (--waiting_on[d] == 0) ready.push_back(d);
  }
  for (const auto& p : records)
    if (evaluable(p) && !p.has_value)
      throw Error(p.where + " (" + p.path + ".inputs)",
                  fmt::format("rule {} cannot be evaluated: its inputs ({}) form a cycle or lack a value", p.rule,
                              fmt::join(p.inputs, ", ")));
}

}  // namespace mcsim
