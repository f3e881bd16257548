#include <cstdlib>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "../../sim/core/scheduler.hpp"
#include "../../sim/core/error.hpp"
#include "../../sim/engine/transport.hpp"
#include "../../sim/scenario/scenario.hpp"
#include "../../sim/mapping/mappings.hpp"
#include "../../sim/workloads/workloads.hpp"
#include "../../topologies/machines.hpp"
#include "commands.hpp"
#include "machine_text.hpp"
#include "terminal_text.hpp"

namespace mcsim::cli {

std::string scenario_directory(const std::string& flag) {
  namespace fs = std::filesystem;
  if (!flag.empty()) return flag;
  if (const char* env = std::getenv("MCSIM_SCENARIOS"); env && *env) return env;
  // Installed and built binaries alike sit in bin/ beside share/mcsim/scenarios (tools/CMakeLists.txt).
  std::error_code ec;
  const fs::path binary = fs::read_symlink("/proc/self/exe", ec);
  if (ec)
    throw Error("scenarios", "cannot find the running binary (/proc/self/exe: " + ec.message() +
                                 "); give --scenarios DIR or set MCSIM_SCENARIOS");
  const fs::path bundled = (binary.parent_path() / MCSIM_SCENARIOS_FROM_BINARY).lexically_normal();
  if (!fs::is_directory(bundled, ec))
    throw Error("scenarios", fmt::format("no scenario directory at {} (looked relative to the binary {}); give "
                                         "--scenarios DIR or set MCSIM_SCENARIOS",
                                         bundled.string(), binary.string()));
  return bundled.string();
}

std::vector<std::filesystem::path> scenario_files_in(const std::string& directory) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(directory, ec))
    if (entry.path().extension() == ".toml") files.push_back(entry.path());
  if (ec) throw Error(directory, "cannot read the scenario directory: " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<Scenario> load_scenarios(const std::vector<std::filesystem::path>& files) {
  std::vector<Scenario> scenarios;
  std::map<std::string, std::string> file_of;  // id -> the file that has it
  for (const auto& file : files) {
    scenarios.push_back(load_scenario(file.string()));
    const std::string& id = header(scenarios.back()).id;
    if (const auto [it, added] = file_of.emplace(id, file.string()); !added)
      throw Error(file.string(), fmt::format("has the id '{}' of {} too: their outputs ({}.csv, ...) would overwrite "
                                             "each other; give one another id",
                                             id, it->second, id));
  }
  return scenarios;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    const auto item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!item.empty()) items.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return items;
}

namespace {

void list_machines(bool verbose) {
  show("machines:\n");
  for (const auto& entry : bundled_machines()) {
    show("{}", wrapped(fmt::format("{:<12} {}", entry.name, entry.title), 2));
    if (verbose) {
      show("{}", wrapped("file: " + entry.path, 4));
      const auto machine = make_machine({entry.name, entry.listed_nodes, {}});
      for (const auto& p : machine->parameters()) show("{}", parameter_lines(p));
      show("{}", inert_notes(read_machine({entry.name, entry.listed_nodes, {}}), 4));
    }
  }
}

void list_transports() {
  show("transports (switching models; a machine names one, the mesh's option switching picks one):\n");
  for (const auto& entry : transport_registry()) show("  {:<18} {}\n", entry.name, entry.description);
}

void list_schedulers(bool verbose) {
  show("schedulers:\n");
  for (const auto& entry : scheduler_registry().entries()) {
    show("  {:<12} {}\n", entry.name, entry.description);
    if (verbose) {
      show("      {:<20} {}\n      {:<20} {}\n", "source", entry.source, "default strategy",
           to_string(entry.default_strategy));
      for (const auto& [key, value] : entry.preset) show("      {:<20} {} = {}\n", "stands for", key, value);
      for (const auto& p : entry.parameters) show("      {:<20} {}\n", "parameter " + p.key, p.description);
    }
  }
}

void list_workloads() {
  show("workloads:\n");
  for (const auto& entry : workload_registry()) show("  {:<16} {}\n", entry.name, entry.description);
}

void list_strategies() {
  show("strategies:\n");
  show("  {:<22} {}\n", to_string(Strategy::phase_synchronous),
       "all nodes finish a phase, barrier (machine cost), next phase");
  show("  {:<22} {}\n", to_string(Strategy::loosely_synchronous),
       "each node sends and receives its part of a phase, then goes on (CMMD style)");
  show("  {:<22} {}\n", to_string(Strategy::asynchronous),
       "post all receives, send everything in the schedule's order, wait for all (AC; S2)");
  show("  {:<22} {}\n", to_string(Strategy::receiver_ready),
       "per phase: receivers post and send a 0-byte ready signal, senders send on the signal (S1)");
  show("  (Wang and Ranka 1994 call receiver-ready S1 and asynchronous S2; both names are accepted)\n");
}

void list_mappings() {
  show("mappings (of the binomial tree B(n) onto the mesh; mcsim draw-mapping):\n");
  for (const auto& entry : mapping_registry()) show("  {:<12} {}\n", entry.name, entry.description);
}

void list_kinds() {
  show("scenario kinds (the `kind` key of a scenario file):\n");
  for (const auto& kind : kind_registry()) show("  {:<16} {}\n", kind.name, kind.description);
}

void list_experiments(const std::string& directory) {
  namespace fs = std::filesystem;
  show("experiments (mcsim reproduce ID; scenarios in {}):\n", directory);
  for (const auto& file : scenario_files_in(directory)) {
    try {
      const Scenario scenario = load_scenario(file.string());  // kept: header() refers into it
      const ScenarioHeader& s = header(scenario);
      show("  {:<20} {}\n", s.id, s.title);
    } catch (const Error& e) {
      show("  {:<20} (cannot be read: {})\n", file.stem().string(), e.what());
    }
  }
}

}  // namespace

void add_list_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "List what mcsim knows: machines, transports, schedulers, workloads, strategies, mappings, scenario kinds and experiments");
  static std::string what = "all";
  static bool verbose = false;
  static std::string scenarios;
  cmd->add_option("what", what, "machines | transports | schedulers | workloads | strategies | mappings | kinds | experiments | all")
      ->check(CLI::IsMember({"machines", "transports", "schedulers", "workloads", "strategies", "mappings", "kinds",
                             "experiments", "all"}));
  cmd->add_flag("-v,--verbose", verbose, "Show machine parameters with their sources, scheduler papers");
  cmd->add_option("--scenarios", scenarios, "Directory of scenario files (default: the bundled scenarios/)");
  cmd->callback([] {
    const bool all = what == "all";
    if (all || what == "machines") list_machines(verbose);
    if (all || what == "transports") list_transports();
    if (all || what == "schedulers") list_schedulers(verbose);
    if (all || what == "workloads") list_workloads();
    if (all || what == "strategies") list_strategies();
    if (all || what == "mappings") list_mappings();
    if (all || what == "kinds") list_kinds();
    if (all || what == "experiments") list_experiments(scenario_directory(scenarios));
  });
}

}  // namespace mcsim::cli
