// What must hold across the records of a machine file once read: option names unique, rule inputs
// naming parameters, the node bounds, the dimension of what a rule derives (machine_file_reader_parts.hpp).
#include "machine_file_reader_parts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "error.hpp"
#include "nearest_name.hpp"

namespace mcsim::machine_file_reading {

const ParameterRecord* MachineFileReader::find(const MachineFile& m, const std::string& path) {
  for (const auto& p : m.parameters)
    if (p.path == path) return &p;
  return nullptr;
}

// A derived value has its first input's dimension: it must be the one its key takes.
void MachineFileReader::check_derived_dimensions(const MachineFile& m) const {
  for (const auto& p : m.parameters) {
    if (p.kind != ParameterRecord::Kind::derived || !p.has_value) continue;
    const auto spec = spec_of(p.path);
    Dimension wanted = spec && spec->takes == Takes::quantity ? spec->dimension : Dimension::count;
    // A free key (a shape key, a parameter) with a unit suffix takes that suffix's dimension.
    const bool suffixed = spec && spec->takes == Takes::free &&
                          suffix_dimension(p.path.substr(p.path.rfind('.') + 1), wanted);
    if (spec && (spec->takes == Takes::quantity || spec->takes == Takes::number || suffixed) &&
        p.dimension != wanted)
      throw Error(p.where + " (" + p.path + ".inputs)",
                  fmt::format("rule {} gives {} here, but the key takes {}", p.rule, describe(p.dimension),
                              describe(wanted)));
  }
}

// topology.shape.min_nodes and max_nodes bound the node count: whole numbers from 1, the least
// first (33.5 and -5 were taken: a machine no count could satisfy, or any).
void MachineFileReader::check_node_bounds(const MachineFile& m) const {
  const ParameterRecord* low = find(m, "topology.shape.min_nodes");
  const ParameterRecord* high = find(m, "topology.shape.max_nodes");
  for (const ParameterRecord* p : {low, high})
    if (p && (p->kind != ParameterRecord::Kind::number || p->value != std::floor(p->value) || p->value < 1 ||
              p->value > std::numeric_limits<int>::max()))
      throw Error(p->where + " (" + p->path + ")",
                  fmt::format("'{}' is not a whole number of nodes from 1 to {}", p->text.substr(0, max_name_chars),
                              std::numeric_limits<int>::max()));
  if (low && high && low->value > high->value)
    throw Error(low->where + " (" + low->path + ")",
                fmt::format("min_nodes {} is above max_nodes {}", low->value, high->value));
}

// Option keys are unique, and a rule's inputs name parameters of the file (or "nodes").
void MachineFileReader::check_names(const MachineFile& m) const {
  std::map<std::string, const ParameterRecord*> names;
  for (const auto& p : m.parameters) {
    if (p.name == p.path) continue;
    if (auto [it, added] = names.emplace(p.name, &p); !added)
      throw Error(p.where + " (" + p.path + ".option)",
                  fmt::format("option {} already names {} ({})", p.name, it->second->path, it->second->where));
  }
  for (const auto& c : m.choices)
    if (names.contains(c.name))
      throw Error(c.where + " (choices." + c.name + ")", fmt::format("option {} is both a choice and a parameter", c.name));
  for (const auto& p : m.parameters)
    for (const auto& input : p.inputs)
      if (input != "nodes" && !names.contains(input) && !find(m, input))
        throw Error(p.where + " (" + p.path + ".inputs)",
                    fmt::format("'{}' names no parameter of this machine (an option key, a path such as "
                                "links.bandwidth, or nodes)",
                                input.substr(0, max_name_chars)));
}

void MachineFileReader::keep_one_layout(MachineFile& m) const {
  const auto ways = shape_alternatives(m.family);
  if (ways.empty()) return;
  auto way_of = [&](const ParameterRecord& p) -> std::optional<std::size_t> {
    if (!p.path.starts_with("topology.shape.")) return std::nullopt;
    const std::string key = p.path.substr(15);
    for (std::size_t w = 0; w < ways.size(); ++w)
      if (std::find(ways[w].begin(), ways[w].end(), key) != ways[w].end()) return w;
    return std::nullopt;
  };
  // The nearest file that gives a layout, and the way it gives.
  const ParameterRecord* chosen = nullptr;
  std::size_t chosen_layer = 0;
  for (const auto& p : m.parameters)
    if (way_of(p) && (!chosen || merged_.at(p.path).layer > chosen_layer))
      chosen = &p, chosen_layer = merged_.at(p.path).layer;
  if (!chosen) return;
  const std::size_t way = *way_of(*chosen);
  std::vector<std::string> listed;
  for (const auto& keys : ways) listed.push_back("`" + keys.front() + "`");
  // Two ways in one file: refused at the later line, naming the earlier.
  auto line = [&](const ParameterRecord& p) { return merged_.at(p.path).node->source().begin.line; };
  for (const auto& p : m.parameters)
    if (const auto w = way_of(p); w && *w != way && merged_.at(p.path).layer == chosen_layer) {
      const auto [first, second] = line(p) < line(*chosen) ? std::pair{&p, chosen} : std::pair{chosen, &p};
      throw Error(second->where + " (" + second->path + ")",
                  fmt::format("give one layout of the shape ({}): `{}` at {} is another, and the family would "
                              "read only one",
                              fmt::join(listed, ", "), first->path.substr(15), first->where));
    }
  std::erase_if(m.parameters, [&](const ParameterRecord& p) {
    const auto w = way_of(p);
    return w && *w != way;
  });
}

void MachineFileReader::check_read_keys(MachineFile& m) const {
  keep_one_layout(m);
  std::set<std::string> rule_inputs;
  for (const auto& p : m.parameters) rule_inputs.insert(p.inputs.begin(), p.inputs.end());
  auto read_by_rule = [&](const ParameterRecord& p) { return rule_inputs.contains(p.path) || rule_inputs.contains(p.name); };
  const auto shape = shape_keys(m.family);
  const std::size_t top = layers_.tables.size() - 1;
  std::erase_if(m.parameters, [&](const ParameterRecord& p) {
    const std::string key = p.path.substr(p.path.rfind('.') + 1);
    const bool unread_shape = p.path.starts_with("topology.shape.") && shape &&
                              std::find(shape->begin(), shape->end(), key) == shape->end() && !read_by_rule(p);
    const bool unread_parameter = p.path.starts_with("parameters.") && !read_by_rule(p);
    if (!unread_shape && !unread_parameter) return false;
    if (merged_.at(p.path).layer != top) return true;
    if (unread_shape)
      throw Error(p.where + " (" + p.path + ")",
                  fmt::format("unknown key '{}' in [topology.shape] of a {} (known: {}){}", key, m.family,
                              fmt::join(*shape, ", "), did_you_mean(key, *shape)));
    throw Error(p.where + " (" + p.path + ")",
                fmt::format("no rule reads '{}': a [parameters] key is an input of a derived value (rule = ..., "
                            "inputs = [\"{}\"]); remove it or write it as a comment",
                            key, key));
  });
}

}  // namespace mcsim::machine_file_reading
