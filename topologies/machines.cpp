#include "machines.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../sim/core/error.hpp"
#include "../sim/core/machine_file_reader.hpp"
#include "machine_builder.hpp"

namespace mcsim {

namespace fs = std::filesystem;

namespace {

std::mutex folders_lock;
std::vector<std::string> given_folders;

std::string bundled_path(const std::string& name) {
  const std::vector<std::string> folders = machine_folders();
  for (const auto& folder : folders) {
    std::error_code ec;
    const fs::path candidate = fs::path(folder) / (name + ".toml");
    // Any entry of that name, a looping link too: the reader says what is wrong with it (ELOOP), not "unknown".
    if (fs::exists(fs::symlink_status(candidate, ec))) return candidate.string();
  }
  std::vector<std::string> names;
  for (const auto& m : bundled_machines()) names.push_back(m.name);
  throw Error("machine", fmt::format("unknown machine '{}' (known: {}; or give a machine file's path)",
                                     name.substr(0, 64), fmt::join(names, ", ")));
}


}  // namespace

std::vector<std::string> machine_folders() {
  {
    const std::lock_guard<std::mutex> hold(folders_lock);
    if (!given_folders.empty()) return given_folders;
  }
  if (const char* env = std::getenv("MCSIM_SCENARIOS"); env && *env) return {(fs::path(env) / "machines").string()};
  std::error_code ec;
  const fs::path binary = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return {(binary.parent_path() / MCSIM_SCENARIOS_FROM_BINARY / "machines").lexically_normal().string()};
}

void set_machine_folders(std::vector<std::string> folders) {
  const std::lock_guard<std::mutex> hold(folders_lock);
  given_folders = std::move(folders);
}

std::vector<BundledMachine> bundled_machines() {
  for (const auto& folder : machine_folders()) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec))
      if (entry.path().extension() == ".toml") files.push_back(entry.path());
    if (files.empty()) continue;
    std::sort(files.begin(), files.end());
    std::vector<BundledMachine> machines;
    for (const auto& file : files) {
      const MachineFile m = load_machine_file(file.string(), machine_folders());
      // Listed by the name --machine takes, its file's (a file whose `name` differs was listed by
      // a name --machine called unknown).
      machines.push_back({file.stem().string(), m.title, file.string(), listed_nodes(m)});
    }
    return machines;
  }
  return {};
}

MachineFile read_machine(const MachineSpec& spec) {
  const std::string path = names_machine_file(spec.name) ? spec.name : bundled_path(spec.name);
  // Read once per process for a file and its options (issue 35: a 50-sample ranka92-table3 read
  // its machine 51 times, once per task and once to check): the parent reads it in its up-front
  // checks, before any task process starts, and the task processes inherit what it read.
  std::string key = path;
  for (const auto& [option, value] : spec.options) key += fmt::format("\n{}={}", option, value);
  static std::mutex lock;
  static std::map<std::string, MachineFile> read;
  {
    const std::lock_guard<std::mutex> hold(lock);
    if (const auto it = read.find(key); it != read.end()) return it->second;
  }
  // A choice picks a variant as the file is read; every other option names a record.
  std::map<std::string, std::string> records;
  MachineFile m = load_machine_file_with_options(path, machine_folders(), spec.options, records);
  const std::string where = "machine " + m.name;
  for (const auto& [option, value] : records) apply_machine_option(m, option, value, where);
  const std::lock_guard<std::mutex> hold(lock);
  return read.emplace(key, std::move(m)).first->second;
}

std::unique_ptr<Machine> make_machine(const MachineSpec& spec) {
  MachineFile m = read_machine(spec);
  std::vector<std::string> given;
  for (const auto& [key, value] : spec.options) given.push_back(key);
  for (const auto& [keys, why] : unused_options(m, given)) {
    // A machine is made many times (checked, then per task): say it once.
    static std::mutex lock;
    static std::set<std::string> said;
    const std::string note = fmt::format("mcsim: note: machine {}: option{} {} not used: {}", m.name,
                                         keys.size() > 1 ? "s" : "", fmt::join(keys, ", "), why);
    const std::lock_guard<std::mutex> hold(lock);
    if (said.insert(note).second) fmt::print(stderr, "{}\n", note);
  }
  return build_machine(std::move(m), spec.nodes);
}

int listed_nodes(const MachineFile& m) {
  if (const auto* p = m.find("topology.shape.default_nodes"); p && p->has_value) return static_cast<int>(p->value);
  if (const auto* p = m.find("topology.shape.shape"); p && !p->values.empty()) {
    double product = 1;
    for (double v : p->values) product *= v;
    return static_cast<int>(product);
  }
  double nodes = 32;
  if (const auto* p = m.find("topology.shape.min_nodes"); p && p->has_value) nodes = std::max(nodes, p->value);
  if (const auto* p = m.find("topology.shape.max_nodes"); p && p->has_value) nodes = std::min(nodes, p->value);
  return static_cast<int>(nodes);
}

}  // namespace mcsim
