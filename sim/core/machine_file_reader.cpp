#include "machine_file_reader.hpp"
#include "machine_file_reader_parts.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "checked_number.hpp"
#include "error.hpp"
#include "machine_file_layers.hpp"
#include "machine_file_library.hpp"
#include "machine_file_schema.hpp"
#include "machine_rules.hpp"
#include "nearest_name.hpp"
#include "toml_reader.hpp"


namespace mcsim {

namespace machine_file_reading {

static bool is_record(const toml::node& node) {
  const auto* table = node.as_table();
  return table && (table->contains("value") || table->contains("rule"));
}

void flatten(const toml::table& table, const std::string& prefix, std::size_t layer, std::map<std::string, Entry>& out) {
  for (const auto& [key, node] : table) {
    const std::string path = prefix + std::string(key.str());
    if (key.str().find('.') != std::string_view::npos || key.str().empty())
      throw Error(Reader("").at(node, path), "a key of a machine file is a name without '.' (write nested tables)");
    if (node.is_table() && !is_record(node))
      flatten(*node.as_table(), path + ".", layer, out);
    else
      out[path] = {&node, layer};
  }
}

MachineFileReader::MachineFileReader(const MachineFileLayers& layers, const std::map<std::string, std::string>& requested)
    : layers_(layers), r_(layers.paths.front()) {
  // Bases first, the top file last: a later file's key replaces an earlier one's.
  for (std::size_t k = layers.tables.size(); k-- > 0;)
    flatten(*layers.tables[k], "", layers.tables.size() - 1 - k, merged_);
  read_choices(requested);
}

MachineFile MachineFileReader::read() {
  MachineFile m;
  m.path = layers_.paths.front();
  m.bases.assign(layers_.paths.begin() + 1, layers_.paths.end());
  const toml::table& top = *layers_.tables.front();
  m.name = r_.string(top, "name", "name", true);
  if (!valid_machine_name(m.name))
    throw Error(r_.at(*top.get("name"), "name"),
                fmt::format("'{}' is not a machine name (lower-case letters, digits, '-', '_')",
                            m.name.substr(0, max_name_chars)));
  m.title = text("title");
  consumed_.insert({"name", "base"});
  m.choices = choices_;

  for (const auto& [path, entry] : merged_)
    if (path.starts_with("topology.")) m.parameters.push_back(record(path));
  for (const auto& [path, entry] : merged_)
    if (path.starts_with("links.")) m.parameters.push_back(record(path));
  for (const auto& [path, entry] : merged_)
    if (path.starts_with("library.")) m.parameters.push_back(record(path));
  for (const auto& [path, entry] : merged_)
    if (path.starts_with("parameters.")) m.parameters.push_back(record(path));
  for (const auto& [path, entry] : merged_)
    if (path.starts_with("hints.")) m.parameters.push_back(record(path));
  for (const auto& [path, entry] : merged_)
    if (!consumed_.contains(path)) unknown(path, *entry.node);
  check_unchosen_overlays();

  require("topology.family");
  for (const auto& [key, spec] : link_keys())
    if (spec.required) require("links." + key);
  for (const auto& [key, spec] : library_keys())
    if (spec.required) require("library." + key);
  const std::set<std::string> regimes = regime_names(m.parameters);
  for (const auto& regime : regimes)
    if (!valid_machine_name(regime))
      throw Error(r_.at("library.regimes." + regime.substr(0, max_name_chars)),
                  "a regime's name is lower-case letters, digits, '-' and '_'");
  if (regimes.empty()) throw Error(r_.at("library.regimes"), "missing required key (at least one size regime)");
  if (regimes.size() > max_regimes)
    throw Error(r_.at("library.regimes"), fmt::format("more than {} size regimes", max_regimes));
  for (const auto& regime : regimes)
    for (const auto& [key, spec] : regime_keys()) require("library.regimes." + regime + "." + key);
  m.family = find(m, "topology.family")->text;
  check_names(m);
  check_node_bounds(m);
  evaluate_rules(m.parameters, std::nullopt);
  check_derived_dimensions(m);
  check_read_keys(m);
  m.library = library_of(m);
  return m;
}

std::string MachineFileReader::location(const toml::node& node) const {
  const auto& source = node.source();
  const std::string file = source.path ? *source.path : r_.path();
  return source.begin.line > 0 ? fmt::format("{}:{}", file, source.begin.line) : file;
}

std::string MachineFileReader::plain_string(const Entry& entry, const std::string& full) const {
  if (auto v = entry.node->value<std::string>()) return *v;
  throw Error(r_.at(*entry.node, full), "expected a string");
}

std::string MachineFileReader::text(const std::string& path) {
  consumed_.insert(path);
  auto it = merged_.find(path);
  return it == merged_.end() ? std::string() : plain_string(it->second, path);
}

void MachineFileReader::unknown(const std::string& path, const toml::node& node) const {
  // A table that is no record under a key that takes one: say what a record needs.
  const auto dot = path.rfind('.');
  if (dot != std::string::npos) {
    const std::string parent = path.substr(0, dot);
    if (auto spec = spec_of(parent); spec && spec->takes != Takes::text)
      throw Error(r_.at(node, parent), "a parameter is a table { value = ..., source = ..., assumption = true|false } "
                                       "(or rule = ... for a value C++ derives)");
  }
  const std::string table = dot == std::string::npos ? std::string() : path.substr(0, dot);
  const std::string key = path.substr(dot == std::string::npos ? 0 : dot + 1);
  const auto known = known_keys(table, "");
  if (known.empty())
    throw Error(r_.at(node, path), fmt::format("unknown key '{}' (see docs/machine-files.md for the keys of a machine "
                                               "file)",
                                               key));
  throw Error(r_.at(node, path), fmt::format("unknown key '{}' in {} (known: {}){}", key,
                                             table.empty() ? "the top level" : "[" + table + "]",
                                             fmt::join(known, ", "), did_you_mean(key, known)));
}

void MachineFileReader::require(const std::string& path) const {
  if (!merged_.contains(path)) throw Error(r_.at(path), "missing required key");
}

}  // namespace machine_file_reading

using machine_file_reading::MachineFileReader;

void resolve_for_nodes(MachineFile& machine, int nodes) {
  evaluate_rules(machine.parameters, nodes);
  machine.library = library_of(machine);
}

MachineFile load_machine_file(const std::string& path, const std::vector<std::string>& search_folders,
                              const std::map<std::string, std::string>& choices) {
  const MachineFileLayers layers = read_machine_file_layers(path, search_folders);
  return MachineFileReader(layers, choices).read();
}

MachineFile load_machine_file_with_options(const std::string& path, const std::vector<std::string>& search_folders,
                                           const std::map<std::string, std::string>& options,
                                           std::map<std::string, std::string>& records) {
  const MachineFileLayers layers = read_machine_file_layers(path, search_folders);
  const std::set<std::string> declared = layers.declared_choices();
  std::map<std::string, std::string> choices;
  for (const auto& [key, value] : options) (declared.contains(key) ? choices : records)[key] = value;
  return MachineFileReader(layers, choices).read();
}

}  // namespace mcsim
