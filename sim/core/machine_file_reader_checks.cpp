// What must hold across the records of a machine file once read: option names unique, rule inputs
// naming parameters, the node bounds, the dimension of what a rule derives (machine_file_reader_parts.hpp).
#include "machine_file_reader_parts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "error.hpp"

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

}  // namespace mcsim::machine_file_reading
