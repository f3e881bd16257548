#include "machine_table.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "../core/error.hpp"

namespace mcsim {

namespace {

// A machine file's path as a scenario gives it: a relative one names a file beside the scenario,
// wherever mcsim is started from; it keeps a '/' so that it is never taken for a bundled
// machine's name.
std::string beside_scenario(const Reader& r, const std::string& file) {
  namespace fs = std::filesystem;
  const fs::path resolved = fs::path(file).is_relative() ? fs::path(r.path()).parent_path() / file : fs::path(file);
  std::string path = resolved.lexically_normal().string();
  return names_machine_file(path) ? path : "./" + path;
}

}  // namespace
// The [machine] table: exactly one of name (a bundled machine), file (a machine file, relative to
// the scenario's folder) and names (bundled machines or machine files, the machines axis: kind =
// "simulation", which passes `axis`); nodes (one or a list; the spec takes the first); options.
std::vector<int> read_machine_table(const Reader& r, const toml::table& root, MachineSpec& spec,
                                    std::vector<std::string>* axis) {
  const auto* machine = root["machine"].as_table();
  if (!machine) throw Error(r.at("machine"), "missing [machine] table");
  r.only_keys(*machine, "machine", {"name", "file", "names", "nodes", "options"});
  std::vector<std::string> given;
  for (const char* key : {"name", "file", "names"})
    if (machine->get(key)) given.push_back(key);
  if (given.empty())
    throw Error(r.at(*machine, "machine"),
                "needs name (a bundled machine: mcsim list machines), file (a machine file) or names (a list of "
                "bundled machines)");
  if (given.size() > 1)
    throw Error(r.at(*machine->get(given[1]), "machine." + given[1]),
                fmt::format("[machine] takes one of name, file and names, not both {} and {}", given[0], given[1]));
  if (given[0] == "name") {
    spec.name = r.string(*machine, "name", "machine.name", true);
    if (names_machine_file(spec.name))
      throw Error(r.at(*machine->get("name"), "machine.name"),
                  fmt::format("'{}' names a file: a machine file is given as file = \"{}\"", spec.name, spec.name));
  } else if (given[0] == "file") {
    const std::string file = r.string(*machine, "file", "machine.file", true);
    if (file.empty()) throw Error(r.at(*machine->get("file"), "machine.file"), "names no file");
    spec.name = beside_scenario(r, file);
  } else {
    const auto* list = (*machine)["names"].as_array();
    if (!list || list->empty())
      throw Error(r.at(*machine->get("names"), "machine.names"), "expected a non-empty list of bundled machines");
    if (!axis)
      throw Error(r.at(*machine->get("names"), "machine.names"),
                  "a list of machines is an axis of kind = \"simulation\" only");
    for (const auto& item : *list) {
      auto name = item.value<std::string>();
      if (!name) throw Error(r.at(item, "machine.names"), "expected the name of a bundled machine or a machine file");
      // A machine file on the axis beside bundled machines (issue 49), found as `file` is.
      if (names_machine_file(*name)) *name = beside_scenario(r, *name);
      axis->push_back(*name);
    }
    r.distinct(*list, *axis, "machine.names");
    spec.name = axis->front();
  }
  const auto* nodes = machine->get("nodes");
  if (!nodes) throw Error(r.at("machine.nodes"), "missing required key");
  std::vector<int> counts;
  for (auto v : r.axis(*nodes, "machine.nodes", 2)) counts.push_back(static_cast<int>(v));
  spec.nodes = counts.front();
  const toml::node* options_node = machine->get("options");
  // `options = 5` or `options = ["a=1"]` was skipped and the run used the defaults (exit 0).
  if (options_node && !options_node->is_table())
    throw Error(r.at(*options_node, "machine.options"), "expected a table of options (options = { key = value, ... })");
  if (const auto* options = options_node ? options_node->as_table() : nullptr)
    for (const auto& [key, value] : *options) {
      if (auto text = value.value<std::string>())
        spec.options[std::string(key.str())] = *text;
      else
        spec.options[std::string(key.str())] =
            fmt::format("{}", r.number(value, "machine.options." + std::string(key.str())));
    }
  return counts;
}

}  // namespace mcsim
