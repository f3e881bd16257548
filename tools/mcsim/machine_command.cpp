// `mcsim machine check FILE` and `mcsim machine diff A B` (issue 49): a user's machine file checked
// and shown as the builder resolves it (its base chain applied, its rules evaluated at a node
// count), with the node counts it accepts; and what a what-if changes, record by record. Every
// line fits 100 columns.
#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>
#include <set>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "../../sim/core/error.hpp"
#include "../../topologies/machine_builder.hpp"
#include "../../topologies/machines.hpp"
#include "../../topologies/node_counts.hpp"
#include "checked_options.hpp"
#include "commands.hpp"
#include "machine_text.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

namespace {

int nodes_for(const std::string& machine, int asked) {
  return asked > 0 ? asked : listed_nodes(read_machine({machine, 0, {}}));
}

void check_machine(const std::string& machine, int asked, const std::vector<std::string>& options) {
  MachineSpec spec{machine, nodes_for(machine, asked), {}};
  for (const auto& option : options) set_machine_option(spec, option);
  const MachineFile file = read_machine(spec);
  const auto built = make_machine(spec);  // every check the builder makes, at this node count
  show("{}", wrapped(fmt::format("{}: {} (valid)", file.name, file.title), 0));
  show("{}", wrapped("file: " + file.path, 2));
  for (const auto& base : file.bases) show("{}", wrapped("base: " + base, 2));
  // Each count tried evaluates every rule of the file again: a file of thousands of records is
  // tried at fewer counts one by one (a 0.7 MB file of 8,000 records took 31 s of CPU at 4,096).
  constexpr std::size_t evaluations = 2'000'000;
  const int every_up_to =
      static_cast<int>(std::clamp<std::size_t>(evaluations / std::max<std::size_t>(file.parameters.size(), 1), 64, 4096));
  show("{}", wrapped(fmt::format("accepts: {} nodes{}", describe_node_counts(accepted_node_counts(file, every_up_to)),
                                 every_up_to < 4096 ? fmt::format(" (each count to {} tried, then powers of two)",
                                                                  every_up_to)
                                                    : ""),
                     2));
  show("  resolved at {} nodes{}:\n", spec.nodes, options.empty() ? "" : " with the options given");
  for (const auto& p : built->parameters()) show("{}", parameter_lines(p));
  show("{}", inert_notes(file, 2));
}

void diff_machines(const std::string& a, const std::string& b, int asked) {
  const int nodes = nodes_for(a, asked);
  const auto first = make_machine({a, nodes, {}});
  const auto second = make_machine({b, nodes, {}});
  std::map<std::string, MachineParameter> before, after;
  std::vector<std::string> order;  // first's order, then what only the second has
  for (const auto& p : first->parameters()) before.emplace(p.name, p), order.push_back(p.name);
  for (const auto& p : second->parameters())
    if (after.emplace(p.name, p).second && !before.contains(p.name)) order.push_back(p.name);
  std::string lines;
  int changed = 0;
  for (const auto& name : order) {
    const auto was = before.find(name), is = after.find(name);
    if (was != before.end() && is != after.end() && was->second.value == is->second.value &&
        was->second.source == is->second.source && was->second.assumption == is->second.assumption)
      continue;
    ++changed;
    if (was != before.end()) lines += parameter_lines(was->second, "-");
    if (is != after.end()) lines += parameter_lines(is->second, "+");
  }
  show("{}", wrapped(fmt::format("{} -> {} at {} nodes: {} record{} differ{}", first->name(), second->name(), nodes,
                                 changed, changed == 1 ? "" : "s", changed == 1 ? "s" : ""),
                     0));
  show("{}", lines);
}

}  // namespace

void add_machine_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("machine", "Check a machine file and show it resolved (machine check), or what a "
                                            "what-if changes (machine diff)");
  // Bare `mcsim machine` prints this command's help (exit 0), as bare `mcsim` prints the program's.
  cmd->require_subcommand(0, 1);
  cmd->callback([cmd] {
    if (cmd->get_subcommands().empty()) std::fputs(cmd->help().c_str(), stdout);
  });
  static std::string file, a, b;
  static int nodes = 0;
  static std::vector<std::string> options;
  auto* check = cmd->add_subcommand(
      "check", "Read a machine file (or a bundled name) with its bases, build it, and print every parameter at a "
               "node count with its source and assumption mark, the node counts it accepts, and what its switching "
               "leaves unused");
  check->add_option("FILE", file, "A machine file's path, or a bundled machine's name")->required();
  check->add_option("--nodes", nodes, "Build it at this node count (default: the count it is listed with)")
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  check->add_option("--machine-option", options, "Change a machine parameter, key=value (repeatable)");
  check->callback([] { check_machine(file, nodes, options); });
  auto* diff = cmd->add_subcommand("diff", "Show what machine B changes against machine A, record by record, both "
                                           "built at one node count");
  diff->add_option("A", a, "A machine file's path, or a bundled machine's name")->required();
  diff->add_option("B", b, "A machine file's path, or a bundled machine's name")->required();
  diff->add_option("--nodes", nodes, "Build both at this node count (default: the count A is listed with)")
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  diff->callback([] { diff_machines(a, b, nodes); });
}

}  // namespace mcsim::cli
